//! MC101 duplicate-name: two things of one scope share a name.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC101,
    summary: "two units, places, signals or templates share one name",
    explanation: "References are by short name, so a name must mean one thing in its scope: \
two units, two places, two signals or two templates with one identifier would make every \
order that names them ambiguous. Elements need only be unique inside their unit, since \
they are referred to as `unit.element`.",
    failing: r#"map {
  place hill "Hill 112" at (500,500)
  place hill "Hill 113" at (900,500) //~ MC101
}
victory red "Hold Hill 112" holds hill at end
"#,
    fixed: r#"map {
  place hill "Hill 112" at (500,500)
  place hill-113 "Hill 113" at (900,500)
}
victory red "Hold Hill 112 and Hill 113" holds hill at end holds hill-113 at end
"#,
};

/// Emitted by `muster-model` during resolution.
pub(crate) const CHECK: Option<CheckFn> = None;
