//! Cutting a map down to a window of the table (a map extract): only what lies
//! in the window is kept, and the grid letters, the scale bar and the north
//! arrow move to the window's edges.

use super::view::{scale_and_north, MapView, Window, MARGINS_EM};

/// The band below an extract, in em: column letters, the scale bar and the
/// north arrow (the grid's explanation is in the caption).
pub(crate) const BOTTOM_EM: f64 = 5.6;

/// Keeps only what lies in `win` and moves the margins' furniture to its edges;
/// runs before the labels are placed.
pub(crate) fn crop(v: &mut MapView, win: Window, k: f64) {
    let e = v.em;
    let (ml, mr, mt, _) = MARGINS_EM;
    let mb = BOTTOM_EM;
    let (x1, y1) = (win.x + win.w, win.y + win.h);
    let inside = |x: f64, y: f64| x >= win.x && x <= x1 && y >= win.y && y <= y1;
    let meets = |ps: &[(f64, f64)]| {
        let (mut a, mut b, mut c, mut d) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for (x, y) in ps {
            a = a.min(*x);
            b = b.min(*y);
            c = c.max(*x);
            d = d.max(*y);
        }
        a <= x1 && c >= win.x && b <= y1 && d >= win.y
    };
    v.areas.retain(|a| meets(&a.points));
    v.lines.retain(|l| meets(&l.points));
    v.crossings.retain(|m| inside(m.x, m.y));
    v.places.retain(|m| inside(m.x, m.y));
    v.units.retain(|u| inside(u.x, u.y));
    v.elements.retain(|m| inside(m.x, m.y));
    v.arrivals.retain(|a| inside(a.x, a.y));
    // The legend lists only what the extract shows.
    v.terrain_kinds
        .retain(|k| v.areas.iter().any(|a| &a.kind == k && a.terrain.is_none()));
    v.line_kinds
        .retain(|k| v.lines.iter().any(|l| &l.kind == k && l.terrain.is_none()));
    v.crossing_kinds
        .retain(|k| v.crossings.iter().any(|c| &c.kind == k));
    v.scenario_kinds.retain(|k| {
        let id = Some(k.id.as_str());
        if k.line {
            v.lines.iter().any(|l| l.terrain.as_deref() == id)
        } else {
            v.areas.iter().any(|a| a.terrain.as_deref() == id)
        }
    });
    v.has_points = v.places.iter().any(|p| p.kind == "point");
    v.branches
        .retain(|b| v.units.iter().any(|u| &u.branch == b));
    v.echelons
        .retain(|ech| v.units.iter().any(|u| u.echelon == ech.mark));
    v.has_reports = v.units.iter().any(|u| u.branch == "report");
    v.has_later = v.units.iter().any(|u| u.later);
    v.vx = win.x - ml * e;
    v.vy = win.y - mt * e;
    v.vw = win.w + (ml + mr) * e;
    v.vh = win.h + (mt + mb) * e;
    v.print_w_mm = v.vw * k;
    v.print_h_mm = v.vh * k;
    v.band = mb * e;
    let g = &mut v.grid;
    g.columns.retain(|l| l.x >= win.x && l.x <= x1);
    for l in &mut g.columns {
        l.y = y1 + 1.9 * e;
    }
    g.rows
        .retain(|l| l.y - 0.3 * e >= win.y && l.y - 0.3 * e <= y1);
    for l in &mut g.rows {
        l.x = win.x - 1.2 * e;
    }
    g.east.retain(|l| l.x >= win.x && l.x <= x1);
    for l in &mut g.east {
        l.y = win.y - e;
    }
    g.north
        .retain(|l| l.y - 0.3 * e >= win.y && l.y - 0.3 * e <= y1);
    for l in &mut g.north {
        l.x = x1 + e;
    }
    let scale = v.scale.metres / v.scale.mm.max(1e-9);
    (v.scale, v.nx, v.ny) = scale_and_north((win.x, x1, y1), win.w / 4.0, scale, e);
    let grow = v.scale.below(e);
    v.vh += grow;
    v.print_h_mm = v.vh * k;
    v.band += grow;
    v.window = Some(win);
}
