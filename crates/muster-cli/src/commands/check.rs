//! `muster check`: check scenarios and packs, print diagnostics, set the exit status.

use super::Status;
use crate::cli::CheckArgs;
use crate::error::CliError;
use crate::output;
use crate::pack::Discovery;
use crate::pipeline::{self, Totals};
use std::time::Instant;

pub fn run(args: &CheckArgs) -> Result<Status, CliError> {
    let started = Instant::now();
    let discovery = Discovery::find(&args.options.paths)?.limited(muster_model::FindingsLimit::of(
        args.options.max_diagnostics,
    ));
    let results = pipeline::check_all(&discovery, false, &pipeline::Caches::default());
    output::print(args.options.format, &discovery, &results, started.elapsed())?;
    let totals = Totals::of(&results);
    Ok(if totals.fails(args.options.deny_warnings) {
        Status::Failed
    } else {
        Status::Clean
    })
}
