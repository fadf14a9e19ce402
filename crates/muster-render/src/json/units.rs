//! The order of battle as a tree of units, with strengths summed upwards.

use muster_model::analysis::Analysis;
use muster_model::model::{Model, UnitId};

use super::common::{Point, RealStrength};
use super::convert::reference;
use super::elements::element;
use super::forces::{HistoricalStrength, StartSituation, Unit};

/// Builds unit trees on demand.
pub(crate) struct Forest<'a> {
    model: &'a Model,
    analysis: &'a Analysis,
}

pub(crate) fn forest<'a>(model: &'a Model, analysis: &'a Analysis) -> Forest<'a> {
    Forest { model, analysis }
}

impl Forest<'_> {
    /// The top units of a side, in source order, each as a full tree.
    pub(crate) fn tops(&self, side: usize) -> Vec<Unit> {
        self.model
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.side.0 == side && u.parent.is_none())
            .map(|(i, _)| self.unit(UnitId(i), 0))
            .collect()
    }

    fn unit(&self, id: UnitId, depth: usize) -> Unit {
        let model = self.model;
        let u = &model.units[id.0];
        let elements: Vec<_> = u
            .elements
            .iter()
            .filter_map(|e| {
                model
                    .elements
                    .get(e.0)
                    .map(|el| element(model, self.analysis, e.0, el))
            })
            .collect();
        // The model is a tree; the depth bound only guards against a malformed one.
        let units: Vec<Unit> = if depth < 64 {
            u.children
                .iter()
                .filter(|c| c.0 < model.units.len())
                .map(|c| self.unit(*c, depth + 1))
                .collect()
        } else {
            Vec::new()
        };
        let strength = elements
            .iter()
            .map(|e| e.strength)
            .chain(units.iter().map(|u| u.strength))
            .fold(RealStrength::default(), |a, b| a + b);
        let start = self
            .analysis
            .situations
            .iter()
            .find(|s| s.unit == id)
            .map(|s| StartSituation {
                hot: s.hot,
                declared: s.declared.is_some(),
                reason: s.declared.as_ref().map(|d| d.reason.text.clone()),
                nearest_enemy: s
                    .nearest_enemy
                    .and_then(|(e, _)| model.elements.get(e.0))
                    .map(|e| e.qualified.clone()),
                nearest_enemy_m: s.nearest_enemy.map(|(_, d)| d),
            });
        Unit {
            id: u.name.id.clone(),
            display: u.display.clone(),
            echelon: super::Kw(u.echelon),
            nation: u.nation.clone(),
            template: u
                .template
                .and_then(|t| model.templates.get(t.0))
                .map(|t| t.name.id.clone()),
            parent: u
                .parent
                .and_then(|p| model.units.get(p.0))
                .map(|p| p.name.id.clone()),
            attached_to: u.attached_to.as_ref().map(|r| reference(model, r)),
            command_element: u
                .command_element
                .and_then(|e| model.elements.get(e.0))
                .map(|e| e.qualified.clone()),
            arrives_later: u.arrives_later,
            centre: self
                .analysis
                .unit_centres
                .get(id.0)
                .copied()
                .flatten()
                .map(Point::from),
            start,
            prepared_since: u.prepared.as_ref().and_then(prepared_since),
            prepared_overnight: u.prepared.as_ref().is_some_and(|p| p.date.is_none()),
            branch: u.branch.map(super::common::Kw),
            modifier: u.modifier.map(super::common::Kw),
            // filled in once the tree is whole (`app6::set_sidcs`)
            sidc: String::new(),
            strength,
            historical_strength: u.historical_strength.as_ref().map(|h| HistoricalStrength {
                men: h.men,
                vehicles: h.vehicles,
                guns: h.guns,
                source: h.source.text.clone(),
            }),
            notes: u.notes.iter().map(|p| p.text.clone()).collect(),
            umpire_notes: u.umpire_notes.iter().map(|p| p.text.clone()).collect(),
            elements,
            units,
        }
    }
}

/// When a position was prepared, `YYYY-MM-DD[ HH:MM]`; `None` for `overnight`.
pub(crate) fn prepared_since(p: &muster_model::model::PreparedSince) -> Option<String> {
    let d = date(p.date?);
    Some(match p.time {
        Some((h, m)) => format!("{d} {h:02}:{m:02}"),
        None => d,
    })
}

/// A date as `YYYY-MM-DD`.
pub(crate) fn date((y, m, d): (i32, u8, u8)) -> String {
    format!("{y:04}-{m:02}-{d:02}")
}
