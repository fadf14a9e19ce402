//! A map extract: the part of the table around a player's unit, printed at a
//! larger scale than the whole map. It is the same map, drawn by the same
//! renderer, clipped to a window: only what lies in the window is kept (so its
//! labels are placed inside the window or listed in the key), and the grid
//! letters, the scale bar and the north arrow run along the window's edges.

use super::crop::BOTTOM_EM;
use super::draw::{extent, map_at_with_insets, map_view_in};
use super::view::{MapView, PrintBox, Window, MARGINS_EM, MIN_TEXT_MM, SMALLEST_EM};
use crate::json::{Point, ScenarioJson};

/// The extract on a player sheet: two thirds of the page's width (its legend
/// stands beside it), a third of its height.
pub const EXTRACT: PrintBox = PrintBox {
    w_mm: 125.0,
    h_mm: 92.0,
};

/// Ground kept around the points the extract must show, in metres.
const MARGIN_M: f64 = 150.0;
/// The narrowest window, in metres of ground, so a lone unit still shows the
/// ground around it.
const MIN_SPAN_M: f64 = 700.0;

/// The extract centred on `centre` (table metres, y north) that also shows every
/// point of `show` (the unit's elements, its objective); the whole map when the
/// window would hold the whole table anyway.
pub fn map_extract(
    s: &ScenarioJson,
    own: Option<&str>,
    focus: &[String],
    centre: Point,
    show: &[Point],
    pb: PrintBox,
) -> MapView {
    let (w, h) = extent(s);
    let (ml, mr, mt, _) = MARGINS_EM;
    let mb = BOTTOM_EM;
    let c = MIN_TEXT_MM / SMALLEST_EM;
    let (aw, ah) = (
        (pb.w_mm - (ml + mr) * c).max(1.0),
        (pb.h_mm - (mt + mb) * c).max(1.0),
    );
    let reach = |f: fn(&Point) -> f64| {
        show.iter()
            .map(|p| (f(p) - f(&centre)).abs() + MARGIN_M)
            .fold(MIN_SPAN_M / 2.0, f64::max)
    };
    let (need_x, need_y) = (reach(|p| p.x), reach(|p| p.y));
    // The window keeps the drawing area's shape.
    let half_x = need_x.max(need_y * aw / ah);
    let half_y = half_x * ah / aw;
    let (ww, wh) = ((2.0 * half_x).min(w), (2.0 * half_y).min(h));
    let k = (aw / ww).min(ah / wh);
    let whole_k = (aw / w).min(ah / h);
    if !k.is_finite() || k <= whole_k * 1.05 {
        return map_view_in(s, own, focus, pb);
    }
    let x0 = (centre.x - ww / 2.0).clamp(0.0, (w - ww).max(0.0));
    let y0 = (centre.y - wh / 2.0).clamp(0.0, (h - wh).max(0.0));
    let window = Window {
        x: x0,
        y: h - (y0 + wh),
        w: ww,
        h: wh,
    };
    map_at_with_insets(s, own, focus, k, Some(window))
}
