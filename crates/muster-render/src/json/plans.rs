//! Orders, signals, nets, arrivals, events, victory conditions, intel and latency.

use muster_rules::vocab::{Intensity, Precision, SignalKind, Stance};
use schemars::JsonSchema;
use serde::Serialize;

use super::common::{Kw, Point, Reference, When};

/// A unit's order (§81–§86).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Order {
    pub side: String,
    pub unit: Reference,
    pub stance: Option<Kw<Stance>>,
    pub intensity: Option<Kw<Intensity>>,
    pub objective: Option<Objective>,
    pub timing: Vec<Timing>,
    /// What the players read.
    pub text: Option<String>,
    /// The order in one line (`attack all-out pegasus by turn 2`).
    pub summary: String,
}

/// Where an order or a report points.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Objective {
    Target { target: Reference },
    Bearing { degrees: f64 },
    Point { at: Point },
}

/// An order's timing.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Timing {
    Immediately,
    By {
        turn: u32,
    },
    After {
        turn: u32,
    },
    Until {
        turn: u32,
    },
    OnSignal {
        signal: String,
    },
    /// In a side's JSON, waiting for an enemy's signal: only what can be seen or
    /// heard of it (a flare, a smoke signal), never its id or meaning.
    OnSighting {
        of: Kw<SignalKind>,
    },
    At {
        time: String,
    },
}

/// A pre-arranged signal (§73–§75).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Signal {
    pub id: String,
    pub side: Option<String>,
    pub kind: Kw<SignalKind>,
    pub meaning: Option<String>,
    pub sender: Option<Reference>,
    /// `on command`, `on capture X` or the condition's words.
    pub trigger: Option<String>,
    pub affects: Vec<Reference>,
}

/// A named radio net with its stated seniority (§71).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Net {
    pub side: String,
    pub id: String,
    pub display: Option<String>,
    pub members: Vec<Reference>,
}

/// A field telephone line or an extra radio link (§68, §70).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Link {
    pub side: String,
    pub from: Reference,
    pub to: Reference,
}

/// Reinforcements arriving.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Arrival {
    pub side: Option<String>,
    pub unit: Reference,
    pub when: When,
    pub at: Reference,
    pub text: Option<String>,
}

/// A timed event for the umpire; never in a side's JSON.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Event {
    pub id: String,
    pub when: When,
    pub text: String,
}

/// A side's victory condition.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Victory {
    pub side: String,
    pub text: String,
    pub conditions: Vec<Condition>,
}

/// A machine-readable victory condition.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Condition {
    /// Hold `target` at the end, or by `by_turn`.
    Holds {
        target: Reference,
        by_turn: Option<u32>,
    },
    Destroys {
        target: Reference,
    },
    Exits {
        unit: Reference,
        at: Reference,
    },
}

/// What a side is told of one enemy unit.
///
/// In a side's JSON, `unit` is null: the report carries only the intel's words,
/// where the enemy was seen and how precisely (docs/output.md).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Intel {
    /// The side that receives the report.
    pub side: String,
    /// A label for the report (`report 1`), stable within the side.
    pub label: String,
    /// The enemy unit reported on; null in a side's JSON.
    pub unit: Option<Reference>,
    pub seen_at: Option<Objective>,
    /// The map position of the report, when it was seen at a point, place or area.
    pub position: Option<Point>,
    pub precision: Option<Kw<Precision>>,
    pub words: Option<String>,
}

/// One row of the order-latency table (§66, §78).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Latency {
    pub side: String,
    /// The unit whose command element issues the order.
    pub from: String,
    /// The unit that must act on it.
    pub unit: String,
    pub links: u32,
    pub runner_turns: u32,
    /// The turn (the issuing turn is 1) in which the unit can act, hot.
    pub hot_turn: u32,
    /// The same, cold.
    pub cold_turn: u32,
}
