//! The balance report in the JSON (format 8): each objective of the victory
//! conditions with each side's strength within reach turn by turn, the ratio
//! there, and the stated strengths beside the game's. The umpire's alone: it
//! counts the enemy, so a side's JSON has none.

use muster_model::balance as b;
use muster_model::model::{Model, Target};
use schemars::JsonSchema;
use serde::Serialize;

use super::common::{Point, RealStrength};

/// The assumptions of the report, and pieces by class: the model's own types.
pub use muster_model::balance::{BalanceSettings as Settings, Strength, Verdict};

/// The balance report of a scenario (see `docs/balance.md`).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Balance {
    /// Turns in the game; every per-turn list has one entry per turn.
    pub turns: u32,
    /// The rates and doctrine it was measured with (`[balance]` in `muster.toml`).
    pub settings: Settings,
    /// Every place, area or crossing a victory condition names.
    pub objectives: Vec<Objective>,
    /// Per side, the strength the scenario states beside the game's.
    pub historical: Vec<Historical>,
}

/// One objective of the balance report.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[schemars(rename = "BalanceObjective")]
pub struct Objective {
    /// Its id as written.
    pub id: String,
    /// Its display name, if it has one.
    pub display: Option<String>,
    /// Where it is measured from: a place's point or the middle of its stretch,
    /// a crossing's point, the mean of an area's outline, an element's position.
    pub at: Point,
    /// Indices into the scenario's `victory` list of the levels that name it.
    pub victories: Vec<usize>,
    /// The earliest `by turn N` of those conditions.
    pub by_turn: Option<u32>,
    /// The side with more strength there in turn 1; the other attacks.
    pub defender: Option<String>,
    /// The other side, when there are two and someone is near in turn 1.
    pub attacker: Option<String>,
    /// Each side's strength within reach, one entry per turn.
    pub sides: Vec<SideTurns>,
    /// Attacker : defender per turn, to two places; `null` where the defender
    /// has nothing there.
    pub ratios: Vec<Option<f64>>,
    /// What the ratio comes to over the game, against the doctrinal ratio.
    pub verdict: Verdict,
    /// Each element that reaches it within the game, by turn.
    pub reach: Vec<Reach>,
    /// Arrivals that bring on an element that reaches it, with their turn.
    pub arrivals: Vec<ArrivalMark>,
}

/// One side's strength at an objective, turn by turn.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SideTurns {
    /// The side's id.
    pub side: String,
    /// Its pieces within reach by class, one entry per turn.
    pub turns: Vec<Strength>,
    /// The same strength as one number a turn, to two places: a figure or soft
    /// vehicle counts one, an armoured vehicle, gun or aircraft `model_weight`
    /// (what the ratios compare and the chart draws).
    pub weights: Vec<f64>,
}

/// An element within reach of an objective from a turn on.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Reach {
    /// The element's qualified id (`unit.element`).
    pub element: String,
    /// The element's side.
    pub side: String,
    /// The first turn it is within reach.
    pub turn: u32,
}

/// An arrival that brings strength to an objective.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ArrivalMark {
    /// The arriving unit's id.
    pub unit: String,
    /// Its side.
    pub side: String,
    /// The turn it arrives.
    pub turn: u32,
}

/// A side's stated strength beside the game's, over its units with a
/// `historical-strength` (only the kinds each states).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Historical {
    /// The side's id.
    pub side: String,
    /// The units with a `historical-strength`.
    pub units: Vec<String>,
    /// Their stated strengths summed.
    pub stated: RealStrength,
    /// The same units' strength in the game.
    pub game: RealStrength,
}

fn two_places(v: f64) -> f64 {
    (v * 100.0).round() / 100.0 + 0.0
}

fn side(model: &Model, s: muster_model::model::SideId) -> String {
    model
        .sides
        .get(s.0)
        .map(|s| s.name.id.clone())
        .unwrap_or_default()
}

fn real(e: muster_model::strength::Estimate) -> RealStrength {
    RealStrength {
        men: e.men,
        vehicles: e.vehicles,
        guns: e.guns,
        aircraft: e.aircraft,
    }
}

/// The display name of an objective.
fn display(model: &Model, t: Target) -> Option<String> {
    match t {
        Target::Place(i) => model.places.get(i.0)?.display.clone(),
        Target::Area(i) => model.areas.get(i.0)?.display.clone(),
        Target::Crossing(i) => model.crossings.get(i.0)?.display.clone(),
        _ => None,
    }
}

/// The JSON of a balance report.
pub fn of(model: &Model, r: &b::Balance) -> Balance {
    Balance {
        turns: r.turns,
        settings: r.settings,
        objectives: r
            .objectives
            .iter()
            .map(|o| objective(model, &r.settings, o))
            .collect(),
        historical: r
            .historical
            .iter()
            .map(|h| Historical {
                side: side(model, h.side),
                units: h
                    .units
                    .iter()
                    .filter_map(|u| Some(model.units.get(u.0)?.name.id.clone()))
                    .collect(),
                stated: real(h.stated),
                game: real(h.game),
            })
            .collect(),
    }
}

fn objective(model: &Model, settings: &Settings, o: &b::Objective) -> Objective {
    Objective {
        id: o.name.clone(),
        display: display(model, o.target),
        at: Point {
            x: o.at.x,
            y: o.at.y,
        },
        victories: o.victories.clone(),
        by_turn: o.by,
        defender: o.defender.map(|s| side(model, s)),
        attacker: o.attacker.map(|s| side(model, s)),
        sides: o
            .sides
            .iter()
            .map(|t| SideTurns {
                side: side(model, t.side),
                turns: t.turns.clone(),
                weights: t
                    .turns
                    .iter()
                    .map(|s| two_places(s.weight(settings)))
                    .collect(),
            })
            .collect(),
        ratios: o.ratios.iter().map(|r| r.map(two_places)).collect(),
        verdict: match o.verdict {
            b::Verdict::Short { best } => Verdict::Short {
                best: two_places(best),
            },
            v => v,
        },
        reach: o
            .reach
            .iter()
            .filter_map(|r| {
                Some(Reach {
                    element: model.elements.get(r.element.0)?.qualified.clone(),
                    side: side(model, r.side),
                    turn: r.turn,
                })
            })
            .collect(),
        arrivals: o
            .arrivals
            .iter()
            .filter_map(|&(k, turn)| {
                let a = model.arrivals.get(k)?;
                Some(ArrivalMark {
                    unit: a.unit.name.id.clone(),
                    side: a.side.map(|s| side(model, s)).unwrap_or_default(),
                    turn,
                })
            })
            .collect(),
    }
}
