//! MC106 invalid-sides: not exactly two sides, or something on no declared side.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC106,
    summary: "a scenario without exactly two sides, or an item on an undeclared side",
    explanation: "A game of Mission Command is fought between two sides (§21), each of which \
gets its own briefing; allies share a side with several nations. Every `forces`, `orders`, `intel` and `nets` block, every player \
and every victory condition names one of the two declared sides, so that muster knows \
whose briefing it belongs in.",
    failing: r#"side red "Red" nation british
side blue "Blue" nation german
side green "Green" nation french //~ MC106
"#,
    fixed: r#"side red "Red" nation british french
side blue "Blue" nation german
"#,
};

/// Emitted by `muster-model` during resolution.
pub(crate) const CHECK: Option<CheckFn> = None;
