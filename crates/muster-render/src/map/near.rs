//! How a reader judges a label against what it names: the gap on paper between
//! the label's box and the feature's drawn shape (a mark's box, an area's
//! outline, a line), and whether the two stand on the same side of every water
//! line, water area and linear obstacle. The placer keeps to these; the
//! browser test measures the printed result the same way.

use super::placer::Rect;
use muster_model::geometry::{
    box_gap, closest_on_segment, contains, segment_box_distance, segments_cross,
};
use muster_model::model::Pos;
use rstar::primitives::{GeomWithData, Line};
use rstar::{Envelope as _, RTree, AABB};

fn pos((x, y): (f64, f64)) -> Pos {
    Pos { x, y }
}

fn corners(r: &Rect) -> (Pos, Pos) {
    (
        Pos {
            x: r.cx - r.w / 2.0,
            y: r.cy - r.h / 2.0,
        },
        Pos {
            x: r.cx + r.w / 2.0,
            y: r.cy + r.h / 2.0,
        },
    )
}

/// What a label names, as drawn (map units, y down).
#[derive(Debug, Clone)]
pub enum Shape {
    /// A mark: a place dot, a bridge, an arrow's head.
    Mark(Rect),
    /// An area's outline: a label whose centre is inside stands on it.
    Area(Drawn),
    /// A line or an arrow, through its points.
    Path(Drawn),
}

/// The segments of a line or outline above which they are looked up in an
/// R-tree: a name is tried at many spots along a long line, and measuring
/// every segment for each spot would grow with the square of its points.
const INDEXED: usize = 32;

/// The points of a drawn line or outline, with its segments in an R-tree (each
/// with its index) once there are many.
#[derive(Debug, Clone)]
pub struct Drawn {
    points: Vec<(f64, f64)>,
    closed: bool,
    index: Option<RTree<GeomWithData<Line<[f64; 2]>, usize>>>,
}

impl Drawn {
    fn new(points: Vec<(f64, f64)>, closed: bool) -> Drawn {
        let index = (points.len() > INDEXED + 1).then(|| {
            RTree::bulk_load(
                edges(&points, closed)
                    .enumerate()
                    .map(|(i, (a, b))| GeomWithData::new(Line::new([a.x, a.y], [b.x, b.y]), i))
                    .collect(),
            )
        });
        Drawn {
            points,
            closed,
            index,
        }
    }

    pub fn points(&self) -> &[(f64, f64)] {
        &self.points
    }

    /// The least distance from the box `bx` to a segment: exactly the minimum
    /// over all of them, found among those near the box when indexed (a
    /// segment within `d` of the box meets the box grown by `d`).
    fn distance(&self, bx: (Pos, Pos)) -> f64 {
        let Some(index) = &self.index else {
            return edges(&self.points, self.closed)
                .map(|(a, b)| segment_box_distance(a, b, bx))
                .fold(f64::INFINITY, f64::min);
        };
        let all = index.root().envelope();
        let (lo, hi) = bx;
        let mut d = (hi.x - lo.x).max(hi.y - lo.y).max(1.0);
        loop {
            let grown = AABB::from_corners([lo.x - d, lo.y - d], [hi.x + d, hi.y + d]);
            let best = index
                .locate_in_envelope_intersecting(&grown)
                .map(|s| {
                    crate::work::segments(1);
                    let (a, b) = (s.geom().from, s.geom().to);
                    segment_box_distance(pos((a[0], a[1])), pos((b[0], b[1])), bx)
                })
                .fold(f64::INFINITY, f64::min);
            if best <= d || grown.contains_envelope(&all) {
                return best;
            }
            d *= 4.0;
        }
    }

    /// Whether a segment lies within `limit` of the box `bx`: stops at the
    /// first one, and when indexed looks only at those near the box, so a
    /// name tried at many spots beside a long, dense line measures a few
    /// segments at each, not every segment under it.
    fn within(&self, bx: (Pos, Pos), limit: f64) -> bool {
        let close = |(a, b): (Pos, Pos)| segment_box_distance(a, b, bx) <= limit;
        let Some(index) = &self.index else {
            return edges(&self.points, self.closed).any(close);
        };
        let (lo, hi) = bx;
        let grown = AABB::from_corners([lo.x - limit, lo.y - limit], [hi.x + limit, hi.y + limit]);
        index.locate_in_envelope_intersecting(&grown).any(|s| {
            crate::work::segments(1);
            let (a, b) = (s.geom().from, s.geom().to);
            close((pos((a[0], a[1])), pos((b[0], b[1]))))
        })
    }

    /// The point of the line nearest to `p`; on a tie, the one on the
    /// segment that comes first, as a scan of every segment would find.
    fn nearest(&self, p: Pos) -> Option<Pos> {
        let first_of = |segs: &mut dyn Iterator<Item = (Pos, Pos)>| {
            segs.map(|(a, b)| closest_on_segment(p, a, b))
                .min_by(|a, b| a.distance(p).total_cmp(&b.distance(p)))
        };
        let Some(index) = &self.index else {
            return first_of(&mut edges(&self.points, self.closed));
        };
        // The nearest by the R-tree's measure, then every segment as near up
        // to rounding, measured as the scan measures them, in their order.
        // One search: the iterator goes on from the nearest.
        let mut near = index.nearest_neighbor_iter_with_distance_2(&[p.x, p.y]);
        let (first, d2) = near.next()?;
        let reach = d2.sqrt() * (1.0 + 1e-9) + 1e-9;
        let mut close: Vec<&GeomWithData<Line<[f64; 2]>, usize>> = std::iter::once(first)
            .chain(
                near.take_while(|(_, d2)| d2.sqrt() <= reach)
                    .map(|(s, _)| s),
            )
            .collect();
        crate::work::segments(close.len());
        close.sort_by_key(|s| s.data);
        first_of(&mut close.into_iter().map(|s| {
            let (a, b) = (s.geom().from, s.geom().to);
            (pos((a[0], a[1])), pos((b[0], b[1])))
        }))
    }
}

impl Shape {
    /// An area's outline.
    pub fn area(points: Vec<(f64, f64)>) -> Shape {
        Shape::Area(Drawn::new(points, true))
    }

    /// A line or an arrow through `points`.
    pub fn path(points: Vec<(f64, f64)>) -> Shape {
        Shape::Path(Drawn::new(points, false))
    }

    /// The gap between the box `r` and the shape: 0 when they touch.
    pub fn gap(&self, r: &Rect) -> f64 {
        let bx = corners(r);
        match self {
            Shape::Mark(m) => box_gap(corners(m), bx),
            Shape::Area(drawn) => {
                let ps = drawn.points();
                let centre = Pos { x: r.cx, y: r.cy };
                crate::work::segments(ps.len());
                if ps.len() >= 3
                    && contains(&ps.iter().copied().map(pos).collect::<Vec<_>>(), centre)
                {
                    return 0.0;
                }
                drawn.distance(bx)
            }
            Shape::Path(drawn) => match drawn.points() {
                [only] => box_gap((pos(*only), pos(*only)), bx),
                _ => drawn.distance(bx),
            },
        }
    }

    /// Whether the box `r` stands within `limit` of the shape: the same as
    /// `gap(r) <= limit`, without measuring the whole shape.
    pub fn within(&self, r: &Rect, limit: f64) -> bool {
        let bx = corners(r);
        match self {
            Shape::Mark(m) => box_gap(corners(m), bx) <= limit,
            Shape::Area(drawn) => {
                let ps = drawn.points();
                let centre = Pos { x: r.cx, y: r.cy };
                crate::work::segments(ps.len());
                (ps.len() >= 3
                    && contains(&ps.iter().copied().map(pos).collect::<Vec<_>>(), centre))
                    || drawn.within(bx, limit)
            }
            Shape::Path(drawn) => match drawn.points() {
                [only] => box_gap((pos(*only), pos(*only)), bx) <= limit,
                _ => drawn.within(bx, limit),
            },
        }
    }

    /// The point of the shape nearest to `(x, y)`: where a leader starts.
    pub fn nearest(&self, x: f64, y: f64) -> (f64, f64) {
        let p = Pos { x, y };
        let found = match self {
            Shape::Mark(m) => Some(Pos {
                x: x.clamp(m.cx - m.w / 2.0, m.cx + m.w / 2.0),
                y: y.clamp(m.cy - m.h / 2.0, m.cy + m.h / 2.0),
            }),
            Shape::Area(drawn) => drawn.nearest(p),
            Shape::Path(drawn) => match drawn.points() {
                [only] => Some(pos(*only)),
                _ => drawn.nearest(p),
            },
        };
        found.map_or((x, y), |q| (q.x, q.y))
    }

    /// The box around the shape.
    pub fn bounds(&self) -> Rect {
        match self {
            Shape::Mark(m) => *m,
            Shape::Area(drawn) | Shape::Path(drawn) => {
                let ps = drawn.points();
                let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
                for (x, y) in ps {
                    x0 = x0.min(*x);
                    y0 = y0.min(*y);
                    x1 = x1.max(*x);
                    y1 = y1.max(*y);
                }
                if x0 > x1 {
                    return Rect {
                        cx: 0.0,
                        cy: 0.0,
                        w: 0.0,
                        h: 0.0,
                    };
                }
                Rect {
                    cx: (x0 + x1) / 2.0,
                    cy: (y0 + y1) / 2.0,
                    w: x1 - x0,
                    h: y1 - y0,
                }
            }
        }
    }
}

/// The segments of a polyline, closed back to its start for an outline.
fn edges(ps: &[(f64, f64)], closed: bool) -> impl Iterator<Item = (Pos, Pos)> + '_ {
    let n = ps.len();
    let count = if closed && n >= 3 {
        n
    } else {
        n.saturating_sub(1)
    };
    crate::work::segments(count);
    (0..count).filter_map(move |i| Some((pos(*ps.get(i)?), pos(*ps.get((i + 1) % n)?))))
}

/// Something a label may not be read across, and who it is.
struct Barrier {
    /// `line:ID` or `area:ID`: a feature's own line or water never separates
    /// it from its label.
    id: String,
    /// A water area's outline: a feature standing in it (a bridge) may be
    /// labelled on either bank.
    outline: Option<Vec<Pos>>,
}

/// Water lines, water areas and linear obstacles, indexed by their segments.
pub struct Barriers {
    owners: Vec<Barrier>,
    segments: RTree<GeomWithData<Line<[f64; 2]>, usize>>,
}

impl Barriers {
    /// `lines` are (id, points) of the lines that divide the ground (rivers,
    /// walls, hedges, wire); `waters` (id, outline) of the water areas.
    pub fn new(
        lines: Vec<(String, &[(f64, f64)])>,
        waters: Vec<(String, &[(f64, f64)])>,
    ) -> Barriers {
        let mut owners = Vec::new();
        let mut segs = Vec::new();
        for (id, ps) in lines {
            let owner = owners.len();
            owners.push(Barrier { id, outline: None });
            for (a, b) in edges(ps, false) {
                segs.push(GeomWithData::new(Line::new([a.x, a.y], [b.x, b.y]), owner));
            }
        }
        for (id, ps) in waters {
            let owner = owners.len();
            owners.push(Barrier {
                id,
                outline: Some(ps.iter().copied().map(pos).collect()),
            });
            for (a, b) in edges(ps, true) {
                segs.push(GeomWithData::new(Line::new([a.x, a.y], [b.x, b.y]), owner));
            }
        }
        Barriers {
            owners,
            segments: RTree::bulk_load(segs),
        }
    }

    /// Whether a barrier other than `own` parts the shape from a name whose
    /// box `r`, centred on its text, stands within `limit` of it: the sight
    /// line from the shape's point nearest the box's centre, as
    /// [`Barriers::between`] measures it. That point lies within `limit` and
    /// half the box's diagonal of the centre, so it is looked for only when
    /// another barrier comes that near.
    pub fn parts(&self, shape: &Shape, r: &Rect, limit: f64, own: &str) -> bool {
        let reach = limit + r.w.hypot(r.h) / 2.0;
        let square = AABB::from_corners([r.cx - reach, r.cy - reach], [r.cx + reach, r.cy + reach]);
        let other = self
            .segments
            .locate_in_envelope_intersecting(&square)
            .any(|s| {
                crate::work::segments(1);
                self.owners.get(s.data).is_some_and(|o| o.id != own)
            });
        other && self.between(shape.nearest(r.cx, r.cy), (r.cx, r.cy), own)
    }

    /// Whether the sight line from a feature at `from` to its label at `to`
    /// crosses a barrier other than the feature `own` itself.
    pub fn between(&self, from: (f64, f64), to: (f64, f64), own: &str) -> bool {
        let env = AABB::from_corners([from.0, from.1], [to.0, to.1]);
        let (a, b) = (pos(from), pos(to));
        self.segments
            .locate_in_envelope_intersecting(&env)
            .any(|s| {
                crate::work::segments(1);
                let Some(owner) = self.owners.get(s.data) else {
                    return false;
                };
                if owner.id == own {
                    return false;
                }
                let (p, q) = (s.geom().from, s.geom().to);
                if !segments_cross(a, b, pos((p[0], p[1])), pos((q[0], q[1]))) {
                    return false;
                }
                // A feature in the water (a bridge) may be named from either bank.
                owner.outline.as_ref().is_none_or(|o| !contains(o, a))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(cx: f64, cy: f64, w: f64, h: f64) -> Rect {
        Rect { cx, cy, w, h }
    }

    #[test]
    fn gaps_are_measured_to_the_drawn_shape() {
        let mark = Shape::Mark(rect(0.0, 0.0, 2.0, 2.0));
        assert_eq!(mark.gap(&rect(4.0, 0.0, 2.0, 2.0)), 2.0);
        let area = Shape::area(vec![(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
        assert_eq!(area.gap(&rect(5.0, 5.0, 2.0, 2.0)), 0.0);
        assert_eq!(area.gap(&rect(14.0, 5.0, 2.0, 2.0)), 3.0);
        let line = Shape::path(vec![(0.0, 0.0), (0.0, 100.0)]);
        assert_eq!(line.gap(&rect(3.0, 50.0, 2.0, 2.0)), 2.0);
        assert_eq!(line.nearest(3.0, 50.0), (0.0, 50.0));
        // Within a limit exactly when the gap is.
        for (shape, r) in [
            (&mark, rect(4.0, 0.0, 2.0, 2.0)),
            (&area, rect(14.0, 5.0, 2.0, 2.0)),
            (&line, rect(3.0, 50.0, 2.0, 2.0)),
        ] {
            let g = shape.gap(&r);
            assert!(shape.within(&r, g) && !shape.within(&r, g - 0.01));
        }
        let long = Shape::path((0..200).map(|i| (f64::from(i), f64::from(i % 2))).collect());
        let far = rect(100.0, 10.0, 2.0, 2.0);
        assert_eq!(long.gap(&far), 8.0);
        assert!(long.within(&far, 8.0) && !long.within(&far, 7.99));
    }

    #[test]
    fn a_label_across_a_river_is_refused_but_its_own_river_is_not() {
        let river = [(10.0, -100.0), (10.0, 100.0)];
        let canal = [(20.0, -100.0), (30.0, -100.0), (30.0, 100.0), (20.0, 100.0)];
        let b = Barriers::new(
            vec![("line:river".into(), &river[..])],
            vec![("area:canal".into(), &canal[..])],
        );
        assert!(b.between((0.0, 0.0), (15.0, 0.0), "place:cafe"));
        assert!(!b.between((0.0, 0.0), (8.0, 0.0), "place:cafe"));
        assert!(!b.between((0.0, 0.0), (15.0, 0.0), "line:river"));
        // Into the canal from the bank, and out of it from a bridge.
        assert!(b.between((15.0, 0.0), (25.0, 0.0), "place:quay"));
        assert!(!b.between((25.0, 0.0), (35.0, 0.0), "crossing:bridge"));
    }
}
