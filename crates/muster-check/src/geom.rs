//! Plane geometry in table metres for the battlefield checks (§98–§121).

use geo::{Area as _, BooleanOps, Coord, LineString, Polygon};
use muster_model::geometry;
use muster_model::model::{Area, Line, Model, Pos};
use muster_rules::vocab::LineKind;

/// Distance from `p` to the nearest point of an open polyline.
pub fn distance_to_polyline(points: &[Pos], p: Pos) -> f64 {
    match points {
        [] => f64::INFINITY,
        [only] => p.distance(*only),
        _ => points
            .windows(2)
            .map(|w| geometry::point_segment_distance(p, w[0], w[1]))
            .fold(f64::INFINITY, f64::min),
    }
}

/// The edges of a closed outline, the last point joined back to the first.
fn edges(outline: &[Pos]) -> impl Iterator<Item = (Pos, Pos)> + '_ {
    outline
        .iter()
        .copied()
        .zip(outline.iter().copied().cycle().skip(1))
}

/// Signed-free area of an outline (shoelace).
pub fn area(outline: &[Pos]) -> f64 {
    let twice: f64 = edges(outline).map(|(a, b)| a.x * b.y - b.x * a.y).sum();
    (twice / 2.0).abs()
}

fn cross(o: Pos, a: Pos, b: Pos) -> f64 {
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
}

fn segments_cross(a: Pos, b: Pos, c: Pos, d: Pos) -> bool {
    let (d1, d2) = (cross(c, d, a), cross(c, d, b));
    let (d3, d4) = (cross(a, b, c), cross(a, b, d));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    let on = |p: Pos, q: Pos, r: Pos| {
        cross(p, q, r).abs() < 1e-9
            && r.x >= p.x.min(q.x)
            && r.x <= p.x.max(q.x)
            && r.y >= p.y.min(q.y)
            && r.y <= p.y.max(q.y)
    };
    on(c, d, a) || on(c, d, b) || on(a, b, c) || on(a, b, d)
}

/// Whether two non-adjacent edges of the outline meet.
pub fn self_intersects(outline: &[Pos]) -> bool {
    let n = outline.len();
    if n < 4 {
        return false;
    }
    let edges: Vec<(Pos, Pos)> = edges(outline).collect();
    edges.iter().enumerate().any(|(i, &(a, b))| {
        edges
            .iter()
            .enumerate()
            .skip(i + 2)
            // the last edge meets the first at the first point
            .filter(|(j, _)| !(i == 0 && *j == n - 1))
            .any(|(_, &(c, d))| segments_cross(a, b, c, d))
    })
}

/// Whether the outline is a usable area: 3+ points, no crossing edges, some size.
pub fn is_valid(outline: &[Pos]) -> bool {
    outline.len() >= 3 && area(outline) > 1e-6 && !self_intersects(outline)
}

fn polygon(outline: &[Pos]) -> Polygon<f64> {
    let coords: Vec<Coord<f64>> = outline.iter().map(|p| Coord { x: p.x, y: p.y }).collect();
    Polygon::new(LineString::new(coords), vec![])
}

fn bbox(outline: &[Pos]) -> (f64, f64, f64, f64) {
    outline.iter().fold(
        (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ),
        |b, p| (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y)),
    )
}

/// The area two valid outlines share, in square metres.
pub fn overlap_area(a: &[Pos], b: &[Pos]) -> f64 {
    let (ba, bb) = (bbox(a), bbox(b));
    if ba.2 <= bb.0 || bb.2 <= ba.0 || ba.3 <= bb.1 || bb.3 <= ba.1 {
        return 0.0;
    }
    polygon(a).intersection(&polygon(b)).unsigned_area()
}

/// Whether a point lies on the table.
pub fn on_table(table: (f64, f64), p: Pos) -> bool {
    p.x >= 0.0 && p.y >= 0.0 && p.x <= table.0 && p.y <= table.1
}

/// Whether a point lies on a road or track (within half its width, and 5 m slack).
pub fn on_road(model: &Model, p: Pos) -> bool {
    model
        .lines
        .iter()
        .filter(|l| matches!(l.kind, LineKind::Road | LineKind::Track))
        .any(|l| distance_to_polyline(&l.points, p) <= l.width / 2.0 + 5.0)
        || model
            .crossings
            .iter()
            .any(|c| p.distance(c.at) <= c.length / 2.0)
}

/// Areas whose interior holds the point (circles exactly, not by their outline).
pub fn areas_at(model: &Model, p: Pos) -> impl Iterator<Item = &Area> {
    model
        .areas
        .iter()
        .filter(move |a| geometry::area_contains(a, p))
}

/// Whether a point lies in the water of a line (river) away from its crossings.
pub fn in_river(line: &Line, p: Pos) -> bool {
    line.kind == LineKind::River && distance_to_polyline(&line.points, p) < line.width / 2.0
}
