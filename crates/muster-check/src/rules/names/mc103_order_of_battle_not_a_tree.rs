//! MC103 order-of-battle-not-a-tree: a unit with two parents, or attachments in a circle.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC103,
    summary: "a unit with two parents, or a cycle of attachment",
    explanation: "The order of battle (§9) is a hierarchy: every unit has at most one \
superior, and orders and command flow down it. A unit attached to two others, or a chain \
of attachments that comes back to where it started, leaves no single line of command to \
measure command ranges and order latency along.",
    failing: r#"forces red {
  company a "A Company" attached-to b { //~ MC103
    hq a-hq command figures 2 at (500,500)
  }
  company b "B Company" attached-to a {
    hq b-hq command figures 2 at (600,500)
  }
}
orders red {
  a defend (500,500)
  b defend (600,500)
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
  company b "B Company" attached-to a {
    hq b-hq command figures 2 at (600,500)
  }
}
orders red {
  a defend (500,500)
  b defend (600,500)
}
"#,
};

/// Emitted by `muster-model` during resolution.
pub(crate) const CHECK: Option<CheckFn> = None;
