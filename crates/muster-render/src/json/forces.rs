//! Orders of battle in the JSON: units as a tree, elements with their derived facts.

use muster_rules::vocab::*;
use schemars::JsonSchema;
use serde::Serialize;

use super::common::{Kw, Point, RealStrength, Reference};
use super::round::{whole, whole_opt};
use super::strict::{NAME, PATH, SIDC};

/// A unit: a formation, HQ or commanded group (§9, §10).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Unit {
    /// Its identifier, unique in the scenario.
    #[schemars(pattern(NAME))]
    pub id: String,
    /// Its display name.
    pub display: Option<String>,
    /// Its size (§9).
    pub echelon: Kw<Echelon>,
    /// Its nation, as written (`british`).
    #[schemars(pattern(NAME))]
    pub nation: Option<String>,
    /// The template it was instantiated from.
    #[schemars(pattern(NAME))]
    pub template: Option<String>,
    /// The unit it is written inside.
    #[schemars(pattern(NAME))]
    pub parent: Option<String>,
    /// Where it is attached (§14): its line of command runs there.
    pub attached_to: Option<Reference>,
    /// The qualified id of its command element.
    #[schemars(pattern(PATH))]
    pub command_element: Option<String>,
    /// Whether it enters later as reinforcements (see `arrivals`).
    pub arrives_later: bool,
    /// Centre of its placed elements.
    pub centre: Option<Point>,
    /// Whether it may begin hot (§24).
    pub start: Option<StartSituation>,
    /// `YYYY-MM-DD` (and `HH:MM` when written) since which its positions are
    /// prepared (§68); null if not declared.
    pub prepared_since: Option<String>,
    /// Its positions were dug in and wired overnight, less than a day (§68).
    pub prepared_overnight: bool,
    /// The arm its map symbol shows, as the writer declared it; null when the
    /// map works it out from the elements.
    pub branch: Option<Kw<Branch>>,
    /// How it moves or where it fights (`airborne`, `mountain`,
    /// `motorised`): the APP-6 modifier its map symbol carries, its own or
    /// its template's; null for none.
    pub modifier: Option<Kw<Modifier>>,
    /// Its APP-6 (D) / MIL-STD-2525 D symbol identification code, 20 digits:
    /// friend (`3` in the fourth digit) for a side's own units; in the
    /// umpire's JSON the first side is the friend and every other hostile
    /// (`6`), as the map draws them. The map draws its symbol from the same
    /// table.
    #[schemars(pattern(SIDC))]
    pub sidc: String,
    /// Estimated strength of the unit and everything below it.
    pub strength: RealStrength,
    /// The real unit's strength as the scenario states it, with its source;
    /// null when none is stated. `strength` stays the game's estimate.
    pub historical_strength: Option<HistoricalStrength>,
    /// Notes for its players.
    pub notes: Vec<String>,
    /// Notes for the umpire; empty in a side's JSON.
    pub umpire_notes: Vec<String>,
    /// Its own elements, in the order written.
    pub elements: Vec<Element>,
    /// Its sub-units.
    pub units: Vec<Unit>,
}

/// A unit's real strength from a published source (§3: the game's figures only
/// approximate it).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct HistoricalStrength {
    /// Men, when stated.
    pub men: Option<u32>,
    /// Vehicles, when stated.
    pub vehicles: Option<u32>,
    /// Guns and heavy weapons, when stated.
    pub guns: Option<u32>,
    /// The published source.
    pub source: String,
}

/// Whether a unit starts hot: an enemy element it can see within 500 m (§24), or
/// as the writer declared.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct StartSituation {
    /// Whether it starts hot.
    pub hot: bool,
    /// Whether the writer declared it (`start hot|cold "…"`) rather than the
    /// distances deciding it.
    pub declared: bool,
    /// The writer's reason for the declaration; null when distance decided, and
    /// in a side's JSON (it is the umpire's).
    pub reason: Option<String>,
    /// The nearest enemy element's qualified id; null in a side's JSON.
    #[schemars(pattern(PATH))]
    pub nearest_enemy: Option<String>,
    /// Metres to it, to the whole metre; null in a side's JSON.
    #[serde(serialize_with = "whole_opt")]
    pub nearest_enemy_m: Option<f64>,
}

/// An element: the smallest separately movable piece (§8).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Element {
    /// `unit.element`, unique in the scenario.
    #[schemars(pattern(PATH))]
    pub id: String,
    /// The element's own identifier within its unit.
    #[schemars(pattern(NAME))]
    pub name: String,
    /// The name the writer gave it for people to read; null when none.
    pub display: Option<String>,
    /// The id of its unit.
    #[schemars(pattern(NAME))]
    pub unit: String,
    /// Its type; null when the author gave none.
    pub kind: Option<ElementKind>,
    /// A short description of the type (`coherent foot`, `tracked armoured tank`).
    pub description: String,
    /// Whether it is its unit's HQ (§10).
    pub is_hq: bool,
    /// Whether the unit's commander is with it.
    pub commander: bool,
    /// Foot figures, as written.
    pub figures: Option<u32>,
    /// Vehicle, gun or aircraft models, as written.
    pub models: Option<u32>,
    /// Real vehicles, guns or aircraft one model stands for (§3): as written
    /// (`represents`, or the sum of `mix`), else the estimate of four.
    pub represents: Option<u32>,
    /// Mixed equipment in one model (`mix`), part by part; empty when not mixed.
    pub mix: Vec<MixPart>,
    /// The weapons it carries.
    pub weapons: Vec<Weapon>,
    /// Its means of communication.
    pub comms: Comms,
    /// Absolute position in table metres; null when not on the table.
    pub position: Option<Point>,
    /// Degrees, 0 north.
    pub facing: Option<f64>,
    /// How it starts (dug in, hidden, …).
    pub postures: Vec<Kw<Posture>>,
    /// The vehicle it rides inside.
    pub embussed_in: Option<Reference>,
    /// The vehicle it rides on the outside of.
    pub riding_on: Option<Reference>,
    /// What its artillery has registered on.
    pub registers_for: Option<Reference>,
    /// Its prepared HMG zone (§57).
    pub hmg_zone: Option<HmgZone>,
    /// Its engineering tasks (§61).
    pub tasks: Vec<Task>,
    /// Where it refuels (§62).
    pub refuel_at: Option<Reference>,
    /// Its estimated real strength.
    pub strength: RealStrength,
    /// Command status at the start (§87–§89).
    pub command: Command,
    /// Notes for its players.
    pub notes: Vec<String>,
    /// Notes for the umpire; empty in a side's JSON.
    pub umpire_notes: Vec<String>,
    /// The start situation the writer declared on the element itself (§24).
    pub start: Option<DeclaredStart>,
    /// `YYYY-MM-DD` (and `HH:MM` when written) since which its position is
    /// prepared (§68); null if not declared.
    pub prepared_since: Option<String>,
    /// Its position was dug in and wired overnight, less than a day (§68).
    pub prepared_overnight: bool,
}

/// One part of a mixed model: how many of what.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct MixPart {
    /// How many real vehicles, guns or aircraft of this kind.
    pub count: u32,
    /// What they are, in the writer's words (`Sherman Firefly`).
    pub what: String,
}

/// A start situation the writer declared, with the reason (§24).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct DeclaredStart {
    /// Whether it starts hot.
    pub hot: bool,
    /// Why, in the writer's words; empty in a side's JSON (it is the umpire's).
    pub reason: String,
}

/// The type of an element (§12, §18).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "category", rename_all = "snake_case")]
pub enum ElementKind {
    /// Infantry and other troops on foot (§18).
    Foot {
        /// The foot type.
        #[serde(rename = "type")]
        ty: Kw<FootType>,
        /// A specialism, if any.
        specialism: Option<Kw<Specialism>>,
    },
    /// A vehicle.
    Vehicle {
        /// What it is for.
        role: Kw<VehicleRole>,
        /// Tracked, wheeled, half-tracked.
        drive: Kw<Drive>,
        /// Whether it is armoured.
        armoured: bool,
        /// Whether it is open-topped.
        open_topped: bool,
    },
    /// A gun or mortar and its crew.
    Artillery {
        /// The weapon.
        weapon: Kw<ArtilleryWeapon>,
        /// The calibre in millimetres, as written.
        calibre_mm: Option<f64>,
    },
    /// An aircraft (§20).
    Aircraft {
        /// What it is for.
        role: Kw<AircraftRole>,
    },
    /// A ship: naval fire support, or a landing craft carrying elements ashore.
    Ship {
        /// What it is for.
        role: Kw<ShipRole>,
    },
}

/// A weapon carried.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Weapon {
    /// The weapon type.
    pub kind: Kw<WeaponKind>,
    /// How it is mounted, for vehicle weapons.
    pub mount: Option<Kw<Mount>>,
    /// The calibre in millimetres, as written.
    pub calibre_mm: Option<f64>,
}

/// Means of communication (§68, §69).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Comms {
    /// Its radio, by range; null without one.
    pub radio: Option<Kw<RadioRange>>,
    /// Whether it has a field telephone.
    pub telephone: bool,
}

/// A prepared HMG zone (§57).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct HmgZone {
    /// The centre line, degrees from north.
    pub bearing: f64,
    /// The zone's width in degrees.
    pub spread: f64,
    /// How far it reaches, to the whole metre.
    #[serde(serialize_with = "whole")]
    pub range_m: f64,
}

/// An engineering task (§61).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Task {
    /// The task, as written.
    #[schemars(pattern(NAME))]
    pub task: String,
    /// What it is done to.
    pub target: Option<Reference>,
}

/// An element's command status at the start (§87–§89).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Command {
    /// In command range by `route` over `means`, linked to `via`.
    InCommand {
        /// `direct` (§87a), `chain` (§87b) or `supported` (§87c).
        #[schemars(extend("enum" = ["direct", "chain", "supported"]))]
        route: String,
        /// `wire`, `long-radio`, `short-radio`, `voice` or `runner` (§88).
        #[schemars(extend("enum" = ["wire", "long-radio", "short-radio", "voice", "runner"]))]
        means: String,
        /// The qualified id of the element it is linked to.
        #[schemars(pattern(PATH))]
        via: String,
        /// Metres to it, to the whole metre.
        #[serde(serialize_with = "whole")]
        distance_m: f64,
    },
    /// Out of range by every route (§89).
    Separated {
        /// The qualified id of the nearest element it could have linked to.
        #[schemars(pattern(PATH))]
        nearest: Option<String>,
        /// Metres to it, to the whole metre.
        #[serde(serialize_with = "whole")]
        distance_m: f64,
        /// Metres beyond its own means' range, to the whole metre.
        #[serde(serialize_with = "whole")]
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

impl Element {
    /// What a person reads: the writer's name for it, else its id within its unit.
    pub fn shown(&self) -> &str {
        self.display.as_deref().unwrap_or(&self.name)
    }
}
