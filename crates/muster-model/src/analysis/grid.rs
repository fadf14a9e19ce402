//! A uniform grid over table positions, so "every element within r metres" looks
//! at a few cells instead of every element of the table.

use crate::model::Pos;
// Cells are keyed by our own integer coordinates, never by input an attacker
// picks to collide, and every query hashes nine keys: a fast hash, not SipHash.
use foldhash::{HashMap, HashMapExt};

/// Items bucketed by the square cell their position falls in.
#[derive(Debug, Clone)]
pub(crate) struct Grid<T> {
    cell: f64,
    cells: HashMap<(i64, i64), Vec<(Pos, T)>>,
}

impl<T: Copy> Grid<T> {
    /// An empty grid of `cell`-metre squares (a query radius is a good size).
    pub fn new(cell: f64) -> Self {
        Grid {
            cell: if cell.is_finite() && cell > 0.0 {
                cell
            } else {
                1.0
            },
            cells: HashMap::new(),
        }
    }

    fn key(&self, p: Pos) -> (i64, i64) {
        // `as` saturates for huge or non-finite values: such points share an edge cell
        (
            (p.x / self.cell).floor() as i64,
            (p.y / self.cell).floor() as i64,
        )
    }

    pub fn insert(&mut self, p: Pos, item: T) {
        let k = self.key(p);
        self.cells.entry(k).or_default().push((p, item));
    }

    /// Every item within `r` metres of `p`, with its distance.
    pub fn within(&self, p: Pos, r: f64) -> Vec<(T, f64)> {
        let mut out = Vec::new();
        let (cx, cy) = self.key(p);
        let span = (r / self.cell).ceil().clamp(0.0, 64.0) as i64;
        for dx in -span..=span {
            for dy in -span..=span {
                let Some(items) = self
                    .cells
                    .get(&(cx.saturating_add(dx), cy.saturating_add(dy)))
                else {
                    continue;
                };
                for (q, item) in items {
                    let d = p.distance(*q);
                    if d <= r {
                        out.push((*item, d));
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_exactly_the_items_in_range() {
        let mut g = Grid::new(500.0);
        let pts = [
            (0.0, 0.0),
            (499.0, 0.0),
            (501.0, 0.0),
            (-300.0, -400.0),
            (1200.0, 0.0),
        ];
        for (i, (x, y)) in pts.iter().enumerate() {
            g.insert(Pos { x: *x, y: *y }, i);
        }
        let mut got: Vec<usize> = g
            .within(Pos { x: 0.0, y: 0.0 }, 500.0)
            .into_iter()
            .map(|(i, _)| i)
            .collect();
        got.sort();
        assert_eq!(got, vec![0, 1, 3]);
        assert!(g
            .within(
                Pos {
                    x: 5000.0,
                    y: 5000.0
                },
                500.0
            )
            .is_empty());
    }
}
