//! Small shared pieces of the output JSON: keywords, positions, references, strengths.

use std::borrow::Cow;

use muster_rules::vocab::*;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Serialize, Serializer};

use super::round::whole;
use super::strict::{CLOCK, NAME, PATH};

/// A closed keyword list of the language, so the JSON uses the words authors write.
pub trait Vocab: Copy + 'static {
    /// The schema name of the keyword list.
    const NAME: &'static str;
    /// Every keyword, in the reference's order.
    fn keywords() -> Vec<&'static str>;
    /// This value's keyword.
    fn word(self) -> &'static str;
}

macro_rules! vocab {
    ($($t:ident),+ $(,)?) => {$(
        impl Vocab for $t {
            const NAME: &'static str = stringify!($t);
            fn keywords() -> Vec<&'static str> {
                $t::ALL.iter().map(|k| k.keyword()).collect()
            }
            fn word(self) -> &'static str {
                self.keyword()
            }
        }
    )+};
}

vocab!(
    Weather,
    Light,
    Echelon,
    FootType,
    Specialism,
    VehicleRole,
    Drive,
    ArtilleryWeapon,
    AircraftRole,
    ShipRole,
    MessengerMethod,
    WeaponKind,
    Mount,
    RadioRange,
    Posture,
    TerrainKind,
    Strength,
    Height,
    LineKind,
    CrossingKind,
    Stance,
    Intensity,
    SignalKind,
    Colour,
    Precision,
    SeverityLevel,
    Edge,
    BriefingSection,
    GroupMode,
    Branch,
    Modifier,
);

/// A keyword of the language, serialised exactly as written in a scenario (`dug-in`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kw<T: Vocab>(pub T);

impl<T: Vocab> Serialize for Kw<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.word())
    }
}

impl<T: Vocab> JsonSchema for Kw<T> {
    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed(T::NAME)
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let mut map = serde_json::Map::new();
        map.insert("type".into(), "string".into());
        map.insert(
            "enum".into(),
            serde_json::Value::Array(T::keywords().into_iter().map(Into::into).collect()),
        );
        map.insert(
            "description".into(),
            format!("a `{}` keyword of the scenario language", T::NAME).into(),
        );
        Schema::from(map)
    }
}

/// A point in table metres: x east, y north from the south-west corner.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, JsonSchema)]
pub struct Point {
    /// Metres east of the table's south-west corner, to the whole metre.
    #[serde(serialize_with = "whole")]
    pub x: f64,
    /// Metres north of the table's south-west corner, to the whole metre.
    #[serde(serialize_with = "whole")]
    pub y: f64,
}

impl muster_model::geometry::Xy for Point {
    fn xy(&self) -> (f64, f64) {
        (self.x, self.y)
    }
}

impl From<muster_model::model::Pos> for Point {
    fn from(p: muster_model::model::Pos) -> Self {
        Point { x: p.x, y: p.y }
    }
}

/// What a reference points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RefKind {
    Unit,
    Element,
    Place,
    Area,
    Line,
    Crossing,
    Signal,
    Side,
    /// The name did not resolve (the checker has reported it).
    Unresolved,
    /// In a side's JSON: an enemy unit or element, shown only through the side's
    /// intel report that reveals it; `id` is the report's label, `display` its words.
    Intel,
    /// In a side's JSON: something the side may not know (an enemy without an
    /// intel report, a map item it does not know); the checker reports the
    /// reference (MC804, MC806).
    Withheld,
}

/// A reference to a thing, resolved: a tool finds the target by `kind` and `id`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Reference {
    /// The target's id (`d-coy`, `d-coy.coy-hq`, `pegasus`): an element's is its
    /// qualified id, however the author reached it; an unresolved name is kept as written.
    #[schemars(pattern(PATH))]
    pub id: String,
    /// What the identifier resolved to; the `id` of a thing of this kind in the same file.
    pub kind: RefKind,
    /// The target's display name. In a side's JSON this is withheld (null) for
    /// enemy units and elements.
    pub display: Option<String>,
    /// The side owning the target, for units and elements.
    #[schemars(pattern(NAME))]
    pub side: Option<String>,
}

/// Real strength represented, estimated from figure and model counts (§3, §20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, JsonSchema)]
pub struct RealStrength {
    /// Men, estimated from foot and gun-crew figures.
    pub men: u32,
    /// Vehicles, estimated from vehicle models.
    pub vehicles: u32,
    /// Guns, estimated from artillery models.
    pub guns: u32,
    /// Aircraft, estimated from aircraft models.
    pub aircraft: u32,
}

impl std::ops::Add for RealStrength {
    type Output = RealStrength;

    fn add(self, o: RealStrength) -> RealStrength {
        RealStrength {
            men: self.men.saturating_add(o.men),
            vehicles: self.vehicles.saturating_add(o.vehicles),
            guns: self.guns.saturating_add(o.guns),
            aircraft: self.aircraft.saturating_add(o.aircraft),
        }
    }
}

/// The factors used to turn figures and models into real strengths.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct StrengthScale {
    /// Men per foot figure (§3: one figure is about ten men).
    pub men_per_figure: u32,
    /// Vehicles per vehicle model (§3 gives three to five; we use the middle).
    pub vehicles_per_model: u32,
    /// Guns per artillery model (as vehicles, §3).
    pub guns_per_model: u32,
    /// Aircraft per aircraft model (§20).
    pub aircraft_per_model: u32,
    /// Always true: the strengths are estimates, not counts from a source.
    pub estimate: bool,
    /// The factors in words, with the rulebook paragraphs they come from.
    pub explanation: String,
}

/// When something happens: at a turn or at a clock time.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum When {
    /// At the start of a turn.
    Turn {
        /// The turn, counted from 1.
        turn: u32,
    },
    /// At a clock time.
    Clock {
        /// `HH:MM`.
        #[schemars(pattern(CLOCK))]
        time: String,
        /// The turn whose interval holds `time` (§7, as MC603 counts it: with 10-minute
        /// turns from 00:16, 00:16–00:25 is turn 1 and 00:26 turn 2), counted from
        /// 1; 0 or less for a time before the start; null without a start time.
        turn: Option<i64>,
    },
}

/// Formats minutes after midnight as `HH:MM`.
pub fn clock(minutes: u32) -> String {
    format!("{:02}:{:02}", (minutes / 60) % 24, minutes % 60)
}
