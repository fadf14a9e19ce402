//! Temporary stand-in for `muster_check::run` until it is merged; deleted then.

use muster_check::Outcome;
use muster_model::{PackConfig, World};

/// Resolve, analyse, check, then order and apply house rules (as `muster_check::run`).
pub fn run(world: &dyn World, path: &str, pack: &PackConfig) -> Outcome {
    let resolved = muster_model::resolve(world, path, pack);
    let model = resolved.model;
    let analysis = muster_model::analysis::analyse(&model);
    let mut diagnostics = resolved.diagnostics;
    diagnostics.extend(muster_check::check(&model, &analysis));
    let diagnostics = muster_check::finish(&model, diagnostics);
    Outcome {
        model,
        analysis,
        diagnostics,
    }
}
