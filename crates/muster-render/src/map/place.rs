//! Where each name goes on the map: fixed marks claim their spot first, then
//! place and bridge names, unit symbols, arrival notes, line names and area
//! names each take the best free spot (see `placer.rs`). A name stands at its
//! feature (within [`NEAR_MM`] on paper, on the same side of every water line
//! and obstacle), else at the end of a leader line (within [`LEADER_MM`]), else
//! as a number at the feature resolved in the map's key; only a feature with
//! no room even for its number goes to the key alone. Sizes match the map
//! template's fonts and symbols, and widths come from the font's real advance
//! widths (`font.rs`).

use super::font::text_width;
use super::near::{Barriers, Shape};
use super::placer::{Placer, Rect, Spot};
use super::view::{
    Callout, InsetFrame, LabelBox, LabelLeader, MapNote, MapView, UnitMark, MIN_TEXT_MM,
    SMALLEST_EM,
};
use std::collections::HashMap;

/// How far a name may stand from its feature on paper, in millimetres: on its
/// own, and at the end of a leader line. A little under the 3 mm and 12 mm the
/// sheets promise, for the browser's rounding of text boxes.
pub const NEAR_MM: f64 = 2.5;
pub const LEADER_MM: f64 = 11.0;
/// How far a unit symbol may stand from its own elements' marks on paper: on
/// its own, and at the end of a leader line.
pub const UNIT_NEAR_MM: f64 = 3.5;

/// Text sizes in em, as the template sets them.
pub const PLACE_EM: f64 = 0.85;
pub const AREA_EM: f64 = 0.75;
pub const LINE_EM: f64 = 0.7;
pub const UNIT_EM: f64 = 0.7;
/// A callout number's size in em (bold).
pub const CALLOUT_EM: f64 = 0.7;

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

/// Map units per millimetre of paper on a map whose em is `e`.
fn per_mm(e: f64) -> f64 {
    e * SMALLEST_EM / MIN_TEXT_MM
}

/// What the placer works with besides the claims: the em, the barriers
/// between a feature and its name, and the callouts numbered so far.
struct Ctx {
    e: f64,
    barriers: Barriers,
    callouts: Vec<Callout>,
    leaders: Vec<LabelLeader>,
    /// Names that went to the key alone (`KIND:ID`).
    unplaced: Vec<String>,
}

/// Chooses every label position of the map in place and records the boxes.
pub fn place(v: &mut MapView) {
    let mut p = match &v.window {
        Some(w) => Placer::within(w.x, w.y, w.x + w.w, w.y + w.h),
        None => Placer::new(v.width, v.height),
    };
    let mut boxes = Vec::new();
    claim_fixed(v, &mut p);
    let mut ctx = Ctx {
        e: v.em,
        barriers: barriers(v),
        callouts: Vec::new(),
        leaders: Vec::new(),
        unplaced: Vec::new(),
    };
    place_points(v, &mut p, &mut ctx, &mut boxes);
    place_edges(v, &mut p, &mut boxes);
    place_units(v, &mut p, &mut ctx, &mut boxes);
    for m in v.places.iter().filter(|m| m.kind != "point" && !m.shown) {
        ctx.unplaced.push(format!("place:{}", m.id));
    }
    for u in v.units.iter().filter(|u| !u.shown && u.branch != "report") {
        ctx.unplaced.push(format!("unit:{}", u.id));
    }
    place_arrivals(v, &mut p, &mut ctx, &mut boxes);
    place_lines(v, &mut p, &mut ctx, &mut boxes);
    place_areas(v, &mut p, &mut ctx, &mut boxes);
    v.leaders
        .extend(ctx.leaders.iter().map(|l| [l.x1, l.y1, l.x2, l.y2]));
    v.label_leaders = ctx.leaders;
    v.callouts = ctx.callouts;
    v.label_boxes = boxes;
    v.notes
        .extend(ctx.unplaced.into_iter().map(MapNote::Unplaced));
}

/// Water lines, water areas and linear obstacles: a name is never read across
/// one from its feature. Roads and tracks divide nothing.
fn barriers(v: &MapView) -> Barriers {
    let lines = v
        .lines
        .iter()
        .filter(|l| !matches!(l.kind.as_str(), "road" | "track"))
        .map(|l| (format!("line:{}", l.id), l.points.as_slice()))
        .collect();
    let waters = v
        .areas
        .iter()
        .filter(|a| matches!(a.kind.as_str(), "water" | "lake"))
        .map(|a| (format!("area:{}", a.id), a.points.as_slice()))
        .collect();
    Barriers::new(lines, waters)
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

/// One name to place: the feature it names (`KIND:ID`, its shape), its text
/// and how it is set, and where it is best read (box centres, best first;
/// the ring round the feature follows).
struct Name<'a> {
    id: String,
    shape: Shape,
    text: &'a str,
    size: f64,
    bold: bool,
    first: Vec<(f64, f64)>,
}

/// Where a name went: its text's centre, x and baseline, or nowhere.
enum Put {
    At(f64, f64),
    Callout,
    Key,
}

/// Box centres for a `w` by `h` box round `b` with `gap` between them: beside,
/// above and below, then at the corners.
fn ring(b: &Rect, w: f64, h: f64, gap: f64) -> Vec<(f64, f64)> {
    let hx = b.w / 2.0 + gap + w / 2.0;
    let hy = b.h / 2.0 + gap + h / 2.0;
    let (x, y) = (b.cx, b.cy);
    let cx = b.w / 2.0 + 0.7 * gap + w / 2.0;
    let cy = b.h / 2.0 + 0.7 * gap + h / 2.0;
    vec![
        (x + hx, y),
        (x - hx, y),
        (x, y - hy),
        (x, y + hy),
        (x + hx, y - 0.5 * h),
        (x - hx, y - 0.5 * h),
        (x + hx, y + 0.5 * h),
        (x - hx, y + 0.5 * h),
        (x + cx, y - cy),
        (x - cx, y - cy),
        (x + cx, y + cy),
        (x - cx, y + cy),
        (x + w / 3.0, y - hy),
        (x - w / 3.0, y - hy),
        (x + w / 3.0, y + hy),
        (x - w / 3.0, y + hy),
    ]
}

/// The gaps between a feature and the rings of spots round it, in em: near
/// enough to stand on its own, then at the end of a leader line.
const NEAR_GAPS: [f64; 2] = [0.1, 0.35];
const LEADER_GAPS: [f64; 4] = [0.9, 1.4, 2.0, 2.6];
/// Half the side of a seed's box, in em.
const SEED_EM: f64 = 0.1;
/// One seed of a line stands for every other in the same square of this side,
/// in em: rings round seeds closer than that would try much the same spots.
const SEED_CELL_EM: f64 = 0.25;

/// The seeds the rings are drawn round: the feature's box, or for a line
/// points along it from its middle out. A line's seeds are only those from
/// which a ring can reach into the frame `[x0, y0, x1, y1]`, one to a square
/// of [`SEED_CELL_EM`], so a long or dense line gives as many as its drawing
/// has room for on the paper, not three for each of its points.
fn seeds(shape: &Shape, e: f64, frame: [f64; 4]) -> Vec<Rect> {
    let Shape::Path(drawn) = shape else {
        return vec![shape.bounds()];
    };
    if drawn.points().len() < 2 {
        return vec![shape.bounds()];
    }
    let ps = drawn.points();
    // Three points along each segment, the `i`th of them all.
    let along = |i: usize| {
        let t = [0.25, 0.5, 0.75][i % 3];
        let (a, b) = (ps.get(i / 3)?, ps.get(i / 3 + 1)?);
        Some((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
    };
    let order = middle_out(3 * (ps.len() - 1));
    // The widest ring's spots stand this far from their seed's box.
    let reach = (LEADER_GAPS[LEADER_GAPS.len() - 1] + SEED_EM) * e;
    let [x0, y0, x1, y1] = frame;
    let cell = SEED_CELL_EM * e;
    let thin = cell > 0.0;
    let mut taken = std::collections::HashSet::new();
    order
        .filter_map(along)
        .filter(|(x, y)| {
            *x >= x0 - reach && *x <= x1 + reach && *y >= y0 - reach && *y <= y1 + reach
        })
        .filter(|(x, y)| {
            !thin || taken.insert(((x / cell).floor() as i64, (y / cell).floor() as i64))
        })
        .map(|(cx, cy)| Rect {
            cx,
            cy,
            w: 2.0 * SEED_EM * e,
            h: 2.0 * SEED_EM * e,
        })
        .collect()
}

/// The indices `0..n` from the middle (`n / 2`) out, the lower of two as far
/// from it first: what a stable sort by the distance from the middle gives,
/// made as they are asked for, so a long line is never sorted whole.
fn middle_out(n: usize) -> impl Iterator<Item = usize> {
    let mid = n / 2;
    (0..n).map(move |k| {
        // 0, -1, +1, -2, +2, … from the middle, then the rest of the longer side.
        let d = k.div_ceil(2);
        let pair = 2 * mid.min(n - 1 - mid);
        if k <= pair {
            if k % 2 == 1 {
                mid - d
            } else {
                mid + d
            }
        } else if mid > n - 1 - mid {
            // Only lower indices are left.
            mid - (k - mid.min(n - 1 - mid))
        } else {
            mid + (k - mid.min(n - 1 - mid))
        }
    })
}

/// Whether a name's box `r` stands within `limit` of its feature `shape`
/// (`id`) and on the same side of every barrier as the feature.
fn beside(ctx: &Ctx, shape: &Shape, id: &str, r: &Rect, limit: f64) -> bool {
    shape.within(r, limit) && !ctx.barriers.parts(shape, r, limit, id)
}

/// Places one name: at its feature, else on a leader, else as a callout
/// number; records its box and leader.
fn put_name(p: &mut Placer, ctx: &mut Ctx, boxes: &mut Vec<LabelBox>, n: &Name) -> Put {
    let e = ctx.e;
    let mm = per_mm(e);
    let probe = text_box(0.0, 0.0, n.text, n.size, n.bold);
    let (w, h) = (probe.w, probe.h);
    let seeds = seeds(&n.shape, e, p.frame());
    // Rings round each seed at each gap, nearest gap first; made only as far as
    // the placer looks, so a long line's many seeds cost only what is tried.
    let rings = |gaps: &'static [f64]| {
        gaps.iter()
            .flat_map(|gap| seeds.iter().flat_map(move |s| ring(s, w, h, gap * e)))
    };
    let rect = |(x, y): (f64, f64)| Rect { cx: x, cy: y, w, h };
    let fair = |r: &Rect, limit: f64| beside(ctx, &n.shape, &n.id, r, limit);
    let near = n
        .first
        .iter()
        .copied()
        .chain(rings(&NEAR_GAPS))
        .filter(|c| fair(&rect(*c), NEAR_MM * mm))
        .map(|c| Spot::from(rect(c)));
    if let Some((_, s)) = p.place_from(near) {
        record(boxes, &s.rect, n.text);
        return Put::At(s.rect.cx, s.rect.cy + 0.32 * n.size);
    }
    let led = rings(&LEADER_GAPS)
        .filter(|c| {
            let r = rect(*c);
            !n.shape.within(&r, NEAR_MM * mm) && fair(&r, LEADER_MM * mm)
        })
        .map(|c| {
            let r = rect(c);
            let from = n.shape.nearest(c.0, c.1);
            let to = (
                from.0.clamp(r.cx - r.w / 2.0, r.cx + r.w / 2.0),
                from.1.clamp(r.cy - r.h / 2.0, r.cy + r.h / 2.0),
            );
            Spot {
                rect: r,
                leader: Some([from.0, from.1, to.0, to.1]),
            }
        });
    if let Some((_, s)) = p.place_from(led) {
        record(boxes, &s.rect, n.text);
        if let Some(l) = s.leader {
            ctx.leaders.push(LabelLeader {
                id: n.id.clone(),
                x1: l[0],
                y1: l[1],
                x2: l[2],
                y2: l[3],
            });
        }
        return Put::At(s.rect.cx, s.rect.cy + 0.32 * n.size);
    }
    if callout(p, ctx, boxes, n) {
        Put::Callout
    } else {
        ctx.unplaced.push(n.id.clone());
        Put::Key
    }
}

/// A number at the feature, the name given with it in the map's key.
fn callout(p: &mut Placer, ctx: &mut Ctx, boxes: &mut Vec<LabelBox>, n: &Name) -> bool {
    let e = ctx.e;
    let number = (ctx.callouts.len() + 1).to_string();
    let size = CALLOUT_EM * e;
    let probe = text_box(0.0, 0.0, &number, size, true);
    let (w, h) = (probe.w, probe.h);
    let seeds = seeds(&n.shape, e, p.frame());
    let rect = |(x, y): (f64, f64)| Rect { cx: x, cy: y, w, h };
    let near = n
        .first
        .iter()
        .copied()
        .chain(
            [0.05 * e, 0.3 * e]
                .into_iter()
                .flat_map(|gap| seeds.iter().flat_map(move |s| ring(s, w, h, gap))),
        )
        .filter(|c| beside(ctx, &n.shape, &n.id, &rect(*c), NEAR_MM * per_mm(e)))
        .map(|c| Spot::from(rect(c)));
    let Some((_, s)) = p.place_from(near) else {
        return false;
    };
    record(boxes, &s.rect, &number);
    ctx.callouts.push(Callout {
        id: n.id.clone(),
        number,
        text: n.text.to_string(),
        x: s.rect.cx,
        y: s.rect.cy + 0.32 * size,
        on_symbol: false,
    });
    true
}

/// Symbols that stand where they are: roads, rivers and other lines (sampled
/// about every em, soft), place dots, bridges and elements (hard).
fn claim_fixed(v: &mut MapView, p: &mut Placer) {
    let e = v.em;
    let mut soft = Vec::new();
    let cell = SEED_CELL_EM * e;
    for l in &v.lines {
        let size = l.width.max(0.3 * e) + 0.2 * e;
        // A line's samples in each square of a quarter em: a corner is sampled
        // as the end of one segment and the start of the next, so two may
        // share one; a third only where the line doubles back within the
        // square, which prints as one stroke. A dense line claims what its
        // stroke covers on paper, not a box for each of its points.
        let mut samples: HashMap<(i64, i64), u8> = HashMap::new();
        for w in l.points.windows(2) {
            if let [a, b] = w {
                let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
                let steps = (len / e).ceil().clamp(1.0, 10_000.0) as usize;
                for i in 0..=steps {
                    let t = i as f64 / steps as f64;
                    let (cx, cy) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
                    if cell > 0.0 {
                        let n = samples
                            .entry(((cx / cell).floor() as i64, (cy / cell).floor() as i64))
                            .or_insert(0);
                        if *n >= 2 {
                            continue;
                        }
                        *n += 1;
                    }
                    soft.push(Rect {
                        cx,
                        cy,
                        w: size,
                        h: size,
                    });
                }
            }
        }
    }
    p.claim_soft_all(soft);
    for c in &v.crossings {
        p.claim_hard(crossing_box(c.x, c.y, e));
    }
    for el in &v.elements {
        p.claim_hard(element_box(el.x, el.y, el.angle, e));
    }
    for pl in v.places.iter().filter(|pl| pl.kind == "point") {
        p.claim_hard(dot_box(pl.x, pl.y, e));
    }
    for f in &mut v.inset_frames {
        inset_number(f, p, e);
    }
}

/// An inset's number (`inset 1`) at the first corner of its frame, outside it
/// and then inside, where it covers no mark and no other inset's number: a
/// number on the marks it frames could not be read.
fn inset_number(f: &mut InsetFrame, p: &mut Placer, e: f64) {
    let size = 0.7 * e;
    let text = format!("inset {}", f.number);
    let b = text_box(0.0, 0.0, &text, size, true);
    let (half, gap) = (b.w / 2.0, 0.2 * e);
    let (x0, x1, y0, y1) = (f.x, f.x + f.w, f.y, f.y + f.h);
    // Baselines above and below the frame, then a line further out, then
    // just inside its top and bottom; at its corners, then its middle.
    let (above, below) = (y0 - gap, y1 + gap + 0.95 * size);
    let (higher, lower) = (above - 1.2 * size, below + 1.2 * size);
    let (top, bottom) = (y0 + gap + 0.95 * size, y1 - gap);
    let mid = (x0 + x1) / 2.0;
    let mut spots = Vec::new();
    for y in [above, below, higher, lower] {
        spots.extend([(x1 - half, y), (x0 + half, y), (mid, y)]);
    }
    for y in [top, bottom] {
        spots.extend([(x1 - half - gap, y), (x0 + half + gap, y)]);
    }
    // Beside the frame, halfway down.
    let side = (y0 + y1) / 2.0 + 0.3 * size;
    spots.extend([(x1 + gap + half, side), (x0 - gap - half, side)]);
    let cands: Vec<Spot> = spots
        .iter()
        .map(|(x, y)| Spot::from(text_box(*x, *y, &text, size, true)))
        .collect();
    // Where no corner is free it stays above the top right one, as before.
    let (x, y) = match p.place(&cands).and_then(|i| spots.get(i)) {
        Some(s) => *s,
        // No spot is free: the one that covers least.
        None => {
            let least = spots.iter().copied().min_by(|a, b| {
                let c = |s: &(f64, f64)| p.crowding(&text_box(s.0, s.1, &text, size, true));
                c(a).total_cmp(&c(b))
            });
            let s = least.unwrap_or((x1 - half, above));
            p.claim_hard(text_box(s.0, s.1, &text, size, true));
            s
        }
    };
    f.lx = x;
    f.ly = y;
}

/// An element mark's box: its square or diamond and the tick pointing where
/// it faces (`#el-tick`, 0.7 em long, turned by the facing).
pub fn element_box(x: f64, y: f64, facing: f64, e: f64) -> Rect {
    let (s, c) = facing.to_radians().sin_cos();
    let (tx, ty) = (0.7 * e * s, -0.7 * e * c);
    let half = 0.35 * e;
    let (x0, x1) = ((tx - 0.06 * e).min(-half), (tx + 0.06 * e).max(half));
    let (y0, y1) = ((ty - 0.06 * e).min(-half), (ty + 0.06 * e).max(half));
    Rect {
        cx: x + (x0 + x1) / 2.0,
        cy: y + (y0 + y1) / 2.0,
        w: x1 - x0,
        h: y1 - y0,
    }
}

/// A bridge or ford symbol's box, turned any way.
fn crossing_box(x: f64, y: f64, e: f64) -> Rect {
    Rect {
        cx: x,
        cy: y,
        w: 2.6 * e,
        h: 1.6 * e,
    }
}

/// A place dot's box.
fn dot_box(x: f64, y: f64, e: f64) -> Rect {
    Rect {
        cx: x,
        cy: y,
        w: 0.9 * e,
        h: 0.9 * e,
    }
}

/// Names of point places and named crossings.
fn place_points(v: &mut MapView, p: &mut Placer, ctx: &mut Ctx, boxes: &mut Vec<LabelBox>) {
    let e = v.em;
    let size = PLACE_EM * e;
    let places = v.places.iter_mut().filter(|m| m.kind == "point");
    for m in places {
        let shape = Shape::Mark(dot_box(m.x, m.y, e));
        let at = (&mut m.lx, &mut m.ly, &mut m.shown);
        name_mark(
            p,
            ctx,
            boxes,
            format!("place:{}", m.id),
            shape,
            &m.label,
            size,
            at,
        );
    }
    for m in v.crossings.iter_mut().filter(|c| !c.label.is_empty()) {
        let shape = Shape::Mark(crossing_box(m.x, m.y, e));
        let at = (&mut m.lx, &mut m.ly, &mut m.shown);
        name_mark(
            p,
            ctx,
            boxes,
            format!("crossing:{}", m.id),
            shape,
            &m.label,
            size,
            at,
        );
    }
}

/// Places the bold name of a mark that stands where it is (a place dot, a
/// crossing) and settles where it went into `at` (label x, label y, shown).
#[allow(clippy::too_many_arguments)]
fn name_mark(
    p: &mut Placer,
    ctx: &mut Ctx,
    boxes: &mut Vec<LabelBox>,
    id: String,
    shape: Shape,
    text: &str,
    size: f64,
    at: (&mut f64, &mut f64, &mut bool),
) {
    let name = Name {
        id,
        shape,
        text,
        size,
        bold: true,
        first: Vec::new(),
    };
    settle(put_name(p, ctx, boxes, &name), at.0, at.1, at.2);
}

/// Where a placed name went: its spot, or (as a callout or in the key) not drawn
/// beside its feature.
fn settle(put: Put, lx: &mut f64, ly: &mut f64, shown: &mut bool) {
    match put {
        Put::At(x, y) => {
            *lx = x;
            *ly = y;
        }
        Put::Callout | Put::Key => *shown = false,
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
        let cands: Vec<Spot> = rects.iter().copied().map(Spot::from).collect();
        match p.place(&cands) {
            Some(i) => {
                if let (Some((x, y)), Some(r)) = (spots.get(i), rects.get(i)) {
                    record(boxes, r, &m.label);
                    m.lx = *x;
                    m.ly = *y;
                }
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

/// The box round each unit's own element marks (not its sub-units'), by the
/// unit's id, in map units: one pass over the elements, so a map of many units
/// never searches every element for each unit.
fn own_marks(v: &MapView) -> HashMap<&str, Rect> {
    let mut bounds: HashMap<&str, [f64; 4]> = HashMap::new();
    for el in &v.elements {
        let Some((unit, _)) = el.id.rsplit_once('.') else {
            continue;
        };
        let b = element_box(el.x, el.y, el.angle, v.em);
        let [x0, y0, x1, y1] =
            bounds
                .entry(unit)
                .or_insert([f64::MAX, f64::MAX, f64::MIN, f64::MIN]);
        *x0 = x0.min(b.cx - b.w / 2.0);
        *y0 = y0.min(b.cy - b.h / 2.0);
        *x1 = x1.max(b.cx + b.w / 2.0);
        *y1 = y1.max(b.cy + b.h / 2.0);
    }
    bounds
        .into_iter()
        .map(|(unit, [x0, y0, x1, y1])| {
            let r = Rect {
                cx: (x0 + x1) / 2.0,
                cy: (y0 + y1) / 2.0,
                w: x1 - x0,
                h: y1 - y0,
            };
            (unit, r)
        })
        .collect()
}

/// Unit symbols under their display names: beside their own elements' marks
/// when there is room, else close by on a leader line from the unit's centre;
/// never moved into water or cliffs the unit is not in. A name with no room
/// becomes a number under the symbol, resolved in the key; a symbol with no
/// spot even so goes to the key.
fn place_units(v: &mut MapView, p: &mut Placer, ctx: &mut Ctx, boxes: &mut Vec<LabelBox>) {
    let e = v.em;
    let mm = per_mm(e);
    let impassable: Vec<&[(f64, f64)]> = v
        .areas
        .iter()
        .filter(|a| matches!(a.kind.as_str(), "water" | "lake" | "cliffs"))
        .map(|a| a.points.as_slice())
        .collect();
    let owns: Vec<Option<Rect>> = {
        let marks = own_marks(v);
        v.units
            .iter()
            .map(|u| marks.get(u.id.as_str()).copied())
            .collect()
    };
    for (u, own) in v.units.iter_mut().zip(owns) {
        let full = unit_name(&u.label, u.later);
        let number = (ctx.callouts.len() + 1).to_string();
        let numbered = unit_name(&number, u.later);
        let mut placed = None;
        for name in [&full, &numbered] {
            let cands = unit_spots(u, own, name, &impassable, e, mm);
            let spots: Vec<Spot> = cands.iter().map(|c| c.2).collect();
            if let Some(c) = p.place(&spots).and_then(|i| cands.get(i)) {
                placed = Some((name.clone(), c.0, c.1, c.2));
                break;
            }
        }
        let Some((name, x, y, s)) = placed else {
            u.shown = false;
            continue;
        };
        u.fx = x;
        u.fy = y;
        u.leader = s.leader.is_some();
        if let Some(l) = s.leader {
            u.ax = l[0];
            u.ay = l[1];
            v.leaders.push(l);
        }
        record(boxes, &s.rect, &name);
        if name == numbered && numbered != full {
            ctx.callouts.push(Callout {
                id: format!("unit:{}", u.id),
                number: number.clone(),
                text: full,
                x,
                y,
                on_symbol: true,
            });
            u.label = number;
        }
    }
}

/// The spots for a unit's symbol under `name`, best first, each with where
/// its frame's centre goes.
fn unit_spots(
    u: &UnitMark,
    own: Option<Rect>,
    name: &str,
    impassable: &[&[(f64, f64)]],
    e: f64,
    mm: f64,
) -> Vec<(f64, f64, Spot, f64)> {
    let r0 = unit_box(0.0, 0.0, name, &u.echelon, u.highlight, e);
    // What the symbol must stay near: its own elements' marks, or (an
    // intel report) the point reported.
    let target = own.unwrap_or(Rect {
        cx: u.x,
        cy: u.y,
        w: 0.0,
        h: 0.0,
    });
    // Spots on a half-box lattice round the marks, nearest first.
    let (sx, sy) = ((r0.w + 0.3 * e) / 4.0, (r0.h + 0.3 * e) / 4.0);
    let mut offsets: Vec<(f64, f64)> = Vec::new();
    for j in -12i32..=12 {
        for i in -12i32..=12 {
            offsets.push((f64::from(i) * sx, f64::from(j) * sy));
        }
    }
    let here: Vec<&&[(f64, f64)]> = impassable
        .iter()
        .filter(|poly| inside(u.x, u.y, poly))
        .collect();
    let gap_of = |r: &Rect| Shape::Mark(target).gap(r);
    let mut cands: Vec<(f64, f64, Spot, f64)> = offsets
        .iter()
        .map(|(dx, dy)| (target.cx + dx, target.cy + dy))
        .filter(|(x, y)| {
            impassable
                .iter()
                .all(|poly| !inside(*x, *y, poly) || here.contains(&poly))
        })
        .filter_map(|(x, y)| {
            let rect = unit_box(x, y, name, &u.echelon, u.highlight, e);
            // The frame, not a long name under it, stays near the troops.
            let gap = gap_of(&unit_box(x, y, "", &u.echelon, u.highlight, e));
            if gap > LEADER_MM * mm {
                return None;
            }
            let leader = (gap > UNIT_NEAR_MM * mm).then(|| {
                // From the marks' edge nearest the symbol to its frame.
                let (ax, ay) = Shape::Mark(target).nearest(x, y);
                let (dx, dy) = (x - ax, y - ay);
                let len = (dx * dx + dy * dy).sqrt().max(1e-9);
                let stop = (len - 0.9 * e).max(0.0) / len;
                [ax, ay, ax + dx * stop, ay + dy * stop]
            });
            Some((x, y, Spot { rect, leader }, gap))
        })
        .collect();
    // Without a leader first, nearest first; above before below, then
    // right before left, on ties.
    cands.sort_by(|a, b| {
        let d = |c: &(f64, f64, Spot, f64)| (c.3 / mm * 10.0).round();
        a.2.leader
            .is_some()
            .cmp(&b.2.leader.is_some())
            .then(d(a).total_cmp(&d(b)))
            .then(a.1.total_cmp(&b.1))
            .then(b.0.total_cmp(&a.0))
    });
    cands
}

/// Arrival notes beside their arrow.
fn place_arrivals(v: &mut MapView, p: &mut Placer, ctx: &mut Ctx, boxes: &mut Vec<LabelBox>) {
    let size = UNIT_EM * v.em;
    for a in v.arrivals.iter_mut() {
        let name = Name {
            id: format!("arrival:{}", a.id),
            shape: Shape::path(a.points.clone()),
            text: &a.label,
            size,
            bold: true,
            first: Vec::new(),
        };
        settle(
            put_name(p, ctx, boxes, &name),
            &mut a.lx,
            &mut a.ly,
            &mut a.shown,
        );
    }
}

/// Area names: inside the area, from its middle out, else round it.
fn place_areas(v: &mut MapView, p: &mut Placer, ctx: &mut Ctx, boxes: &mut Vec<LabelBox>) {
    let e = v.em;
    let size = AREA_EM * e;
    for a in v.areas.iter_mut() {
        let shape = Shape::area(a.points.clone());
        let b = shape.bounds();
        let mut first = vec![(a.x, a.y - 0.32 * size)];
        for k in 1..5 {
            let d = k as f64 * 1.1 * e;
            first.extend([(a.x, a.y - 0.32 * size - d), (a.x, a.y - 0.32 * size + d)]);
        }
        // A lattice over the area, nearest its middle first.
        let mut lattice = Vec::new();
        for j in 0..=6 {
            for i in 0..=6 {
                lattice.push((
                    b.cx - b.w / 2.0 + b.w * f64::from(i) / 6.0,
                    b.cy - b.h / 2.0 + b.h * f64::from(j) / 6.0,
                ));
            }
        }
        lattice.sort_by(|p, q| {
            let d = |r: &(f64, f64)| (r.0 - a.x).hypot(r.1 - a.y);
            d(p).total_cmp(&d(q))
        });
        first.extend(
            lattice
                .into_iter()
                .filter(|(x, y)| inside(*x, *y, &a.points)),
        );
        let name = Name {
            id: format!("area:{}", a.id),
            shape,
            text: &a.label,
            size,
            bold: false,
            first,
        };
        settle(
            put_name(p, ctx, boxes, &name),
            &mut a.x,
            &mut a.y,
            &mut a.shown,
        );
    }
}

/// Line names: along the line, turned to run with it, starting from its
/// middle, just to either side of it.
fn place_lines(v: &mut MapView, p: &mut Placer, ctx: &mut Ctx, boxes: &mut Vec<LabelBox>) {
    let e = v.em;
    let size = LINE_EM * e;
    for l in v.lines.iter_mut().filter(|l| !l.label.is_empty()) {
        // Its segments are indexed once, for both ways of naming it.
        let shape = Shape::path(l.points.clone());
        if let Some((x, y, angle)) = along(p, ctx, boxes, l, &shape, size) {
            l.x = x;
            l.y = y;
            l.angle = angle;
            continue;
        }
        let name = Name {
            id: format!("line:{}", l.id),
            shape,
            text: &l.label,
            size,
            bold: false,
            first: Vec::new(),
        };
        match put_name(p, ctx, boxes, &name) {
            Put::At(x, y) => {
                l.x = x;
                l.y = y;
                l.angle = 0.0;
            }
            Put::Callout | Put::Key => l.shown = false,
        }
    }
}

/// A line's name set along one of its segments beside it: its text centre,
/// baseline and turn in degrees (kept readable, never upside down).
fn along(
    p: &mut Placer,
    ctx: &Ctx,
    boxes: &mut Vec<LabelBox>,
    l: &super::view::LineMark,
    shape: &Shape,
    size: f64,
) -> Option<(f64, f64, f64)> {
    let e = ctx.e;
    let id = format!("line:{}", l.id);
    let probe = text_box(0.0, 0.0, &l.label, size, false);
    let ps = &l.points;
    let off = l.width / 2.0 + 0.15 * e + probe.h / 2.0;
    // A spot stands `off` from its segment and turned at most as wide as
    // the box's width and height together: a segment farther than that
    // from the frame has no spot the placer would take.
    let [x0, y0, x1, y1] = p.frame();
    let reach = off + probe.w + probe.h;
    let near_frame = |a: &(f64, f64), b: &(f64, f64)| {
        a.0.min(b.0) - reach <= x1
            && a.0.max(b.0) + reach >= x0
            && a.1.min(b.1) - reach <= y1
            && a.1.max(b.1) + reach >= y0
    };
    // The spots beside each long enough segment, from the middle out, made only
    // as far as the placer looks.
    let segs = middle_out(ps.len().saturating_sub(1));
    let spots = segs.flat_map(|i| {
        let mut spots: Vec<(f64, f64, f64, Rect)> = Vec::new();
        let (Some(a), Some(b)) = (ps.get(i), ps.get(i + 1)) else {
            return spots;
        };
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = dx.hypot(dy);
        if len < probe.w || !near_frame(a, b) {
            return spots;
        }
        let mut angle = dy.atan2(dx).to_degrees();
        if angle > 90.0 {
            angle -= 180.0;
        } else if angle <= -90.0 {
            angle += 180.0;
        }
        let (s, c) = angle.to_radians().sin_cos();
        // The turned box's extent, and the normal to the line.
        let (bw, bh) = (
            (probe.w * c).abs() + (probe.h * s).abs(),
            (probe.w * s).abs() + (probe.h * c).abs(),
        );
        let (nx, ny) = (-s, c);
        for t in [0.5, 0.3, 0.7, 0.15, 0.85] {
            let (x, y) = (a.0 + dx * t, a.1 + dy * t);
            for side in [-1.0, 1.0] {
                let (cx, cy) = (x + side * nx * off, y + side * ny * off);
                spots.push((
                    cx,
                    cy,
                    angle,
                    Rect {
                        cx,
                        cy,
                        w: bw,
                        h: bh,
                    },
                ));
            }
        }
        spots
    });
    let mm = per_mm(e);
    let mut angles = Vec::new();
    let ok = spots
        .filter(|(_, _, _, r)| beside(ctx, shape, &id, r, NEAR_MM * mm))
        .map(|(_, _, angle, r)| {
            angles.push(angle);
            Spot::from(r)
        });
    let (i, spot) = p.place_from(ok)?;
    let angle = angles.get(i)?;
    let r = &spot.rect;
    let (cx, cy) = (r.cx, r.cy);
    record(boxes, r, &l.label);
    Some((cx, cy + 0.32 * size, *angle))
}

#[cfg(test)]
mod tests {
    use super::middle_out;

    #[test]
    fn middle_out_is_the_order_of_a_stable_sort_by_distance_from_the_middle() {
        for n in 0..40 {
            let mut sorted: Vec<usize> = (0..n).collect();
            sorted.sort_by_key(|i| i.abs_diff(n / 2));
            assert_eq!(middle_out(n).collect::<Vec<_>>(), sorted, "n = {n}");
        }
    }
}
