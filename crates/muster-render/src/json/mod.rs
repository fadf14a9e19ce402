//! The scenario JSON: its own serde + schemars types, built from the model and
//! the analysis, filtered per side for fog of war, and described by a JSON Schema.

pub mod common;
mod convert;
mod elements;
mod fog;
pub mod forces;
pub mod header;
pub mod map;
pub mod plans;
mod units;

use schemars::JsonSchema;
use serde::Serialize;

pub use common::{Kw, Point, RealStrength, RefKind, Reference, StrengthScale, When};
pub use fog::for_side;

use muster_model::analysis::Analysis;
use muster_model::model::Model;

/// The version of the JSON format; bumped on any incompatible change.
pub const FORMAT_VERSION: u32 = 1;

/// A scenario as JSON: the umpire's full view, or one side's view under fog of war.
/// Both views share this type (and so one schema); a side's view leaves the enemy
/// parts empty.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ScenarioJson {
    /// The version of this format ([`FORMAT_VERSION`]).
    pub format_version: u32,
    /// Who this document is for.
    pub view: header::View,
    /// The scenario file, relative to the pack root.
    pub file: String,
    pub header: header::Header,
    /// How real strengths are estimated from figures and models.
    pub strength_scale: StrengthScale,
    /// Severity overrides (house rules); empty in a side's JSON.
    pub overrides: Vec<header::Override>,
    /// Exactly two sides in a valid scenario (§21).
    pub sides: Vec<header::Side>,
    pub map: map::Map,
    pub orders: Vec<plans::Order>,
    pub signals: Vec<plans::Signal>,
    pub nets: Vec<plans::Net>,
    pub radio_links: Vec<plans::Link>,
    pub telephone_lines: Vec<plans::Link>,
    pub arrivals: Vec<plans::Arrival>,
    /// Timed events for the umpire; empty in a side's JSON.
    pub events: Vec<plans::Event>,
    pub victory: Vec<plans::Victory>,
    /// Intel reports; in a side's JSON only those the side receives, without the
    /// enemy unit's identity.
    pub intel: Vec<plans::Intel>,
    /// The order-latency table (§66, §78).
    pub latency: Vec<plans::Latency>,
    /// Scenario-wide umpire notes; empty in a side's JSON.
    pub umpire_notes: Vec<String>,
}

/// Builds the umpire's full JSON view of a resolved scenario.
pub fn scenario(model: &Model, analysis: &Analysis) -> ScenarioJson {
    convert::scenario(model, analysis)
}

/// The JSON Schema of [`ScenarioJson`], pretty-printed with a final newline.
pub fn schema() -> String {
    let schema = schemars::schema_for!(ScenarioJson);
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

impl ScenarioJson {
    /// The side with this id.
    pub fn side(&self, id: &str) -> Option<&header::Side> {
        self.sides.iter().find(|s| s.id == id)
    }
}
