//! The typed syntax tree of one `.muster` file.
//!
//! Every node and identifier carries the byte span it was read from; comments are
//! kept in [`File::comments`] for the formatter and the language server. Values are
//! as written: references are unresolved identifiers, positions are still relative
//! where the author wrote them relative. Resolution happens in `muster-model`.

use crate::span::{Ident, Span, Spanned};
use muster_rules::terrain::{CoverGrade, MoveGrade, Mover, ObsGrade};
use muster_rules::vocab::*;
use serde::{Deserialize, Serialize};

/// One parsed file: its items in source order and its comments.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct File {
    pub items: Vec<Item>,
    pub comments: Vec<Comment>,
}

/// A `//` or `/* */` comment, text including its delimiters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comment {
    pub text: String,
    pub span: Span,
}

/// A top-level item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Item {
    Use(Use),
    Scenario(Scenario),
    Side(Side),
    Map(Map),
    Template(Template),
    Forces(Forces),
    Nets(Nets),
    Orders(Orders),
    Signal(Signal),
    Arrival(Arrival),
    Event(Event),
    Victory(Victory),
    Intel(Intel),
    Umpire(UmpireNote),
    Briefing(Briefing),
    Terrain(TerrainDef),
}

impl Item {
    /// The span of the whole item.
    pub fn span(&self) -> Span {
        match self {
            Item::Use(x) => x.span,
            Item::Scenario(x) => x.span,
            Item::Side(x) => x.span,
            Item::Map(x) => x.span,
            Item::Template(x) => x.span,
            Item::Forces(x) => x.span,
            Item::Nets(x) => x.span,
            Item::Orders(x) => x.span,
            Item::Signal(x) => x.span,
            Item::Arrival(x) => x.span,
            Item::Event(x) => x.span,
            Item::Victory(x) => x.span,
            Item::Intel(x) => x.span,
            Item::Umpire(x) => x.span,
            Item::Briefing(x) => x.span,
            Item::Terrain(x) => x.span,
        }
    }
}

/// `use "lib/british-1944.muster"`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Use {
    pub path: Spanned<String>,
    pub span: Span,
}

/// A quoted string: the unescaped text, its span including the quotes.
pub type Text = Spanned<String>;

/// A point in metres from the table's south-west corner (x east, y north), or,
/// inside a template, relative to the placement point (x right, y forward).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub span: Span,
}

/// A distance, always stored in metres (`300m`, `3km`).
pub type Distance = Spanned<f64>;

/// A duration, stored in minutes (`10min`, `2h`).
pub type Duration = Spanned<f64>;

/// A calendar date as written (`1944-06-06`), already checked to exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
    pub span: Span,
}

/// A clock time (`00:16`), already checked to be a real time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockTime {
    pub hour: u8,
    pub minute: u8,
    pub span: Span,
}

impl ClockTime {
    /// Minutes since midnight.
    pub fn minutes(&self) -> u32 {
        u32::from(self.hour) * 60 + u32::from(self.minute)
    }
}

/// A calibre, stored in millimetres (`81mm`, `8cm`, `3in`, `25pdr` as written).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Calibre {
    pub millimetres: f64,
    /// The literal as the author wrote it, for display (`25pdr`, `3in`).
    pub written: String,
    pub span: Span,
}

/// A compass bearing in degrees, 0 north, 90 east.
pub type Bearing = Spanned<f64>;

/// A turn number (1-based).
pub type Turn = Spanned<u32>;

/// When something happens: a turn or a clock time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum When {
    Turn(Turn),
    Clock(ClockTime),
}

/// `allow MC302`, `warn MC105`, `deny MC407`, `note MC604`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeverityOverride {
    pub level: Spanned<SeverityLevel>,
    pub code: Spanned<String>,
    pub reason: Option<Text>,
    pub span: Span,
}

/// The `scenario "Title" { … }` header block. Every field is optional in the tree
/// so that checks, not the parser, report what is missing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub title: Text,
    pub start_date: Option<Date>,
    pub start_time: Option<ClockTime>,
    pub turns: Option<Turn>,
    /// Where `turns` was written, even when its value was refused (MC002): the
    /// scenario does state its end, so it is not also "never ends" (MC602).
    pub turns_written: Option<Span>,
    pub turn_length: Option<Duration>,
    /// `ends "when the bridge is blown"`: end conditions in prose (§22).
    pub end_conditions: Vec<Text>,
    pub first_bound: Option<Ident>,
    pub weather: Option<Spanned<Weather>>,
    pub light: Option<Spanned<Light>>,
    /// `table 2400m by 1600m`: (width east-west, depth north-south) in metres.
    pub table: Option<(Distance, Distance)>,
    /// `ground-scale 2m`: metres of ground per table millimetre (§1 default 2).
    pub ground_scale: Option<Distance>,
    /// `georeference 49.2410N 0.2720W north-bearing 0 "source"`: where the table
    /// lies on the Earth.
    pub georeference: Option<Box<Georeference>>,
    pub notes: Vec<Text>,
    pub overrides: Vec<SeverityOverride>,
    pub span: Span,
}

/// `georeference 49.2410N 0.2720W north-bearing 0 "IGN sheet 1612 OT"`: the
/// ground position of the table's south-west corner on WGS 84 and the bearing of
/// table north, so the table can be exchanged with maps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Georeference {
    /// Degrees, north positive.
    pub latitude: Spanned<f64>,
    /// Degrees, east positive.
    pub longitude: Spanned<f64>,
    /// The true bearing of table north; `None` when not written (true north).
    pub north_bearing: Option<Bearing>,
    /// Where the position was read from.
    pub source: Option<Text>,
    pub span: Span,
}

/// `side british "6th Airborne Division" nation british canadian { player … }`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Side {
    pub id: Ident,
    pub name: Option<Text>,
    pub nations: Vec<Ident>,
    pub players: Vec<Player>,
    pub span: Span,
}

/// `player howard "Maj. John Howard" commands d-coy`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub id: Ident,
    pub name: Option<Text>,
    pub commands: Option<Ident>,
    pub span: Span,
}

/// `map { … }`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Map {
    pub features: Vec<Feature>,
    pub span: Span,
}

/// One thing on the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Feature {
    Area(Area),
    Line(LineFeature),
    Crossing(Crossing),
    Place(Place),
}

/// `area bois dense-woods "Bois de Bavent" polygon (0,0) (100,0) (100,100)`
/// `area benouville buildings medium normal "Bénouville" rect (1300,700) size 200m by 100m`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Area {
    pub id: Ident,
    pub kind: KindRef<TerrainKind>,
    /// Only for `buildings` and `fortification`.
    pub structure: Option<Structure>,
    pub name: Option<Text>,
    pub shape: Shape,
    /// `known-to SIDE` or `known-to umpire` (the word `umpire` as written);
    /// `None` when every side knows the item.
    pub known_to: Option<Ident>,
    /// `shared "reason"`: every side knows the item, and the writer says why
    /// (never printed; it answers the check for items only one side names).
    pub shared: Option<Text>,
    pub span: Span,
}

/// The kind an area or line is of: a built-in terrain type or line kind, or the
/// name of a `terrain` item (§98), resolved later like any other name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum KindRef<T> {
    Builtin(Spanned<T>),
    Defined(Ident),
}

impl<T: Copy> KindRef<T> {
    /// The built-in kind, when it is one.
    pub fn builtin(&self) -> Option<T> {
        match self {
            KindRef::Builtin(k) => Some(k.value),
            KindRef::Defined(_) => None,
        }
    }

    /// Where the kind is written.
    pub fn span(&self) -> Span {
        match self {
            KindRef::Builtin(k) => k.span,
            KindRef::Defined(i) => i.span,
        }
    }
}

/// `terrain anti-tank-ditch "Anti-tank ditch" { movement foot difficult vehicles
/// impassable observation open cover good }`: a scenario terrain kind (§98) with
/// the rulebook's grades (§95–§97). What it leaves out is clear, open, no cover.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TerrainDef {
    pub id: Ident,
    pub name: Option<Text>,
    /// Movement grades per mover, in the order written; a later one wins.
    pub movement: Vec<MoverGrade>,
    pub observation: Option<Spanned<ObsGrade>>,
    pub cover: Option<Spanned<CoverGrade>>,
    pub span: Span,
}

/// `foot difficult`, `vehicles impassable`: one mover's movement grade.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoverGrade {
    pub mover: Spanned<Mover>,
    pub grade: Spanned<MoveGrade>,
    pub span: Span,
}

/// `start hot "reason"` or `start cold "reason"`: the situation at the start (§24)
/// declared where distance alone would judge it wrongly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StartDecl {
    pub hot: Spanned<bool>,
    pub reason: Text,
    pub span: Span,
}

/// `prepared since 1944-03-01 [20:00]`: a position occupied and wired since then
/// (§68); `prepared overnight`: dug in and wired in less than a day.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Prepared {
    /// `None` for `prepared overnight`.
    pub since: Option<Date>,
    pub time: Option<ClockTime>,
    pub span: Span,
}

/// A structure's strength and height (§117, §118).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Structure {
    pub strength: Spanned<Strength>,
    pub height: Spanned<Height>,
}

/// An area's outline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Shape {
    /// `polygon P P P …`
    Polygon { points: Vec<Point>, span: Span },
    /// `rect P size W by D`: south-west corner, width east, depth north.
    Rect {
        corner: Point,
        width: Distance,
        depth: Distance,
        span: Span,
    },
    /// `circle P radius R`
    Circle {
        centre: Point,
        radius: Distance,
        span: Span,
    },
}

impl Shape {
    pub fn span(&self) -> Span {
        match self {
            Shape::Polygon { span, .. } | Shape::Rect { span, .. } | Shape::Circle { span, .. } => {
                *span
            }
        }
    }
}

/// `road d514 "D514" width 8m line (0,800) (2400,800)`; also track, river, wire,
/// wall, hedge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LineFeature {
    pub id: Ident,
    pub kind: KindRef<LineKind>,
    pub name: Option<Text>,
    pub width: Option<Distance>,
    pub points: Vec<Point>,
    /// `known-to SIDE` or `known-to umpire` (the word `umpire` as written);
    /// `None` when every side knows the item.
    pub known_to: Option<Ident>,
    /// `shared "reason"`: every side knows the item, and the writer says why
    /// (never printed; it answers the check for items only one side names).
    pub shared: Option<Text>,
    pub span: Span,
}

/// A bridge, a ford or a level crossing: the rules' one list of crossing kinds.
pub use muster_rules::vocab::CrossingKind;

/// `bridge pegasus "Pegasus Bridge" at (1200,800) over canal carries d514`
/// `ford f1 at (300,40) over orne`
/// `level-crossing halt at (400,300) over railway carries lane`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Crossing {
    pub id: Ident,
    pub kind: Spanned<CrossingKind>,
    pub name: Option<Text>,
    pub at: Point,
    pub over: Option<Ident>,
    pub carries: Option<Ident>,
    /// `length 60m`: how far the crossing reaches across the water.
    pub length: Option<Distance>,
    /// `known-to SIDE` or `known-to umpire` (the word `umpire` as written);
    /// `None` when every side knows the item.
    pub known_to: Option<Ident>,
    /// `shared "reason"`: every side knows the item, and the writer says why
    /// (never printed; it answers the check for items only one side names).
    pub shared: Option<Text>,
    pub span: Span,
}

/// `place lz-x "Landing Zone X" at (1000,820)`, `place north-edge "North edge" edge north`,
/// `place heli-pad "Refuelling ground" at (10,10) refuelling`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Place {
    pub id: Ident,
    pub name: Option<Text>,
    pub location: PlaceLocation,
    /// The stretch or point of an `edge` place, when written.
    pub stretch: Option<EdgeStretch>,
    /// Marks a designated refuelling ground for helicopters and autogyros (§62).
    pub refuelling: bool,
    /// `known-to SIDE` or `known-to umpire` (the word `umpire` as written);
    /// `None` when every side knows the item.
    pub known_to: Option<Ident>,
    /// `shared "reason"`: every side knows the item, and the writer says why
    /// (never printed; it answers the check for items only one side names).
    pub shared: Option<Text>,
    pub span: Span,
}

/// Where a place is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum PlaceLocation {
    At(Point),
    Edge(Spanned<Edge>),
}

/// `from (0,700) to (0,900)` or `at (3000,900)` after `edge SIDE`: the part of
/// the edge where units come on or go off; a point has `from` and `to` equal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EdgeStretch {
    pub from: Point,
    pub to: Point,
    pub span: Span,
}

/// `template airborne-rifle-company company "Airborne Rifle Company" dated 1944 { … }`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Template {
    pub id: Ident,
    pub echelon: Spanned<Echelon>,
    pub name: Option<Text>,
    /// `dated 1943-1945` or `dated 1944`: the years the organisation applies.
    pub dated: Option<(Spanned<i32>, Spanned<i32>)>,
    /// `nation german`: whose organisation this is.
    pub nation: Option<Ident>,
    /// `modifier airborne`: the mark every unit made from it carries.
    pub modifier: Option<Spanned<muster_rules::vocab::Modifier>>,
    pub body: UnitBody,
    pub span: Span,
}

/// `forces british { units… }`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Forces {
    pub side: Ident,
    pub units: Vec<Unit>,
    pub span: Span,
}

/// `company d-coy "D Company" from airborne-rifle-company at (10,10) facing 90 { … }`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub echelon: Spanned<Echelon>,
    pub id: Ident,
    pub name: Option<Text>,
    /// `from TEMPLATE`: instantiate a template.
    pub template: Option<Ident>,
    pub placement: Option<Placement>,
    /// `attached-to a-coy`: under another unit's command (§14, §80).
    pub attached_to: Vec<Ident>,
    /// `nation french`: this unit's nation when the side has several.
    pub nation: Option<Ident>,
    /// `note "…"` in the unit's header line: for this side's briefing.
    pub notes: Vec<Text>,
    /// `umpire "…"` in the unit's header line: for the umpire only.
    pub umpire_notes: Vec<Text>,
    /// `historical-strength …`: the real unit's strength and its source.
    pub historical_strength: Option<HistoricalStrength>,
    /// `start hot "…"` / `start cold "…"`: the declared start situation (§24).
    pub start: Option<StartDecl>,
    /// `prepared since DATE`: the unit's positions are prepared (§68).
    pub prepared: Option<Prepared>,
    /// `branch infantry`: the arm its map symbol shows, where its elements on
    /// the table cannot tell it.
    pub branch: Option<Spanned<muster_rules::vocab::Branch>>,
    /// `modifier airborne`: the APP-6 mobility mark of its map symbol.
    pub modifier: Option<Spanned<muster_rules::vocab::Modifier>>,
    /// `captured`: it fights in the enemy's equipment, so its template's nation
    /// may differ from its side's (MC216).
    pub captured: Option<Span>,
    /// `allow MC209 "…"`: house rules for this unit and what it holds only.
    pub overrides: Vec<SeverityOverride>,
    pub body: UnitBody,
    pub span: Span,
}

/// The contents of a unit or template block: elements and sub-units only, so
/// that a `note` after an element always belongs to that element.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct UnitBody {
    pub elements: Vec<Element>,
    pub units: Vec<Unit>,
    /// Span of the `{ … }` block; default when the unit has no block.
    pub span: Span,
}

/// Where a template instance stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Placement {
    /// `at (x,y) facing 90`
    At {
        point: Point,
        facing: Option<Bearing>,
        span: Span,
    },
    /// `in line from (x,y) to (x,y) facing 90`: elements spread evenly, in order.
    InLine {
        from: Point,
        to: Point,
        facing: Option<Bearing>,
        span: Span,
    },
}

/// `element pl-1 coherent figures 6 at (100,20) facing 90 dug-in`
/// `hq coy-hq command radio short at (0,0)`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Element {
    pub id: Ident,
    /// Written with `hq`: this element is its unit's command element.
    pub is_hq: bool,
    /// `None` for an `hq` or a template override that gives no type.
    pub kind: Option<ElementKind>,
    /// Attributes in source order; later ones override earlier ones in templates.
    pub attrs: Vec<ElementAttr>,
    pub span: Span,
}

/// What kind of element this is (§12, §18).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ElementKind {
    /// `coherent`, `heavy-support`, `specialist foo`, `command`
    Foot {
        ty: Spanned<FootType>,
        specialism: Option<Spanned<Specialism>>,
        span: Span,
    },
    /// `vehicle tank tracked armoured enclosed`
    Vehicle {
        role: Spanned<VehicleRole>,
        drive: Option<Spanned<Drive>>,
        /// `armoured` true, `soft` false.
        armoured: Option<Spanned<bool>>,
        /// `open-topped` true, `enclosed` false.
        open_topped: Option<Spanned<bool>>,
        span: Span,
    },
    /// `artillery howitzer 105mm`
    Artillery {
        weapon: Spanned<ArtilleryWeapon>,
        calibre: Option<Calibre>,
        span: Span,
    },
    /// `aircraft fighter-bomber`
    Aircraft {
        role: Spanned<AircraftRole>,
        span: Span,
    },
    /// `ship destroyer`, `ship landing-craft`: naval fire support or a craft
    /// that carries elements ashore.
    Ship { role: Spanned<ShipRole>, span: Span },
}

impl ElementKind {
    pub fn span(&self) -> Span {
        match self {
            ElementKind::Foot { span, .. }
            | ElementKind::Vehicle { span, .. }
            | ElementKind::Artillery { span, .. }
            | ElementKind::Aircraft { span, .. }
            | ElementKind::Ship { span, .. } => *span,
        }
    }
}

/// One attribute of an element.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ElementAttr {
    /// `"Lt. Wood's platoon"` right after the id: the name sheets print where a
    /// person reads; the id stays for references and JSON.
    Name(Text),
    /// `figures 6`
    Figures(Spanned<u32>),
    /// `models 2`
    Models(Spanned<u32>),
    /// `represents 1`: real vehicles, guns or aircraft one model stands for (§3).
    Represents(Spanned<u32>),
    /// `mix 3 "Cromwell" 1 "Sherman Firefly"`: what one model stands for, by kind.
    Mix(Vec<(Spanned<u32>, Text)>),
    /// `lmg`, `hmg tripod`, `mortar 81mm`, `gun 75mm`
    Weapon(Weapon),
    /// `radio long`, `radio short`
    Radio(Spanned<RadioRange>),
    /// `telephone`
    Telephone(Span),
    /// `commander`: carries the unit's command function (§16, §18).
    Commander(Span),
    /// `at (x,y)`
    At(Point),
    /// `facing 90`
    Facing(Bearing),
    /// `dug-in`, `concealed`, `overwatch`, …
    Posture(Spanned<Posture>),
    /// `embussed-in lorry-1`
    EmbussedIn(Ident),
    /// `riding-on tank-1`
    RidingOn(Ident),
    /// `registers-for bty`: a FOO's artillery unit (§55).
    RegistersFor(Ident),
    /// `hmg-zone bearing 90 spread 30 range 800m` (§57)
    HmgZone {
        bearing: Bearing,
        spread: Spanned<f64>,
        range: Distance,
        span: Span,
    },
    /// `task demolition pegasus` (§61): engineering tasks.
    Task {
        task: Ident,
        target: Option<Ident>,
        span: Span,
    },
    /// `refuel-at heli-pad` (§62)
    RefuelAt(Ident),
    /// `note "…"`: seen by its own side and the umpire.
    Note(Text),
    /// `umpire "…"`: seen by the umpire only.
    UmpireNote(Text),
    /// `start hot "…"` / `start cold "…"` (§24)
    Start(StartDecl),
    /// `prepared since DATE` (§68)
    Prepared(Prepared),
    /// `allow MC209 "…"`: a house rule for this element only.
    Override(SeverityOverride),
}

/// A weapon with its optional mount and calibre.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Weapon {
    pub kind: Spanned<WeaponKind>,
    pub mount: Option<Spanned<Mount>>,
    pub calibre: Option<Calibre>,
    pub span: Span,
}

/// `nets british { link fo to bty-hq radio; line guard-hq to pillbox; net … }`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Nets {
    pub side: Ident,
    pub entries: Vec<NetEntry>,
    pub span: Span,
}

/// One statement of a `nets` block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum NetEntry {
    /// `radio fo-1 to bty-hq`: an extra direct radio link (§70).
    Radio { from: Ident, to: Ident, span: Span },
    /// `telephone guard-hq to pillbox`: a field telephone line (§68).
    Telephone { from: Ident, to: Ident, span: Span },
    /// `messenger bn-hq to a-hq runner via ford (1400,300)`: an alternative
    /// method (§76), with the stops of its route in order.
    Messenger {
        from: Ident,
        to: Ident,
        method: Spanned<MessengerMethod>,
        via: Vec<Stop>,
        span: Span,
    },
    /// `net bn-net "Battalion net" seniority bn-hq a-hq b-hq` (§71)
    Net {
        id: Ident,
        name: Option<Text>,
        members: Vec<Ident>,
        span: Span,
    },
}

/// A stop on a messenger's route (`via`): a place or crossing by name, or a point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Stop {
    Name(Ident),
    Point(Point),
}

/// `orders british { d-coy attack all-out pegasus by turn 2 "…" }`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Orders {
    pub side: Ident,
    pub orders: Vec<Order>,
    pub span: Span,
}

/// One unit's order (§81–§86).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Order {
    pub unit: Ident,
    pub stance: Option<Spanned<Stance>>,
    /// A word where the stance stands that is no stance (`atack`), already
    /// reported as MC001: the order is not also "without stance" (MC401).
    pub misspelt_stance: Option<Span>,
    pub intensity: Option<Spanned<Intensity>>,
    pub objective: Option<Objective>,
    pub timing: Vec<Timing>,
    pub prose: Option<Text>,
    /// The phases after the first, each begun with `then`.
    pub phases: Vec<Phase>,
    pub span: Span,
}

/// `then defend roadblock until end`: a later phase of an order, with its own
/// stance, objective and timings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Phase {
    pub stance: Option<Spanned<Stance>>,
    pub intensity: Option<Spanned<Intensity>>,
    pub objective: Option<Objective>,
    pub timing: Vec<Timing>,
    /// From `then` to the phase's last token.
    pub span: Span,
}

/// `if signal praise by turn 7` / `unless signal success by 05:30`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SignalCondition {
    /// `unless` true, `if` false.
    pub unless: bool,
    pub signal: Ident,
    /// The deadline by which the signal must have been given.
    pub by: When,
    pub span: Span,
}

/// Where or at whom an order points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Objective {
    /// A place, area, line or unit by identifier.
    Ref(Ident),
    /// `bearing 90`
    Bearing(Bearing),
    /// `(x,y)`
    Point(Point),
}

/// An order's timing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Timing {
    Immediately(Span),
    By(Turn),
    After(Turn),
    Until(Turn),
    OnSignal(Ident),
    At(ClockTime),
    /// `until end`: until the game ends.
    UntilEnd(Span),
    /// `if signal S by turn N`, `unless signal S by HH:MM`.
    Condition(SignalCondition),
}

/// `signal ham-and-jam flare "both bridges taken" from coy-hq on capture pegasus affects d-coy b-coy`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Signal {
    pub id: Ident,
    pub kind: Spanned<SignalKind>,
    pub meaning: Option<Text>,
    pub sender: Option<Ident>,
    pub trigger: Option<SignalTrigger>,
    /// Units whose orders the signal concerns (`affects …`).
    pub affects: Vec<Ident>,
    /// `colour green red`: its colours in the order they show.
    pub colours: Vec<Spanned<Colour>>,
    pub span: Span,
}

/// When a signal may be sent (§74).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SignalTrigger {
    /// `on command`
    Command(Span),
    /// `on capture pegasus`
    Capture(Ident),
    /// `on "the first tank crosses the bridge"`
    Condition(Text),
}

/// `arrival b-coy turn 4 at lz-x "Landing by glider"`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Arrival {
    pub unit: Ident,
    pub when: When,
    pub at: Ident,
    pub prose: Option<Text>,
    /// `if signal …` / `unless signal …`: the arrival happens only then.
    pub condition: Option<SignalCondition>,
    pub span: Span,
}

/// `event bridge-blown turn 6 "The Germans attempt to blow the bridge"` (umpire only).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub id: Ident,
    pub when: When,
    pub prose: Text,
    /// `if signal …` / `unless signal …`: the event happens only then.
    pub condition: Option<SignalCondition>,
    pub span: Span,
}

/// `victory british "Hold the bridges" holds pegasus at end`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Victory {
    pub side: Ident,
    /// `decisive`, `marginal` or `points N` after the side; `None` for a plain victory.
    pub level: Option<Spanned<VictoryLevel>>,
    pub prose: Text,
    /// Every condition, in source order, however it is grouped.
    pub conditions: Vec<VictoryCondition>,
    /// How the conditions combine; bare conditions make one `all` group.
    pub group: VictoryGroup,
    pub span: Span,
}

/// A victory's level: a graded result or a points value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum VictoryLevel {
    Grade(Grade),
    Points(u32),
}

/// `all { … }` or `any { … }`: its members index [`Victory::conditions`], so
/// every check that walks the flat list sees grouped conditions too.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VictoryGroup {
    pub mode: GroupMode,
    pub members: Vec<GroupMember>,
    /// The group's keyword and block; the victory's span for bare conditions.
    pub span: Span,
    /// Written as `all`/`any`, rather than implied by bare conditions.
    pub written: bool,
}

/// One member of a victory group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum GroupMember {
    /// An index into [`Victory::conditions`].
    Condition(usize),
    Group(VictoryGroup),
}

/// `historical-strength men 181 vehicles 0 guns 0 "Ambrose, Pegasus Bridge"`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HistoricalStrength {
    pub men: Option<Spanned<u32>>,
    pub vehicles: Option<Spanned<u32>>,
    pub guns: Option<Spanned<u32>>,
    pub source: Text,
    pub span: Span,
}

/// A machine-checkable part of a victory condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum VictoryCondition {
    /// `holds pegasus at end` / `holds pegasus by turn 6`
    Holds {
        target: Ident,
        by: Option<Turn>,
        span: Span,
    },
    /// `destroys bridge-guard`
    Destroys { target: Ident, span: Span },
    /// `exits kampfgruppe at north-edge`
    Exits { unit: Ident, at: Ident, span: Span },
    /// `destroys 10 models of british`, `inflicts 30 figures on german`:
    /// losses the side must cause over the whole game.
    Losses {
        what: LossKind,
        count: Spanned<u32>,
        of: Ident,
        span: Span,
    },
}

/// What a losses condition counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LossKind {
    /// Vehicle, gun and aircraft models (`destroys N models of SIDE`).
    Models,
    /// Foot figures (`inflicts N figures on SIDE`).
    Figures,
}

/// `intel german { d-coy seen at lz-x vague "gliders heard" }`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Intel {
    pub side: Ident,
    pub entries: Vec<IntelEntry>,
    pub span: Span,
}

/// What one side is told of one enemy unit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IntelEntry {
    pub unit: Ident,
    /// `seen at lz-x` or `seen at (x,y)`; `None` for `known`.
    pub seen_at: Option<Objective>,
    pub precision: Option<Spanned<Precision>>,
    pub words: Option<Text>,
    pub span: Span,
}

/// `umpire "…"` at top level: umpire-only notes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UmpireNote {
    pub text: Text,
    pub span: Span,
}

/// `briefing british { situation "…" mission "…" }` or `briefing umpire { history "…" }`:
/// the narrative printed at the head of a side's (or the umpire's) briefing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Briefing {
    /// The side that reads it; `None` for `briefing umpire`.
    pub side: Option<Ident>,
    pub sections: Vec<BriefingText>,
    pub span: Span,
}

/// One section of a briefing: `mission "Destroy the guns by 05:15."`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BriefingText {
    pub section: Spanned<BriefingSection>,
    pub text: Text,
    pub span: Span,
}
