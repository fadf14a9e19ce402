//! The `muster` command line: checks Mission Command scenarios, builds briefings,
//! explains rules, formats, watches and serves. Only this crate (with the language
//! server's transport) touches the file system, clocks and the terminal; every
//! crate before it is pure. A library behind a small binary so that it compiles
//! while the renderer it depends on is still being optimised.

mod beneath;
mod cli;
mod commands;
mod error;
mod out_root;
mod output;
mod output_names;
mod pack;
mod pdf;
mod pdf_merge;
mod pipeline;
mod terminal;
mod walk;
mod watch;
mod world;
mod write;

use clap::Parser;
use std::process::ExitCode;

/// Parses the arguments, runs the command and reports a failure the way every
/// command does: its code, its message and one help line.
pub fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match commands::dispatch(args) {
        Ok(status) => status.into(),
        Err(err) => {
            match err.code() {
                Some(code) => eprintln!("error[{code}]: {err}"),
                None => eprintln!("error: {err}"),
            }
            if let Some(help) = err.help() {
                eprintln!("  help: {help}");
            }
            commands::Status::Trouble.into()
        }
    }
}
