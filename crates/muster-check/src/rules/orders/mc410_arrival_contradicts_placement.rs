//! MC410 arrival-contradicts-placement: a unit drawn far from where it arrives.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC410,
    summary: "an arriving unit is placed more than 300 m from its entry point",
    explanation: "An `arrival` brings a unit on at a named place or table edge. When the \
unit's elements are also given positions, those positions show where it stands as it \
comes on; if every one of them is more than 300 m from the entry point, the map and the \
arrival tell the players two different things (a unit drawn in the north-east that \
arrives at the west edge). Move the elements to the entry point, or name the entry \
point where they are drawn.",
    failing: r#"map {
  place west-edge "West edge" edge west
}
forces red {
  company a "A Company" at (1500,1500) {
    hq a-hq command figures 2 at (0,0)
  }
}
arrival a turn 3 at west-edge //~ MC410
"#,
    fixed: r#"map {
  place west-edge "West edge" edge west
}
forces red {
  company a "A Company" at (150,1500) {
    hq a-hq command figures 2 at (0,0)
  }
}
arrival a turn 3 at west-edge
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

/// Farther than this from its entry point, a drawn unit contradicts its arrival.
const MAX_FROM_ENTRY_M: f64 = 300.0;

/// Metres from `p` to the place: to its point, or to its table edge.
fn distance_to(place: &Place, p: Pos, table: Option<(f64, f64)>) -> Option<f64> {
    match place.at {
        PlaceAt::Point(q) => Some(p.distance(q)),
        PlaceAt::Edge(edge) => {
            let (w, d) = table?;
            Some(match edge {
                Edge::West => p.x,
                Edge::East => w - p.x,
                Edge::South => p.y,
                Edge::North => d - p.y,
            })
        }
    }
}

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for a in &cx.model.arrivals {
        let (Some(Target::Unit(u)), Some(Target::Place(p))) = (a.unit.target, a.at.target) else {
            continue;
        };
        let Some(place) = cx.model.places.get(p.0) else {
            continue;
        };
        let nearest = cx
            .model
            .elements
            .iter()
            .filter(|e| cx.lineage(e.unit).contains(&u))
            .filter_map(|e| Some((distance_to(place, e.pos?, cx.table())?, e)))
            .min_by(|x, y| x.0.total_cmp(&y.0));
        let Some((d, e)) = nearest else {
            continue;
        };
        if d <= MAX_FROM_ENTRY_M {
            continue;
        }
        let mut diag = RULE
            .report(
                format!(
                    "`{}` arrives at `{}`, but its nearest element is drawn {} from it",
                    a.unit.name.id,
                    a.at.name.id,
                    metres(d)
                ),
                a.at.name.loc,
                "entry point",
            )
            .with_help(format!(
                "draw `{}` within {} of `{}`, or name the entry point where it is drawn",
                a.unit.name.id,
                metres(MAX_FROM_ENTRY_M),
                a.at.name.id
            ));
        if let Some(at) = e.pos_loc {
            diag = diag.related(
                at,
                format!("`{}` is drawn here, {} away", e.qualified, metres(d)),
            );
        }
        out.push(diag);
    }
    out
}
