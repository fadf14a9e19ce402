//! MC601 no-first-bound: nobody is named to move first.

use super::header_or_start;
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC601,
    summary: "no side named to take the first bound",
    explanation: "Each turn has two bounds, and the scenario decides which side takes the \
first (§23), usually the side with the initiative. Without it the game cannot start. Write \
`first-bound SIDE` in the scenario header.",
    failing: r#"scenario "Example" { //~ MC601
  start 1944-06-06 06:00
  turns 12
}
side red "Red" nation british
side blue "Blue" nation german
"#,
    fixed: r#"scenario "Example" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
}
side red "Red" nation british
side blue "Blue" nation german
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let missing = match &cx.model.header {
        Some(h) => h.first_bound.is_none(),
        None => !cx.model.sides.is_empty(),
    };
    if !missing {
        return Vec::new();
    }
    let Some(at) = header_or_start(cx) else {
        return Vec::new();
    };
    let sides: Vec<String> = cx
        .model
        .sides
        .iter()
        .map(|s| format!("`{}`", s.name.id))
        .collect();
    let help = match sides.first() {
        Some(first) => format!(
            "add `first-bound {}` (or the other side) to the scenario header",
            first.trim_matches('`')
        ),
        None => "add `first-bound SIDE` to the scenario header".to_string(),
    };
    vec![RULE
        .report(
            "no side is named to take the first bound",
            at,
            "scenario header",
        )
        .with_help(help)]
}
