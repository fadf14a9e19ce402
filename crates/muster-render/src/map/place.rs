//! Where each name goes on the map: fixed marks claim their spot first, then
//! place and bridge names, unit symbols, arrival notes, line names and area
//! names each take the best free spot (see `placer.rs`); what finds none goes to
//! the key under the map. Sizes match the map template's fonts and symbols, and
//! widths come from the font's real advance widths (`font.rs`).

use super::font::text_width;
use super::placer::{Placer, Rect, Spot};
use super::view::{LabelBox, MapView};

/// The longest leader line from a unit's centre to its symbol, in em.
pub const MAX_LEADER_EM: f64 = 7.0;

/// Text sizes in em, as the template sets them.
pub const PLACE_EM: f64 = 0.85;
pub const AREA_EM: f64 = 0.75;
pub const LINE_EM: f64 = 0.7;
pub const UNIT_EM: f64 = 0.7;

/// A label's box from its text centre `x` and baseline `y`, with its halo.
pub fn text_box(x: f64, y: f64, text: &str, size: f64, bold: bool) -> Rect {
    Rect {
        cx: x,
        cy: y - 0.32 * size,
        w: text_width(text, size, bold) + 0.3 * size,
        h: 1.35 * size,
    }
}

/// A unit symbol's box (echelon mark, frame and name) around its frame centre.
pub fn unit_box(x: f64, y: f64, name: &str, echelon: &str, bold: bool, e: f64) -> Rect {
    let tw = text_width(name, UNIT_EM * e, bold) + 0.3 * UNIT_EM * e;
    let ew = text_width(echelon, UNIT_EM * e, true);
    Rect {
        cx: x,
        cy: y + 0.1 * e,
        w: tw.max(ew).max(2.1 * e),
        h: 3.2 * e,
    }
}

/// The name under a unit's frame: the id, marked when it arrives later.
pub fn unit_name(label: &str, later: bool) -> String {
    if later {
        format!("{label} (later)")
    } else {
        label.to_string()
    }
}

/// Chooses every label position of the map in place and records the boxes.
pub fn place(v: &mut MapView) {
    let mut p = match &v.window {
        Some(w) => Placer::within(w.x, w.y, w.x + w.w, w.y + w.h),
        None => Placer::new(v.width, v.height),
    };
    let mut boxes = Vec::new();
    claim_fixed(v, &mut p);
    place_points(v, &mut p, &mut boxes);
    place_edges(v, &mut p, &mut boxes);
    place_units(v, &mut p, &mut boxes);
    place_arrivals(v, &mut p, &mut boxes);
    place_lines(v, &mut p, &mut boxes);
    place_areas(v, &mut p, &mut boxes);
    v.label_boxes = boxes;
}

fn record(boxes: &mut Vec<LabelBox>, r: &Rect, text: &str) {
    boxes.push(LabelBox {
        x0: r.cx - r.w / 2.0,
        y0: r.cy - r.h / 2.0,
        x1: r.cx + r.w / 2.0,
        y1: r.cy + r.h / 2.0,
        text: text.to_string(),
    });
}

/// Places a text label at the first good spot, recording its box; `None` sends
/// it to the key.
/// Places `text` at the first free spot, its box measured at each spot.
fn choose_text(
    p: &mut Placer,
    boxes: &mut Vec<LabelBox>,
    spots: &[(f64, f64)],
    text: &str,
    size: f64,
    bold: bool,
) -> Option<(f64, f64)> {
    let rects: Vec<Rect> = spots
        .iter()
        .map(|(x, y)| text_box(*x, *y, text, size, bold))
        .collect();
    choose(p, boxes, spots, &rects, text)
}

fn choose(
    p: &mut Placer,
    boxes: &mut Vec<LabelBox>,
    spots: &[(f64, f64)],
    rects: &[Rect],
    text: &str,
) -> Option<(f64, f64)> {
    let cands: Vec<Spot> = rects.iter().copied().map(Spot::from).collect();
    let i = p.place(&cands)?;
    record(boxes, rects.get(i)?, text);
    spots.get(i).copied()
}

/// Symbols that stand where they are: roads, rivers and other lines (sampled
/// about every em, soft), place dots, bridges and elements (hard).
fn claim_fixed(v: &MapView, p: &mut Placer) {
    let e = v.em;
    for l in &v.lines {
        let size = l.width.max(0.3 * e) + 0.2 * e;
        for w in l.points.windows(2) {
            if let [a, b] = w {
                let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
                let steps = (len / e).ceil().clamp(1.0, 10_000.0) as usize;
                for i in 0..=steps {
                    let t = i as f64 / steps as f64;
                    p.claim_soft(Rect {
                        cx: a.0 + (b.0 - a.0) * t,
                        cy: a.1 + (b.1 - a.1) * t,
                        w: size,
                        h: size,
                    });
                }
            }
        }
    }
    for c in &v.crossings {
        p.claim_hard(Rect {
            cx: c.x,
            cy: c.y,
            w: 2.6 * e,
            h: 1.6 * e,
        });
    }
    for el in &v.elements {
        p.claim_hard(Rect {
            cx: el.x,
            cy: el.y,
            w: 0.8 * e,
            h: 0.8 * e,
        });
    }
    for pl in v.places.iter().filter(|pl| pl.kind == "point") {
        p.claim_hard(Rect {
            cx: pl.x,
            cy: pl.y,
            w: 0.9 * e,
            h: 0.9 * e,
        });
    }
}

/// Spots around a point for a label of width `tw`: beside it (right first), then
/// above and below, then further out.
fn around(x: f64, y: f64, tw: f64, e: f64) -> Vec<(f64, f64)> {
    let side = 0.6 * e + tw / 2.0;
    let mut v = Vec::new();
    for k in 0..4 {
        let out = k as f64 * 1.1 * e;
        v.extend([
            (x + side, y + 0.3 * e - out),
            (x - side, y + 0.3 * e - out),
            (x + side, y + 0.3 * e + out),
            (x - side, y + 0.3 * e + out),
            (x, y - 0.7 * e - out),
            (x, y + 1.4 * e + out),
        ]);
    }
    v
}

/// Names of point places and named crossings.
fn place_points(v: &mut MapView, p: &mut Placer, boxes: &mut Vec<LabelBox>) {
    let e = v.em;
    let size = PLACE_EM * e;
    let marks = v
        .places
        .iter_mut()
        .filter(|m| m.kind == "point")
        .chain(v.crossings.iter_mut().filter(|c| !c.label.is_empty()));
    for m in marks {
        let tw = text_width(&m.label, size, true);
        // A bridge is wider than a place dot: its label starts further out.
        let reach = if m.kind == "point" { 0.0 } else { 1.0 * e };
        let spots: Vec<(f64, f64)> = around(m.x, m.y, tw + 2.0 * reach, e)
            .into_iter()
            .map(|(x, y)| {
                let dy = if y > m.y + 0.4 * e {
                    0.5 * reach
                } else if y < m.y {
                    -0.5 * reach
                } else {
                    0.0
                };
                (x, y + dy)
            })
            .collect();
        match choose_text(p, boxes, &spots, &m.label, size, true) {
            Some((x, y)) => {
                m.lx = x;
                m.ly = y;
            }
            None => m.shown = false,
        }
    }
}

/// Names of table edges, along their edge (rotated on the east and west).
fn place_edges(v: &mut MapView, p: &mut Placer, boxes: &mut Vec<LabelBox>) {
    let e = v.em;
    let size = PLACE_EM * e;
    for m in v.places.iter_mut().filter(|m| m.kind != "point") {
        let tw = text_width(&m.label, size, false) + 0.3 * size;
        let upright = m.kind == "edge";
        let mut spots = Vec::new();
        for k in [0.0, 1.0, -1.0, 2.0, -2.0] {
            let d = k * (tw + e);
            spots.push(if upright {
                (m.x + d, m.y)
            } else {
                (m.x, m.y + d)
            });
        }
        let rects: Vec<Rect> = spots
            .iter()
            .map(|(x, y)| {
                if upright {
                    text_box(*x, *y, &m.label, size, false)
                } else {
                    Rect {
                        cx: *x,
                        cy: *y,
                        w: 1.35 * size,
                        h: tw,
                    }
                }
            })
            .collect();
        match choose(p, boxes, &spots, &rects, &m.label) {
            Some((x, y)) => {
                m.lx = x;
                m.ly = y;
            }
            None => m.shown = false,
        }
    }
}

/// Whether `(x, y)` lies inside the polygon.
fn inside(x: f64, y: f64, poly: &[(f64, f64)]) -> bool {
    let mut c = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + n - 1) % n]);
        if (a.1 > y) != (b.1 > y) && x < (b.0 - a.0) * (y - a.1) / (b.1 - a.1) + a.0 {
            c = !c;
        }
    }
    c
}

/// Unit symbols: at their true centre when it is free, else on rings close by
/// with a leader line; never moved into water or cliffs the unit is not in.
fn place_units(v: &mut MapView, p: &mut Placer, boxes: &mut Vec<LabelBox>) {
    let e = v.em;
    let impassable: Vec<&[(f64, f64)]> = v
        .areas
        .iter()
        .filter(|a| matches!(a.kind.as_str(), "water" | "lake" | "cliffs"))
        .map(|a| a.points.as_slice())
        .collect();
    for u in v.units.iter_mut() {
        let name = unit_name(&u.label, u.later);
        let r0 = unit_box(0.0, 0.0, &name, &u.echelon, u.highlight, e);
        // Spots on a half-box lattice round the centre, nearest first, within
        // a short leader's reach: a symbol that fits nowhere near goes to the key.
        let (sx, sy) = ((r0.w + 0.3 * e) / 2.0, (r0.h + 0.3 * e) / 2.0);
        let reach = MAX_LEADER_EM * e;
        let mut offsets: Vec<(f64, f64)> = Vec::new();
        for j in -6i32..=6 {
            for i in -6i32..=6 {
                let (dx, dy) = (f64::from(i) * sx, f64::from(j) * sy);
                if dx.hypot(dy) <= reach {
                    offsets.push((dx, dy));
                }
            }
        }
        // Nearest first; above before below, then right before left, on ties.
        offsets.sort_by(|a, b| {
            let d = |o: &(f64, f64)| (o.0.hypot(o.1) * 1000.0).round();
            d(a).total_cmp(&d(b))
                .then(a.1.total_cmp(&b.1))
                .then(b.0.total_cmp(&a.0))
        });
        let here: Vec<&&[(f64, f64)]> = impassable
            .iter()
            .filter(|poly| inside(u.x, u.y, poly))
            .collect();
        let cands: Vec<(f64, f64, Spot)> = offsets
            .iter()
            .map(|(dx, dy)| (u.x + dx, u.y + dy))
            .filter(|(x, y)| {
                impassable
                    .iter()
                    .all(|poly| !inside(*x, *y, poly) || here.contains(&poly))
            })
            .map(|(x, y)| {
                let rect = unit_box(x, y, &name, &u.echelon, u.highlight, e);
                let leader = (x != u.x || y != u.y).then(|| {
                    // From the true centre to the edge of the frame.
                    let (dx, dy) = (x - u.x, y - u.y);
                    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
                    let stop = (len - 0.9 * e).max(0.0) / len;
                    [u.x, u.y, u.x + dx * stop, u.y + dy * stop]
                });
                (x, y, Spot { rect, leader })
            })
            .collect();
        let spots: Vec<Spot> = cands.iter().map(|c| c.2).collect();
        match p.place(&spots) {
            Some(i) => {
                if let Some((x, y, s)) = cands.get(i) {
                    u.fx = *x;
                    u.fy = *y;
                    u.leader = s.leader.is_some();
                    if let Some(l) = s.leader {
                        v.leaders.push(l);
                    }
                    record(boxes, &s.rect, &name);
                }
            }
            None => u.shown = false,
        }
    }
}

/// Arrival notes beside their arrow's head.
fn place_arrivals(v: &mut MapView, p: &mut Placer, boxes: &mut Vec<LabelBox>) {
    let e = v.em;
    let size = UNIT_EM * e;
    for a in v.arrivals.iter_mut() {
        let tw = text_width(&a.label, size, false);
        let spots = around(a.x, a.y, tw, e);
        match choose_text(p, boxes, &spots, &a.label, size, false) {
            Some((x, y)) => {
                a.lx = x;
                a.ly = y;
            }
            None => a.shown = false,
        }
    }
}

/// Area names: the middle of the area, else nudged up or down, then sideways.
fn place_areas(v: &mut MapView, p: &mut Placer, boxes: &mut Vec<LabelBox>) {
    let e = v.em;
    let size = AREA_EM * e;
    for a in v.areas.iter_mut() {
        let tw = text_width(&a.label, size, false);
        let mut spots = vec![(a.x, a.y)];
        for k in 1..5 {
            let d = k as f64 * 1.1 * e;
            spots.extend([(a.x, a.y - d), (a.x, a.y + d)]);
        }
        for k in 1..3 {
            let d = k as f64 * (tw / 2.0 + e);
            spots.extend([(a.x + d, a.y), (a.x - d, a.y)]);
        }
        match choose_text(p, boxes, &spots, &a.label, size, false) {
            Some((x, y)) => {
                a.x = x;
                a.y = y;
            }
            None => a.shown = false,
        }
    }
}

/// Line names: along the line, starting from its middle, just above or below it.
fn place_lines(v: &mut MapView, p: &mut Placer, boxes: &mut Vec<LabelBox>) {
    let e = v.em;
    let size = LINE_EM * e;
    for l in v.lines.iter_mut().filter(|l| !l.label.is_empty()) {
        let mut along: Vec<(f64, f64)> = Vec::new();
        for w in l.points.windows(2) {
            if let [a, b] = w {
                for t in [0.25, 0.5, 0.75] {
                    along.push((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t));
                }
            }
        }
        if along.is_empty() {
            along.push((l.x, l.y));
        }
        let mid = along.len() / 2;
        let mut order: Vec<usize> = (0..along.len()).collect();
        order.sort_by_key(|i| i.abs_diff(mid));
        let spots: Vec<(f64, f64)> = order
            .iter()
            .filter_map(|i| along.get(*i))
            .flat_map(|(x, y)| {
                [
                    (*x, y - 0.4 * e - l.width / 2.0),
                    (*x, y + 1.0 * e + l.width / 2.0),
                ]
            })
            .collect();
        match choose_text(p, boxes, &spots, &l.label, size, false) {
            Some((x, y)) => {
                l.x = x;
                l.y = y;
            }
            None => l.shown = false,
        }
    }
}
