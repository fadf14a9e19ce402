//! The table grid: a line every 100 mm of table (200 m of ground at §1's scale),
//! columns lettered west to east along the south edge, rows numbered south to
//! north along the west edge, and metre ticks, so an umpire can lay terrain and
//! troops square by square. Also the conversions the set-up sheet prints.

use serde::Serialize;

use super::font::text_width;
use super::svg::num;

/// Table millimetres between grid lines.
pub const GRID_MM: f64 = 100.0;

/// The grid of one map, in map user units (metres, y down).
#[derive(Debug, Clone, Serialize)]
pub struct Grid {
    /// Ground metres between grid lines.
    pub step: f64,
    /// Every grid line inside the table, one SVG path.
    pub lines: String,
    /// Metre ticks every half square on all four edges, one SVG path.
    pub ticks: String,
    /// Column letters under the south edge.
    pub columns: Vec<GridLabel>,
    /// Row numbers beside the west edge.
    pub rows: Vec<GridLabel>,
    /// Metres east along the north edge.
    pub east: Vec<GridLabel>,
    /// Metres north along the east edge.
    pub north: Vec<GridLabel>,
}

/// One edge label of the grid.
#[derive(Debug, Clone, Serialize)]
pub struct GridLabel {
    pub x: f64,
    pub y: f64,
    pub text: String,
}

/// Ground metres between grid lines at `scale` metres per table millimetre.
pub fn step(scale_m_per_mm: f64) -> f64 {
    let s = if scale_m_per_mm.is_finite() && scale_m_per_mm > 0.0 {
        scale_m_per_mm
    } else {
        2.0
    };
    GRID_MM * s
}

/// A column's letters: 0 -> `A`, 25 -> `Z`, 26 -> `AA`, as on a published map.
pub fn column_name(i: usize) -> String {
    let mut n = i + 1;
    let mut out = Vec::new();
    while n > 0 {
        let r = (n - 1) % 26;
        out.push(char::from(b'A' + r as u8));
        n = (n - 1) / 26;
    }
    out.iter().rev().collect()
}

/// The grid square of a ground point (`C4`): column from the west, row from the
/// south, counted from 1. Points on a line belong to the square north-east of it.
pub fn square(x: f64, y: f64, step: f64) -> String {
    let idx = |v: f64| {
        let i = (v / step).floor();
        if i.is_finite() && i > 0.0 {
            i.min(10_000.0) as usize
        } else {
            0
        }
    };
    format!("{}{}", column_name(idx(x)), idx(y) + 1)
}

/// The grid square of a point on a `w` by `h` table: a point on the east or
/// north edge is in the last square, never in one past the grid.
pub fn square_in(x: f64, y: f64, step: f64, (w, h): (f64, f64)) -> String {
    let inside = |v: f64, len: f64| {
        let last = ((len / step).ceil() - 1.0).max(0.0) * step;
        v.min(last).max(0.0)
    };
    square(inside(x, w), inside(y, h), step)
}

/// Ground metres to table centimetres from the south-west corner.
pub use muster_rules::scale::table_cm;

/// The grid for a table of `w` by `h` ground metres; `e` sizes the labels.
pub fn grid(w: f64, h: f64, scale_m_per_mm: f64, e: f64) -> Grid {
    let step = step(scale_m_per_mm);
    // Bounded: the table size is checked (MC005), but never draw more than 200 lines.
    let count = |len: f64| ((len / step).ceil().clamp(1.0, 200.0)) as usize;
    let (nc, nr) = (count(w), count(h));
    let mut lines = String::new();
    for i in 1..nc {
        let x = i as f64 * step;
        lines.push_str(&format!("M{} 0 V{} ", num(x), num(h)));
    }
    for j in 1..nr {
        let y = h - j as f64 * step;
        lines.push_str(&format!("M0 {} H{} ", num(y), num(w)));
    }
    let mut ticks = String::new();
    let half = step / 2.0;
    let t = 0.5 * e;
    for i in 0..=(2 * nc) {
        let x = i as f64 * half;
        if x > w {
            break;
        }
        let len = if i % 2 == 0 { t * 1.6 } else { t };
        ticks.push_str(&format!(
            "M{x} {h} v{len} M{x} 0 v{} ",
            -len,
            x = num(x),
            h = num(h),
            len = num(len)
        ));
    }
    for j in 0..=(2 * nr) {
        let y = j as f64 * half;
        if y > h {
            break;
        }
        let len = if j % 2 == 0 { t * 1.6 } else { t };
        ticks.push_str(&format!(
            "M0 {y} h{} M{w} {y} h{len} ",
            num(-len),
            y = num(h - y),
            w = num(w),
            len = num(len)
        ));
    }
    let columns = (0..nc)
        .map(|i| GridLabel {
            x: ((i as f64 + 0.5) * step).min(w - 0.4 * e),
            y: h + 1.9 * e,
            text: column_name(i),
        })
        .collect();
    let rows = (0..nr)
        .map(|j| GridLabel {
            x: -1.2 * e,
            y: h - ((j as f64 + 0.5) * step).min(h - 0.4 * e) + 0.3 * e,
            text: (j + 1).to_string(),
        })
        .collect();
    // Every line's figure where they fit side by side; else every second,
    // third…, so that no two figures print on each other.
    let widest = text_width(&format!("{w:.0}"), 0.7 * e, false) + 0.6 * e;
    let every = ((widest / step).ceil().clamp(1.0, 200.0)) as usize;
    let east = (0..=nc)
        .step_by(every)
        .map(|i| i as f64 * step)
        .filter(|x| *x <= w)
        .map(|x| GridLabel {
            x,
            y: -e,
            text: format!("{x:.0}"),
        })
        .collect();
    let north = (0..=nr)
        .map(|j| j as f64 * step)
        .filter(|y| *y <= h)
        .map(|y| GridLabel {
            x: w + 1.0 * e,
            y: h - y + 0.3 * e,
            text: format!("{y:.0}"),
        })
        .collect();
    Grid {
        step,
        lines,
        ticks,
        columns,
        rows,
        east,
        north,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_count_from_the_south_west() {
        assert_eq!(step(2.0), 200.0);
        assert_eq!(square(0.0, 0.0, 200.0), "A1");
        assert_eq!(square(1120.0, 760.0, 200.0), "F4");
        assert_eq!(square(399.9, 200.0, 200.0), "B2");
        // On the east and north edges of a 2400 by 1600 table: the last
        // square (L8), never one past the grid (M9).
        assert_eq!(square(2400.0, 1600.0, 200.0), "M9");
        assert_eq!(square_in(2400.0, 1600.0, 200.0, (2400.0, 1600.0)), "L8");
        assert_eq!(square_in(2399.0, 0.0, 200.0, (2400.0, 1600.0)), "L1");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
        assert!((table_cm(1120.0, 2.0) - 56.0).abs() < 1e-9);
        assert!((table_cm(760.0, 2.0) - 38.0).abs() < 1e-9);
    }

    #[test]
    fn a_table_gets_a_line_every_100_mm() {
        // 2400 m by 1600 m at 2 m/mm: 12 columns, 8 rows, 11 + 7 inner lines.
        let g = grid(2400.0, 1600.0, 2.0, 30.0);
        assert_eq!(g.columns.len(), 12);
        assert_eq!(g.rows.len(), 8);
        assert_eq!(g.lines.matches('M').count(), 18);
        assert_eq!(g.columns.last().map(|c| c.text.as_str()), Some("L"));
        assert_eq!(g.east.last().map(|c| c.text.as_str()), Some("2400"));
    }
}
