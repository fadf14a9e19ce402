//! ORBAT Mapper's scenario format (version [`VERSION`]): the part of it muster
//! writes and reads, as serde types. Written from ORBAT Mapper's published type
//! definitions (`src/types/scenarioModels.ts`); `schema/orbat-mapper.schema.json`
//! states the same in JSON Schema. A reader ignores the fields muster does not use.

pub mod export;
pub mod import;

use serde::{Deserialize, Serialize};

/// The scenario version muster writes, the one whose type definitions it was
/// written from.
pub const VERSION: &str = "3.4.0";

/// The versions muster reads: those whose sides, groups and units have the
/// shape of [`VERSION`]'s.
pub const READS: &[&str] = &[
    "2.0.0", "2.1.0", "2.2.0", "2.3.0", "2.4.0", "2.5.0", "2.6.0", "2.7.0", "2.8.0", "3.0.0",
    "3.1.0", "3.2.0", "3.3.0", "3.4.0",
];

/// The status of a unit whose troops are all off the table (fire support,
/// a headquarters far behind): it has no position, and needs none.
pub const OFF_TABLE: &str = "Off table";

/// The value of `type` in every ORBAT Mapper scenario.
pub const TYPE: &str = "ORBAT-mapper";

/// A scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Scenario {
    #[serde(rename = "type")]
    pub kind: String,
    pub id: String,
    pub version: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symbology_standard: Option<String>,
    pub sides: Vec<Side>,
    #[serde(default)]
    pub events: Vec<Event>,
    #[serde(default)]
    pub layer_stack: Vec<serde_json::Value>,
    #[serde(default)]
    pub equipment: Vec<Named>,
    #[serde(default)]
    pub personnel: Vec<Named>,
}

/// A time: ORBAT Mapper's types say milliseconds since 1970, its own files
/// write ISO 8601 text; muster writes the text and reads either.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Time {
    Millis(f64),
    Text(String),
}

/// A side: its standard identity and its groups of units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Side {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub standard_identity: String,
    pub groups: Vec<Group>,
}

/// A group of a side's units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Group {
    pub id: String,
    pub name: String,
    pub sub_units: Vec<Unit>,
}

/// A unit with its sub-units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Unit {
    pub id: String,
    pub name: String,
    pub sidc: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// `[longitude, latitude]` at the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Vec<f64>>,
    /// A status ORBAT Mapper shows beside the unit; muster writes
    /// [`OFF_TABLE`] for a unit whose troops are all off the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(default)]
    pub sub_units: Vec<Unit>,
    #[serde(default)]
    pub state: Vec<State>,
    #[serde(default)]
    pub equipment: Vec<Count>,
    #[serde(default)]
    pub personnel: Vec<Count>,
}

/// A unit's state from a time on: where it is, what happens to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct State {
    pub id: String,
    pub t: Time,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Vec<f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// A scenario event on the time line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub title: String,
    pub start_time: Time,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// A kind of equipment or personnel the scenario lists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Named {
    pub name: String,
}

/// How many of a kind of equipment or personnel a unit has.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Count {
    pub name: String,
    pub count: u32,
}
