//! Start situations (§24) and unit centres.
//!
//! A group may begin hot when an enemy element stands within 500 m of any of its
//! elements at the start and one of the two can see the other. An element too
//! deep inside woods, brush or a built-up area (§109–§121; more than 100 m inside
//! open woods, §111) neither sees out nor is seen, so it counts on neither side:
//! it makes no enemy hot and its own group is not hot for it. Other concealment is not
//! modelled: a concealed enemy counts, so the umpire sees every case (MC604 is a
//! note).
//!
//! The writer may declare the situation where distance alone is wrong: `start hot`
//! or `start cold` on a unit decides it for the unit and the units written inside
//! it (unless they declare their own); on an element, `start cold` takes that
//! element out of the test on both sides (it neither makes its group hot nor
//! makes the enemy near it hot), and `start hot` makes its group hot.

use super::chain::{placed, subtree};
use super::grid::Grid;
use crate::analysis::StartSituation;
use crate::geometry::mean_point;
use crate::model::*;
use muster_rules::command::HOT_RADIUS_M;
use muster_rules::terrain::Who;

/// Whether an element takes part in the distance test: not declared cold, and
/// not too deep in cover to see or be seen.
fn counts(m: &Model, e: ElementId, p: Pos) -> bool {
    let el = &m.elements[e.0];
    if el.start.as_ref().is_some_and(|s| !s.hot) {
        return false;
    }
    let who = el.kind.as_ref().map_or(Who::Foot, Who::of);
    !crate::ground::hidden_at(m, p, who)
}

/// One entry per unit, same index as `model.units`.
pub(crate) fn situations(m: &Model) -> Vec<StartSituation> {
    // placed elements by side, on a grid of the hot radius
    let mut grids: Vec<Grid<ElementId>> = Vec::new();
    for e in (0..m.elements.len()).map(ElementId) {
        let Some(p) = placed(m, e).filter(|p| counts(m, e, *p)) else {
            continue;
        };
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
                // one too deep in cover neither sees out nor is seen (§109–§121)
                let Some(p) = placed(m, e).filter(|p| counts(m, e, *p)) else {
                    continue;
                };
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
            // the unit's own declaration, else the nearest written around it
            let written = std::iter::successors(Some(UnitId(ui)), |u| m.units[u.0].parent)
                .take(m.units.len())
                .find_map(|u| m.units[u.0].start.as_ref());
            let declared = written.or_else(|| {
                unit.elements
                    .iter()
                    .filter_map(|e| m.elements[e.0].start.as_ref())
                    .find(|s| s.hot)
            });
            StartSituation {
                unit: UnitId(ui),
                hot: declared.map_or(nearest.is_some(), |d| d.hot),
                nearest_enemy: nearest,
                declared: declared.cloned(),
            }
        })
        .collect()
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
                return mean_point(&own);
            }
            let all: Vec<Pos> = subtree(m, UnitId(u))
                .into_iter()
                .flat_map(|v| m.units[v.0].elements.iter().filter_map(|e| placed(m, *e)))
                .collect();
            mean_point(&all)
        })
        .collect()
}
