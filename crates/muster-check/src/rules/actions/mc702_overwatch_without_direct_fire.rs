//! MC702 overwatch-without-direct-fire: overwatch by an element that cannot shoot at sight.

use super::posture_loc;
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC702,
    summary: "an element in overwatch at the start that has no direct fire",
    explanation: "Overwatch (§38, §40) is a readiness to fire at whatever appears in view. \
An element without direct fire, such as a command element, artillery that fires only \
indirectly, or an unarmed vehicle, has nothing to overwatch with.",
    failing: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500) overwatch //~ MC702
    element a integrated figures 5 at (560,500)
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
    element a integrated figures 5 at (560,500) overwatch
  }
}
orders red {
  p defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    cx.model
        .elements
        .iter()
        .filter(|e| e.has_posture(Posture::Overwatch) && !has_direct_fire(e))
        .map(|e| {
            RULE.report(
                format!("`{}` is in overwatch but has no direct fire", e.qualified),
                posture_loc(e, Posture::Overwatch),
                "overwatch",
            )
            .about(e)
            .with_help("give overwatch to an element that can fire directly, or drop `overwatch`")
        })
        .collect()
}

/// Whether the element can fire directly (§38), as the rules classify its troop;
/// an element of no stated type is given the benefit of the doubt.
fn has_direct_fire(e: &Element) -> bool {
    e.kind
        .as_ref()
        .is_none_or(|t| muster_rules::troops::has_direct_fire(t, &e.weapon_kinds()))
}
