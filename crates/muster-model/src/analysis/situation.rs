//! Start situations (§24) and unit centres.
//!
//! A group may begin hot when an enemy element stands within 500 m of any of its
//! elements at the start. Visibility is not modelled here: a concealed enemy counts
//! too, so the umpire sees every case (MC604 is a note).

use super::chain::{placed, subtree};
use crate::analysis::StartSituation;
use crate::model::*;
use muster_rules::command::HOT_RADIUS_M;

/// One entry per unit, same index as `model.units`.
pub(crate) fn situations(m: &Model) -> Vec<StartSituation> {
    let placed_els: Vec<(ElementId, SideId, Pos)> = (0..m.elements.len())
        .map(ElementId)
        .filter_map(|e| placed(m, e).map(|p| (e, m.elements[e.0].side, p)))
        .collect();
    m.units
        .iter()
        .enumerate()
        .map(|(ui, unit)| {
            let mut nearest: Option<(ElementId, f64)> = None;
            for &e in &unit.elements {
                let Some(p) = placed(m, e) else { continue };
                for &(other, side, q) in &placed_els {
                    if side == unit.side {
                        continue;
                    }
                    let d = p.distance(q);
                    if d <= HOT_RADIUS_M && nearest.is_none_or(|(_, nd)| d < nd) {
                        nearest = Some((other, d));
                    }
                }
            }
            StartSituation {
                unit: UnitId(ui),
                hot: nearest.is_some(),
                nearest_enemy: nearest,
            }
        })
        .collect()
}

fn centroid(points: &[Pos]) -> Option<Pos> {
    if points.is_empty() {
        return None;
    }
    let n = points.len() as f64;
    Some(Pos {
        x: points.iter().map(|p| p.x).sum::<f64>() / n,
        y: points.iter().map(|p| p.y).sum::<f64>() / n,
    })
}

/// Each unit's centre: the centroid of its own placed elements, or of everything
/// inside it when it has none of its own (a battalion without an HQ on the table).
pub(crate) fn centres(m: &Model) -> Vec<Option<Pos>> {
    (0..m.units.len())
        .map(|u| {
            let own: Vec<Pos> = m.units[u]
                .elements
                .iter()
                .filter_map(|e| placed(m, *e))
                .collect();
            if !own.is_empty() {
                return centroid(&own);
            }
            let all: Vec<Pos> = subtree(m, UnitId(u))
                .into_iter()
                .flat_map(|v| m.units[v.0].elements.iter().filter_map(|e| placed(m, *e)))
                .collect();
            centroid(&all)
        })
        .collect()
}
