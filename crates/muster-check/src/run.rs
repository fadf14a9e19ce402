//! The pipeline for one scenario: resolve, analyse, check, house rules, order.

use crate::context::Context;
use muster_model::analysis::Analysis;
use muster_model::model::Model;
use muster_syntax::Diagnostic;

/// Everything `run` produced for one scenario file.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub model: Model,
    pub analysis: Analysis,
    /// Sorted by file and position, deduplicated, house rules applied.
    pub diagnostics: Vec<Diagnostic>,
}

/// Runs every rule check on a resolved model (no house rules applied).
pub fn check(model: &Model, analysis: &Analysis) -> Vec<Diagnostic> {
    let cx = Context::new(model, analysis);
    crate::rules::checks()
        .flat_map(|check| check(&cx))
        .collect()
}

/// Codes that report an undefined name more precisely than MC102 does.
const SUPERSEDE_MC102: &[&str] = &[
    "MC403", "MC404", "MC605", "MC704", "MC707", "MC801", "MC803",
];

/// Drops MC102s a more precise code covers and duplicates, applies the house rules
/// of the model, sorts by file and position.
pub fn finish(model: &Model, mut diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let precise: Vec<_> = diagnostics
        .iter()
        .filter(|d| SUPERSEDE_MC102.contains(&d.code))
        .filter_map(|d| d.primary().map(|l| (l.file, l.span)))
        .collect();
    diagnostics.retain(|d| {
        d.code != "MC102"
            || !d
                .primary()
                .is_some_and(|l| precise.contains(&(l.file, l.span)))
    });
    let mut diagnostics = crate::overrides::apply(&model.overrides, diagnostics);
    diagnostics.sort_by(|a, b| {
        a.sort_key()
            .cmp(&b.sort_key())
            .then_with(|| a.message.cmp(&b.message))
    });
    diagnostics.dedup();
    diagnostics
}
