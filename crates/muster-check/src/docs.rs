//! Rule documentation from the registry: `muster explain` text and `docs/rules.md`.

use crate::registry::{lookup, rules, Rule};
use muster_codes::Phase;
use muster_syntax::Code;
use std::fmt::Write as _;

/// The header every example snippet assumes unless it writes its own.
pub const EXAMPLE_HEADER: &str = "scenario \"Example\" {\n  start 1944-06-06 06:00\n  turns 12\n  first-bound red\n  table 2000m by 2000m\n}\n";

/// The sides every example snippet assumes unless it declares its own.
pub const EXAMPLE_SIDES: &str =
    "side red \"Red\" nation british\nside blue \"Blue\" nation german\n";

/// The full scenario an example snippet stands for: the snippet with the standard
/// header and sides put in front where it does not write its own.
pub fn example_source(snippet: &str) -> String {
    let has = |word: &str| snippet.lines().any(|l| l.starts_with(word));
    let mut out = String::new();
    if !has("scenario ") {
        out.push_str(EXAMPLE_HEADER);
    }
    if !has("side ") {
        out.push_str(EXAMPLE_SIDES);
    }
    out.push_str(snippet);
    out
}

/// The lines the header adds in front of a snippet (to map example lines back).
pub fn example_offset(snippet: &str) -> usize {
    example_source(snippet).lines().count() - snippet.lines().count()
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("    {l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn title(rule: &Rule) -> String {
    let para = rule
        .paragraph()
        .map(|p| format!(", {p}"))
        .unwrap_or_default();
    format!(
        "{} {} ({}{para})",
        rule.code,
        rule.name(),
        rule.severity().as_str()
    )
}

/// Who reports a rule, for the docs.
fn origin(rule: &Rule) -> Option<&'static str> {
    match rule.code.phase() {
        Phase::Checks => None,
        // the one limit whose value needs the table: measured after resolution
        Phase::Limits if rule.code == Code::MC005 => {
            Some("Reported once positions are resolved, before any check runs.")
        }
        Phase::Syntax | Phase::Limits => Some("Reported by the parser."),
        Phase::Pack => Some(
            "Reported while the pack is read (its `muster.toml`, folders and output names), before any scenario is checked.",
        ),
        Phase::Output => Some(
            "Reported once a file's findings are gathered, in place of those over the cap.",
        ),
        Phase::Maps => Some(
            "Reported by `muster build` as it draws the sheets' maps; `muster check` draws no maps.",
        ),
        Phase::Interchange => Some(
            "Reported by `muster export` and `muster import`; nothing is written while one stands.",
        ),
        Phase::Imports | Phase::Names | Phase::Scenario => {
            Some("Reported while names and imports are resolved.")
        }
    }
}

/// The text `muster explain CODE` prints, or `None` for an unknown code.
pub fn explain(code: &str) -> Option<String> {
    let rule = lookup(code)?;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}\n\n{}\n\n{}",
        title(rule),
        rule.summary(),
        rule.explanation()
    );
    if let Some(o) = origin(rule) {
        let _ = writeln!(s, "\n{o}");
    }
    let _ = writeln!(
        s,
        "\nFailing example (lines marked `//~ {}` trigger it; where no header is written, one with\nthe sides `red` and `blue` is assumed):\n\n{}\n",
        rule.code,
        indent(rule.failing)
    );
    let _ = writeln!(s, "Fixed example:\n\n{}", indent(rule.fixed));
    if matches!(rule.code.phase(), Phase::Syntax | Phase::Limits) {
        let _ = writeln!(
            s,
            "\nSyntax errors cannot be re-graded: a file muster cannot read cannot be played."
        );
    } else if rule.code.phase() == Phase::Maps {
        let _ = writeln!(
            s,
            "\nA map note cannot be re-graded: it says what a printed map shows, not what the scenario gets wrong."
        );
    } else if !rule.code.overridable() {
        let _ = writeln!(
            s,
            "\nThis rule cannot be re-graded: it reports on the house rules themselves."
        );
    } else {
        let _ = writeln!(
            s,
            "\nA scenario may re-grade this rule as a house rule: `allow {0}`, `note {0}`, `warn {0}` or `deny {0}`.",
            rule.code
        );
    }
    Some(s)
}

/// The content of `docs/rules.md`, generated from the registry.
pub fn rules_markdown() -> String {
    let mut s = String::new();
    s.push_str("# Rule reference\n\n");
    s.push_str(
        "<!-- Generated from the rule registry (crates/muster-check). Do not edit by hand:\n",
    );
    s.push_str(
        "     regenerate with `MUSTER_BLESS=1 cargo test -p muster-check --test it docs`. -->\n\n",
    );
    s.push_str("Every diagnostic `muster check` reports has a stable code, a name that says the problem, a default\n");
    s.push_str("severity and, where the rulebook gives one, the paragraph it enforces (§N of the Mission Command\n");
    s.push_str("reference 4.1). `muster explain CODE` prints the same text as this page.\n\n");
    s.push_str("Severities: **error** (the scenario cannot be played as written), **warning** (legal but\n");
    s.push_str("probably not meant), **note** (a computed fact worth knowing). A scenario header or the pack's\n");
    s.push_str("`muster.toml` may re-grade a rule as a house rule (`allow MC305 \"reason\"` switches it off;\n");
    s.push_str(
        "`note`, `warn`, `deny` change its severity); syntax codes (MC0xx) cannot be re-graded.\n",
    );
    s.push_str("A unit or element may carry its own (`allow MC209 \"reason\"`) for the findings inside it.\n");
    s.push_str("The narrowest house rule wins: an element's over its unit's, a unit's over the scenario's,\n");
    s.push_str("and the scenario's over the pack's (the scenario knows its own case best).\n\n");
    s.push_str(
        "The examples leave out the header they share unless they write their own:\n\n```\n",
    );
    s.push_str(EXAMPLE_HEADER);
    s.push_str(EXAMPLE_SIDES);
    s.push_str("```\n\n| code | name | severity | § | summary |\n|---|---|---|---|---|\n");
    for r in rules() {
        let _ = writeln!(
            s,
            "| [{}](#{}) | {} | {} | {} | {} |",
            r.code,
            r.code.as_str().to_lowercase(),
            r.name(),
            r.severity().as_str(),
            r.paragraph().unwrap_or("–"),
            r.summary().replace('|', "\\|")
        );
    }
    for r in rules() {
        let _ = writeln!(
            s,
            "\n## {}\n\n**{}** · {} · {}\n",
            r.code,
            r.name(),
            r.severity().as_str(),
            r.paragraph().unwrap_or("no paragraph")
        );
        let _ = writeln!(s, "{}\n\n{}", r.summary(), r.explanation());
        if let Some(o) = origin(r) {
            let _ = writeln!(s, "\n{o}");
        }
        let lang = if r.code == Code::MC109 { "toml" } else { "" };
        let _ = writeln!(
            s,
            "\nFailing:\n\n```{lang}\n{}```\n\nFixed:\n\n```{lang}\n{}```",
            r.failing, r.fixed
        );
    }
    s
}
