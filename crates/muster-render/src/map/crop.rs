//! Cutting a map down to a window of the table (a map extract): only what lies
//! in the window is kept, and the grid letters, the scale bar and the north
//! arrow move to the window's edges.

use super::draw::{drawn_path, meets};
use super::svg::num;
use super::view::{scale_and_north, MapView, Window, MARGINS_EM};

/// The band below an extract, in em: column letters, the scale bar and the
/// north arrow (the grid's explanation is in the caption).
pub(crate) const BOTTOM_EM: f64 = 5.6;

/// How far past the window an outline or line is still drawn, in em: more
/// than half the widest line (3 em) with its casing, so nothing at the
/// window's edge changes.
const REACH_EM: f64 = 4.0;

/// Keeps only what lies in `win` and moves the margins' furniture to its edges;
/// runs before the labels are placed.
pub(crate) fn crop(v: &mut MapView, win: Window, k: f64) {
    let e = v.em;
    let (ml, mr, mt, _) = MARGINS_EM;
    let mb = BOTTOM_EM;
    let (x1, y1) = (win.x + win.w, win.y + win.h);
    let inside = |x: f64, y: f64| x >= win.x && x <= x1 && y >= win.y && y <= y1;
    v.areas.retain(|a| meets(&a.points, win));
    v.lines.retain(|l| meets(&l.points, win));
    // What reaches far outside the window is drawn only a little way past
    // it: a set-up sheet's tiles would otherwise each repeat whole outlines.
    let reach = Window {
        x: win.x - REACH_EM * e,
        y: win.y - REACH_EM * e,
        w: win.w + 2.0 * REACH_EM * e,
        h: win.h + 2.0 * REACH_EM * e,
    };
    for a in &mut v.areas {
        if let Some(d) = cut_area(&a.points, reach) {
            a.d = d;
        }
    }
    // A window's lines come without their paths (`line_marks`): each is
    // drawn here, whole when every segment reaches the window.
    for l in &mut v.lines {
        l.d = cut_line(&l.points, reach).unwrap_or_else(|| drawn_path(&l.points, false));
    }
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
    v.modifiers
        .retain(|m| v.units.iter().any(|u| &u.modifier == m));
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

/// Whether a point lies in `w`.
fn within(w: Window, (x, y): (f64, f64)) -> bool {
    x >= w.x && x <= w.x + w.w && y >= w.y && y <= w.y + w.h
}

/// The outline of an area cut to `w`, as a closed path; `None` when the
/// whole outline lies inside, so its path stays as drawn.
fn cut_area(points: &[(f64, f64)], w: Window) -> Option<String> {
    if points.iter().all(|p| within(w, *p)) {
        return None;
    }
    let poly = clip_to(points, w);
    let mut d = String::new();
    for (i, (x, y)) in poly.iter().enumerate() {
        d.push_str(if i == 0 { "M" } else { " L" });
        d.push_str(&format!("{} {}", num(*x), num(*y)));
    }
    if !d.is_empty() {
        d.push_str(" Z");
    }
    Some(d)
}

/// A closed outline clipped to the rectangle `w` (Sutherland–Hodgman: by
/// each of its edges in turn).
pub(crate) fn clip_to(points: &[(f64, f64)], w: Window) -> Vec<(f64, f64)> {
    let (x0, y0, x1, y1) = (w.x, w.y, w.x + w.w, w.y + w.h);
    // Each edge as: is a point inside, and where a segment crosses it.
    type Inside = fn((f64, f64), f64) -> bool;
    let edges: [(Inside, f64, bool); 4] = [
        (|p, v| p.0 >= v, x0, true),
        (|p, v| p.0 <= v, x1, true),
        (|p, v| p.1 >= v, y0, false),
        (|p, v| p.1 <= v, y1, false),
    ];
    let mut poly: Vec<(f64, f64)> = points.to_vec();
    for (inside, v, vertical) in edges {
        let n = poly.len();
        if n == 0 {
            break;
        }
        let cross = |a: (f64, f64), b: (f64, f64)| {
            if vertical {
                let t = (v - a.0) / (b.0 - a.0);
                (v, a.1 + t * (b.1 - a.1))
            } else {
                let t = (v - a.1) / (b.1 - a.1);
                (a.0 + t * (b.0 - a.0), v)
            }
        };
        let mut out = Vec::with_capacity(n + 4);
        for k in 0..n {
            let (a, b) = (poly[(k + n - 1) % n], poly[k]);
            match (inside(a, v), inside(b, v)) {
                (true, true) => out.push(b),
                (true, false) => out.push(cross(a, b)),
                (false, true) => {
                    out.push(cross(a, b));
                    out.push(b);
                }
                (false, false) => {}
            }
        }
        poly = out;
    }
    poly
}

/// A line cut to the segments that meet `w`, each run of them a path of
/// its own, whole segments kept so its dashes fall as before; `None` when
/// every segment meets it.
fn cut_line(points: &[(f64, f64)], w: Window) -> Option<String> {
    let meets = |a: (f64, f64), b: (f64, f64)| {
        a.0.min(b.0) <= w.x + w.w
            && a.0.max(b.0) >= w.x
            && a.1.min(b.1) <= w.y + w.h
            && a.1.max(b.1) >= w.y
    };
    if points.windows(2).all(|s| meets(s[0], s[1])) {
        return None;
    }
    let mut d = String::new();
    let mut open = false;
    for s in points.windows(2) {
        let (a, b) = (s[0], s[1]);
        if !meets(a, b) {
            open = false;
            continue;
        }
        if !open {
            if !d.is_empty() {
                d.push(' ');
            }
            d.push_str(&format!("M{} {}", num(a.0), num(a.1)));
            open = true;
        }
        d.push_str(&format!(" L{} {}", num(b.0), num(b.1)));
    }
    Some(d)
}
