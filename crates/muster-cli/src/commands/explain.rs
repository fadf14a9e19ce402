//! `muster explain CODE|NAME` and `muster explain --list`: rule texts from the registry.

use super::{print_out, Status};
use crate::cli::ExplainArgs;
use crate::error::CliError;
use muster_check::{explain, registry};

pub fn run(args: &ExplainArgs) -> Result<Status, CliError> {
    if args.list {
        print_out(&list())?;
        return Ok(Status::Clean);
    }
    let asked = args.code.as_deref().unwrap_or_default().trim();
    let rule = find(asked).ok_or_else(|| CliError::UnknownRule {
        code: asked.to_string(),
        suggestion: suggest(asked),
    })?;
    let text = explain(rule.code.as_str()).unwrap_or_default();
    print_out(&text)?;
    if !text.ends_with('\n') {
        print_out("\n")?;
    }
    Ok(Status::Clean)
}

/// A rule by code (any case) or kebab-case name.
fn find(asked: &str) -> Option<&'static registry::Rule> {
    let upper = asked.to_ascii_uppercase();
    registry::lookup(&upper).or_else(|| {
        registry::rules()
            .iter()
            .find(|r| r.name().eq_ignore_ascii_case(asked))
    })
}

/// The nearest code or name, when one is close enough to be a typo (the one
/// suggestion search every "did you mean" uses).
fn suggest(asked: &str) -> Option<String> {
    let upper = asked.to_ascii_uppercase();
    muster_syntax::wording::suggest(&upper, registry::rules().iter().map(|r| r.code.as_str()))
        .or_else(|| {
            muster_syntax::wording::suggest(asked, registry::rules().iter().map(|r| r.name()))
        })
}

/// One line per rule: code, default severity, name, summary.
fn list() -> String {
    let rules = registry::rules();
    let width = rules.iter().map(|r| r.name().len()).max().unwrap_or(0);
    let mut out = String::new();
    for r in rules {
        out.push_str(&format!(
            "{}  {:<7}  {:<width$}  {}\n",
            r.code,
            r.severity().as_str(),
            r.name(),
            r.summary()
        ));
    }
    out
}
