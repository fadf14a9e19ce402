//! The scenario header, sides and players as they appear in the JSON.

use muster_rules::vocab::{Light, SeverityLevel, Weather};
use schemars::JsonSchema;
use serde::Serialize;

use super::common::{Kw, RealStrength};
use super::forces::Unit;
use super::round::whole;
use super::strict::{CLOCK, CODE, DATE, NAME};

/// Who a JSON document or briefing is for.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "audience", rename_all = "snake_case")]
pub enum View {
    /// Everything, including umpire notes and the enemy's forces.
    Umpire,
    /// One side's view: fog of war applied.
    Side {
        /// The side's id; one of the `sides` of the same file.
        #[schemars(pattern(NAME))]
        side: String,
    },
}

/// The scenario header with the rulebook's defaults applied.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Header {
    /// The scenario's title.
    pub title: String,
    /// ISO date `YYYY-MM-DD`.
    #[schemars(pattern(DATE))]
    pub date: Option<String>,
    /// Start clock time `HH:MM`.
    #[schemars(pattern(CLOCK))]
    pub start: Option<String>,
    /// The number of turns, when the scenario gives it.
    pub turns: Option<u32>,
    /// Minutes per turn (§7: 10 unless the scenario says otherwise).
    pub turn_minutes: f64,
    /// `turns` x `turn_minutes`, when the number of turns is given.
    pub game_minutes: Option<f64>,
    /// Clock time at the end of the last turn `HH:MM`, when start and turns are given.
    #[schemars(pattern(CLOCK))]
    pub end: Option<String>,
    /// Other ways the game ends, in the author's words.
    pub end_conditions: Vec<String>,
    /// The side taking the first bound (§23).
    #[schemars(pattern(NAME))]
    pub first_bound: Option<String>,
    /// The weather (§76).
    pub weather: Kw<Weather>,
    /// Whether the weather counts as poor for §76 (rain, fog, snow).
    pub poor_weather: bool,
    /// The light: day, dusk, night and so on.
    pub light: Kw<Light>,
    /// The table's size, when the scenario gives it.
    pub table: Option<Table>,
    /// Metres of ground per table millimetre (§1: 2).
    pub ground_scale_m_per_mm: f64,
    /// Designer notes for the umpire; empty in a side's JSON.
    pub notes: Vec<String>,
}

/// Table size in ground metres and in table millimetres.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Table {
    /// West to east in metres of ground, to the whole metre.
    #[serde(serialize_with = "whole")]
    pub width_m: f64,
    /// South to north in metres of ground, to the whole metre.
    #[serde(serialize_with = "whole")]
    pub depth_m: f64,
    /// West to east in table millimetres, to the whole millimetre.
    #[serde(serialize_with = "whole")]
    pub width_mm: f64,
    /// South to north in table millimetres, to the whole millimetre.
    #[serde(serialize_with = "whole")]
    pub depth_mm: f64,
}

/// A severity override (house rule) from the scenario or the pack.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Override {
    /// The diagnostic code overridden (`MC301`).
    #[schemars(pattern(CODE))]
    pub code: String,
    /// The severity it is given instead.
    pub level: Kw<SeverityLevel>,
    /// Why, in the author's words.
    pub reason: Option<String>,
    /// `scenario` or `pack` (from `muster.toml`).
    #[schemars(extend("enum" = ["scenario", "pack"]))]
    pub source: String,
    /// The unit or element it is written on, when it governs that one only
    /// (`allow MC209 "…"` on an element); null for a scenario-wide house rule.
    pub scope: Option<String>,
}

/// One of the two sides, with its order of battle as a tree.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Side {
    /// Its identifier, unique among the sides.
    #[schemars(pattern(NAME))]
    pub id: String,
    /// Its display name.
    pub display: Option<String>,
    /// The nations fighting on it, as written (`british`).
    #[schemars(inner(pattern(NAME)))]
    pub nations: Vec<String>,
    /// Its players; empty for the enemy in a side's JSON.
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
    /// Its identifier, unique among the players.
    #[schemars(pattern(NAME))]
    pub id: String,
    /// The player's name or role as shown.
    pub display: Option<String>,
    /// The id of the unit commanded.
    #[schemars(pattern(NAME))]
    pub commands: Option<String>,
}
