//! MC905 inset-too-small: marks too close to part even in an inset a page wide.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC905,
    summary: "elements stand too close for an inset to part their marks",
    explanation: "Where element marks would print on top of each other, the map frames the spot \
and draws it again below, numbered and larger, as an atlas does. An inset is no wider than \
the page allows, so elements standing on the same spot, or closer than that scale can part, \
still meet in it: the inset then draws their marks a little apart, each on a thin line from \
a dot where the element stands. This note names the elements so that the author knows the \
map shows them apart only by those lines; setting them a few metres apart lets the inset \
show them where they stand.",
    failing: r#"forces red {
  company a "A" {
    hq a-hq command figures 2 at (1000,1000) //~ MC905
    element one coherent figures 6 at (1000,1000)
  }
}
"#,
    fixed: r#"forces red {
  company a "A" {
    hq a-hq command figures 2 at (1000,1000)
    element one coherent figures 6 at (1100,1000)
  }
}
"#,
};

/// Reported by `muster build` as it draws the maps (`muster-render`).
pub(crate) const CHECK: Option<CheckFn> = None;
