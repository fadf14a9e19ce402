//! House rules (p.1): severity overrides from the scenario header and `muster.toml`.

use muster_model::model::Override;
use muster_rules::vocab::SeverityLevel;
use muster_syntax::{Code, Diagnostic, FileId, Severity, Span};

/// Applies overrides: `allow` removes a code's diagnostics, `note`/`warn`/`deny`
/// re-grade them. The narrowest house rule wins: one written on an element or
/// unit (for findings whose primary span lies inside it; the innermost such
/// scope first), then the scenario's, then the pack's `muster.toml`. Codes the
/// catalogue marks fixed (syntax, limits, MC606 itself) are never touched.
pub(crate) fn apply(overrides: &[Override], diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let level_of = |d: &Diagnostic| level(overrides, d.code, d.primary().map(|l| (l.file, l.span)));
    diagnostics
        .into_iter()
        .filter_map(|mut d| {
            if !d.code.overridable() {
                return Some(d);
            }
            match level_of(&d) {
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

/// The house rule that governs `code` at `at`: the narrowest scope holding it,
/// then the scenario's, then the pack's; `None` when no house rule names it.
pub(crate) fn level(
    overrides: &[Override],
    code: Code,
    at: Option<(FileId, Span)>,
) -> Option<SeverityLevel> {
    let code = code.as_str();
    let scoped = overrides
        .iter()
        .filter(|o| o.code.eq_ignore_ascii_case(code))
        .filter_map(|o| {
            let s = o.scope?;
            let (file, span) = at?;
            (s.file == file && s.span.start <= span.start && span.end <= s.span.end)
                .then_some((s.span.end - s.span.start, o))
        })
        .min_by_key(|(len, _)| *len)
        .map(|(_, o)| o);
    let scenario = overrides
        .iter()
        .rev()
        .find(|o| o.scope.is_none() && o.loc.is_some() && o.code.eq_ignore_ascii_case(code));
    let pack = overrides
        .iter()
        .rev()
        .find(|o| o.loc.is_none() && o.code.eq_ignore_ascii_case(code));
    scoped.or(scenario).or(pack).map(|o| o.level)
}

/// The severity `code` is reported with at `at` once house rules apply; `None`
/// when a house rule allows it there.
pub(crate) fn severity(
    overrides: &[Override],
    code: Code,
    at: Option<(FileId, Span)>,
) -> Option<Severity> {
    if !code.overridable() {
        return Some(code.severity());
    }
    match level(overrides, code, at) {
        None => Some(code.severity()),
        Some(SeverityLevel::Allow) => None,
        Some(SeverityLevel::Note) => Some(Severity::Note),
        Some(SeverityLevel::Warn) => Some(Severity::Warning),
        Some(SeverityLevel::Deny) => Some(Severity::Error),
    }
}
