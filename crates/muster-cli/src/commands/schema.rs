//! `muster schema`: the JSON Schema of the scenario JSON, or (`--diagnostics`) of
//! `muster check --format json`.

use super::{print_out, Status};
use crate::cli::SchemaArgs;
use crate::error::CliError;

pub fn run(args: &SchemaArgs) -> Result<Status, CliError> {
    let text = if args.diagnostics {
        crate::output::json::schema()
    } else {
        muster_render::json::schema()
    };
    print_out(&text)?;
    if !text.ends_with('\n') {
        print_out("\n")?;
    }
    Ok(Status::Clean)
}
