//! MC102 undefined-reference: a name that is defined nowhere.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC102,
    summary: "a reference to something that is not defined",
    explanation: "Every name an order, a signal, a net or an arrival uses must be defined \
somewhere in the scenario or the library files it imports. The message suggests the \
nearest defined name, which is usually a typing slip. Where a more precise rule covers the \
reference (an order objective MC403, a victory condition MC605, intel MC801, a player \
MC803), that rule reports it instead.",
    failing: r#"map {
  place hill "Hill 112" at (500,500)
}
arrival reserve turn 3 at hil //~ MC102
victory red "Hold Hill 112" holds hill at end
"#,
    fixed: r#"map {
  place hill "Hill 112" at (500,500)
}
forces red {
  platoon reserve "Reserve" {
    hq reserve-hq command figures 2
  }
}
orders red {
  reserve defend hill
}
arrival reserve turn 3 at hill
victory red "Hold Hill 112" holds hill at end
"#,
};

/// Emitted by `muster-model` during resolution.
pub(crate) const CHECK: Option<CheckFn> = None;
