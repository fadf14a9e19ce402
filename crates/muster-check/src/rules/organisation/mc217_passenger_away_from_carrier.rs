//! MC217 passenger-away-from-carrier: an element embussed in or riding on a carrier that stands elsewhere.

use crate::prelude::*;
use muster_rules::frontage::aboard_m;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC217,
    summary: "an element embussed in or riding on a carrier, placed away from it",
    explanation: "Embussed troops and tank riders (§14) travel in or on their carrier, so they \
stand where it stands: no farther from it than {{aboard}} at the usual scale, the width of \
the largest vehicle base (§4). A passenger placed farther off is either not aboard (drop `embussed-in` or \
`riding-on`) or misplaced, and the map, which draws passengers as their carrier, shows it \
where it is not. Leave the passenger's `at` out and it stands with its carrier; `in line from \
P to Q` spreads only the elements that stand on their own.",
    failing: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,480)
    element ht vehicle half-track half-tracked armoured open-topped models 1 at (500,500)
    element riflemen integrated rifles lmg figures 5 embussed-in ht at (600,500) //~ MC217
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,480)
    element ht vehicle half-track half-tracked armoured open-topped models 1 at (500,500)
    element riflemen integrated rifles lmg figures 5 embussed-in ht
  }
}
orders red {
  p defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let scale = cx.model.header.as_ref().map_or(0.0, |h| h.ground_scale);
    let limit = aboard_m(scale);
    let mut out = Vec::new();
    for e in &cx.model.elements {
        for (how, r) in [("embussed in", &e.embussed_in), ("riding on", &e.riding_on)] {
            let Some(Target::Element(c)) = r.as_ref().and_then(|r| r.target) else {
                continue;
            };
            let Some(carrier) = cx.element(c) else {
                continue;
            };
            let (Some(p), Some(q)) = (e.pos, carrier.pos) else {
                continue;
            };
            let d = p.distance(q);
            if d <= limit {
                continue;
            }
            let mut diag = RULE
                .report(
                    format!(
                        "`{}` is {how} `{}` but stands {} from it",
                        e.qualified,
                        carrier.qualified,
                        metres(d.round())
                    ),
                    e.pos_loc.unwrap_or(e.name.loc),
                    "passenger here",
                )
                .about(e);
            if let Some(l) = carrier.pos_loc {
                diag = diag.related(l, format!("`{}` here", carrier.name.id));
            }
            out.push(diag.with_help(format!(
                "leave out its `at` so it stands with its carrier (within {}), or drop `{}`",
                metres(limit),
                how.replace(' ', "-")
            )));
        }
    }
    out
}
