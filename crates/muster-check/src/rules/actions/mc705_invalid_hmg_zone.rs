//! MC705 invalid-hmg-zone: a prepared fire zone too long, too wide or on the wrong gun.

use crate::prelude::*;
use muster_rules::hmg::ZoneProblem;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC705,
    summary: "a prepared HMG zone longer than {{hmg-range}}, wider than {{hmg-spread}}, or on a weapon without tripod or fixed mount",
    explanation: "A machine gun on a tripod or a fixed mounting may prepare a zone of fire \
(§57) reaching out to {{hmg-range}} from the gun and at most {{hmg-spread}} wide; anything in it can be \
engaged with area fire. A longer or wider zone, or one on a gun without such a mount, \
is not allowed.",
    failing: r#"forces red {
  platoon mg "MG Platoon" {
    hq mg-hq command figures 2 at (500,480)
    element mg-1 heavy-support hmg tripod figures 3 at (500,500)
      hmg-zone bearing 0 spread 60 range 800m //~ MC705
  }
}
orders red {
  mg defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon mg "MG Platoon" {
    hq mg-hq command figures 2 at (500,480)
    element mg-1 heavy-support hmg tripod figures 3 at (500,500)
      hmg-zone bearing 0 spread 40 range 800m
  }
}
orders red {
  mg defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for e in &cx.model.elements {
        let Some(z) = &e.hmg_zone else { continue };
        let mount = e
            .weapons
            .iter()
            .filter(|w| matches!(w.kind, WeaponKind::Hmg | WeaponKind::Lmg))
            .find_map(|w| w.mount);
        let problems: Vec<String> = muster_rules::hmg::zone_problems(z.range, z.spread, mount)
            .into_iter()
            .map(|p| match p {
                ZoneProblem::TooLong { range_m, max_m } => {
                    format!("reaches {}, beyond {}", metres(range_m), metres(max_m))
                }
                ZoneProblem::TooWide {
                    spread_deg,
                    max_deg,
                } => {
                    format!("is {spread_deg}° wide, more than {max_deg}°")
                }
                ZoneProblem::NoMount => {
                    "is on no machine gun with a tripod or fixed mount".to_string()
                }
            })
            .collect();
        if problems.is_empty() {
            continue;
        }
        out.push(
            RULE.report(
                format!(
                    "the fire zone of `{}` {}",
                    e.qualified,
                    problems.join(" and ")
                ),
                z.loc,
                "prepared fire zone",
            )
            .about(e)
            .with_help(format!(
                "keep the zone within {} and {}°, on an `hmg tripod` or a fixed mount",
                metres(muster_rules::hmg::MAX_RANGE_M),
                muster_rules::hmg::MAX_SPREAD_DEG
            )),
        );
    }
    out
}
