//! House rules (p.1): severity overrides from the scenario header and `muster.toml`.

use muster_model::model::Override;
use muster_rules::vocab::SeverityLevel;
use muster_syntax::{Code, Diagnostic, Severity};

/// Applies overrides: `allow` removes a code's diagnostics, `note`/`warn`/`deny`
/// re-grade them. The scenario's own overrides win over the pack's; codes the
/// catalogue marks fixed (syntax, limits, MC606 itself) are never touched.
pub(crate) fn apply(overrides: &[Override], diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let level_of = |code: Code| {
        let code = code.as_str();
        let scenario = overrides
            .iter()
            .rev()
            .find(|o| o.loc.is_some() && o.code.eq_ignore_ascii_case(code));
        let pack = overrides
            .iter()
            .rev()
            .find(|o| o.loc.is_none() && o.code.eq_ignore_ascii_case(code));
        scenario.or(pack).map(|o| o.level)
    };
    diagnostics
        .into_iter()
        .filter_map(|mut d| {
            if !d.code.overridable() {
                return Some(d);
            }
            match level_of(d.code) {
                None => Some(d),
                Some(SeverityLevel::Allow) => None,
                Some(SeverityLevel::Note) => {
                    d.severity = Severity::Note;
                    Some(d)
                }
                Some(SeverityLevel::Warn) => {
                    d.severity = Severity::Warning;
                    Some(d)
                }
                Some(SeverityLevel::Deny) => {
                    d.severity = Severity::Error;
                    Some(d)
                }
            }
        })
        .collect()
}
