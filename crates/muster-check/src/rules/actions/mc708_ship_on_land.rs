//! MC708 ship-on-land: a ship or landing craft placed on the table out of water.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC708,
    summary: "a ship or landing craft placed on the table out of water, or a seagoing ship on a river",
    explanation: "Ships and landing craft move on water only: land is impassable to them as \
water is to land elements (§95). A ship firing from beyond the table is `off-table`; one on the \
table stands in a `water` or `lake` area, such as the sea off a beach. Gunboats and landing \
craft also go up rivers, and may stand on a `river` line (MC517 says when it is too narrow \
for them); battleships, cruisers and destroyers keep to open water.",
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
    for (e, role, p) in cx.ships_out_of_open_water() {
        let river = muster_model::geometry::river_at(cx.model, p);
        let riverine = muster_rules::troops::river_width_needed_m(role).is_some();
        let (problem, help) = match river {
            // a river craft on a river: whether it is wide enough is MC517's
            Some(_) if riverine => continue,
            Some(r) => (
                format!(
                    "{role} `{}` stands on river `{}`, but a {role} keeps to open water",
                    e.qualified, r.name.id
                ),
                "place it in a `water` or `lake` area, or make it `off-table`; only gunboats and landing craft go up rivers",
            ),
            None => (
                format!("{role} `{}` stands on land", e.qualified),
                if riverine {
                    "place it inside a `water` or `lake` area or on a `river` line, or make it `off-table`"
                } else {
                    "place it inside a `water` or `lake` area, or make it `off-table`"
                },
            ),
        };
        out.push(
            RULE.report(problem, e.pos_loc.unwrap_or(e.name.loc), "not in water")
                .about(e)
                .with_help(help),
        );
    }
    out
}
