//! MC708 ship-on-land: a ship or landing craft placed on the table out of water.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC708,
    summary: "a ship or landing craft placed on the table but not in a `water` or `lake` area",
    explanation: "Ships and landing craft move on water only: land is impassable to them as \
water is to land elements (§95). A ship firing from beyond the table is `off-table`; one on the \
table stands in a `water` or `lake` area, such as the sea off a beach.",
    failing: r#"side red "Red" nation british
side blue "Blue" nation german
map {
  area sea water "The Channel" rect (0,0) size 2000m by 300m
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
    element lca ship landing-craft models 1 at (500,400) //~ MC708
  }
}
"#,
    fixed: r#"side red "Red" nation british
side blue "Blue" nation german
map {
  area sea water "The Channel" rect (0,0) size 2000m by 300m
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
    element lca ship landing-craft models 1 at (500,299)
  }
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for e in &cx.model.elements {
        let Some(Troop::Ship { role }) = &e.kind else {
            continue;
        };
        let Some(p) = e.pos else { continue };
        let afloat = muster_model::geometry::areas_at(cx.model, p)
            .any(|a| muster_rules::terrain::is_water(a.kind));
        if !afloat {
            out.push(
                RULE.report(
                    format!("{role} `{}` stands on land", e.qualified),
                    e.pos_loc.unwrap_or(e.name.loc),
                    "not in water",
                )
                .about(e)
                .with_help("place it inside a `water` or `lake` area, or make it `off-table`"),
            );
        }
    }
    out
}
