//! Start situations (§24) and unit centres.
//!
//! A group may begin hot when an enemy element stands within 500 m of any of its
//! elements at the start. Visibility is not modelled here: a concealed enemy counts
//! too, so the umpire sees every case (MC604 is a note).

use super::chain::{placed, subtree};
use super::grid::Grid;
use crate::analysis::StartSituation;
use crate::model::*;
use muster_rules::command::HOT_RADIUS_M;

/// One entry per unit, same index as `model.units`.
pub(crate) fn situations(m: &Model) -> Vec<StartSituation> {
    // placed elements by side, on a grid of the hot radius
    let mut grids: Vec<Grid<ElementId>> = Vec::new();
    for e in (0..m.elements.len()).map(ElementId) {
        let Some(p) = placed(m, e) else { continue };
        let side = m.elements[e.0].side.0;
        if grids.len() <= side {
            grids.resize_with(side + 1, || Grid::new(HOT_RADIUS_M));
        }
        grids[side].insert(p, e);
    }
    m.units
        .iter()
        .enumerate()
        .map(|(ui, unit)| {
            let mut nearest: Option<(ElementId, f64)> = None;
            for &e in &unit.elements {
                let Some(p) = placed(m, e) else { continue };
                for (side, grid) in grids.iter().enumerate() {
                    if side == unit.side.0 {
                        continue;
                    }
                    for (other, d) in grid.within(p, HOT_RADIUS_M) {
                        let better =
                            nearest.is_none_or(|(ne, nd)| d < nd || (d == nd && other < ne));
                        if better {
                            nearest = Some((other, d));
                        }
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
