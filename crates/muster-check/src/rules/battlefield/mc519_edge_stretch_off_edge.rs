//! MC519 edge-stretch-off-edge: the stretch of an edge place leaves its edge.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC519,
    summary: "a stretch or point of a table edge that does not lie on that edge",
    explanation: "A place on an `edge` may name the stretch of the edge where units come \
on or go off (`edge west from (0,700) to (0,900)`) or one point of it (`edge south at \
(1200,0)`). Arrivals come on along that stretch and exits leave by it (§22), so both \
points must lie on the named edge of the table: on the west edge x is 0, on the east edge \
x is the table's width, on the south edge y is 0 and on the north edge y is its depth, \
and the other coordinate lies within the table.",
    failing: r#"scenario "Road" {
  table 3000m by 2000m
}
map {
  place west-road "Road from Caumont" edge west from (0,700) to (40,900) //~ MC519
}
"#,
    fixed: r#"scenario "Road" {
  table 3000m by 2000m
}
map {
  place west-road "Road from Caumont" edge west from (0,700) to (0,900)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

/// How far a point may lie from its edge and still be on it: coordinates are
/// written in whole metres, so anything further is a slip.
const ON_EDGE_M: f64 = 0.5;

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let Some((w, d)) = cx.table() else {
        return out;
    };
    for place in &cx.model.places {
        let (PlaceAt::Edge(edge), Some(st)) = (place.at, &place.stretch) else {
            continue;
        };
        let mut seen = Vec::new();
        for p in [st.from, st.to] {
            if seen.contains(&(p.x.to_bits(), p.y.to_bits())) {
                continue;
            }
            seen.push((p.x.to_bits(), p.y.to_bits()));
            // metres off the edge line, and the coordinate along it with its extent
            let (off, along, extent, axis) = match edge {
                Edge::West => (p.x, p.y, d, "x is 0"),
                Edge::East => (w - p.x, p.y, d, "x is the table's width"),
                Edge::South => (p.y, p.x, w, "y is 0"),
                Edge::North => (d - p.y, p.x, w, "y is the table's depth"),
            };
            let why = if off.abs() > ON_EDGE_M {
                format!("{} from it", metres(off.abs()))
            } else if along < -ON_EDGE_M || along > extent + ON_EDGE_M {
                "beyond the table's corner".to_string()
            } else {
                continue;
            };
            out.push(
                RULE.report(
                    format!(
                        "`{}` is on the {} edge, but ({},{}) is {why}",
                        place.name.id,
                        edge.keyword(),
                        fmt_coord(p.x),
                        fmt_coord(p.y)
                    ),
                    st.loc,
                    format!("not on the {} edge", edge.keyword()),
                )
                .with_help(format!(
                    "put both points on the {} edge, where {axis}",
                    edge.keyword()
                )),
            );
        }
    }
    out
}

/// A coordinate as the writer would write it: whole metres without a fraction.
fn fmt_coord(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}
