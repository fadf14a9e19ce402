//! `muster completions SHELL`: a completion script generated from the clap definition.

use super::Status;
use crate::cli::{Cli, CompletionsArgs};
use crate::error::CliError;
use clap::CommandFactory;

pub fn run(args: &CompletionsArgs) -> Result<Status, CliError> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "muster", &mut script);
    super::print_out(&String::from_utf8_lossy(&script))?;
    Ok(Status::Clean)
}
