//! MC506 element-in-impassable-terrain: an element placed in a lake, river or cliff,
//! or in a scenario terrain kind impassable to its mover.

use super::{placed, pos_loc};
use crate::prelude::*;
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

/// "anti-tank-ditch `ditch`" and " to wheeled": what and for whom.
fn defined(def: &TerrainDef, id: &str, mover: Option<Mover>) -> (String, String) {
    let to = mover.map_or(String::new(), |m| format!(" to {}", m.keyword()));
    (format!("{} `{id}`", def.name.id), to)
}

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (e, p) in placed(cx) {
        // aircraft fly over it; ships float on water (land is MC708's business)
        if facts::is_aircraft(e) || matches!(e.kind, Some(Troop::Ship { .. })) || afloat(cx, e) {
            continue;
        }
        let crossing = geometry::on_crossing(cx.model, p);
        let mut hit: Option<(Loc, (String, String))> = None;
        let mover = e.kind.as_ref().and_then(muster_rules::terrain::mover_of);
        for a in geometry::areas_at(cx.model, p) {
            if let Some(def) = a.terrain.and_then(|t| cx.model.terrains.get(t.0)) {
                if mover.is_some_and(|m| def.grades.movement(m) == MoveGrade::Impassable) {
                    hit = Some((a.name.loc, defined(def, &a.name.id, mover)));
                    break;
                }
                continue;
            }
            let water = matches!(a.kind, TerrainKind::Water | TerrainKind::Lake);
            if (water && !crossing) || a.kind == TerrainKind::Cliffs {
                hit = Some((
                    a.name.loc,
                    (
                        format!("{} `{}`", a.kind.keyword(), a.name.id),
                        String::new(),
                    ),
                ));
                break;
            }
        }
        if hit.is_none() {
            let line = geometry::lines_at(cx.model, p).find(|l| {
                muster_model::ground::on_defined_line(l, p)
                    && mover.is_some_and(|m| {
                        muster_model::ground::line_movement(cx.model, l, m)
                            == Some(MoveGrade::Impassable)
                    })
            });
            if let Some((l, def)) =
                line.and_then(|l| Some((l, cx.model.terrains.get(l.terrain?.0)?)))
            {
                hit = Some((l.name.loc, defined(def, &l.name.id, mover)));
            }
        }
        if hit.is_none() && !crossing {
            if let Some(l) = geometry::river_at(cx.model, p) {
                hit = Some((
                    l.name.loc,
                    (format!("river `{}`", l.name.id), String::new()),
                ));
            }
        }
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
