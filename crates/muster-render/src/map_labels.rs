//! Where each name goes on the briefing map: fixed marks claim their spot first,
//! then place and bridge names, line names, unit symbols and area names take the
//! nearest free spot, so crowded corners (a bridge with a café and a landing zone)
//! stay readable. Sizes match the map template's fonts and symbols.

use crate::labels::{text_width, Placer, Rect};
use crate::map::MapView;

/// A label's box from its text centre `x` and baseline `y`.
fn text_box(x: f64, y: f64, text: &str, size: f64, bold: bool) -> Rect {
    Rect {
        cx: x,
        cy: y - 0.32 * size,
        w: text_width(text, size, bold) + 0.3 * size,
        h: 1.35 * size,
    }
}

/// Chooses every label position of the map in place.
pub fn place(v: &mut MapView) {
    let mut p = Placer::new(v.width, v.height);
    claim_fixed(v, &mut p);
    place_points(v, &mut p);
    place_lines(v, &mut p);
    place_units(v, &mut p);
    place_areas(v, &mut p);
}

/// Symbols that stand where they are: roads, rivers and other lines (sampled
/// about every em), place dots, bridges, elements, edge names.
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
                    p.claim(Rect {
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
        p.claim(Rect {
            cx: c.x,
            cy: c.y,
            w: 3.2 * e,
            h: 2.0 * e,
        });
    }
    for el in &v.elements {
        p.claim(Rect {
            cx: el.x,
            cy: el.y,
            w: 0.8 * e,
            h: 0.8 * e,
        });
    }
    for pl in &v.places {
        let tw = text_width(&pl.label, 0.85 * e, false);
        let r = match pl.kind.as_str() {
            "point" => Rect {
                cx: pl.x,
                cy: pl.y,
                w: 0.9 * e,
                h: 0.9 * e,
            },
            "edge-west" | "edge-east" => Rect {
                cx: if pl.kind == "edge-west" {
                    pl.x + 0.4 * e
                } else {
                    pl.x - 0.4 * e
                },
                cy: pl.y,
                w: 1.1 * e,
                h: tw + 0.4 * e,
            },
            _ => text_box(pl.x, pl.y, &pl.label, 0.85 * e, false),
        };
        p.claim(r);
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
            (x + side, y - 0.5 * e - out),
            (x - side, y - 0.5 * e - out),
            (x + side, y + 1.2 * e + out),
            (x - side, y + 1.2 * e + out),
            (x, y - 0.9 * e - out),
            (x, y + 1.6 * e + out),
        ]);
    }
    v
}

/// Names of point places and named crossings.
fn place_points(v: &mut MapView, p: &mut Placer) {
    let e = v.em;
    let size = 0.85 * e;
    let marks = v
        .places
        .iter_mut()
        .filter(|m| m.kind == "point")
        .chain(v.crossings.iter_mut().filter(|c| !c.label.is_empty()));
    for m in marks {
        let tw = text_width(&m.label, size, true);
        // A bridge is wider than a place dot: its label starts further out.
        let reach = if m.kind == "point" { 0.0 } else { 1.2 * e };
        let spots: Vec<(f64, f64)> = around(m.x, m.y, tw + 2.0 * reach, e)
            .into_iter()
            .map(|(x, y)| {
                let dx = if x > m.x {
                    -reach
                } else if x < m.x {
                    reach
                } else {
                    0.0
                };
                let dy = if y > m.y { 0.5 * reach } else { -0.5 * reach };
                (x + dx, y + dy)
            })
            .collect();
        let boxes: Vec<Rect> = spots
            .iter()
            .map(|(x, y)| text_box(*x, *y, &m.label, size, true))
            .collect();
        let i = p.place(&boxes);
        if let Some((x, y)) = spots.get(i) {
            m.lx = *x;
            m.ly = *y;
        }
    }
}

/// Unit symbols (frame, echelon mark and name) on rings around their centre; a
/// leader line in the template shows where each really stands.
fn place_units(v: &mut MapView, p: &mut Placer) {
    let e = v.em;
    for u in v.units.iter_mut() {
        let name = if u.later {
            format!("{} (later)", u.label)
        } else {
            u.label.clone()
        };
        let bw = (text_width(&name, 0.75 * e, u.highlight) + 0.4 * e).max(2.8 * e);
        let bh = 4.0 * e;
        let mut spots = vec![(0.0, -2.2 * e)];
        for ring in 1..6 {
            let r = ring as f64;
            for (dx, dy) in [
                (0.0, -1.0),
                (1.0, -1.0),
                (-1.0, -1.0),
                (1.0, 0.0),
                (-1.0, 0.0),
                (1.0, 1.0),
                (-1.0, 1.0),
                (0.0, 1.0),
            ] {
                spots.push((dx * r * (bw + 0.3 * e), -2.2 * e + dy * r * (bh + 0.2 * e)));
            }
        }
        let centres: Vec<(f64, f64)> = spots.iter().map(|(dx, dy)| (u.x + dx, u.y + dy)).collect();
        let boxes: Vec<Rect> = centres
            .iter()
            .map(|(x, y)| Rect {
                cx: *x,
                cy: y + 0.2 * e,
                w: bw,
                h: bh,
            })
            .collect();
        let i = p.place(&boxes);
        if let Some((x, y)) = centres.get(i) {
            u.fx = *x;
            u.fy = *y;
        }
    }
}

/// Area names: the middle of the area, else nudged up or down, then sideways.
fn place_areas(v: &mut MapView, p: &mut Placer) {
    let e = v.em;
    let size = 0.75 * e;
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
        let boxes: Vec<Rect> = spots
            .iter()
            .map(|(x, y)| text_box(*x, *y, &a.label, size, false))
            .collect();
        let i = p.place(&boxes);
        if let Some((x, y)) = spots.get(i) {
            a.x = *x;
            a.y = *y;
        }
    }
}

/// Line names: along the line, starting from its middle, just above or below it.
fn place_lines(v: &mut MapView, p: &mut Placer) {
    let e = v.em;
    let size = 0.7 * e;
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
        let boxes: Vec<Rect> = spots
            .iter()
            .map(|(x, y)| text_box(*x, *y, &l.label, size, false))
            .collect();
        let i = p.place(&boxes);
        if let Some((x, y)) = spots.get(i) {
            l.x = *x;
            l.y = *y;
        }
    }
}
