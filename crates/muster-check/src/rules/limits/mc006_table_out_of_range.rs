//! MC006 table-out-of-range: a table size or ground scale no real table has.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC006,
    summary: "a table width, depth or ground scale outside its sane range",
    explanation: "§1 sets the ground scale at {{ground-scale}} of ground per table millimetre, so even \
a large club table covers a few kilometres. A table of hundreds of kilometres, or a scale \
far from §1's, is a typo; it would also make every coordinate \"on the table\" and let \
absurd positions through. The value is refused and the message gives the allowed range.",
    failing: r#"scenario "Example" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
  table 900000000m by 900000000m //~ MC006
}
side red "Red" nation british
side blue "Blue" nation german
"#,
    fixed: r#"scenario "Example" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
  table 2400m by 1600m
}
side red "Red" nation british
side blue "Blue" nation german
"#,
};

/// Emitted by `muster-syntax` as it reads the `scenario` header.
pub(crate) const CHECK: Option<CheckFn> = None;
