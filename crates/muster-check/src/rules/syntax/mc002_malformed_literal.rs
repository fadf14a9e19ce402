//! MC002 malformed-literal: a number, distance, date or time that cannot be right.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC002,
    summary: "a distance, coordinate, turn, date, clock time or calibre is malformed",
    explanation: "Values carry their unit of measure where it could be misread (`300m`, \
`3km`, `81mm`), dates must exist on the calendar and clock times must be real times of \
day. The ground scale of §1 (1 mm on the table for {{ground-scale}} on the ground) makes a distance \
without its unit ambiguous between table millimetres and ground metres, so muster asks \
for the unit rather than guessing.",
    failing: r#"scenario "Example" {
  start 1944-02-30 06:00 //~ MC002
  turns 12
  first-bound red
}
side red "Red" nation british
side blue "Blue" nation german
"#,
    fixed: r#"scenario "Example" {
  start 1944-02-28 06:00
  turns 12
  first-bound red
}
side red "Red" nation british
side blue "Blue" nation german
"#,
};

/// Emitted by `muster-syntax`.
pub(crate) const CHECK: Option<CheckFn> = None;
