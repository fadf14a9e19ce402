//! Orders of battle in the JSON: units as a tree, elements with their derived facts.

use muster_rules::vocab::*;
use schemars::JsonSchema;
use serde::Serialize;

use super::common::{Kw, Point, RealStrength, Reference};

/// A unit: a formation, HQ or commanded group (§9, §10).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Unit {
    /// Its identifier, unique in the scenario.
    pub id: String,
    pub display: Option<String>,
    pub echelon: Kw<Echelon>,
    pub nation: Option<String>,
    /// The template it was instantiated from.
    pub template: Option<String>,
    /// The unit it is written inside.
    pub parent: Option<String>,
    /// Where it is attached (§14): its line of command runs there.
    pub attached_to: Option<Reference>,
    /// The qualified id of its command element.
    pub command_element: Option<String>,
    pub arrives_later: bool,
    /// Centre of its placed elements.
    pub centre: Option<Point>,
    /// Whether it may begin hot (§24).
    pub start: Option<StartSituation>,
    /// Estimated strength of the unit and everything below it.
    pub strength: RealStrength,
    pub notes: Vec<String>,
    /// Empty in a side's JSON.
    pub umpire_notes: Vec<String>,
    pub elements: Vec<Element>,
    /// Its sub-units.
    pub units: Vec<Unit>,
}

/// Whether a unit starts hot: an enemy element within 500 m (§24).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct StartSituation {
    pub hot: bool,
    /// The nearest enemy element's qualified id; null in a side's JSON.
    pub nearest_enemy: Option<String>,
    /// Metres to it; null in a side's JSON.
    pub nearest_enemy_m: Option<f64>,
}

/// An element: the smallest separately movable piece (§8).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Element {
    /// `unit.element`, unique in the scenario.
    pub id: String,
    /// The element's own identifier within its unit.
    pub name: String,
    pub unit: String,
    pub kind: Option<ElementKind>,
    /// A short description of the type (`coherent foot`, `tracked armoured tank`).
    pub description: String,
    pub is_hq: bool,
    pub commander: bool,
    pub figures: Option<u32>,
    pub models: Option<u32>,
    pub weapons: Vec<Weapon>,
    pub comms: Comms,
    /// Absolute position in table metres; null when not on the table.
    pub position: Option<Point>,
    /// Degrees, 0 north.
    pub facing: Option<f64>,
    pub postures: Vec<Kw<Posture>>,
    pub embussed_in: Option<Reference>,
    pub riding_on: Option<Reference>,
    pub registers_for: Option<Reference>,
    pub hmg_zone: Option<HmgZone>,
    pub tasks: Vec<Task>,
    pub refuel_at: Option<Reference>,
    pub strength: RealStrength,
    /// Command status at the start (§87–§89).
    pub command: Command,
    pub notes: Vec<String>,
    /// Empty in a side's JSON.
    pub umpire_notes: Vec<String>,
}

/// The type of an element (§12, §18).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "category", rename_all = "snake_case")]
pub enum ElementKind {
    Foot {
        #[serde(rename = "type")]
        ty: Kw<FootType>,
        specialism: Option<Kw<Specialism>>,
    },
    Vehicle {
        role: Kw<VehicleRole>,
        drive: Kw<Drive>,
        armoured: bool,
        open_topped: bool,
    },
    Artillery {
        weapon: Kw<ArtilleryWeapon>,
        calibre_mm: Option<f64>,
    },
    Aircraft {
        role: Kw<AircraftRole>,
    },
}

/// A weapon carried.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Weapon {
    pub kind: Kw<WeaponKind>,
    pub mount: Option<Kw<Mount>>,
    pub calibre_mm: Option<f64>,
}

/// Means of communication (§68, §69).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Comms {
    pub radio: Option<Kw<RadioRange>>,
    pub telephone: bool,
}

/// A prepared HMG zone (§57).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct HmgZone {
    pub bearing: f64,
    pub spread: f64,
    pub range_m: f64,
}

/// An engineering task (§61).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Task {
    pub task: String,
    pub target: Option<Reference>,
}

/// An element's command status at the start (§87–§89).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Command {
    /// In command range by `route` over `means`, linked to `via`.
    InCommand {
        /// `direct` (§87a), `chain` (§87b) or `supported` (§87c).
        route: String,
        /// `wire`, `long-radio`, `short-radio`, `voice` or `runner` (§88).
        means: String,
        via: String,
        distance_m: f64,
    },
    /// Out of range by every route (§89).
    Separated {
        nearest: Option<String>,
        distance_m: f64,
        short_by_m: f64,
        /// Extra turns for a runner (§76, §90).
        runner_turns: u32,
    },
    /// The top command element of its side: no superior to reach.
    Top,
    /// Not on the table at the start: not assessed.
    NotPlaced,
    /// No analysis was available for this element.
    Unknown,
}
