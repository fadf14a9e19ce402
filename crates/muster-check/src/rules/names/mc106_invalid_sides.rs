//! MC106 invalid-sides: not exactly two sides, or something on no declared side.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: "MC106",
    name: "invalid-sides",
    severity: Severity::Error,
    paragraph: Some("§21"),
    summary: "a scenario without exactly two sides, or an item on an undeclared side",
    explanation: "A game of Mission Command is fought between two sides (§21), each of which \
gets its own briefing. Every `forces`, `orders`, `intel` and `nets` block, every player \
and every victory condition names one of the two declared sides, so that muster knows \
whose briefing it belongs in.",
    failing: r#"forces green { //~ MC106
  platoon p "Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
"#,
    fixed: r#"forces red {
  platoon p "Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
orders red {
  p defend (500,500)
}
"#,
};

/// Emitted by `muster-model` during resolution.
pub(crate) const CHECK: Option<CheckFn> = None;
