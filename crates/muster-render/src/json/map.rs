//! The battlefield in the JSON: areas, lines, crossings and places (§94–§122).

use muster_rules::vocab::{Edge, Height, LineKind, Strength, TerrainKind};
use schemars::JsonSchema;
use serde::Serialize;

use super::common::{Kw, Point, Reference};

/// Everything on the map. Items are common knowledge unless `known_to` says
/// otherwise; a side's view holds only the items that side knows.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema, Default)]
pub struct Map {
    pub areas: Vec<Area>,
    pub lines: Vec<Line>,
    pub crossings: Vec<Crossing>,
    pub places: Vec<Place>,
}

/// A terrain area.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Area {
    pub id: String,
    pub display: Option<String>,
    pub kind: Kw<TerrainKind>,
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
    pub strength: Kw<Strength>,
    pub height: Kw<Height>,
}

/// The form an area was written in.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "form", rename_all = "snake_case")]
pub enum Shape {
    Polygon,
    Rect {
        corner: Point,
        width_m: f64,
        depth_m: f64,
    },
    Circle {
        centre: Point,
        radius_m: f64,
    },
}

/// A road, track, river, wire, wall or hedge.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Line {
    pub id: String,
    pub display: Option<String>,
    pub kind: Kw<LineKind>,
    pub width_m: f64,
    pub points: Vec<Point>,
    /// Who knows the item: a side's id, `umpire`, or null for every side.
    pub known_to: Option<String>,
}

/// A bridge or a ford.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Crossing {
    pub id: String,
    pub display: Option<String>,
    /// `bridge` or `ford`.
    pub kind: String,
    pub at: Point,
    pub over: Option<Reference>,
    pub carries: Option<Reference>,
    pub length_m: f64,
    /// Who knows the item: a side's id, `umpire`, or null for every side.
    pub known_to: Option<String>,
}

/// A named place: a point or a table edge.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Place {
    pub id: String,
    pub display: Option<String>,
    /// The point, when the place is a point.
    pub at: Option<Point>,
    /// The table edge, when the place is an edge.
    pub edge: Option<Kw<Edge>>,
    /// A refuelling ground for helicopters and autogyros (§62).
    pub refuelling: bool,
    /// Who knows the item: a side's id, `umpire`, or null for every side.
    pub known_to: Option<String>,
}
