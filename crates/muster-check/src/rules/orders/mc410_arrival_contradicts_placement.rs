//! MC410 arrival-contradicts-placement: a unit drawn far from where it arrives.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC410,
    summary: "an arriving unit is placed more than {{arrival-tolerance}} from its entry point",
    explanation: "An `arrival` brings a unit on at a named place or table edge. When the \
unit's elements are also given positions, those positions show where it stands as it \
comes on; if every one of them is more than {{arrival-tolerance}} from the entry point, the map and the \
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
pub(crate) const MAX_FROM_ENTRY_M: f64 = 300.0;

/// Metres from `p` to the place: to its point, its stretch of a table edge, or
/// its table edge.
fn distance_to(place: &Place, p: Pos, table: Option<(f64, f64)>) -> Option<f64> {
    if let Some(s) = &place.stretch {
        return Some(geometry::point_segment_distance(p, s.from, s.to));
    }
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

/// Each arrival at a place with the nearest element of its unit (the first in
/// model order among equals), found in one pass over the elements: each element
/// is measured against the arrivals of the units above it.
fn nearest_elements<'a>(cx: &Context<'a>) -> Vec<Option<(f64, &'a Element)>> {
    let m = cx.model;
    // keyed by our own unit ids: a fast hash is safe (no chosen collisions)
    let mut by_unit: foldhash::HashMap<UnitId, Vec<usize>> = Default::default();
    for (k, a) in m.arrivals.iter().enumerate() {
        if let (Some(Target::Unit(u)), Some(Target::Place(_))) = (a.unit.target, a.at.target) {
            by_unit.entry(u).or_default().push(k);
        }
    }
    let mut nearest: Vec<Option<(f64, &Element)>> = vec![None; m.arrivals.len()];
    if by_unit.is_empty() {
        return nearest;
    }
    for e in &m.elements {
        let Some(pos) = e.pos else { continue };
        // the element's unit and every unit above it (bounded, even if cyclic)
        let mut at = Some(e.unit);
        for _ in 0..=m.units.len() {
            let Some(u) = at else { break };
            for &k in by_unit.get(&u).into_iter().flatten() {
                let place = match m.arrivals.get(k).and_then(|a| a.at.target) {
                    Some(Target::Place(p)) => m.places.get(p.0),
                    _ => None,
                };
                let Some(d) = place.and_then(|p| distance_to(p, pos, cx.table())) else {
                    continue;
                };
                if let Some(best) = nearest.get_mut(k) {
                    if best.is_none_or(|(b, _)| d.total_cmp(&b).is_lt()) {
                        *best = Some((d, e));
                    }
                }
            }
            at = cx.unit(u).and_then(|x| x.parent);
        }
    }
    nearest
}

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let nearest = nearest_elements(cx);
    for (a, nearest) in cx.model.arrivals.iter().zip(nearest) {
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
