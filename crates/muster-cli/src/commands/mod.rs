//! One module per command; each returns the exit status or a [`CliError`].

pub(crate) mod balance;
pub(crate) mod build;
mod check;
mod completions;
mod explain;
mod fmt;
pub(crate) mod geojson;
pub(crate) mod import_geojson;
mod lsp;
mod new;
pub(crate) mod orbat_mapper;
mod schema;

use crate::cli::{Cli, Command};
use crate::error::CliError;
use std::process::ExitCode;

/// How a command ended, mapped to the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// 0: clean.
    Clean,
    /// 1: errors found (or warnings under `--deny-warnings`).
    Failed,
    /// 2: usage or I/O trouble.
    Trouble,
}

impl From<Status> for ExitCode {
    fn from(s: Status) -> ExitCode {
        match s {
            Status::Clean => ExitCode::SUCCESS,
            Status::Failed => ExitCode::from(1),
            Status::Trouble => ExitCode::from(2),
        }
    }
}

/// Runs the command the arguments name.
pub fn dispatch(cli: Cli) -> Result<Status, CliError> {
    match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Build(args) => build::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Schema(args) => schema::run(&args),
        Command::Completions(args) => completions::run(&args),
        Command::Watch(args) => crate::watch::run(&args),
        Command::Studio(args) => crate::watch::studio(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::Lsp(args) => lsp::run(&args),
        Command::New(args) => new::run(&args),
        Command::Balance(args) => balance::run(&args),
        Command::Export(crate::cli::Export::Geojson(args)) => geojson::export(&args),
        Command::Import(crate::cli::Import::Geojson(args)) => import_geojson::import(&args),
        Command::Export(crate::cli::Export::OrbatMapper(args)) => orbat_mapper::export(&args),
        Command::Import(crate::cli::Import::OrbatMapper(args)) => orbat_mapper::import(&args),
    }
}

/// Prints text to stdout, reporting a closed pipe as trouble rather than panicking.
pub fn print_out(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| CliError::Stdout(e.to_string()))
}
