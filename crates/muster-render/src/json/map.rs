//! The battlefield in the JSON: areas, lines, crossings and places (§94–§122).

use muster_rules::vocab::{CrossingKind, Edge, Height, LineKind, Strength, TerrainKind};
use schemars::JsonSchema;
use serde::Serialize;

use super::common::{Kw, Point, Reference};
use super::round::whole;
use super::strict::NAME;

/// Everything on the map. Items are common knowledge unless `known_to` says
/// otherwise; a side's view holds only the items that side knows.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema, Default)]
pub struct Map {
    /// Terrain areas (§94–§118).
    pub areas: Vec<Area>,
    /// Roads, tracks, rivers and linear obstacles.
    pub lines: Vec<Line>,
    /// Bridges and fords.
    pub crossings: Vec<Crossing>,
    /// Named points and table edges.
    pub places: Vec<Place>,
    /// Scenario terrain kinds (§98) with their grades, from the scenario and its
    /// libraries; areas and lines name them in `terrain`.
    pub terrains: Vec<TerrainKindDef>,
}

/// A scenario terrain kind (§98): the rulebook's grades for ground its table
/// does not name.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct TerrainKindDef {
    /// Its identifier, unique among the terrain kinds.
    #[schemars(pattern(NAME))]
    pub id: String,
    /// Its display name.
    pub display: Option<String>,
    /// Movement grade (§95) for foot: `clear`, `rough`, `difficult` or `impassable`.
    pub movement_foot: String,
    /// Movement grade for wheeled vehicles and towed guns.
    pub movement_wheeled: String,
    /// Movement grade for half-tracked vehicles.
    pub movement_half_tracked: String,
    /// Movement grade for fully tracked vehicles.
    pub movement_tracked: String,
    /// Observation grade (§96): `open`, `partial` or `obscuring`.
    pub observation: String,
    /// Cover (§97): `none`, `light`, `good` or `fortified`.
    pub cover: String,
}

/// A terrain area.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Area {
    /// Its identifier, unique in the scenario.
    #[schemars(pattern(NAME))]
    pub id: String,
    /// Its display name.
    pub display: Option<String>,
    /// The terrain type (`open` for an area of a scenario terrain kind).
    pub kind: Kw<TerrainKind>,
    /// The scenario terrain kind (§98) it is of, whose grades apply instead of
    /// `kind`'s; null for a built-in type.
    #[schemars(pattern(NAME))]
    pub terrain: Option<String>,
    /// Structure strength and height, for buildings (§117, §118).
    pub structure: Option<Structure>,
    /// How the author wrote the shape.
    pub shape: Shape,
    /// The outline in table metres (circles approximated), first point not repeated.
    pub outline: Vec<Point>,
    /// Who knows the item: a side's id, `umpire`, or null for every side.
    pub known_to: Option<String>,
}

/// A building area's structure.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Structure {
    /// How strongly built (§117).
    pub strength: Kw<Strength>,
    /// How tall (§118).
    pub height: Kw<Height>,
}

/// The form an area was written in.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "form", rename_all = "snake_case")]
pub enum Shape {
    /// A list of points: the outline is the shape.
    Polygon,
    /// A rectangle from its south-west corner.
    Rect {
        /// The south-west corner.
        corner: Point,
        /// West to east, to the whole metre.
        #[serde(serialize_with = "whole")]
        width_m: f64,
        /// South to north, to the whole metre.
        #[serde(serialize_with = "whole")]
        depth_m: f64,
    },
    /// A circle.
    Circle {
        /// The centre.
        centre: Point,
        /// The radius, to the whole metre.
        #[serde(serialize_with = "whole")]
        radius_m: f64,
    },
}

/// A road, track, river, wire, wall or hedge.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Line {
    /// Its identifier, unique in the scenario.
    #[schemars(pattern(NAME))]
    pub id: String,
    /// Its display name.
    pub display: Option<String>,
    /// What sort of line it is (`wall` for a line of a scenario terrain kind).
    pub kind: Kw<LineKind>,
    /// The scenario terrain kind (§98) it is of; null for a built-in kind.
    #[schemars(pattern(NAME))]
    pub terrain: Option<String>,
    /// Its width, to the whole metre.
    #[serde(serialize_with = "whole")]
    pub width_m: f64,
    /// Its course in table metres, in the order written.
    pub points: Vec<Point>,
    /// Who knows the item: a side's id, `umpire`, or null for every side.
    pub known_to: Option<String>,
}

/// A bridge, a ford or a level crossing.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Crossing {
    /// Its identifier, unique in the scenario.
    #[schemars(pattern(NAME))]
    pub id: String,
    /// Its display name.
    pub display: Option<String>,
    /// `bridge`, `ford` or `level-crossing`.
    pub kind: Kw<CrossingKind>,
    /// Where it is.
    pub at: Point,
    /// What it crosses: water (an area or a river) or any other line.
    pub over: Option<Reference>,
    /// The line it carries across: a road, a track, a railway.
    pub carries: Option<Reference>,
    /// Its length, to the whole metre.
    #[serde(serialize_with = "whole")]
    pub length_m: f64,
    /// Who knows the item: a side's id, `umpire`, or null for every side.
    pub known_to: Option<String>,
}

/// A named place: a point or a table edge.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Place {
    /// Its identifier, unique in the scenario.
    #[schemars(pattern(NAME))]
    pub id: String,
    /// Its display name.
    pub display: Option<String>,
    /// The point, when the place is a point.
    pub at: Option<Point>,
    /// The table edge, when the place is an edge.
    pub edge: Option<Kw<Edge>>,
    /// The stretch of that edge units use, when the scenario names one: both
    /// points on the edge, equal for a single point. Null means the whole edge.
    pub stretch: Option<Stretch>,
    /// A refuelling ground for helicopters and autogyros (§62).
    pub refuelling: bool,
    /// Who knows the item: a side's id, `umpire`, or null for every side.
    pub known_to: Option<String>,
}

/// Where along a table edge units come on or go off.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
pub struct Stretch {
    /// One end, on the edge.
    pub from: Point,
    /// The other end; equal to `from` for a point of the edge.
    pub to: Point,
}
