//! MC506 element-in-impassable-terrain: an element placed in a lake, river or cliff,
//! or in a scenario terrain kind impassable to its mover.

use super::{placed, pos_loc};
use crate::prelude::*;
use muster_model::ground;
use muster_rules::terrain::{MoveGrade, Mover};

pub(crate) const RULE: Rule = Rule {
    code: Code::MC506,
    summary: "an element in impassable terrain (lake, river off a bridge or ford, cliff)",
    explanation: "Impassable terrain (§95) cannot be entered by any ground element: lakes, \
rivers and canals away from their bridges and fords, and cliffs. A scenario terrain kind \
(§98) is impassable to the movers its `movement` grades so: climbable cliffs may hold \
rangers but not a jeep. An element placed there is usually a coordinate slip. Aircraft \
are exempt, and so are ships and landing craft, whose ground is the water.",
    failing: r#"map {
  river orne "River Orne" width 60m line (500,0) (500,2000)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (510,900) //~ MC506
  }
}
orders red {
  p defend (510,900)
}
"#,
    fixed: r#"map {
  river orne "River Orne" width 60m line (500,0) (500,2000)
  ford shallows at (500,900) over orne
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (510,900)
  }
}
orders red {
  p defend shallows
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (e, p) in placed(cx) {
        // aircraft fly over it; ships float on water (land is MC708's business)
        if facts::is_aircraft(e) || matches!(e.kind, Some(Troop::Ship { .. })) || afloat(cx, e) {
            continue;
        }
        let mover = e.kind.as_ref().and_then(muster_rules::terrain::mover_of);
        let hit = ground::grade_at(cx.model, p, mover.unwrap_or(Mover::Foot))
            .filter(|(g, _)| *g == MoveGrade::Impassable)
            .map(|(_, f)| {
                let defined = match f {
                    ground::Feature::Area(a) => a.terrain.is_some(),
                    ground::Feature::Line(l) => l.terrain.is_some(),
                };
                let to = match mover {
                    Some(m) if defined => format!(" to {}", m.keyword()),
                    _ => String::new(),
                };
                let what = format!("{} `{}`", f.kind_name(cx.model), f.name().id);
                (f.name().loc, (what, to))
            });
        let Some((loc, (what, to))) = hit else {
            continue;
        };
        out.push(
            RULE.report(
                format!(
                    "`{}` stands in {what}, which is impassable{to}",
                    e.qualified
                ),
                pos_loc(e),
                "element here",
            )
            .about(e)
            .related(loc, "impassable")
            .with_help("move it to dry ground, or onto a bridge or ford"),
        );
    }
    out
}

/// Whether the element is carried in a ship or landing craft, so on the water, not in it.
fn afloat(cx: &Context, e: &Element) -> bool {
    let Some(Target::Element(c)) = e.embussed_in.as_ref().and_then(|r| r.target) else {
        return false;
    };
    cx.element(c)
        .is_some_and(|c| matches!(c.kind, Some(Troop::Ship { .. })))
}
