//! Insets for dense spots: where element marks would print on top of each
//! other (a platoon dug in round a bridge), the map frames the spot, leaves
//! those marks off and draws the spot again, numbered, at a scale large enough
//! to part them, as an atlas does. Marks that overlap are found through an
//! R-tree, so a big scenario is never compared pair by pair.

use super::place::element_box;
use super::placer::Rect;
use super::spread::RING_EM;
use super::view::{InsetFrame, MapView, Window, MIN_TEXT_MM, SMALLEST_EM};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{RTree, AABB};
use std::collections::HashSet;

/// The widest an inset's drawing may print, in millimetres: it stands under
/// the map, inside the page's margins and its own grid labels.
const MAX_INSET_MM: f64 = 68.0;
/// Ground kept round the marks of a dense spot, in em of the inset: room for
/// their unit symbols and names.
const MARGIN_EM: f64 = 3.0;
/// Half the side of the square any element mark fits in, turned any way, in em.
const MARK_HALF_EM: f64 = 0.8;

/// A dense spot: the elements it holds (indices into the map's elements), the
/// ground its inset shows, how many times the map's scale it prints at, and
/// whether that parts every mark (false when marks stand on the same spot, or
/// the inset would need more than a page's width).
#[derive(Debug, Clone)]
pub struct Spot {
    pub members: Vec<usize>,
    pub window: Window,
    pub times: f64,
    pub parts_all: bool,
}

fn find(parent: &mut [usize], i: usize) -> usize {
    let mut r = i;
    while parent[r] != r {
        r = parent[r];
    }
    let mut j = i;
    while parent[j] != r {
        let next = parent[j];
        parent[j] = r;
        j = next;
    }
    r
}

/// The dense spots of a map printed at `k` millimetres per metre.
pub fn dense_spots(v: &MapView, k: f64) -> Vec<Spot> {
    let e = v.em;
    let boxes: Vec<Rect> = v
        .elements
        .iter()
        .map(|el| element_box(el.x, el.y, el.angle, e))
        .collect();
    let tree = RTree::bulk_load(
        boxes
            .iter()
            .enumerate()
            .map(|(i, r)| {
                GeomWithData::new(
                    Rectangle::from_corners(
                        [r.cx - r.w / 2.0, r.cy - r.h / 2.0],
                        [r.cx + r.w / 2.0, r.cy + r.h / 2.0],
                    ),
                    i,
                )
            })
            .collect(),
    );
    let mut parent: Vec<usize> = (0..boxes.len()).collect();
    // The scale each pair of overlapping marks needs to part, by element.
    let mut need = vec![1.0f64; boxes.len()];
    for (i, r) in boxes.iter().enumerate() {
        let env = AABB::from_corners(
            [r.cx - r.w / 2.0, r.cy - r.h / 2.0],
            [r.cx + r.w / 2.0, r.cy + r.h / 2.0],
        );
        for o in tree.locate_in_envelope_intersecting(&env) {
            let j = o.data;
            let Some(b) = boxes.get(j) else { continue };
            if j <= i || r.overlap(b) <= 0.0 {
                continue;
            }
            let (a, c) = (&v.elements[i], &v.elements[j]);
            let apart = (a.x - c.x).abs().max((a.y - c.y).abs());
            let times = if apart > 0.0 {
                2.0 * MARK_HALF_EM * e / apart
            } else {
                f64::INFINITY
            };
            need[i] = need[i].max(times);
            need[j] = need[j].max(times);
            let (ri, rj) = (find(&mut parent, i), find(&mut parent, j));
            if ri != rj {
                parent[ri] = rj;
            }
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut root_of: Vec<Option<usize>> = vec![None; boxes.len()];
    for (i, needed) in need.iter().enumerate() {
        if *needed <= 1.0 {
            continue;
        }
        let r = find(&mut parent, i);
        match root_of[r] {
            Some(g) => groups[g].push(i),
            None => {
                root_of[r] = Some(groups.len());
                groups.push(vec![i]);
            }
        }
    }
    // Spots whose insets would show each other's ground become one.
    let spots: Vec<Spot> = groups.into_iter().map(|g| spot(v, k, g, &need)).collect();
    let mut spots = merged(v, k, spots, &need);
    spots.sort_by(|a, b| {
        a.window
            .y
            .total_cmp(&b.window.y)
            .then(a.window.x.total_cmp(&b.window.x))
    });
    spots
}

fn meet(a: &Window, b: &Window) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

/// A spot's window in the index of windows, with its place in the list.
type WindowEntry = GeomWithData<Rectangle<[f64; 2]>, usize>;

fn window_entry(w: &Window, at: usize) -> WindowEntry {
    GeomWithData::new(
        Rectangle::from_corners([w.x, w.y], [w.x + w.w, w.y + w.h]),
        at,
    )
}

/// `spots` with every two whose windows meet made one, exactly as scanning
/// the pairs in list order would merge them (the first meeting pair joined
/// into the earlier spot, then the scan begun again), but with the
/// candidates taken from an R-tree of the windows: a map of thousands of
/// dense spots never compares them pair by pair.
///
/// The scan's order matters, since a merged spot's margin depends on all its
/// members. It is kept thus: no spot before the cursor meets any other; a
/// merge changes only the earlier spot, so only spots before it can meet it
/// anew, and the first of them is the scan's next pair.
fn merged(v: &MapView, k: f64, spots: Vec<Spot>, need: &[f64]) -> Vec<Spot> {
    let mut tree = RTree::bulk_load(
        spots
            .iter()
            .enumerate()
            .map(|(i, s)| window_entry(&s.window, i))
            .collect(),
    );
    let mut slots: Vec<Option<Spot>> = spots.into_iter().map(Some).collect();
    // The first spot (in list order) that `pick` admits and whose window meets `w`.
    let first = |tree: &RTree<WindowEntry>,
                 slots: &[Option<Spot>],
                 w: &Window,
                 pick: &dyn Fn(usize) -> bool| {
        tree.locate_in_envelope_intersecting(&AABB::from_corners(
            [w.x, w.y],
            [w.x + w.w, w.y + w.h],
        ))
        .map(|e| e.data)
        .inspect(|_| crate::work::compared(1))
        .filter(|&j| pick(j))
        .filter(|&j| {
            slots
                .get(j)
                .and_then(Option::as_ref)
                .is_some_and(|o| meet(w, &o.window))
        })
        .min()
    };
    // Joins spot `b` into the earlier spot `a`, its members after a's.
    let join = |tree: &mut RTree<WindowEntry>, slots: &mut [Option<Spot>], a: usize, b: usize| {
        let (Some(Some(_)), Some(Some(_))) = (slots.get(a), slots.get(b)) else {
            return;
        };
        let (Some(sa), Some(sb)) = (slots[a].take(), slots[b].take()) else {
            return;
        };
        tree.remove(&window_entry(&sa.window, a));
        tree.remove(&window_entry(&sb.window, b));
        let mut members = sa.members;
        members.extend(sb.members);
        let joined = spot(v, k, members, need);
        tree.insert(window_entry(&joined.window, a));
        slots[a] = Some(joined);
    };
    let mut cursor = 0;
    while cursor < slots.len() {
        let Some(w) = slots.get(cursor).and_then(Option::as_ref).map(|s| s.window) else {
            cursor += 1;
            continue;
        };
        let Some(b) = first(&tree, &slots, &w, &|j| j > cursor) else {
            cursor += 1;
            continue;
        };
        join(&mut tree, &mut slots, cursor, b);
        // The grown spot may now meet one before it: the scan's next pair.
        let mut at = cursor;
        while let Some(w) = slots.get(at).and_then(Option::as_ref).map(|s| s.window) {
            let Some(i) = first(&tree, &slots, &w, &|j| j < at) else {
                break;
            };
            join(&mut tree, &mut slots, i, at);
            at = i;
        }
        cursor = at;
    }
    slots.into_iter().flatten().collect()
}

/// The inset of the elements `members`: its scale, and the ground round them
/// kept inside the table.
fn spot(v: &MapView, k: f64, members: Vec<usize>, need: &[f64]) -> Spot {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    let mut times: f64 = 1.0;
    for &i in &members {
        if let Some(el) = v.elements.get(i) {
            x0 = x0.min(el.x);
            y0 = y0.min(el.y);
            x1 = x1.max(el.x);
            y1 = y1.max(el.y);
        }
        times = times.max(need.get(i).copied().unwrap_or(1.0) * 1.05);
    }
    // Never wider than a page: the spot's ground and its margins at `times`.
    let c = MIN_TEXT_MM / SMALLEST_EM;
    let span = (x1 - x0).max(y1 - y0).max(1.0);
    let widest = ((MAX_INSET_MM - 2.0 * MARGIN_EM * c) / (span * k)).max(1.0);
    let parts_all = times.is_finite() && times <= widest;
    let times = times.min(widest).max(1.5);
    // Marks the scale cannot part are set apart round their spot
    // (`spread.rs`): the margin holds the first ring of them, and room is
    // made for each further ring they need.
    let rings = if parts_all {
        0
    } else {
        (1..)
            .find(|r| 1 + 4 * r * (r + 1) >= members.len())
            .unwrap_or(1)
    };
    let extra = rings.saturating_sub(1) as f64;
    let margin = (MARGIN_EM + RING_EM * extra) * c / (k * times);
    let (w, h) = (v.width, v.height);
    let wx0 = (x0 - margin).max(0.0);
    let wy0 = (y0 - margin).max(0.0);
    let wx1 = (x1 + margin).min(w);
    let wy1 = (y1 + margin).min(h);
    Spot {
        members,
        window: Window {
            x: wx0,
            y: wy0,
            w: (wx1 - wx0).max(0.0),
            h: (wy1 - wy0).max(0.0),
        },
        times,
        parts_all,
    }
}

/// Leaves the marks of each dense spot (and the symbols of units with no other
/// mark left) off the map, and frames the spots with their numbers.
pub fn clear(v: &mut MapView, spots: &[Spot]) {
    let mut gone = vec![false; v.elements.len()];
    for i in spots.iter().flat_map(|s| s.members.iter().copied()) {
        if let Some(g) = gone.get_mut(i) {
            *g = true;
        }
    }
    let mut kept = Vec::new();
    let mut moved = Vec::new();
    for (i, el) in std::mem::take(&mut v.elements).into_iter().enumerate() {
        if gone.get(i).copied().unwrap_or(false) {
            moved.push(el.id);
        } else {
            kept.push(el);
        }
    }
    v.elements = kept;
    // The units (an element's id less its last part) that lost a mark, and
    // those that still have one: one pass each, never a search per unit.
    let unit_of = |id: &str| id.rsplit_once('.').map(|(unit, _)| unit.to_string());
    let lost: HashSet<String> = moved.iter().filter_map(|m| unit_of(m)).collect();
    let left: HashSet<String> = v.elements.iter().filter_map(|e| unit_of(&e.id)).collect();
    v.units
        .retain(|u| !lost.contains(&u.id) || left.contains(&u.id));
    v.inset_frames = spots
        .iter()
        .enumerate()
        .map(|(n, s)| InsetFrame {
            number: n + 1,
            x: s.window.x,
            y: s.window.y,
            w: s.window.w,
            h: s.window.h,
            // Above the top right corner until the names are placed.
            lx: s.window.x + s.window.w,
            ly: s.window.y,
        })
        .collect();
}
