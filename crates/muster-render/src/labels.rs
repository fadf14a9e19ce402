//! Greedy label placement for the briefing map: every label and symbol claims a
//! box; later ones take the first candidate spot that overlaps nothing, or the one
//! that overlaps least, so names stay readable where the map is crowded.

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

    /// How much of the box lies outside `0..w, 0..h`.
    fn outside(&self, w: f64, h: f64) -> f64 {
        let over = |lo: f64, hi: f64, max: f64| (-lo).max(0.0) + (hi - max).max(0.0);
        over(self.cx - self.w / 2.0, self.cx + self.w / 2.0, w) * self.h
            + over(self.cy - self.h / 2.0, self.cy + self.h / 2.0, h) * self.w
    }
}

/// The boxes claimed so far on a map of `w` by `h`.
#[derive(Debug, Clone)]
pub struct Placer {
    taken: Vec<Rect>,
    w: f64,
    h: f64,
}

impl Placer {
    pub fn new(w: f64, h: f64) -> Placer {
        Placer {
            taken: Vec::new(),
            w,
            h,
        }
    }

    /// Claims a box without choosing (a symbol fixed where it stands).
    pub fn claim(&mut self, r: Rect) {
        self.taken.push(r);
    }

    fn cost(&self, r: &Rect) -> f64 {
        // Leaving the map is worse than sitting on another label.
        self.taken.iter().map(|t| r.overlap(t)).sum::<f64>() + 4.0 * r.outside(self.w, self.h)
    }

    /// Takes the first candidate that touches nothing, else the least-overlapping
    /// one (the first when there are none), claims it and returns its index.
    pub fn place(&mut self, candidates: &[Rect]) -> usize {
        let mut best = (0, f64::INFINITY);
        for (i, c) in candidates.iter().enumerate() {
            let cost = self.cost(c);
            if cost <= 0.0 {
                best = (i, 0.0);
                break;
            }
            if cost < best.1 {
                best = (i, cost);
            }
        }
        if let Some(r) = candidates.get(best.0) {
            self.taken.push(*r);
        }
        best.0
    }
}

/// A rough width of `text` set in `size` units of Liberation Sans.
pub fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    let per = if bold { 0.6 } else { 0.54 };
    text.chars().count() as f64 * per * size
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(cx: f64, cy: f64) -> Rect {
        Rect {
            cx,
            cy,
            w: 10.0,
            h: 4.0,
        }
    }

    #[test]
    fn second_label_moves_to_a_free_spot() {
        let mut p = Placer::new(100.0, 100.0);
        assert_eq!(p.place(&[r(50.0, 50.0)]), 0);
        assert_eq!(p.place(&[r(52.0, 50.0), r(50.0, 55.0)]), 1);
    }

    #[test]
    fn least_overlap_wins_when_nothing_is_free() {
        let mut p = Placer::new(100.0, 100.0);
        p.claim(r(50.0, 50.0));
        assert_eq!(p.place(&[r(50.0, 50.0), r(55.0, 50.0)]), 1);
    }

    #[test]
    fn spots_off_the_map_are_avoided() {
        let mut p = Placer::new(100.0, 100.0);
        assert_eq!(p.place(&[r(2.0, 50.0), r(8.0, 50.0)]), 1);
    }
}
