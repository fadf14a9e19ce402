//! Label placement for the map, a pure function of boxes: fixed marks are
//! claimed first, then each label takes the first candidate spot that lies
//! inside the frame, overlaps no other label, keeps off hard marks (element and
//! place symbols) and whose leader line crosses no other leader; among those it
//! prefers the one touching the fewest soft marks (roads, rivers). A label with
//! no such spot is not drawn: the caller lists it in the map's key. Every
//! claim goes into an R-tree, so a candidate is checked against the few boxes
//! near it, never against every box of a big map.

use muster_model::geometry::segments_cross;
use muster_model::model::Pos;
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{RTree, AABB};

type Boxed = Rectangle<[f64; 2]>;

/// An axis-aligned box by its centre and size, in map units (y down).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub cx: f64,
    pub cy: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    fn lo(&self) -> [f64; 2] {
        [self.cx - self.w / 2.0, self.cy - self.h / 2.0]
    }

    fn hi(&self) -> [f64; 2] {
        [self.cx + self.w / 2.0, self.cy + self.h / 2.0]
    }

    fn envelope(&self) -> AABB<[f64; 2]> {
        AABB::from_corners(self.lo(), self.hi())
    }

    fn boxed(&self) -> Boxed {
        Rectangle::from_corners(self.lo(), self.hi())
    }

    fn of(b: &Boxed) -> Rect {
        let (lo, hi) = (b.lower(), b.upper());
        Rect {
            cx: (lo[0] + hi[0]) / 2.0,
            cy: (lo[1] + hi[1]) / 2.0,
            w: hi[0] - lo[0],
            h: hi[1] - lo[1],
        }
    }

    pub(crate) fn overlap(&self, o: &Rect) -> f64 {
        let dx = (self.w + o.w) / 2.0 - (self.cx - o.cx).abs();
        let dy = (self.h + o.h) / 2.0 - (self.cy - o.cy).abs();
        if dx > 0.0 && dy > 0.0 {
            dx.min(self.w).min(o.w) * dy.min(self.h).min(o.h)
        } else {
            0.0
        }
    }

    /// Whether the box lies wholly inside `x0..x1, y0..y1`.
    fn inside(&self, x0: f64, y0: f64, x1: f64, y1: f64) -> bool {
        self.cx - self.w / 2.0 >= x0
            && self.cx + self.w / 2.0 <= x1
            && self.cy - self.h / 2.0 >= y0
            && self.cy + self.h / 2.0 <= y1
    }

    /// Whether the segment `a`-`b` passes through the box.
    fn crossed_by(&self, a: (f64, f64), b: (f64, f64)) -> bool {
        let (x0, x1) = (self.cx - self.w / 2.0, self.cx + self.w / 2.0);
        let (y0, y1) = (self.cy - self.h / 2.0, self.cy + self.h / 2.0);
        // Liang-Barsky clipping.
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let mut t0: f64 = 0.0;
        let mut t1: f64 = 1.0;
        for (p, q) in [
            (-dx, a.0 - x0),
            (dx, x1 - a.0),
            (-dy, a.1 - y0),
            (dy, y1 - a.1),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let r = q / p;
                if p < 0.0 {
                    t0 = t0.max(r);
                } else {
                    t1 = t1.min(r);
                }
            }
        }
        t0 < t1
    }
}

/// A candidate spot: the label's box and, for a symbol moved off its centre,
/// its leader line (from the true centre to the box).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spot {
    pub rect: Rect,
    pub leader: Option<[f64; 4]>,
}

impl From<Rect> for Spot {
    fn from(rect: Rect) -> Spot {
        Spot { rect, leader: None }
    }
}

/// The boxes claimed so far on a map whose frame is `x0..x1, y0..y1` (the whole
/// table, or the window of a map extract).
#[derive(Debug, Clone)]
pub struct Placer {
    /// Labels placed: nothing may overlap them.
    labels: RTree<Boxed>,
    /// Marks no label may cover (element and place symbols).
    hard: RTree<Boxed>,
    /// Marks a label may cover, at a cost (roads, rivers, bridges).
    soft: RTree<Boxed>,
    /// Leader lines drawn, by their boxes.
    leaders: RTree<GeomWithData<Boxed, [f64; 4]>>,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

/// The box around a leader line.
fn leader_box(l: &[f64; 4]) -> AABB<[f64; 2]> {
    AABB::from_corners([l[0], l[1]], [l[2], l[3]])
}

impl Placer {
    pub fn new(w: f64, h: f64) -> Placer {
        Placer::within(0.0, 0.0, w, h)
    }

    /// A placer whose labels must stay inside `x0..x1, y0..y1`.
    pub fn within(x0: f64, y0: f64, x1: f64, y1: f64) -> Placer {
        Placer {
            labels: RTree::new(),
            hard: RTree::new(),
            soft: RTree::new(),
            leaders: RTree::new(),
            x0,
            y0,
            x1,
            y1,
        }
    }

    /// The frame labels must stay inside: `[x0, y0, x1, y1]`.
    pub fn frame(&self) -> [f64; 4] {
        [self.x0, self.y0, self.x1, self.y1]
    }

    /// Claims a mark no label may cover.
    pub fn claim_hard(&mut self, r: Rect) {
        self.hard.insert(r.boxed());
    }

    /// Claims many marks a label may cover if nothing better is free.
    pub fn claim_soft_all(&mut self, rs: Vec<Rect>) {
        let mut all: Vec<Boxed> = self.soft.iter().copied().collect();
        all.extend(rs.iter().map(Rect::boxed));
        self.soft = RTree::bulk_load(all);
    }

    /// Claims a mark a label may cover if nothing better is free.
    #[cfg(test)]
    pub fn claim_soft(&mut self, r: Rect) {
        self.soft.insert(r.boxed());
    }

    /// Whether `r` overlaps a box of `tree`.
    fn hits(tree: &RTree<Boxed>, r: &Rect) -> bool {
        tree.locate_in_envelope_intersecting(&r.envelope())
            .any(|t| r.overlap(&Rect::of(t)) > 0.0)
    }

    fn allowed(&self, s: &Spot) -> bool {
        let r = &s.rect;
        r.inside(self.x0, self.y0, self.x1, self.y1)
            && !Placer::hits(&self.labels, r)
            && !Placer::hits(&self.hard, r)
            && s.leader.is_none_or(|l| {
                let env = leader_box(&l);
                self.leaders
                    .locate_in_envelope_intersecting(&env)
                    .all(|o| !leaders_cross(&l, &o.data))
                    && self
                        .labels
                        .locate_in_envelope_intersecting(&env)
                        .all(|t| !Rect::of(t).crossed_by((l[0], l[1]), (l[2], l[3])))
            })
            && self
                .leaders
                .locate_in_envelope_intersecting(&r.envelope())
                .all(|o| !r.crossed_by((o.data[0], o.data[1]), (o.data[2], o.data[3])))
    }

    /// How much of `r` lies on marks no label may cover and on labels
    /// placed: for choosing the least bad spot where none is free.
    pub fn crowding(&self, r: &Rect) -> f64 {
        let env = r.envelope();
        self.hard
            .locate_in_envelope_intersecting(&env)
            .chain(self.labels.locate_in_envelope_intersecting(&env))
            .map(|t| r.overlap(&Rect::of(t)))
            .sum()
    }

    fn cost(&self, r: &Rect) -> f64 {
        self.soft
            .locate_in_envelope_intersecting(&r.envelope())
            .map(|t| r.overlap(&Rect::of(t)))
            .sum::<f64>()
    }

    /// Chooses among candidates (best first): the first allowed one touching no
    /// soft mark, else the allowed one touching the least. Claims it and returns
    /// its index, or `None` when every candidate is refused.
    pub fn place(&mut self, candidates: &[Spot]) -> Option<usize> {
        let (i, _) = self.place_from(candidates.iter().copied())?;
        Some(i)
    }

    /// [`Placer::place`] over candidates made as they are asked for: a label
    /// along a line of many points stops making them at the first free spot,
    /// so its work and memory follow how far it looked, not the line's length.
    /// Returns the chosen candidate's index and the candidate.
    pub fn place_from(
        &mut self,
        candidates: impl IntoIterator<Item = Spot>,
    ) -> Option<(usize, Spot)> {
        let mut best: Option<(usize, Spot, f64)> = None;
        for (i, c) in candidates.into_iter().enumerate() {
            crate::work::spot();
            if !self.allowed(&c) {
                continue;
            }
            let cost = self.cost(&c.rect);
            if best.is_none_or(|(_, _, b)| cost < b) {
                best = Some((i, c, cost));
            }
            if cost <= 0.0 {
                break;
            }
        }
        let (i, c, _) = best?;
        self.labels.insert(c.rect.boxed());
        if let Some(l) = c.leader {
            let b = leader_box(&l);
            self.leaders
                .insert(GeomWithData::new(Rectangle::from_aabb(b), l));
        }
        Some((i, c))
    }
}

/// Whether two leader lines (from x, y to x, y) cross.
fn leaders_cross(a: &[f64; 4], b: &[f64; 4]) -> bool {
    let p = |x: f64, y: f64| Pos { x, y };
    segments_cross(p(a[0], a[1]), p(a[2], a[3]), p(b[0], b[1]), p(b[2], b[3]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(cx: f64, cy: f64) -> Spot {
        Rect {
            cx,
            cy,
            w: 10.0,
            h: 4.0,
        }
        .into()
    }

    #[test]
    fn second_label_moves_to_a_free_spot() {
        let mut p = Placer::new(100.0, 100.0);
        assert_eq!(p.place(&[r(50.0, 50.0)]), Some(0));
        assert_eq!(p.place(&[r(52.0, 50.0), r(50.0, 55.0)]), Some(1));
    }

    #[test]
    fn a_label_with_no_free_spot_is_not_placed() {
        let mut p = Placer::new(100.0, 100.0);
        p.claim_hard(r(50.0, 50.0).rect);
        assert_eq!(p.place(&[r(50.0, 50.0), r(55.0, 50.0)]), None);
    }

    #[test]
    fn spots_off_the_map_are_refused() {
        let mut p = Placer::new(100.0, 100.0);
        assert_eq!(p.place(&[r(2.0, 50.0), r(8.0, 50.0)]), Some(1));
    }

    #[test]
    fn soft_marks_are_avoided_when_possible() {
        let mut p = Placer::new(100.0, 100.0);
        p.claim_soft(r(50.0, 50.0).rect);
        assert_eq!(p.place(&[r(50.0, 50.0), r(50.0, 70.0)]), Some(1));
        assert_eq!(p.place(&[r(52.0, 50.0)]), Some(0));
    }

    #[test]
    fn leaders_may_not_cross() {
        let mut p = Placer::new(100.0, 100.0);
        let lead = |l: [f64; 4], cx: f64, cy: f64| Spot {
            rect: Rect {
                cx,
                cy,
                w: 4.0,
                h: 4.0,
            },
            leader: Some(l),
        };
        assert_eq!(
            p.place(&[lead([10.0, 10.0, 50.0, 50.0], 52.0, 52.0)]),
            Some(0)
        );
        assert_eq!(p.place(&[lead([10.0, 50.0, 50.0, 10.0], 52.0, 8.0)]), None);
        assert!(leaders_cross(&[0.0, 0.0, 2.0, 2.0], &[0.0, 2.0, 2.0, 0.0]));
        assert!(!leaders_cross(&[0.0, 0.0, 1.0, 0.0], &[0.0, 1.0, 1.0, 1.0]));
    }
}
