//! MC503 vehicle-in-dense-woods: vehicles or guns inside dense woods off a road.

use super::{placed, pos_loc};
use crate::prelude::*;
use muster_rules::terrain::dense_woods_allows;
use muster_rules::visibility::EDGE_M;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC503,
    summary: "a vehicle or artillery element in dense woods off a road",
    explanation: "Dense woods (§113) are passable to foot only; vehicles and guns may use \
the roads through them. Engineers may dig a vehicle or gun into the edge, so one dug in \
within {{edge}} of the edge is allowed. Anywhere else inside, it could never have got there.",
    failing: r#"map {
  area bois dense-woods rect (100,100) size 400m by 400m
}
forces red {
  platoon t "Tank Troop" {
    hq t-hq vehicle command-tank tracked armoured enclosed models 1 at (300,300) //~ MC503
  }
}
orders red {
  t defend bois
}
"#,
    fixed: r#"map {
  area bois dense-woods rect (100,100) size 400m by 400m
}
forces red {
  platoon t "Tank Troop" {
    hq t-hq vehicle command-tank tracked armoured enclosed models 1 at (300,80)
  }
}
orders red {
  t defend bois
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (e, p) in placed(cx) {
        if !(facts::is_vehicle(e) || facts::is_artillery(e))
            || geometry::on_road_within(cx.model, p)
        {
            continue;
        }
        let Some(wood) =
            geometry::areas_at(cx.model, p).find(|a| a.kind == TerrainKind::DenseWoods)
        else {
            continue;
        };
        let dug_in_edge = e.has_posture(Posture::DugIn)
            && muster_model::geometry::distance_to_area_edge(wood, p) <= EDGE_M;
        let on_road = false; // roads were ruled out above
        if e.kind
            .as_ref()
            .is_none_or(|k| dense_woods_allows(k, on_road, dug_in_edge))
        {
            continue;
        }
        out.push(
            RULE.report(
                format!(
                    "`{}` stands in dense woods `{}` off a road",
                    e.qualified, wood.name.id
                ),
                pos_loc(e),
                "vehicle or gun here",
            )
            .about(e)
            .related(wood.name.loc, "dense woods")
            .with_help(format!(
                "place it on a road, outside the woods, or dug in within {} of the edge",
                metres(EDGE_M)
            )),
        );
    }
    out
}
