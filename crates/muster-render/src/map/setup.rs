//! The set-up sheet's maps: the whole table across the page, then the table
//! in tiles at a scale one lays terrain from. A tile is a window of the same
//! map (`map_at`), so it carries every mark with its `data-*` attributes, and
//! its own grid letters, scale bar and north arrow; this module adds the table
//! centimetre rulers, the overlap bands and the element numbers.

use serde::Serialize;
use std::collections::HashMap;

use super::crop::BOTTOM_EM;
use super::draw::{extent, map_view_in, maps_at};
use super::grid::{column_name, step, GridLabel};
use super::svg::num;
use super::view::{MapView, PrintBox, Window, MARGINS_EM, MIN_TEXT_MM, SMALLEST_EM};
use crate::json::ScenarioJson;
use muster_rules::scale::{table_cm, MM_PER_CM};

/// Printed millimetres per table millimetre of a tile on A4 or Letter (1 : 4):
/// large enough to lay terrain against the paper.
pub const TILE_RATIO: f64 = 0.25;
/// The same on A3 (1 : 2).
pub const TILE_RATIO_A3: f64 = 0.5;
/// Table millimetres two neighbouring tiles both show, to line them up.
pub const OVERLAP_TABLE_MM: f64 = 20.0;

/// One tile of the set-up sheet: a window of the table at the tile scale.
#[derive(Debug, Clone, Serialize)]
pub struct Tile {
    /// `1 of 4 (row 1 from the north, column 1 from the west)`.
    pub name: String,
    /// What it shows, in table cm from the south-west corner.
    pub covers: String,
    /// `1 : 4`.
    pub print_scale: String,
    /// Printed mm per table mm.
    pub ratio: f64,
    /// The map drawn in the tile's window.
    pub map: MapView,
    /// The part this tile alone covers (map units, y down), dashed.
    pub inner: String,
    /// The bands this tile repeats of its neighbours (map units, y down).
    pub overlaps: Vec<Window>,
    /// One path: a tick every table centimetre on the window's four edges,
    /// longer every 5 and 10 cm, counted from the table's edges.
    pub ruler: String,
    /// The name of every grid square in the tile, in its north-west corner.
    pub squares: Vec<GridLabel>,
    /// Every element in the tile, with its number in the deployment list.
    pub numbers: Vec<Numbered>,
}

/// An element's number beside its mark on a tile, printed in a box so that it
/// is not taken for a callout of the map's key.
#[derive(Debug, Clone, Serialize)]
pub struct Numbered {
    /// The element's qualified id (`SIDE.UNIT.ELEMENT`).
    pub id: String,
    pub n: usize,
    /// The text's centre and baseline.
    pub x: f64,
    pub y: f64,
    /// The box around it (map units, y down).
    pub bx: f64,
    pub by: f64,
    pub bw: f64,
    pub bh: f64,
}

/// The set-up map of the umpire's view inside `pb`, with its edges in table cm.
pub fn setup_overview(s: &ScenarioJson, pb: PrintBox) -> MapView {
    let mut map = map_view_in(s, None, &[], pb);
    edges_in_cm(&mut map, s.header.ground_scale_m_per_mm);
    map
}

/// The print scale of `map` against the table: `1 : 6.7`.
pub fn print_scale(map: &MapView, scale_m_per_mm: f64) -> (f64, String) {
    let ratio = map.print_w_mm / map.vw.max(1e-9) * scale_m_per_mm;
    (ratio, format!("1 : {:.1}", 1.0 / ratio.max(1e-9)))
}

/// The table in tiles at `ratio` (printed mm per table mm), each printing
/// inside `pb`; `numbers` gives each element's number by its qualified id.
pub fn setup_tiles(
    s: &ScenarioJson,
    pb: PrintBox,
    ratio: f64,
    numbers: &[(String, usize)],
) -> Vec<Tile> {
    let (w, h) = extent(s);
    let scale = positive(s.header.ground_scale_m_per_mm);
    // Printed mm per metre of ground.
    let k = ratio / scale;
    let c = MIN_TEXT_MM / SMALLEST_EM;
    let (ml, mr, mt, _) = MARGINS_EM;
    let avail_w = (pb.w_mm - (ml + mr) * c).max(1.0) / k;
    let avail_h = (pb.h_mm - (mt + BOTTOM_EM) * c).max(1.0) / k;
    let overlap = OVERLAP_TABLE_MM * scale;
    let (xs, tw) = split(w, avail_w, overlap);
    let (ys, th) = split(h, avail_h, overlap);
    let st = step(scale);
    let total = xs.len() * ys.len();
    // North to south, west to east; `y0` is from the north edge (map units),
    // each window y down.
    let places: Vec<(usize, usize)> = (0..ys.len())
        .flat_map(|j| (0..xs.len()).map(move |i| (i, j)))
        .collect();
    let windows: Vec<Window> = places
        .iter()
        .map(|&(i, j)| Window {
            x: xs[i],
            y: ys[j],
            w: tw,
            h: th,
        })
        .collect();
    let maps = maps_at(s, k, &windows);
    let mut out = Vec::new();
    for ((&(i, j), &win), mut map) in places.iter().zip(&windows).zip(maps) {
        let (x0, y0) = (win.x, win.y);
        edges_in_cm(&mut map, scale);
        let e = map.em;
        let numbered = number_marks(&map, numbers);
        let (south, north) = (h - (y0 + th), h - y0);
        out.push(Tile {
            name: format!(
                "{} of {total} (row {} from the north, column {} from the west)",
                out.len() + 1,
                j + 1,
                i + 1
            ),
            covers: format!(
                "{:.1}–{:.1} cm from the west edge, {:.1}–{:.1} cm from the south edge",
                table_cm(x0, scale),
                table_cm(x0 + tw, scale),
                table_cm(south, scale),
                table_cm(north, scale)
            ),
            print_scale: format!("1 : {}", num(1.0 / ratio)),
            ratio,
            inner: own_part(win, (i, xs.len()), (j, ys.len()), overlap),
            overlaps: bands(win, (i, xs.len()), (j, ys.len()), overlap),
            ruler: ruler(win, h, scale, e),
            squares: square_names(&map, st, win),
            numbers: numbered,
            map,
        });
    }
    out
}

fn positive(v: f64) -> f64 {
    if v.is_finite() && v > 0.0 {
        v
    } else {
        1.0
    }
}

/// Directions to try a number in, north-east first, then round the compass
/// (map units, y down).
const COMPASS: [(f64, f64); 8] = [
    (0.71, -0.71),
    (0.71, 0.71),
    (-0.71, -0.71),
    (-0.71, 0.71),
    (0.0, -1.0),
    (1.0, 0.0),
    (0.0, 1.0),
    (-1.0, 0.0),
];

/// Each element's number beside its mark, at the first of a ring of spots
/// around it that is clear of every element mark and number already placed.
fn number_marks(map: &MapView, numbers: &[(String, usize)]) -> Vec<Numbered> {
    let e = map.em;
    // Marks by x, so each search looks only at the marks near it.
    let mut marks: Vec<(f64, f64)> = map.elements.iter().map(|m| (m.x, m.y)).collect();
    marks.sort_by(|a, b| a.0.total_cmp(&b.0));
    let near = |x: f64| {
        let a = marks.partition_point(|m| m.0 < x - 3.0 * e);
        let b = marks.partition_point(|m| m.0 <= x + 3.0 * e);
        &marks[a..b]
    };
    // Each tile looks up its own elements: by id, never a search of the list.
    let number_of: HashMap<&str, usize> = numbers
        .iter()
        .rev()
        .map(|(id, n)| (id.as_str(), *n))
        .collect();
    let mut placed: Vec<(f64, f64, f64, f64)> = Vec::new();
    let mut out = Vec::new();
    for m in &map.elements {
        let Some(n) = number_of.get(m.id.as_str()) else {
            continue;
        };
        // A digit of the 0.7 em text is about 0.4 em wide; a margin round it.
        let (hw, hh) = (0.21 * e * n.to_string().len() as f64 + 0.12 * e, 0.38 * e);
        let inside = |cx: f64, cy: f64| {
            map.window.is_none_or(|w| {
                cx - hw >= w.x && cx + hw <= w.x + w.w && cy - hh >= w.y && cy + hh <= w.y + w.h
            })
        };
        let meets = |(x0, y0, x1, y1): (f64, f64, f64, f64), cx: f64, cy: f64| {
            cx + hw > x0 && cx - hw < x1 && cy + hh > y0 && cy - hh < y1
        };
        // Strict: clear of marks, numbers and the map's labels; then of marks
        // and numbers only.
        let clear = |cx: f64, cy: f64, labels: bool| {
            let hits_mark = near(cx)
                .iter()
                .any(|(x, y)| (x - cx).abs() < hw + 0.35 * e && (y - cy).abs() < hh + 0.35 * e);
            let hits_number = placed.iter().any(|b| meets(*b, cx, cy));
            let hits_label = labels
                && map
                    .label_boxes
                    .iter()
                    .any(|l| meets((l.x0, l.y0, l.x1, l.y1), cx, cy));
            inside(cx, cy) && !hits_mark && !hits_number && !hits_label
        };
        let spots: Vec<(f64, f64)> = [0.75, 1.2, 1.8]
            .iter()
            .flat_map(|r| {
                COMPASS
                    .iter()
                    .map(move |(dx, dy)| (m.x + r * e * dx, m.y + r * e * dy))
            })
            .collect();
        let chosen = [true, false]
            .iter()
            .find_map(|labels| spots.iter().find(|(x, y)| clear(*x, *y, *labels)))
            .copied()
            .unwrap_or((m.x + 0.55 * e, m.y - 0.55 * e));
        let (cx, cy) = chosen;
        placed.push((cx - hw, cy - hh, cx + hw, cy + hh));
        out.push(Numbered {
            id: m.id.clone(),
            n: *n,
            x: cx,
            // The text's baseline, for a box centred on the spot.
            y: cy + 0.25 * e,
            bx: cx - hw,
            by: cy - hh,
            bw: 2.0 * hw,
            bh: 2.0 * hh,
        });
    }
    out
}

/// Splits a table side of `len` into the fewest windows no longer than `max`
/// that overlap their neighbours by exactly `overlap`: their starts and length.
fn split(len: f64, max: f64, overlap: f64) -> (Vec<f64>, f64) {
    if len <= max || max <= overlap {
        return (vec![0.0], len);
    }
    // Bounded: the table size is checked (MC005); never more than 20 a side.
    let n = ((len - overlap) / (max - overlap)).ceil().clamp(1.0, 20.0) as usize;
    let t = (len + (n as f64 - 1.0) * overlap) / n as f64;
    ((0..n).map(|i| i as f64 * (t - overlap)).collect(), t)
}

/// The part of tile (`i` of `nx`, `j` of `ny`) no other tile owns: half of each
/// overlap band on a side with a neighbour, as a closed path.
fn own_part(win: Window, (i, nx): (usize, usize), (j, ny): (usize, usize), o: f64) -> String {
    let half = o / 2.0;
    let x0 = if i > 0 { win.x + half } else { win.x };
    let x1 = if i + 1 < nx {
        win.x + win.w - half
    } else {
        win.x + win.w
    };
    let y0 = if j > 0 { win.y + half } else { win.y };
    let y1 = if j + 1 < ny {
        win.y + win.h - half
    } else {
        win.y + win.h
    };
    format!(
        "M{} {} H{} V{} H{} Z",
        num(x0),
        num(y0),
        num(x1),
        num(y1),
        num(x0)
    )
}

/// The overlap bands of a tile: the strips it shares with each neighbour.
fn bands(win: Window, (i, nx): (usize, usize), (j, ny): (usize, usize), o: f64) -> Vec<Window> {
    let west = Window { w: o, ..win };
    let east = Window {
        x: win.x + win.w - o,
        ..west
    };
    let north = Window { h: o, ..win };
    let south = Window {
        y: win.y + win.h - o,
        ..north
    };
    [
        (i > 0, west),
        (i + 1 < nx, east),
        (j > 0, north),
        (j + 1 < ny, south),
    ]
    .into_iter()
    .filter_map(|(has, band)| has.then_some(band))
    .collect()
}

/// Ticks outward from the window's edges at every whole table centimetre from
/// the table's west and south edges: 0.3 em, 0.6 em every 5 cm, 0.9 em every 10.
fn ruler(win: Window, h: f64, scale: f64, e: f64) -> String {
    let cm = scale * MM_PER_CM;
    let len = |n: i64| {
        if n % 10 == 0 {
            0.9 * e
        } else if n % 5 == 0 {
            0.6 * e
        } else {
            0.3 * e
        }
    };
    let whole = |a: f64, b: f64| {
        let (a, b) = (
            (a / cm - 1e-6).ceil() as i64,
            (b / cm + 1e-6).floor() as i64,
        );
        a..=b.min(a + 10_000)
    };
    let (x1, y1) = (win.x + win.w, win.y + win.h);
    let mut d = String::new();
    for n in whole(win.x, x1) {
        let x = num(n as f64 * cm);
        let l = num(len(n));
        d.push_str(&format!("M{x} {} v-{l} M{x} {} v{l} ", num(win.y), num(y1)));
    }
    // Centimetres north of the south edge, which is at y = h.
    for n in whole(h - y1, h - win.y) {
        let y = num(h - n as f64 * cm);
        let l = num(len(n));
        d.push_str(&format!("M{} {y} h-{l} M{} {y} h{l} ", num(win.x), num(x1)));
    }
    d
}

/// The metre figures along a map's north and east edges become table cm.
fn edges_in_cm(map: &mut MapView, scale: f64) {
    for g in map.grid.east.iter_mut() {
        g.text = format!("{:.0}", table_cm(g.x, scale));
    }
    let h = map.height;
    let e = map.em;
    for g in map.grid.north.iter_mut() {
        // The label's baseline sits 0.3 em below its line.
        g.text = format!("{:.0}", table_cm(h - (g.y - 0.3 * e), scale));
    }
}

/// A label in the north-west corner of each grid square whose label fits in
/// the window (map units, y down).
fn square_names(map: &MapView, st: f64, win: Window) -> Vec<GridLabel> {
    let e = map.em;
    let count = |len: f64| (len / st).ceil().clamp(1.0, 200.0) as usize;
    let mut out = Vec::new();
    // North to south, west to east: the order one reads a sheet in.
    for j in (0..count(map.height)).rev() {
        // Row j (from the south) has its north edge at ground y = (j + 1) * st.
        let top = (map.height - (j + 1) as f64 * st).max(0.0);
        if top < win.y || top + 0.9 * e >= win.y + win.h {
            continue;
        }
        for i in 0..count(map.width) {
            let left = i as f64 * st;
            if left < win.x || left + 1.5 * e >= win.x + win.w {
                continue;
            }
            let text = format!("{}{}", column_name(i), j + 1);
            // A square's name gives way to the map's names and marks: its
            // north-west corner, else another corner, side or the middle of
            // the square.
            let w = 0.45 * e * text.chars().count() as f64;
            let corners = [
                (left + 0.3 * e, top + 0.9 * e),
                (left + st - 0.3 * e - w, top + 0.9 * e),
                (left + 0.3 * e, top + st - 0.3 * e),
                (left + st - 0.3 * e - w, top + st - 0.3 * e),
                (left + 0.3 * e, top + st / 2.0),
                (left + (st - w) / 2.0, top + st / 2.0),
                (left + st - 0.3 * e - w, top + st / 2.0),
                (left + (st - w) / 2.0, top + 0.9 * e),
                (left + (st - w) / 2.0, top + st - 0.3 * e),
            ];
            let free = |(x, y): &(f64, f64)| {
                let b = square_name_box(*x, *y, &text, e);
                let meets = |c: [f64; 4]| b[0] < c[2] && c[0] < b[2] && b[1] < c[3] && c[1] < b[3];
                b[2] <= win.x + win.w
                    && b[3] <= win.y + win.h
                    && !map
                        .label_boxes
                        .iter()
                        .any(|l| meets([l.x0, l.y0, l.x1, l.y1]))
                    && !map.elements.iter().any(|m| {
                        meets([m.x - 0.8 * e, m.y - 0.8 * e, m.x + 0.8 * e, m.y + 0.8 * e])
                    })
            };
            if let Some((x, y)) = corners.iter().find(|c| free(c)) {
                out.push(GridLabel { x: *x, y: *y, text });
            }
        }
    }
    out
}

/// The box of a tile's square name (0.7 em text, left-aligned at `x`,
/// baseline `y`): about half an em a character.
pub fn square_name_box(x: f64, y: f64, text: &str, e: f64) -> [f64; 4] {
    let w = 0.45 * e * text.chars().count() as f64;
    [x, y - 0.6 * e, x + w, y + 0.15 * e]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_share_exactly_the_overlap() {
        // 2400 m into windows of at most 1300 m overlapping by 40 m: two of 1220 m.
        let (xs, t) = split(2400.0, 1300.0, 40.0);
        assert_eq!(xs, vec![0.0, 1180.0]);
        assert!((t - 1220.0).abs() < 1e-9);
        // The second ends on the table's edge; the shared strip is 40 m.
        assert!((xs[1] + t - 2400.0).abs() < 1e-9);
        assert!((xs[0] + t - xs[1] - 40.0).abs() < 1e-9);
        // A side that fits is one window as long as the table.
        assert_eq!(split(900.0, 1300.0, 40.0), (vec![0.0], 900.0));
    }
}
