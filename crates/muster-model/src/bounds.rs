//! Positions far off the table (MC005), taken out of the model as the last step
//! of resolution, so no later stage measures a distance to them: an element
//! becomes unplaced, an area or line loses its outline, any other point is pulled
//! to the edge of the allowed box. What was taken out is kept on the model
//! (`Model::far_off`) for the MC005 rule to report.

use crate::model::{Loc, Model, Objective, PlaceAt, Pos};
use muster_rules::limits::{COORDINATE_MARGIN, TABLE_SIDE};
use serde::Serialize;

/// The box every position must lie in: the table (the largest allowed table when
/// none is given) widened by the margin on every side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Allowed {
    pub x: (f64, f64),
    pub y: (f64, f64),
}

impl Allowed {
    pub fn of(model: &Model) -> Self {
        let (w, d) = model
            .header
            .as_ref()
            .and_then(|h| h.table)
            .unwrap_or((TABLE_SIDE.max, TABLE_SIDE.max));
        let m = COORDINATE_MARGIN.max;
        Allowed {
            x: (-m, w + m),
            y: (-m, d + m),
        }
    }

    /// Whether `p` is inside (never for NaN or infinite coordinates).
    pub fn holds(&self, p: Pos) -> bool {
        p.x >= self.x.0 && p.x <= self.x.1 && p.y >= self.y.0 && p.y <= self.y.1
    }

    /// The nearest allowed point, for positions that have no "absent" value.
    fn clamp(&self, p: Pos) -> Pos {
        let c = |v: f64, (lo, hi): (f64, f64)| if v.is_nan() { lo } else { v.clamp(lo, hi) };
        Pos {
            x: c(p.x, self.x),
            y: c(p.y, self.y),
        }
    }
}

/// What held a refused position (indices into the model's lists).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum FarOffItem {
    Element(usize),
    Area(usize),
    Line(usize),
    Crossing(usize),
    Place(usize),
    /// An order's objective or where intel saw the enemy.
    Point,
}

/// One position refused as far off the table: what held it, the position as
/// written and where it was written.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FarOff {
    pub item: FarOffItem,
    pub at: Pos,
    pub loc: Loc,
}

/// Takes every position far off the table out of the model and records it in
/// `model.far_off`, in model order.
pub(crate) fn refuse(model: &mut Model) {
    let allowed = Allowed::of(model);
    let mut out = Vec::new();
    for (i, e) in model.elements.iter_mut().enumerate() {
        let Some(p) = e.pos.filter(|p| !allowed.holds(*p)) else {
            continue;
        };
        let loc = e.pos_loc.unwrap_or(e.name.loc);
        out.push(FarOff {
            item: FarOffItem::Element(i),
            at: p,
            loc,
        });
        e.pos = None;
    }
    for (i, a) in model.areas.iter_mut().enumerate() {
        if let Some(p) = a.outline.iter().copied().find(|p| !allowed.holds(*p)) {
            out.push(FarOff {
                item: FarOffItem::Area(i),
                at: p,
                loc: a.shape_loc,
            });
            a.outline.clear();
        }
    }
    for (i, l) in model.lines.iter_mut().enumerate() {
        if let Some(p) = l.points.iter().copied().find(|p| !allowed.holds(*p)) {
            out.push(FarOff {
                item: FarOffItem::Line(i),
                at: p,
                loc: l.loc,
            });
            l.points.clear();
        }
    }
    for (i, c) in model.crossings.iter_mut().enumerate() {
        if !allowed.holds(c.at) {
            out.push(FarOff {
                item: FarOffItem::Crossing(i),
                at: c.at,
                loc: c.loc,
            });
            c.at = allowed.clamp(c.at);
        }
    }
    for (i, pl) in model.places.iter_mut().enumerate() {
        if let PlaceAt::Point(p) = pl.at {
            if !allowed.holds(p) {
                out.push(FarOff {
                    item: FarOffItem::Place(i),
                    at: p,
                    loc: pl.loc,
                });
                pl.at = PlaceAt::Point(allowed.clamp(p));
            }
        }
        if let Some(st) = pl.stretch.as_mut() {
            for p in [&mut st.from, &mut st.to] {
                if !allowed.holds(*p) {
                    out.push(FarOff {
                        item: FarOffItem::Place(i),
                        at: *p,
                        loc: st.loc,
                    });
                    *p = allowed.clamp(*p);
                }
            }
        }
    }
    let objectives = model
        .orders
        .iter_mut()
        .filter_map(|o| o.objective.as_mut())
        .chain(model.intel.iter_mut().filter_map(|i| i.seen_at.as_mut()));
    for obj in objectives {
        if let Objective::Point(p, loc) = obj {
            if !allowed.holds(*p) {
                out.push(FarOff {
                    item: FarOffItem::Point,
                    at: *p,
                    loc: *loc,
                });
                *p = allowed.clamp(*p);
            }
        }
    }
    model.far_off = out;
    model.shapes_changed();
}
