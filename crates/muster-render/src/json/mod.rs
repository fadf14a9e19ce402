//! The scenario JSON: its own serde + schemars types, built from the model and
//! the analysis, filtered per side for fog of war, and described by a JSON Schema.

pub mod balance;
pub mod common;
mod convert;
mod elements;
mod fog;
pub mod forces;
mod generator;
pub mod header;
pub mod map;
pub mod muster;
pub mod narrative;
pub mod plans;
mod round;
pub mod strict;
mod units;

use schemars::JsonSchema;
use serde::Serialize;

pub use common::{Kw, Point, RealStrength, RefKind, Reference, StrengthScale, When};
pub use fog::for_side;
pub use generator::Generator;

use muster_model::analysis::Analysis;
use muster_model::model::Model;

/// The version of the JSON format: bumped when a field is added, removed, renamed
/// or changes meaning, since the schema refuses fields it does not list.
pub const FORMAT_VERSION: u32 = 8;

/// A scenario as JSON: the umpire's full view, or one side's view under fog of war.
/// Both views share this type (and so one schema); a side's view leaves the enemy
/// parts empty.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ScenarioJson {
    /// The version of this format; a reader refuses a version it does not know.
    #[schemars(extend("const" = FORMAT_VERSION))]
    pub format_version: u32,
    /// The program that wrote this file.
    pub generator: Generator,
    /// Who this document is for.
    pub view: header::View,
    /// The scenario file, relative to the pack root.
    pub file: String,
    /// Title, date, times, weather, light and table.
    pub header: header::Header,
    /// How real strengths are estimated from figures and models.
    pub strength_scale: StrengthScale,
    /// Severity overrides (house rules); empty in a side's JSON.
    pub overrides: Vec<header::Override>,
    /// Exactly two sides in a valid scenario (§21).
    pub sides: Vec<header::Side>,
    /// The terrain.
    pub map: map::Map,
    /// Each unit's order (§81–§86); in a side's JSON only that side's.
    pub orders: Vec<plans::Order>,
    /// Pre-arranged signals (§73–§75); in a side's JSON only that side's.
    pub signals: Vec<plans::Signal>,
    /// Command nets with their stated seniority (§71).
    pub nets: Vec<plans::Net>,
    /// Extra radio links (§70).
    pub radio_links: Vec<plans::Link>,
    /// Field telephone lines (§68).
    pub telephone_lines: Vec<plans::Link>,
    /// Alternative methods (§76) with their delivery times; in a side's JSON
    /// only that side's.
    pub messengers: Vec<plans::Messenger>,
    /// Reinforcements; in a side's JSON only that side's.
    pub arrivals: Vec<plans::Arrival>,
    /// Timed events for the umpire; empty in a side's JSON.
    pub events: Vec<plans::Event>,
    /// Each side's victory conditions; in a side's JSON only that side's.
    pub victory: Vec<plans::Victory>,
    /// Intel reports; in a side's JSON only those the side receives, without the
    /// enemy unit's identity.
    pub intel: Vec<plans::Intel>,
    /// The order-latency table (§66, §78).
    pub latency: Vec<plans::Latency>,
    /// Scenario-wide umpire notes; empty in a side's JSON.
    pub umpire_notes: Vec<String>,
    /// The briefing narratives; in a side's JSON only that side's.
    pub briefings: Vec<narrative::Briefing>,
    /// What figures, models and terrain pieces the table needs (format 3); in a
    /// side's JSON only that side's troops and the ground it knows.
    pub muster: muster::MusterList,
    /// What each side can bring to each objective of the victory conditions,
    /// turn by turn (format 8; docs/balance.md); `null` in a side's JSON, since
    /// it counts the enemy.
    pub balance: Option<balance::Balance>,
}

/// Builds the umpire's full JSON view of a resolved scenario.
pub fn scenario(model: &Model, analysis: &Analysis) -> ScenarioJson {
    convert::scenario(model, analysis)
}

/// The JSON Schema of [`ScenarioJson`], pretty-printed with a final newline.
pub fn schema() -> String {
    strict::strict_schema::<ScenarioJson>(&schema_id("scenario", FORMAT_VERSION))
}

/// The `$id` of one of muster's schemas at one format version: a name, not a
/// download address (the schemas ship in the `schema` folder and `muster schema`).
pub fn schema_id(what: &str, version: u32) -> String {
    format!("urn:muster:schema:{what}:v{version}")
}

impl ScenarioJson {
    /// The side with this id.
    pub fn side(&self, id: &str) -> Option<&header::Side> {
        self.sides.iter().find(|s| s.id == id)
    }
}
