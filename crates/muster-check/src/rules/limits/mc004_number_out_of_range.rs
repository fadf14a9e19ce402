//! MC004 number-out-of-range: a count, length, turn, calibre or year beyond its sane range.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC004,
    summary: "a number outside its sane range: turns, turn length, figures, models, widths, \
lengths, ranges, calibres or years",
    explanation: "Every number a scenario writes has a range a real game can use (the \
table of numeric limits in the language reference lists them, with the rulebook \
paragraph where there is one: §2 puts an element at {{figures-per-element}} figures, §7 makes a turn \
a few minutes long). A value far outside it is a typo, and tools that print a row per \
turn or a model per element would otherwise work in proportion to it. The value is \
refused, so no check or output uses it; the message gives the allowed range.",
    failing: r#"scenario "Example" {
  start 1944-06-06 06:00
  turns 999999999 //~ MC004
  first-bound red
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

/// Emitted by `muster-syntax` as it reads each literal.
pub(crate) const CHECK: Option<CheckFn> = None;
