//! MC502 overlapping-main-terrain: two main terrain types claim the same ground.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC502,
    summary: "two main terrain types (woods, brush, rocky, buildings) overlapping",
    explanation: "Overlays such as slopes, soft ground and roads add their effects to the \
ground beneath (§100), but each point of the table has one main terrain type: open, \
brush, open or dense woods, rocky ground or ruins, or buildings. Where two main types \
overlap nobody can tell which one applies; cut one outline back to the other's edge. \
Open ground drawn as an area is the default beneath everything and may lie under others.",
    failing: r#"map {
  area bois dense-woods rect (100,100) size 300m by 300m
  area scrub brush rect (300,300) size 300m by 300m //~ MC502
}
"#,
    fixed: r#"map {
  area bois dense-woods rect (100,100) size 300m by 300m
  area scrub brush rect (400,400) size 300m by 300m
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    // pairs can outnumber the areas many times over: build only what is shown
    let mut out = cx.bounded(RULE.code);
    let is_main = |a: &Area| {
        muster_rules::terrain::is_main(a.kind)
            && a.kind != TerrainKind::Open
            && geometry::is_usable_outline(&a.outline)
    };
    let areas = &cx.model.areas;
    let main: Vec<bool> = areas.iter().map(is_main).collect();
    for (i, a) in areas.iter().enumerate().filter(|(i, _)| main[*i]) {
        // only outlines whose boxes meet can share ground (the spatial index)
        for j in cx.model.spatial().areas_meeting(&a.outline) {
            let Some(b) = areas.get(j).filter(|_| j > i && main[j]) else {
                continue;
            };
            let shared = geometry::overlap_area(&a.outline, &b.outline);
            if shared < 1.0 || !out.admits(b.shape_loc) {
                continue;
            }
            out.push(
                RULE.report(
                    format!("{} `{}` overlaps {} `{}` by about {} m²", b.kind.keyword(), b.name.id, a.kind.keyword(), a.name.id, shared.round() as i64),
                    b.shape_loc,
                    "overlapping outline",
                )
                .related(a.shape_loc, format!("`{}`", a.name.id))
                .with_help("cut one outline back to the other's edge so each point has one main terrain type"),
            );
        }
    }
    cx.gathered(out)
}
