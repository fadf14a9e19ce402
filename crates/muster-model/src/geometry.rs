//! Plane geometry on table metres: shape validity, containment, distances, overlap,
//! and the helpers the resolver uses to turn written shapes into outlines.
//!
//! Outlines are open rings (the first point is not repeated), as in [`crate::model::Area`].

use crate::model::{Area, Line, Model, Pos, ShapeKind};
use geo::coordinate_position::CoordPos;
use geo::dimensions::Dimensions;
use geo::{Area as _, BooleanOps};
use geo::{Contains, Coord, Distance, Euclidean, Intersects, LineString, Point, Polygon, Relate};
use muster_rules::vocab::LineKind;

/// Why a list of points is not a usable area outline (MC501).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeProblem {
    /// Fewer than three distinct points.
    TooFewPoints,
    /// Two edges that are not neighbours cross or touch.
    SelfIntersecting,
    /// The points enclose no area (all on one line).
    ZeroArea,
}

impl ShapeProblem {
    /// A few words for a diagnostic message.
    pub fn describe(self) -> &'static str {
        match self {
            ShapeProblem::TooFewPoints => "has fewer than 3 points",
            ShapeProblem::SelfIntersecting => "crosses itself",
            ShapeProblem::ZeroArea => "encloses no area",
        }
    }
}

const EPS: f64 = 1e-9;

fn dedup(points: &[Pos]) -> Vec<Pos> {
    let mut out: Vec<Pos> = Vec::with_capacity(points.len());
    for p in points {
        if out.last().is_none_or(|q| q.distance(*p) > EPS) {
            out.push(*p);
        }
    }
    while out.len() > 1
        && out
            .first()
            .zip(out.last())
            .is_some_and(|(a, b)| a.distance(*b) <= EPS)
    {
        out.pop();
    }
    out
}

fn cross(o: Pos, a: Pos, b: Pos) -> f64 {
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
}

fn on_segment(p: Pos, a: Pos, b: Pos) -> bool {
    p.x >= a.x.min(b.x) - EPS
        && p.x <= a.x.max(b.x) + EPS
        && p.y >= a.y.min(b.y) - EPS
        && p.y <= a.y.max(b.y) + EPS
}

/// Whether segments `a1a2` and `b1b2` share any point.
fn segments_meet(a1: Pos, a2: Pos, b1: Pos, b2: Pos) -> bool {
    let d1 = cross(b1, b2, a1);
    let d2 = cross(b1, b2, a2);
    let d3 = cross(a1, a2, b1);
    let d4 = cross(a1, a2, b2);
    if ((d1 > EPS && d2 < -EPS) || (d1 < -EPS && d2 > EPS))
        && ((d3 > EPS && d4 < -EPS) || (d3 < -EPS && d4 > EPS))
    {
        return true;
    }
    (d1.abs() <= EPS && on_segment(a1, b1, b2))
        || (d2.abs() <= EPS && on_segment(a2, b1, b2))
        || (d3.abs() <= EPS && on_segment(b1, a1, a2))
        || (d4.abs() <= EPS && on_segment(b2, a1, a2))
}

/// Twice the signed area (shoelace formula): positive when the ring runs
/// counter-clockwise (x east, y north).
pub fn doubled_area(points: &[Pos]) -> f64 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum()
}

/// `points` simplified by Douglas–Peucker: every point dropped lies within
/// `tolerance` metres of the course kept. A closed outline is simplified as the
/// ring it is (`closed`), so its first point may go too.
pub fn simplify(points: &[Pos], tolerance: f64, closed: bool) -> Vec<Pos> {
    use geo::Simplify;
    let mut coords: Vec<Coord> = points.iter().map(|p| Coord { x: p.x, y: p.y }).collect();
    if closed {
        if let Some(first) = coords.first().copied() {
            coords.push(first);
        }
    }
    let kept = LineString::new(coords).simplify(tolerance);
    let mut out: Vec<Pos> = kept.coords().map(|c| Pos { x: c.x, y: c.y }).collect();
    if closed && out.len() > 1 && out.first() == out.last() {
        out.pop();
    }
    out
}

/// Checks that `points` outline a simple polygon with some area.
pub fn polygon_is_valid(points: &[Pos]) -> Result<(), ShapeProblem> {
    if points.iter().any(|p| !p.x.is_finite() || !p.y.is_finite()) {
        return Err(ShapeProblem::ZeroArea);
    }
    let pts = dedup(points);
    let n = pts.len();
    if n < 3 {
        return Err(ShapeProblem::TooFewPoints);
    }
    let collinear = (2..n).all(|k| cross(pts[0], pts[1], pts[k]).abs() <= EPS);
    if collinear {
        return Err(ShapeProblem::ZeroArea);
    }
    for i in 0..n {
        for j in i + 1..n {
            let adjacent = j == i + 1 || (i == 0 && j == n - 1);
            if adjacent {
                continue;
            }
            let (a1, a2) = (pts[i], pts[(i + 1) % n]);
            let (b1, b2) = (pts[j], pts[(j + 1) % n]);
            if segments_meet(a1, a2, b1, b2) {
                return Err(ShapeProblem::SelfIntersecting);
            }
        }
    }
    if doubled_area(&pts).abs() <= EPS {
        return Err(ShapeProblem::ZeroArea);
    }
    Ok(())
}

fn finite(points: &[Pos]) -> bool {
    points.iter().all(|p| p.x.is_finite() && p.y.is_finite())
}

fn coord(p: Pos) -> Coord<f64> {
    Coord { x: p.x, y: p.y }
}

fn polygon(points: &[Pos]) -> Polygon<f64> {
    Polygon::new(
        LineString::from(points.iter().map(|p| coord(*p)).collect::<Vec<_>>()),
        vec![],
    )
}

fn ring(points: &[Pos]) -> LineString<f64> {
    let mut coords: Vec<_> = points.iter().map(|p| coord(*p)).collect();
    if let Some(first) = coords.first().copied() {
        coords.push(first);
    }
    LineString::from(coords)
}

/// Whether `p` is inside the outline or on its edge.
pub fn contains(outline: &[Pos], p: Pos) -> bool {
    crate::work::geometry();
    if outline.len() < 3 || !finite(outline) || !finite(&[p]) {
        return false;
    }
    let poly = polygon(outline);
    let pt = Point::from(coord(p));
    poly.contains(&pt) || poly.exterior().intersects(&pt)
}

/// Distance in metres from `p` to the nearest point of the outline's edge
/// (whether `p` is inside or outside).
pub fn distance_to_edge(outline: &[Pos], p: Pos) -> f64 {
    crate::work::geometry();
    match outline {
        [] => f64::INFINITY,
        [only] => only.distance(p),
        _ => Euclidean.distance(&Point::from(coord(p)), &ring(outline)),
    }
}

/// Distance in metres from `p` to a polyline.
pub fn distance_to_polyline(points: &[Pos], p: Pos) -> f64 {
    crate::work::geometry();
    match points {
        [] => f64::INFINITY,
        [only] => only.distance(p),
        _ => {
            let ls = LineString::from(points.iter().map(|q| coord(*q)).collect::<Vec<_>>());
            Euclidean.distance(&Point::from(coord(p)), &ls)
        }
    }
}

/// Whether `p` lies on the line feature: within half its width of its centre line.
pub fn on_line(line: &Line, p: Pos) -> bool {
    distance_to_polyline(&line.points, p) <= line.width / 2.0 + EPS
}

/// Whether `p` is on the table (edges included). With no table declared, every
/// point counts as inside: MC6xx reports the missing table instead.
pub fn inside_table(model: &Model, p: Pos) -> bool {
    match model.header.as_ref().and_then(|h| h.table) {
        Some((w, d)) => p.x >= -EPS && p.y >= -EPS && p.x <= w + EPS && p.y <= d + EPS,
        None => true,
    }
}

/// Whether two outlines share some area (touching edges do not count). Invalid
/// outlines are compared by their vertices only, so this never fails.
pub fn overlaps(a: &[Pos], b: &[Pos]) -> bool {
    crate::work::geometry();
    if a.len() < 3 || b.len() < 3 || !finite(a) || !finite(b) {
        return false;
    }
    if polygon_is_valid(a).is_ok() && polygon_is_valid(b).is_ok() {
        let m = polygon(a).relate(&polygon(b));
        return m.get(CoordPos::Inside, CoordPos::Inside) != Dimensions::Empty;
    }
    let strictly_inside = |outline: &[Pos], p: Pos| {
        let poly = polygon(outline);
        poly.contains(&Point::from(coord(p)))
    };
    a.iter().any(|p| strictly_inside(b, *p)) || b.iter().any(|p| strictly_inside(a, *p))
}

/// Whether `p` lies strictly inside the outline: ray casting, with points on an
/// edge counted outside. Exact for any outline, whatever its size.
pub fn strictly_inside(outline: &[Pos], p: Pos) -> bool {
    crate::work::geometry();
    let n = outline.len();
    if n < 3 || !finite(outline) || !finite(&[p]) {
        return false;
    }
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (outline[i], outline[(i + 1) % n]);
        if point_segment_distance(p, a, b) <= EPS {
            return false;
        }
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
    }
    inside
}

/// Distance from `p` to the segment `a`–`b`.
pub fn point_segment_distance(p: Pos, a: Pos, b: Pos) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return p.distance(a);
    }
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0);
    p.distance(lerp(a, b, t))
}

/// The point of the segment `a`–`b` nearest to `p`.
pub fn closest_on_segment(p: Pos, a: Pos, b: Pos) -> Pos {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return a;
    }
    lerp(
        a,
        b,
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0),
    )
}

/// The gap between two boxes square to the axes, each `(min, max)` corner: 0
/// when they touch or overlap.
pub fn box_gap(a: (Pos, Pos), b: (Pos, Pos)) -> f64 {
    let dx = (b.0.x - a.1.x).max(a.0.x - b.1.x).max(0.0);
    let dy = (b.0.y - a.1.y).max(a.0.y - b.1.y).max(0.0);
    dx.hypot(dy)
}

/// The distance between the segment `a`–`b` and a box square to the axes
/// (`(min, max)` corners): 0 when the segment meets the box.
pub fn segment_box_distance(a: Pos, b: Pos, bx: (Pos, Pos)) -> f64 {
    let (lo, hi) = bx;
    let within = |p: Pos| p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
    if within(a) || within(b) {
        return 0.0;
    }
    let corners = [lo, Pos { x: hi.x, y: lo.y }, hi, Pos { x: lo.x, y: hi.y }];
    let mut best = box_gap((a, a), bx).min(box_gap((b, b), bx));
    for (i, c) in corners.iter().enumerate() {
        let next = corners[(i + 1) % 4];
        if segments_cross(a, b, *c, next) {
            return 0.0;
        }
        best = best.min(point_segment_distance(*c, a, b));
    }
    best
}

/// The point a fraction `t` of the way from `a` to `b`.
pub fn lerp(a: Pos, b: Pos, t: f64) -> Pos {
    Pos {
        x: a.x + (b.x - a.x) * t,
        y: a.y + (b.y - a.y) * t,
    }
}

/// Anything that stands on the table: the model's points and the outputs'
/// copies of them, so the helpers below serve every stage with one formula.
pub trait Xy {
    fn xy(&self) -> (f64, f64);
}

impl Xy for Pos {
    fn xy(&self) -> (f64, f64) {
        (self.x, self.y)
    }
}

impl Xy for (f64, f64) {
    fn xy(&self) -> (f64, f64) {
        *self
    }
}

/// The length of a line through `points`, in the units of its coordinates.
pub fn polyline_length<P: Xy>(points: &[P]) -> f64 {
    points
        .windows(2)
        .map(|w| match w {
            [a, b] => {
                let ((ax, ay), (bx, by)) = (a.xy(), b.xy());
                ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt()
            }
            _ => 0.0,
        })
        .sum()
}

/// The mean of the points (a unit's centre from its elements), or None for none.
pub fn mean_point<P: Xy>(points: &[P]) -> Option<Pos> {
    if points.is_empty() {
        return None;
    }
    let n = points.len() as f64;
    Some(Pos {
        x: points.iter().map(|p| p.xy().0).sum::<f64>() / n,
        y: points.iter().map(|p| p.xy().1).sum::<f64>() / n,
    })
}

/// Whether segments `a1a2` and `b1b2` cross properly: each passes from one side
/// of the other to its other side (touching or sharing an end is no crossing).
pub fn segments_cross(a1: Pos, a2: Pos, b1: Pos, b2: Pos) -> bool {
    cross(b1, b2, a1) * cross(b1, b2, a2) < 0.0 && cross(a1, a2, b1) * cross(a1, a2, b2) < 0.0
}

/// Fractions along `a`→`b` (0..=1) where it meets the segment `p`–`q`: one for a
/// crossing, the two ends of the shared part when they run along each other.
fn meeting_fractions(a: Pos, b: Pos, p: Pos, q: Pos, out: &mut Vec<f64>) {
    let d = Pos {
        x: b.x - a.x,
        y: b.y - a.y,
    };
    let e = Pos {
        x: q.x - p.x,
        y: q.y - p.y,
    };
    let denom = d.x * e.y - d.y * e.x;
    let (wx, wy) = (p.x - a.x, p.y - a.y);
    let dd = d.x * d.x + d.y * d.y;
    if denom.abs() > EPS * dd.sqrt() * (e.x * e.x + e.y * e.y).sqrt() {
        let t = (wx * e.y - wy * e.x) / denom;
        let u = (wx * d.y - wy * d.x) / denom;
        if (-EPS..=1.0 + EPS).contains(&t) && (-EPS..=1.0 + EPS).contains(&u) {
            out.push(t.clamp(0.0, 1.0));
        }
    } else if dd > 0.0
        && point_segment_distance(p, a, b).min(point_segment_distance(q, a, b)) <= EPS
    {
        // parallel and touching: the shared stretch starts and ends at `p` or `q`
        for r in [p, q] {
            let t = ((r.x - a.x) * d.x + (r.y - a.y) * d.y) / dd;
            if (0.0..=1.0).contains(&t) {
                out.push(t);
            }
        }
    }
}

/// Where the segment `a`→`b` first passes through the interior of the outline,
/// as the fraction of its length at which it enters (0 when `a` is inside), or
/// `None` when it only touches the edge or stays outside. Exact: the segment is cut
/// at every edge it meets and each piece is tested once, so the work depends on
/// the number of edges, never on the length of the segment.
pub fn segment_crosses_polygon(outline: &[Pos], a: Pos, b: Pos) -> Option<f64> {
    crate::work::geometry();
    let n = outline.len();
    if n < 3 || !finite(outline) || !finite(&[a, b]) {
        return None;
    }
    let mut cuts = vec![0.0, 1.0];
    for i in 0..n {
        meeting_fractions(a, b, outline[i], outline[(i + 1) % n], &mut cuts);
    }
    cuts.sort_by(f64::total_cmp);
    cuts.dedup();
    cuts.windows(2)
        .filter(|w| w[1] > w[0])
        .find(|w| strictly_inside(outline, lerp(a, b, (w[0] + w[1]) / 2.0)))
        .map(|w| w[0])
}

/// Where the segment `a`→`b` first enters the open disc of `radius` round
/// `centre`, as a fraction of its length, or `None` (a tangent does not enter).
pub fn segment_crosses_circle(centre: Pos, radius: f64, a: Pos, b: Pos) -> Option<f64> {
    crate::work::geometry();
    if !finite(&[centre, a, b]) || !radius.is_finite() || radius <= 0.0 {
        return None;
    }
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let (fx, fy) = (a.x - centre.x, a.y - centre.y);
    let qa = dx * dx + dy * dy;
    let qc = fx * fx + fy * fy - radius * radius;
    if qa == 0.0 {
        return (qc < 0.0).then_some(0.0);
    }
    let qb = 2.0 * (fx * dx + fy * dy);
    let disc = qb * qb - 4.0 * qa * qc;
    if disc <= 0.0 {
        return None;
    }
    let root = disc.sqrt();
    let (t1, t2) = ((-qb - root) / (2.0 * qa), (-qb + root) / (2.0 * qa));
    (t1 < 1.0 && t2 > 0.0).then_some(t1.max(0.0))
}

/// Whether `p` lies strictly inside the circle.
pub fn circle_contains(centre: Pos, radius: f64, p: Pos) -> bool {
    crate::work::geometry();
    centre.distance(p) < radius - EPS
}

/// Distance from `p` to the circle's rim (inside or outside).
pub fn distance_to_circle_edge(centre: Pos, radius: f64, p: Pos) -> f64 {
    (centre.distance(p) - radius).abs()
}

/// Whether `p` lies strictly inside the area (an edge is outside): circles exactly,
/// other shapes by their outline. [`contains`] is the meaning with the edge included.
pub fn area_contains(area: &Area, p: Pos) -> bool {
    match area.shape {
        ShapeKind::Circle { centre, radius } if !area.outline.is_empty() => {
            circle_contains(centre, radius, p)
        }
        _ => strictly_inside(&area.outline, p),
    }
}

/// Distance from `p` to the area's edge: circles exactly, other shapes by outline.
pub fn distance_to_area_edge(area: &Area, p: Pos) -> f64 {
    match area.shape {
        ShapeKind::Circle { centre, radius } if !area.outline.is_empty() => {
            distance_to_circle_edge(centre, radius, p)
        }
        _ => distance_to_edge(&area.outline, p),
    }
}

/// Where the segment `a`→`b` first passes through the area's interior, as a
/// fraction of its length (see [`segment_crosses_polygon`]); circles exactly.
/// An area whose outline was refused (empty) is crossed by nothing.
pub fn segment_crosses_area(area: &Area, a: Pos, b: Pos) -> Option<f64> {
    match area.shape {
        _ if area.outline.is_empty() => None,
        ShapeKind::Circle { centre, radius } => segment_crosses_circle(centre, radius, a, b),
        _ => segment_crosses_polygon(&area.outline, a, b),
    }
}

/// The four corners of a rectangle from its south-west corner, anticlockwise.
pub fn rect_outline(corner: Pos, width: f64, depth: f64) -> Vec<Pos> {
    vec![
        corner,
        Pos {
            x: corner.x + width,
            y: corner.y,
        },
        Pos {
            x: corner.x + width,
            y: corner.y + depth,
        },
        Pos {
            x: corner.x,
            y: corner.y + depth,
        },
    ]
}

/// Points on a circle, anticlockwise from east, as many as [`CIRCLE_POINTS`].
pub fn circle_outline(centre: Pos, radius: f64) -> Vec<Pos> {
    (0..CIRCLE_POINTS)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / CIRCLE_POINTS as f64;
            Pos {
                x: centre.x + radius * a.cos(),
                y: centre.y + radius * a.sin(),
            }
        })
        .collect()
}

/// How many points approximate a circle.
pub const CIRCLE_POINTS: usize = 32;

/// Places a template offset: `rel.x` metres to the right of `facing`, `rel.y`
/// forward, from `origin`. Facing is a compass bearing (0 north, 90 east).
pub fn place(origin: Pos, facing: f64, rel: Pos) -> Pos {
    let (s, c) = facing.to_radians().sin_cos();
    // forward = (sin f, cos f); right = (cos f, -sin f)
    Pos {
        x: origin.x + rel.x * c + rel.y * s,
        y: origin.y - rel.x * s + rel.y * c,
    }
}

/// The compass bearing from `a` to `b` in degrees, 0..360.
pub fn bearing(a: Pos, b: Pos) -> f64 {
    let d = (b.x - a.x).atan2(b.y - a.y).to_degrees();
    if d < 0.0 {
        d + 360.0
    } else {
        d
    }
}

/// How far beyond half its width a point still stands on a road or track: a model's
/// base on the verge. The rulebook lets vehicles and runners go "along roads"
/// (§76, §113, §115, §120) without a width; this slack is the tool's one reading.
pub const ROAD_VERGE: f64 = 5.0;

/// The areas an element at `p` stands in: strictly inside ([`area_contains`]), so
/// one on the boundary has not entered the terrain (§59, §113, §120). The one
/// meaning for checks and the runners' pace alike.
pub fn areas_at(model: &Model, p: Pos) -> impl Iterator<Item = &Area> {
    model
        .spatial()
        .areas_near(p)
        .into_iter()
        .filter_map(|i| model.areas.get(i))
        .filter(move |a| area_contains(a, p))
}

/// Whether `p` is on a road or track: within half its width and [`ROAD_VERGE`] of
/// its centre line, or on a crossing (a bridge or ford carries the road over). The
/// one meaning of "on the road" for checks (§113, §115, §120) and runners (§76).
pub fn on_road_within(model: &Model, p: Pos) -> bool {
    lines_at(model, p)
        .filter(|l| matches!(l.kind, LineKind::Road | LineKind::Track))
        .any(|l| distance_to_polyline(&l.points, p) <= l.width / 2.0 + ROAD_VERGE)
        || on_crossing(model, p)
}

/// Whether `p` lies in the water of a river, nearer its centre line than half its
/// width (crossings are asked separately).
pub fn in_river(line: &Line, p: Pos) -> bool {
    line.kind == LineKind::River && distance_to_polyline(&line.points, p) < line.width / 2.0
}

/// How far `p` stands outside the area (0 inside it or on its edge).
pub fn distance_off_area(area: &Area, p: Pos) -> f64 {
    if area_contains(area, p) || contains(&area.outline, p) {
        0.0
    } else {
        distance_to_area_edge(area, p)
    }
}

/// How far `p` stands off the line beyond half its width (0 on the line).
pub fn distance_off_line(line: &Line, p: Pos) -> f64 {
    (distance_to_polyline(&line.points, p) - line.width / 2.0).max(0.0)
}

/// Whether `p` is on a bridge or ford: within half its length of where it stands.
pub fn on_crossing(model: &Model, p: Pos) -> bool {
    model
        .spatial()
        .crossings_near(p)
        .into_iter()
        .filter_map(|i| model.crossings.get(i))
        .any(|c| {
            crate::work::geometry();
            p.distance(c.at) <= c.length / 2.0
        })
}

/// The lines (in map order) that may cover `p`: every line within half its width
/// and a road's verge of it, and a few more; callers make the exact test.
pub fn lines_at(model: &Model, p: Pos) -> impl Iterator<Item = &Line> {
    model
        .spatial()
        .lines_near(p)
        .into_iter()
        .filter_map(|i| model.lines.get(i))
}

/// The first river (in map order) whose water holds `p` ([`in_river`]).
pub fn river_at(model: &Model, p: Pos) -> Option<&Line> {
    lines_at(model, p).find(|l| in_river(l, p))
}

/// Whether the segment `a`→`b` passes over a line: it meets the centre line, or
/// comes nearer to it than half its width. Exact, one test per line segment.
pub fn segment_crosses_line(line: &Line, a: Pos, b: Pos) -> bool {
    crate::work::geometry();
    if !finite(&line.points) || !finite(&[a, b]) {
        return false;
    }
    let seg = geo::Line::new(coord(a), coord(b));
    line.points.windows(2).any(|w| {
        let l = geo::Line::new(coord(w[0]), coord(w[1]));
        seg.intersects(&l) || Euclidean.distance(&seg, &l) < line.width / 2.0
    })
}

/// Whether a point lies on a table of `table` metres (edges included).
pub fn on_table(table: (f64, f64), p: Pos) -> bool {
    p.x >= 0.0 && p.y >= 0.0 && p.x <= table.0 && p.y <= table.1
}

/// The edges of a closed outline, the last point joined back to the first.
fn edges(outline: &[Pos]) -> impl Iterator<Item = (Pos, Pos)> + '_ {
    outline
        .iter()
        .copied()
        .zip(outline.iter().copied().cycle().skip(1))
}

/// The ground an outline encloses, in square metres (shoelace, unsigned).
pub fn outline_area(outline: &[Pos]) -> f64 {
    let twice: f64 = edges(outline).map(|(a, b)| a.x * b.y - b.x * a.y).sum();
    (twice / 2.0).abs()
}

/// Whether two non-adjacent edges of the outline meet (as written, no points merged).
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
            .any(|(_, &(c, d))| segments_meet(a, b, c, d))
    })
}

/// Whether the outline is a usable area: 3+ points, no crossing edges, some size.
pub fn is_usable_outline(outline: &[Pos]) -> bool {
    outline.len() >= 3 && outline_area(outline) > 1e-6 && !self_intersects(outline)
}

/// The bounding box of points: (min x, min y, max x, max y).
pub fn bbox(points: &[Pos]) -> (f64, f64, f64, f64) {
    points.iter().fold(
        (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ),
        |b, p| (b.0.min(p.x), b.1.min(p.y), b.2.max(p.x), b.3.max(p.y)),
    )
}

/// The ground two usable outlines share, in square metres.
pub fn overlap_area(a: &[Pos], b: &[Pos]) -> f64 {
    crate::work::geometry();
    let (ba, bb) = (bbox(a), bbox(b));
    if ba.2 <= bb.0 || bb.2 <= ba.0 || ba.3 <= bb.1 || bb.3 <= ba.1 {
        return 0.0;
    }
    // two rectangles square to the table (most areas drawn with `rect`) share
    // the rectangle where their boxes meet: no polygon clipping needed
    if is_box(a, ba) && is_box(b, bb) {
        return (ba.2.min(bb.2) - ba.0.max(bb.0)) * (ba.3.min(bb.3) - ba.1.max(bb.1));
    }
    polygon(a).intersection(&polygon(b)).unsigned_area()
}

/// Whether an outline is its own bounding box: four corners (a closing repeat
/// of the first allowed), each a corner of the box, each side along an axis.
fn is_box(points: &[Pos], b: (f64, f64, f64, f64)) -> bool {
    let corners = match points {
        [first @ .., last] if points.len() == 5 && first.first() == Some(last) => first,
        _ if points.len() == 4 => points,
        _ => return false,
    };
    let on_corner = |p: &Pos| (p.x == b.0 || p.x == b.2) && (p.y == b.1 || p.y == b.3);
    let along_axis = |p: &Pos, q: &Pos| (p.x == q.x) != (p.y == q.y);
    b.0 < b.2
        && b.1 < b.3
        && corners.iter().all(on_corner)
        && corners
            .iter()
            .zip(corners.iter().cycle().skip(1))
            .all(|(p, q)| along_axis(p, q))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Pos {
        Pos { x, y }
    }

    fn close(a: Pos, b: Pos) -> bool {
        a.distance(b) < 1e-6
    }

    #[test]
    fn rectangles_square_to_the_table_share_what_clipping_gives() {
        let a = rect_outline(p(0.0, 0.0), 200.0, 100.0);
        let b = rect_outline(p(150.0, 40.0), 200.0, 200.0);
        assert!(is_box(&a, bbox(&a)) && is_box(&b, bbox(&b)));
        let clipped = polygon(&a).intersection(&polygon(&b)).unsigned_area();
        assert!((overlap_area(&a, &b) - clipped).abs() < 1e-6);
        assert!((overlap_area(&a, &b) - 50.0 * 60.0).abs() < 1e-9);
        // a diamond fills only half its box: clipped as a polygon
        let diamond = vec![p(100.0, 0.0), p(200.0, 50.0), p(100.0, 100.0), p(0.0, 50.0)];
        assert!(!is_box(&diamond, bbox(&diamond)));
        assert!((overlap_area(&a, &diamond) - 10_000.0).abs() < 1e-6);
    }

    #[test]
    fn an_element_on_an_edge_has_not_entered_the_area() {
        let square = rect_outline(p(0.0, 0.0), 10.0, 10.0);
        // contains-including-edge, for shapes drawn on shapes
        assert!(contains(&square, p(0.0, 5.0)));
        assert!(contains(&square, p(5.0, 5.0)));
        assert!(!contains(&square, p(10.5, 5.0)));
        // where an element stands: one on the edge has not entered (§59)
        assert!(!strictly_inside(&square, p(0.0, 5.0)));
        assert!((distance_to_edge(&square, p(5.0, 2.0)) - 2.0).abs() < 1e-9);
        assert!((outline_area(&square) - 100.0).abs() < 1e-9);
        assert!(is_usable_outline(&square));
        let bow = vec![p(0.0, 0.0), p(10.0, 10.0), p(10.0, 0.0), p(0.0, 10.0)];
        assert!(self_intersects(&bow) && !is_usable_outline(&bow));
    }

    #[test]
    fn validity() {
        let square = rect_outline(p(0.0, 0.0), 10.0, 10.0);
        assert_eq!(polygon_is_valid(&square), Ok(()));
        assert_eq!(
            polygon_is_valid(&square[..2]),
            Err(ShapeProblem::TooFewPoints)
        );
        let dup = [p(0.0, 0.0), p(0.0, 0.0), p(1.0, 1.0)];
        assert_eq!(polygon_is_valid(&dup), Err(ShapeProblem::TooFewPoints));
        let flat = [p(0.0, 0.0), p(5.0, 0.0), p(10.0, 0.0)];
        assert_eq!(polygon_is_valid(&flat), Err(ShapeProblem::ZeroArea));
        let bowtie = [p(0.0, 0.0), p(10.0, 10.0), p(10.0, 0.0), p(0.0, 10.0)];
        assert_eq!(
            polygon_is_valid(&bowtie),
            Err(ShapeProblem::SelfIntersecting)
        );
        assert_eq!(polygon_is_valid(&circle_outline(p(5.0, 5.0), 3.0)), Ok(()));
    }

    #[test]
    fn containment_and_distance() {
        let square = rect_outline(p(0.0, 0.0), 100.0, 100.0);
        assert!(contains(&square, p(50.0, 50.0)));
        assert!(contains(&square, p(0.0, 50.0)));
        assert!(!contains(&square, p(150.0, 50.0)));
        assert!((distance_to_edge(&square, p(50.0, 30.0)) - 30.0).abs() < 1e-9);
        assert!((distance_to_edge(&square, p(130.0, 50.0)) - 30.0).abs() < 1e-9);
    }

    #[test]
    fn overlap() {
        let a = rect_outline(p(0.0, 0.0), 10.0, 10.0);
        let b = rect_outline(p(5.0, 5.0), 10.0, 10.0);
        let touching = rect_outline(p(10.0, 0.0), 10.0, 10.0);
        let inner = rect_outline(p(2.0, 2.0), 1.0, 1.0);
        assert!(overlaps(&a, &b));
        assert!(overlaps(&a, &a));
        assert!(overlaps(&a, &inner));
        assert!(!overlaps(&a, &touching));
    }

    #[test]
    fn placement_rotates_by_facing() {
        let o = p(100.0, 100.0);
        assert!(close(place(o, 0.0, p(10.0, 20.0)), p(110.0, 120.0)));
        // facing east: forward is +x, right is -y
        assert!(close(place(o, 90.0, p(10.0, 20.0)), p(120.0, 90.0)));
        assert!(close(place(o, 180.0, p(10.0, 20.0)), p(90.0, 80.0)));
        assert!((bearing(o, p(200.0, 100.0)) - 90.0).abs() < 1e-9);
    }

    #[test]
    fn segments_through_polygons_exactly() {
        let square = rect_outline(p(0.0, 0.0), 10.0, 10.0);
        // straight through: enters at x = 0, a fifth of the way
        let t = segment_crosses_polygon(&square, p(-2.5, 5.0), p(10.0, 5.0)).unwrap();
        assert!((t - 0.2).abs() < 1e-12);
        // a 1 m clip of a corner on a 10 km line (sampling every 25 m misses it)
        let clip =
            segment_crosses_polygon(&square, p(-5000.0, 9.5 - 5000.0), p(5000.0, 9.5 + 5000.0));
        assert!(clip.is_some());
        // along an edge, touching a corner, or outside: not through
        assert_eq!(
            segment_crosses_polygon(&square, p(0.0, -5.0), p(0.0, 15.0)),
            None
        );
        assert_eq!(
            segment_crosses_polygon(&square, p(-5.0, 5.0), p(5.0, 15.0)),
            None
        );
        assert_eq!(
            segment_crosses_polygon(&square, p(20.0, 0.0), p(20.0, 10.0)),
            None
        );
        // starting inside
        assert_eq!(
            segment_crosses_polygon(&square, p(5.0, 5.0), p(50.0, 5.0)),
            Some(0.0)
        );
        // a concave outline: the segment crosses the notch and enters the second arm
        let u = [
            p(0.0, 0.0),
            p(30.0, 0.0),
            p(30.0, 10.0),
            p(20.0, 10.0),
            p(20.0, 5.0),
            p(10.0, 5.0),
            p(10.0, 10.0),
            p(0.0, 10.0),
        ];
        let t = segment_crosses_polygon(&u, p(12.0, 8.0), p(40.0, 8.0)).unwrap();
        assert!((t - 8.0 / 28.0).abs() < 1e-12);
    }

    #[test]
    fn segments_through_circles_exactly() {
        let c = p(0.0, 0.0);
        let t = segment_crosses_circle(c, 5.0, p(-10.0, 0.0), p(10.0, 0.0)).unwrap();
        assert!((t - 0.25).abs() < 1e-12);
        assert_eq!(
            segment_crosses_circle(c, 5.0, p(-10.0, 5.0), p(10.0, 5.0)),
            None
        );
        assert_eq!(
            segment_crosses_circle(c, 5.0, p(6.0, 0.0), p(10.0, 0.0)),
            None
        );
        assert_eq!(
            segment_crosses_circle(c, 5.0, p(1.0, 0.0), p(10.0, 0.0)),
            Some(0.0)
        );
        assert_eq!(
            segment_crosses_circle(c, 5.0, p(-10.0, 0.0), p(-6.0, 0.0)),
            None
        );
        assert!(circle_contains(c, 5.0, p(3.0, 3.9)));
        assert!(!circle_contains(c, 5.0, p(3.0, 4.0)));
        assert!((distance_to_circle_edge(c, 5.0, p(0.0, 8.0)) - 3.0).abs() < 1e-12);
    }

    #[test]
    fn crossing_work_does_not_grow_with_length() {
        // a line of 1e12 m across a small square answers at once (no sampling)
        let square = rect_outline(p(0.0, 0.0), 10.0, 10.0);
        let t = segment_crosses_polygon(&square, p(5.0, -1e12), p(5.0, 1e12)).unwrap();
        assert!((t - 0.5).abs() < 1e-9);
    }

    #[test]
    fn circles_have_32_points() {
        let c = circle_outline(p(0.0, 0.0), 10.0);
        assert_eq!(c.len(), 32);
        assert!(c
            .iter()
            .all(|q| (q.distance(p(0.0, 0.0)) - 10.0).abs() < 1e-9));
    }
}
