//! MC602 no-end-of-game: neither a turn limit nor an end condition.

use super::header_or_start;
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC602,
    summary: "no end of game: neither a turn limit nor an end condition",
    explanation: "A scenario says when the game ends (§22): after a number of turns, when \
a condition is met, or both. Victory is judged at that moment, so a scenario with neither \
`turns` nor `ends \"…\"` cannot be won.",
    failing: r#"scenario "Example" { //~ MC602
  start 1944-06-06 06:00
  first-bound red
}
side red "Red" nation british
side blue "Blue" nation german
"#,
    fixed: r#"scenario "Example" {
  start 1944-06-06 06:00
  first-bound red
  ends "when either side holds the bridge at dusk"
}
side red "Red" nation british
side blue "Blue" nation german
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let missing = match &cx.model.header {
        // a `turns` whose value was refused is MC002's or MC004's: it was written
        Some(h) => h.turns.is_none() && !h.turns_written && h.end_conditions.is_empty(),
        None => !cx.model.sides.is_empty(),
    };
    match header_or_start(cx).filter(|_| missing) {
        Some(at) => vec![RULE
            .report(
                "the scenario never ends: it has neither `turns` nor an `ends` condition",
                at,
                "scenario header",
            )
            .with_help("add `turns N` or `ends \"…\"` to the scenario header")],
        None => Vec::new(),
    }
}
