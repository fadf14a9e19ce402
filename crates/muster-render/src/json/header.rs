//! The scenario header, sides and players as they appear in the JSON.

use muster_rules::vocab::{Light, SeverityLevel, Weather};
use schemars::JsonSchema;
use serde::Serialize;

use super::common::{Kw, RealStrength};
use super::forces::Unit;

/// Who a JSON document or briefing is for.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "audience", rename_all = "snake_case")]
pub enum View {
    /// Everything, including umpire notes and the enemy's forces.
    Umpire,
    /// One side's view: fog of war applied.
    Side { side: String },
}

/// The scenario header with the rulebook's defaults applied.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Header {
    pub title: String,
    /// ISO date `YYYY-MM-DD`.
    pub date: Option<String>,
    /// Start clock time `HH:MM`.
    pub start: Option<String>,
    pub turns: Option<u32>,
    /// Minutes per turn (§7: 10 unless the scenario says otherwise).
    pub turn_minutes: f64,
    /// `turns` x `turn_minutes`, when the number of turns is given.
    pub game_minutes: Option<f64>,
    /// Clock time at the end of the last turn `HH:MM`, when start and turns are given.
    pub end: Option<String>,
    pub end_conditions: Vec<String>,
    /// The side taking the first bound (§23).
    pub first_bound: Option<String>,
    pub weather: Kw<Weather>,
    /// Whether the weather counts as poor for §76 (rain, fog, snow).
    pub poor_weather: bool,
    pub light: Kw<Light>,
    pub table: Option<Table>,
    /// Metres of ground per table millimetre (§1: 2).
    pub ground_scale_m_per_mm: f64,
    /// Designer notes for the umpire; empty in a side's JSON.
    pub notes: Vec<String>,
}

/// Table size in ground metres and in table millimetres.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Table {
    pub width_m: f64,
    pub depth_m: f64,
    pub width_mm: f64,
    pub depth_mm: f64,
}

/// A severity override (house rule) from the scenario or the pack.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Override {
    pub code: String,
    pub level: Kw<SeverityLevel>,
    pub reason: Option<String>,
    /// `scenario` or `pack` (from `muster.toml`).
    pub source: String,
}

/// One of the two sides, with its order of battle as a tree.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Side {
    pub id: String,
    pub display: Option<String>,
    pub nations: Vec<String>,
    pub players: Vec<Player>,
    /// The top units of the side's `forces`, each holding its sub-units and elements.
    /// Empty for the enemy in a side's JSON.
    pub units: Vec<Unit>,
    /// Total estimated strength; null for the enemy in a side's JSON.
    pub strength: Option<RealStrength>,
}

/// A player and the unit they command.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Player {
    pub id: String,
    pub display: Option<String>,
    /// The id of the unit commanded.
    pub commands: Option<String>,
}
