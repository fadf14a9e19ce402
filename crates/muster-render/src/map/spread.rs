//! Marks that would still print on top of each other (on a set-up tile at
//! table scale, or in an inset whose width capped its scale) are set a little
//! apart round their spot, each on a thin line ending in a dot where its
//! element stands, as an atlas draws crowded symbols. A mark that is clear
//! stays where it is; a moved one keeps off every other mark. Claims go into an
//! R-tree, so a big map is never compared pair by pair.

use super::place::element_box;
use super::placer::Rect;
use super::view::MapView;
use rstar::primitives::Rectangle;
use rstar::{RTree, AABB};

/// The distance between rings of spots tried round a crowded mark, in em: a
/// little over the widest an element mark is, turned any way.
pub(crate) const RING_EM: f64 = 1.7;
/// How many rings out a mark may move before the map gives up on parting it.
const RINGS: usize = 4;
/// Room kept round every mark, in em, so that two marks never touch.
const CLEAR_EM: f64 = 0.05;

type Boxed = Rectangle<[f64; 2]>;

fn boxed(r: &Rect, pad: f64) -> Boxed {
    Rectangle::from_corners(
        [r.cx - r.w / 2.0 - pad, r.cy - r.h / 2.0 - pad],
        [r.cx + r.w / 2.0 + pad, r.cy + r.h / 2.0 + pad],
    )
}

/// Whether `r` (with `pad` round it) meets a box of `tree`.
fn hits(tree: &RTree<Boxed>, r: &Rect, pad: f64) -> bool {
    let b = boxed(r, pad);
    let env = AABB::from_corners(b.lower(), b.upper());
    tree.locate_in_envelope_intersecting(&env).next().is_some()
}

/// Sets crowded element marks apart; returns the ids of the marks it could not
/// part within its rings (they stay where they stand).
pub fn spread(v: &mut MapView) -> Vec<String> {
    let e = v.em;
    let pad = CLEAR_EM * e;
    let (x0, y0, x1, y1) = match &v.window {
        Some(w) => (w.x, w.y, w.x + w.w, w.y + w.h),
        None => (0.0, 0.0, v.width, v.height),
    };
    let boxes: Vec<Rect> = v
        .elements
        .iter()
        .map(|m| element_box(m.x, m.y, m.angle, e))
        .collect();
    let all: RTree<Rectangle<[f64; 2]>> =
        RTree::bulk_load(boxes.iter().map(|r| boxed(r, pad / 2.0)).collect());
    // A mark is crowded when its box meets another's.
    let crowded: Vec<bool> = boxes
        .iter()
        .map(|r| {
            let b = boxed(r, pad / 2.0);
            let env = AABB::from_corners(b.lower(), b.upper());
            all.locate_in_envelope_intersecting(&env).count() > 1
        })
        .collect();
    if !crowded.contains(&true) {
        return Vec::new();
    }
    // Clear marks first, then each crowded one where it stands if that is
    // still free, else at the nearest free spot of the rings round it.
    let mut claimed: RTree<Boxed> = RTree::bulk_load(
        boxes
            .iter()
            .zip(&crowded)
            .filter(|(_, c)| !**c)
            .map(|(r, _)| boxed(r, 0.0))
            .collect(),
    );
    // Bridges and place dots: a moved mark keeps off them too.
    let mut fixed: RTree<Boxed> = RTree::new();
    for c in &v.crossings {
        fixed.insert(boxed(
            &Rect {
                cx: c.x,
                cy: c.y,
                w: 2.6 * e,
                h: 1.6 * e,
            },
            0.0,
        ));
    }
    for p in v.places.iter().filter(|p| p.kind == "point") {
        fixed.insert(boxed(
            &Rect {
                cx: p.x,
                cy: p.y,
                w: 0.9 * e,
                h: 0.9 * e,
            },
            0.0,
        ));
    }
    let mut stuck = Vec::new();
    for (m, crowded) in v.elements.iter_mut().zip(crowded) {
        if !crowded {
            continue;
        }
        let here = element_box(m.x, m.y, m.angle, e);
        if !hits(&claimed, &here, pad) {
            claimed.insert(boxed(&here, 0.0));
            continue;
        }
        let free = |x: f64, y: f64| {
            let r = element_box(x, y, m.angle, e);
            r.cx - r.w / 2.0 >= x0
                && r.cx + r.w / 2.0 <= x1
                && r.cy - r.h / 2.0 >= y0
                && r.cy + r.h / 2.0 <= y1
                && !hits(&claimed, &r, pad)
                && !hits(&fixed, &r, 0.0)
        };
        let spot = (1..=RINGS).find_map(|ring| {
            let n = 8 * ring;
            let d = ring as f64 * RING_EM * e;
            (0..n).find_map(|k| {
                // From north-east round the compass.
                let a = std::f64::consts::TAU * (k as f64 / n as f64) - std::f64::consts::FRAC_PI_4;
                let (x, y) = (m.x + d * a.cos(), m.y + d * a.sin());
                free(x, y).then_some((x, y))
            })
        });
        match spot {
            Some((x, y)) => {
                m.ax = m.x;
                m.ay = m.y;
                m.x = x;
                m.y = y;
                m.moved = true;
                claimed.insert(boxed(&element_box(x, y, m.angle, e), 0.0));
            }
            None => {
                claimed.insert(boxed(&here, 0.0));
                stuck.push(m.id.clone());
            }
        }
    }
    v.spread = v.elements.iter().any(|m| m.moved);
    stuck
}
