//! Label placement for the map, a pure function of boxes: fixed marks are
//! claimed first, then each label takes the first candidate spot that lies
//! inside the frame, overlaps no other label, keeps off hard marks (element and
//! place symbols) and whose leader line crosses no other leader; among those it
//! prefers the one touching the fewest soft marks (roads, rivers). A label with
//! no such spot is not drawn: the caller lists it in the map's key.

use muster_model::geometry::segments_cross;
use muster_model::model::Pos;

/// An axis-aligned box by its centre and size, in map units (y down).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub cx: f64,
    pub cy: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    fn overlap(&self, o: &Rect) -> f64 {
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
    labels: Vec<Rect>,
    /// Marks no label may cover (element and place symbols).
    hard: Vec<Rect>,
    /// Marks a label may cover, at a cost (roads, rivers, bridges).
    soft: Vec<Rect>,
    leaders: Vec<[f64; 4]>,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Placer {
    pub fn new(w: f64, h: f64) -> Placer {
        Placer::within(0.0, 0.0, w, h)
    }

    /// A placer whose labels must stay inside `x0..x1, y0..y1`.
    pub fn within(x0: f64, y0: f64, x1: f64, y1: f64) -> Placer {
        Placer {
            labels: Vec::new(),
            hard: Vec::new(),
            soft: Vec::new(),
            leaders: Vec::new(),
            x0,
            y0,
            x1,
            y1,
        }
    }

    /// Claims a mark no label may cover.
    pub fn claim_hard(&mut self, r: Rect) {
        self.hard.push(r);
    }

    /// Claims a mark a label may cover if nothing better is free.
    pub fn claim_soft(&mut self, r: Rect) {
        self.soft.push(r);
    }

    fn allowed(&self, s: &Spot) -> bool {
        let r = &s.rect;
        r.inside(self.x0, self.y0, self.x1, self.y1)
            && self.labels.iter().all(|t| r.overlap(t) <= 0.0)
            && self.hard.iter().all(|t| r.overlap(t) <= 0.0)
            && s.leader.is_none_or(|l| {
                self.leaders.iter().all(|o| !leaders_cross(&l, o))
                    && self
                        .labels
                        .iter()
                        .all(|t| !t.crossed_by((l[0], l[1]), (l[2], l[3])))
            })
            && self
                .leaders
                .iter()
                .all(|o| !r.crossed_by((o[0], o[1]), (o[2], o[3])))
    }

    fn cost(&self, r: &Rect) -> f64 {
        self.soft.iter().map(|t| r.overlap(t)).sum::<f64>()
    }

    /// Chooses among candidates (best first): the first allowed one touching no
    /// soft mark, else the allowed one touching the least. Claims it and returns
    /// its index, or `None` when every candidate is refused.
    pub fn place(&mut self, candidates: &[Spot]) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for (i, c) in candidates.iter().enumerate() {
            if !self.allowed(c) {
                continue;
            }
            let cost = self.cost(&c.rect);
            if best.is_none_or(|(_, b)| cost < b) {
                best = Some((i, cost));
            }
            if cost <= 0.0 {
                break;
            }
        }
        let (i, _) = best?;
        let c = candidates.get(i)?;
        self.labels.push(c.rect);
        if let Some(l) = c.leader {
            self.leaders.push(l);
        }
        Some(i)
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
