//! The real strength the game's figures and models stand for (§3, §20), in one
//! place: the sheets print it and the checks compare it with a stated strength.

use crate::model::{Element, Model, Troop, UnitId};
use muster_rules::foot::usual_figures;
use muster_rules::scale::{MEN_PER_FIGURE, USUAL_AIRCRAFT_PER_MODEL, USUAL_VEHICLES_PER_MODEL};
use serde::Serialize;

/// Estimated real strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Estimate {
    pub men: u32,
    pub vehicles: u32,
    pub guns: u32,
    pub aircraft: u32,
}

impl std::ops::Add for Estimate {
    type Output = Estimate;

    fn add(self, o: Estimate) -> Estimate {
        Estimate {
            men: self.men.saturating_add(o.men),
            vehicles: self.vehicles.saturating_add(o.vehicles),
            guns: self.guns.saturating_add(o.guns),
            aircraft: self.aircraft.saturating_add(o.aircraft),
        }
    }
}

/// Real vehicles, guns or aircraft one model of `e` stands for: what the writer
/// says (`represents`, else the sum of a `mix`), else the usual estimate (§3).
pub fn per_model(e: &Element) -> u32 {
    let mix: u32 = e.mix.iter().map(|(n, _)| *n).sum();
    e.represents
        .map(|(n, _)| n)
        .or((mix > 0).then_some(mix))
        .unwrap_or(USUAL_VEHICLES_PER_MODEL)
}

/// The pieces on the table a losses condition counts: foot figures, and the
/// models of vehicles, guns and aircraft (ships are counted by neither).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pieces {
    pub figures: u32,
    pub models: u32,
}

/// What one element puts on the table, as a losses condition counts it.
pub fn pieces(e: &Element) -> Pieces {
    let models = e.models.map_or(1, |(n, _)| n);
    match &e.kind {
        Some(Troop::Foot { ty, .. }) => Pieces {
            figures: e.figures.map_or_else(|| usual_figures(*ty), |(n, _)| n),
            models: 0,
        },
        Some(Troop::Vehicle(_) | Troop::Artillery { .. } | Troop::Aircraft { .. }) => {
            Pieces { figures: 0, models }
        }
        Some(Troop::Ship { .. }) | None => Pieces::default(),
    }
}

/// Estimated real strength of one element (§3, §20).
pub fn element(e: &Element) -> Estimate {
    let figures = e.figures.map(|(n, _)| n);
    let models = e.models.map(|(n, _)| n).unwrap_or(1);
    let mut s = Estimate::default();
    match &e.kind {
        Some(Troop::Foot { ty, .. }) => {
            s.men = figures
                .unwrap_or_else(|| usual_figures(*ty))
                .saturating_mul(MEN_PER_FIGURE)
        }
        Some(Troop::Vehicle(_)) => s.vehicles = models.saturating_mul(per_model(e)),
        Some(Troop::Artillery { .. }) => {
            s.guns = models.saturating_mul(per_model(e));
            s.men = figures.unwrap_or(0).saturating_mul(MEN_PER_FIGURE);
        }
        Some(Troop::Aircraft { .. }) => {
            s.aircraft =
                models.saturating_mul(e.represents.map_or(USUAL_AIRCRAFT_PER_MODEL, |(n, _)| n))
        }
        // a ship model is one ship or craft, counted with the vehicles
        Some(Troop::Ship { .. }) => s.vehicles = models,
        None => s.men = figures.unwrap_or(0).saturating_mul(MEN_PER_FIGURE),
    }
    s
}

/// Estimated real strength of a unit and every unit written inside it. Each
/// unit is visited once, so a malformed tree cannot make the work grow.
pub fn unit(model: &Model, id: UnitId) -> Estimate {
    let mut total = Estimate::default();
    let mut seen = vec![false; model.units.len()];
    let mut stack = vec![id];
    while let Some(u) = stack.pop() {
        let Some(unit) = model.units.get(u.0) else {
            continue;
        };
        if std::mem::replace(&mut seen[u.0], true) {
            continue;
        }
        for e in &unit.elements {
            if let Some(e) = model.elements.get(e.0) {
                total = total + element(e);
            }
        }
        stack.extend(unit.children.iter().copied());
    }
    total
}

/// Whether a unit has anything a stated strength counts (men, vehicles, guns):
/// not when everything it and its sub-units put on the table is aircraft or
/// ships, which the game counts by their models.
pub fn statable(model: &Model, id: UnitId) -> bool {
    let mut stack = vec![id];
    let mut any = false;
    while let Some(u) = stack.pop() {
        let Some(unit) = model.units.get(u.0) else {
            continue;
        };
        for e in &unit.elements {
            match model.elements.get(e.0).and_then(|e| e.kind.as_ref()) {
                Some(Troop::Aircraft { .. } | Troop::Ship { .. }) => any = true,
                _ => return true,
            }
        }
        stack.extend(unit.children.iter().copied());
    }
    !any
}
