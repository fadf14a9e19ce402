//! Plans drawn on the map (§82): each order's objective as an arrow from the
//! unit (attack solid, support dashed) or a ring round what it defends (with a
//! dotted route when it must first advance or fall back to it), prepared
//! HMG zones (§57), FOO registration links (§55) and engineer tasks (§61), and
//! arrivals at their entry point. Everything is drawn from the view's JSON, so a
//! side's map shows only its own plans, and an arrow only toward what that side
//! knows (a place, its own units, or an enemy through its intel report).

use muster_model::geometry::mean_point;
use serde::Serialize;

use super::svg::num;
use crate::json::forces::Unit;
use crate::json::plans::Objective;
use crate::json::{Point, RefKind, Reference, ScenarioJson, When};
use crate::keyword::keyword;

/// An order's objective: `d` is an arrow path, or a ring when `kind` is `defend`;
/// `move` is the route to a position to defend away from the unit.
#[derive(Debug, Clone, Serialize)]
pub struct OrderMark {
    /// `attack`, `support` or `defend` (§84), or `move` (to a defended position).
    pub kind: String,
    pub d: String,
    /// Drawn in the enemy's colour (umpire map, the second side).
    pub hostile: bool,
    /// The ordered unit's id, for `data-feature="order:ID"`.
    pub unit: String,
}

/// A prepared HMG zone, an FOO registration or an engineer task.
#[derive(Debug, Clone, Serialize)]
pub struct PlanMark {
    /// `hmg-zone`, `registration` or `task`.
    pub kind: String,
    pub d: String,
    pub hostile: bool,
}

/// Reinforcements entering at a place or table edge: an arrow pointing in.
#[derive(Debug, Clone, Serialize)]
pub struct ArrivalMark {
    /// The arriving unit's id, for `data-feature="arrival:ID"`.
    pub id: String,
    pub x: f64,
    pub y: f64,
    pub d: String,
    /// `T3: b-coy`; placed by the label placer.
    pub label: String,
    pub lx: f64,
    pub ly: f64,
    /// False when no free spot was found: the label is in the map's key.
    pub shown: bool,
    pub hostile: bool,
    /// The arrow's tail and head (y down), what its label is measured from.
    #[serde(skip)]
    pub points: Vec<(f64, f64)>,
}

/// Where a reference stands on the table (y north), if the view knows it.
pub fn locate(s: &ScenarioJson, r: &Reference) -> Option<Point> {
    let id = r.id.as_str();
    match r.kind {
        RefKind::Place => s.map.places.iter().find(|p| p.id == id)?.at,
        RefKind::Crossing => s.map.crossings.iter().find(|c| c.id == id).map(|c| c.at),
        RefKind::Area => s
            .map
            .areas
            .iter()
            .find(|a| a.id == id)
            .map(|a| centre(&a.outline)),
        RefKind::Line => {
            let l = s.map.lines.iter().find(|l| l.id == id)?;
            l.points.get(l.points.len() / 2).copied()
        }
        RefKind::Unit => find_unit(s, id).and_then(unit_centre),
        RefKind::Element => s
            .sides
            .iter()
            .flat_map(|sd| sd.units.iter())
            .find_map(|u| find_element(u, id)),
        RefKind::Intel => s.intel.iter().find(|i| i.label == id)?.position,
        RefKind::Signal | RefKind::Side | RefKind::Unresolved | RefKind::Withheld => None,
    }
}

/// The unit with this id in the view, at any depth.
pub fn find_unit<'a>(s: &'a ScenarioJson, id: &str) -> Option<&'a Unit> {
    fn go<'a>(us: &'a [Unit], id: &str) -> Option<&'a Unit> {
        us.iter().find_map(|u| {
            if u.id == id {
                Some(u)
            } else {
                go(&u.units, id)
            }
        })
    }
    s.sides.iter().find_map(|sd| go(&sd.units, id))
}

fn find_element(u: &Unit, id: &str) -> Option<Point> {
    u.elements
        .iter()
        .find(|e| e.id == id)
        .and_then(|e| e.position)
        .or_else(|| u.units.iter().find_map(|c| find_element(c, id)))
}

/// A unit's centre: its own, else the mean of its placed elements below it.
pub fn unit_centre(u: &Unit) -> Option<Point> {
    fn placed(u: &Unit, out: &mut Vec<Point>) {
        out.extend(u.elements.iter().filter_map(|e| e.position));
        for c in &u.units {
            placed(c, out);
        }
    }
    if u.centre.is_some() {
        return u.centre;
    }
    let mut ps = Vec::new();
    placed(u, &mut ps);
    (!ps.is_empty()).then(|| centre(&ps))
}

/// The mean of the points, or the table's corner for none.
pub(crate) fn centre(ps: &[Point]) -> Point {
    mean_point(ps).map_or(Point { x: 0.0, y: 0.0 }, Point::from)
}

/// The order marks of the view; `own` is drawn friendly, `h` is the map height.
pub fn orders(s: &ScenarioJson, own: &str, h: f64, e: f64) -> Vec<OrderMark> {
    let mut out = Vec::new();
    for o in &s.orders {
        let Some(from) = find_unit(s, &o.unit.id).and_then(unit_centre) else {
            continue;
        };
        let kind = o
            .stance
            .map(|k| keyword(&k))
            .unwrap_or_else(|| "attack".into());
        let to = match &o.objective {
            Some(Objective::Target { target }) => locate(s, target),
            Some(Objective::Point { at }) => Some(*at),
            Some(Objective::Bearing { degrees }) => {
                let r = degrees.to_radians();
                Some(Point {
                    x: from.x + 6.0 * e * r.sin(),
                    y: from.y + 6.0 * e * r.cos(),
                })
            }
            None => None,
        };
        let Some(to) = to else { continue };
        let hostile = o.side != own;
        let d = if kind == "defend" {
            // A position away from the unit is one it must reach first: an
            // advance or a withdrawal (§81's "fall back to the edge of the
            // marsh"), drawn as a route to the ring's edge.
            let r = 2.2 * e;
            let (dx, dy) = (to.x - from.x, to.y - from.y);
            let len = (dx * dx + dy * dy).sqrt();
            if len > r + 2.0 * e {
                let k = (len - r - 0.3 * e) / len;
                out.push(OrderMark {
                    kind: "move".into(),
                    d: format!(
                        "M{} {} L{} {}",
                        num(from.x),
                        num(h - from.y),
                        num(from.x + dx * k),
                        num(h - (from.y + dy * k))
                    ),
                    hostile,
                    unit: o.unit.id.clone(),
                });
            }
            ring(to.x, h - to.y, r)
        } else {
            // Stop short of the target so the head does not hide it.
            let (dx, dy) = (to.x - from.x, to.y - from.y);
            let len = (dx * dx + dy * dy).sqrt();
            if len < 2.0 * e {
                continue;
            }
            let k = (len - 1.2 * e) / len;
            format!(
                "M{} {} L{} {}",
                num(from.x),
                num(h - from.y),
                num(from.x + dx * k),
                num(h - (from.y + dy * k))
            )
        };
        out.push(OrderMark {
            kind,
            d,
            hostile,
            unit: o.unit.id.clone(),
        });
    }
    out
}

/// HMG zones, FOO registrations and engineer tasks of every unit in view.
pub fn plans(s: &ScenarioJson, own: &str, h: f64) -> Vec<PlanMark> {
    let mut out = Vec::new();
    for sd in &s.sides {
        let hostile = sd.id != own;
        for u in &sd.units {
            unit_plans(s, u, hostile, h, &mut out);
        }
    }
    out
}

fn unit_plans(s: &ScenarioJson, u: &Unit, hostile: bool, h: f64, out: &mut Vec<PlanMark>) {
    for el in &u.elements {
        let Some(p) = el.position else { continue };
        if let Some(z) = &el.hmg_zone {
            let a = (z.bearing - z.spread / 2.0).to_radians();
            let b = (z.bearing + z.spread / 2.0).to_radians();
            let r = z.range_m.max(1.0);
            let pt = |t: f64| (p.x + r * t.sin(), h - (p.y + r * t.cos()));
            let (ax, ay) = pt(a);
            let (bx, by) = pt(b);
            let large = if z.spread > 180.0 { 1 } else { 0 };
            out.push(PlanMark {
                kind: "hmg-zone".into(),
                d: format!(
                    "M{} {} L{} {} A{r} {r} 0 {large} 1 {} {} Z",
                    num(p.x),
                    num(h - p.y),
                    num(ax),
                    num(ay),
                    num(bx),
                    num(by),
                    r = num(r)
                ),
                hostile,
            });
        }
        let mut link = |kind: &str, to: Option<Point>| {
            if let Some(t) = to {
                out.push(PlanMark {
                    kind: kind.into(),
                    d: format!(
                        "M{} {} L{} {}",
                        num(p.x),
                        num(h - p.y),
                        num(t.x),
                        num(h - t.y)
                    ),
                    hostile,
                });
            }
        };
        if let Some(r) = &el.registers_for {
            link("registration", locate(s, r));
        }
        for t in &el.tasks {
            link("task", t.target.as_ref().and_then(|r| locate(s, r)));
        }
    }
    for c in &u.units {
        unit_plans(s, c, hostile, h, out);
    }
}

/// Arrivals at a point or a table edge, each an arrow pointing onto the table.
pub fn arrivals(s: &ScenarioJson, own: &str, w: f64, h: f64, e: f64) -> Vec<ArrivalMark> {
    let mut out = Vec::new();
    for a in &s.arrivals {
        let Some(place) = s.map.places.iter().find(|p| p.id == a.at.id) else {
            continue;
        };
        let edge = place.edge.map(|k| keyword(&k));
        // along a stretch of the edge, at its middle; else at a fixed spot of the edge
        let mid = place
            .stretch
            .map(|st| ((st.from.x + st.to.x) / 2.0, h - (st.from.y + st.to.y) / 2.0));
        let (x, y, ux, uy) = match (place.at, edge.as_deref()) {
            (Some(p), _) => {
                // Point inward from the nearest edge.
                let (px, py) = (p.x, h - p.y);
                let d = [px, w - px, py, h - py];
                let m = d.iter().copied().fold(f64::INFINITY, f64::min);
                let (ux, uy) = if m == d[0] {
                    (1.0, 0.0)
                } else if m == d[1] {
                    (-1.0, 0.0)
                } else if m == d[2] {
                    (0.0, 1.0)
                } else {
                    (0.0, -1.0)
                };
                (px, py, ux, uy)
            }
            (None, Some("north")) => (mid.map_or(w * 0.6, |m| m.0), 0.0, 0.0, 1.0),
            (None, Some("south")) => (mid.map_or(w * 0.6, |m| m.0), h, 0.0, -1.0),
            (None, Some("east")) => (w, mid.map_or(h * 0.4, |m| m.1), -1.0, 0.0),
            (None, Some(_)) => (0.0, mid.map_or(h * 0.4, |m| m.1), 1.0, 0.0),
            (None, None) => continue,
        };
        // The arrow ends at the place, starting 3 em outside it.
        let (sx, sy) = (x - ux * 3.0 * e, y - uy * 3.0 * e);
        let (sx, sy) = (
            sx.clamp(0.2 * e, w - 0.2 * e),
            sy.clamp(0.2 * e, h - 0.2 * e),
        );
        let (ex, ey) = if place.at.is_some() {
            (x, y)
        } else {
            (x + ux * 3.0 * e, y + uy * 3.0 * e)
        };
        let when = match &a.when {
            When::Turn { turn } => format!("T{turn}"),
            When::Clock { time, .. } => time.clone(),
        };
        out.push(ArrivalMark {
            id: a.unit.id.clone(),
            x: ex,
            y: ey,
            d: format!("M{} {} L{} {}", num(sx), num(sy), num(ex), num(ey)),
            label: format!(
                "{when}: {}",
                a.unit.display.clone().unwrap_or_else(|| a.unit.id.clone())
            ),
            lx: ex,
            ly: ey,
            shown: true,
            hostile: a.side.as_deref().is_some_and(|sd| sd != own),
            points: vec![(sx, sy), (ex, ey)],
        });
    }
    out
}

/// A closed circle as a path.
fn ring(x: f64, y: f64, r: f64) -> String {
    format!(
        "M{} {} a{r} {r} 0 1 0 {} 0 a{r} {r} 0 1 0 {} 0",
        num(x - r),
        num(y),
        num(2.0 * r),
        num(-2.0 * r),
        r = num(r)
    )
}
