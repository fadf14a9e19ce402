//! The set-up sheet's map: the whole table at the largest scale that fits the
//! paper, tiled with overlap marks when the table would print too small.

use serde::Serialize;

use super::draw::map_view_in;
use super::grid::{column_name, step, GridLabel};
use super::view::{MapView, PrintBox};
use crate::json::ScenarioJson;

/// The smallest print scale, printed millimetres per table millimetre, at which
/// the whole table goes on one sheet; below it the sheet is tiled at this scale,
/// so a grid square is never printed smaller than 15 mm.
pub const MIN_PRINT_RATIO: f64 = 0.15;

/// One tile of a tiled sheet, in map units (y down).
#[derive(Debug, Clone, Serialize)]
pub struct Tile {
    pub name: String,
    pub vx: f64,
    pub vy: f64,
    pub vw: f64,
    pub vh: f64,
    pub print_w_mm: f64,
    /// The part this tile alone covers: the band outside it repeats its
    /// neighbours' edges, marked by the dashed overlap line.
    pub inner: String,
    /// The name of every grid square in the tile, in its north-west corner:
    /// the sheet's edge letters are off the tile, so each square names itself.
    pub squares: Vec<GridLabel>,
}

/// The set-up map of the umpire's view inside `pb`, its tiles (none when the
/// whole table prints readably) and its print scale against the table.
pub fn setup_map(s: &ScenarioJson, pb: PrintBox) -> (MapView, Vec<Tile>, String) {
    let map = map_view_in(s, None, &[], pb);
    let scale = s.header.ground_scale_m_per_mm;
    let st = step(scale);
    // Printed mm per metre of ground, then per table mm.
    let k = map.print_w_mm / map.vw.max(1e-9);
    let ratio = k * scale;
    // The frame's margin can tip the whole sheet below the readable scale while
    // the table alone still fits one tile: a single tile would repeat the map.
    let tiles = if ratio < MIN_PRINT_RATIO {
        tiles(&map, pb, MIN_PRINT_RATIO / scale, st)
    } else {
        Vec::new()
    };
    let tiles = if tiles.len() > 1 { tiles } else { Vec::new() };
    let print_scale = format!("1 : {:.1}", 1.0 / ratio.max(1e-9));
    (map, tiles, print_scale)
}

/// Windows over the table that print at `k` mm per metre inside `pb`, each
/// overlapping its neighbours by a tenth; `st` is the grid step in metres.
fn tiles(map: &MapView, pb: PrintBox, k: f64, st: f64) -> Vec<Tile> {
    // A tile never reaches past the table: one as wide as the table prints narrower.
    let (tw, th) = ((pb.w_mm / k).min(map.width), (pb.h_mm / k).min(map.height));
    let (ox, oy) = (tw * 0.1, th * 0.1);
    let count = |len: f64, t: f64, o: f64| (((len - o) / (t - o)).ceil().clamp(1.0, 20.0)) as usize;
    let (nx, ny) = (count(map.width, tw, ox), count(map.height, th, oy));
    // The last tile is pulled back to the table's edge, so it overlaps its
    // neighbour by more than the band: its own part starts where the
    // neighbour's ends, never twice-owned.
    let start = |k: usize, t: f64, o: f64, len: f64| (k as f64 * (t - o)).min((len - t).max(0.0));
    let own_from = |k: usize, t: f64, o: f64, len: f64| {
        if k == 0 {
            0.0
        } else {
            start(k - 1, t, o, len) + t
        }
    };
    let mut out = Vec::new();
    for j in 0..ny {
        for i in 0..nx {
            let (vx, vy) = (start(i, tw, ox, map.width), start(j, th, oy, map.height));
            let (ix, iy) = (
                own_from(i, tw, ox, map.width),
                own_from(j, th, oy, map.height),
            );
            out.push(Tile {
                name: format!(
                    "{} of {} (row {} from the north, column {} from the west)",
                    out.len() + 1,
                    nx * ny,
                    j + 1,
                    i + 1
                ),
                vx,
                vy,
                vw: tw,
                vh: th,
                print_w_mm: tw * k,
                squares: square_names(map, st, (vx, vy, tw, th)),
                inner: format!(
                    "M{ix:.1} {iy:.1} H{:.1} V{:.1} H{ix:.1} Z",
                    vx + tw,
                    vy + th
                ),
            });
        }
    }
    out
}

/// A label in the north-west corner of each grid square whose label fits in
/// the window `(x, y, w, h)` (map units, y down); the overlap band repeats
/// the corners a neighbour cuts off.
fn square_names(map: &MapView, st: f64, (x, y, w, h): (f64, f64, f64, f64)) -> Vec<GridLabel> {
    let e = map.em;
    let count = |len: f64| (len / st).ceil().clamp(1.0, 200.0) as usize;
    let mut out = Vec::new();
    // North to south, west to east: the order one reads a sheet in.
    for j in (0..count(map.height)).rev() {
        // Row j (from the south) has its north edge at ground y = (j + 1) * st.
        let top = (map.height - (j + 1) as f64 * st).max(0.0);
        if top < y || top + 0.9 * e >= y + h {
            continue;
        }
        for i in 0..count(map.width) {
            let left = i as f64 * st;
            if left < x || left + 1.5 * e >= x + w {
                continue;
            }
            out.push(GridLabel {
                x: left + 0.3 * e,
                y: top + 0.9 * e,
                text: format!("{}{}", column_name(i), j + 1),
            });
        }
    }
    out
}
