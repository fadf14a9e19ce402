//! The resolved scenario: every later stage (checks, outputs) reads only this.
//!
//! Imports are merged, templates instantiated with absolute positions, names
//! resolved to typed indices. Every item keeps a [`Loc`] so a check can point at
//! the source. Indices are positions in the `Model`'s vectors.

use muster_rules::vocab::*;
use muster_syntax::{FileId, Span};
use serde::Serialize;

/// Where something was written: a file and a byte span in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize)]
pub struct Loc {
    pub file: FileId,
    pub span: Span,
}

impl Loc {
    pub fn new(file: FileId, span: Span) -> Self {
        Loc { file, span }
    }
}

macro_rules! ids {
    ($($(#[$m:meta])* $name:ident),+ $(,)?) => {$(
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        pub struct $name(pub usize);
    )+};
}

ids! {
    /// Index into [`Model::sides`].
    SideId,
    /// Index into [`Model::units`].
    UnitId,
    /// Index into [`Model::elements`].
    ElementId,
    /// Index into [`Model::areas`].
    AreaId,
    /// Index into [`Model::lines`].
    LineId,
    /// Index into [`Model::crossings`].
    CrossingId,
    /// Index into [`Model::places`].
    PlaceId,
    /// Index into [`Model::signals`].
    SignalId,
    /// Index into [`Model::templates`].
    TemplateId,
    /// Index into [`Model::terrains`].
    TerrainId,
}

/// A loaded source file: its path relative to the pack root, and its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SourceFile {
    pub id: FileId,
    /// Pack-relative path with `/` separators (`lib/german-1944.muster`).
    pub path: String,
    /// Shared with the parse cache: a library's text is held once per run, not
    /// once per scenario that imports it.
    pub text: std::sync::Arc<str>,
    /// Whether this file was reached through `use` (library files are exempt from MC105).
    pub is_library: bool,
}

/// A name as written, with where it was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Name {
    pub id: String,
    pub loc: Loc,
}

/// A piece of author prose with its location.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Prose {
    pub text: String,
    pub loc: Loc,
}

/// A point in absolute table metres (x east, y north from the south-west corner).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Pos {
    pub x: f64,
    pub y: f64,
}

impl Pos {
    pub fn distance(&self, other: Pos) -> f64 {
        ((self.x - other.x).powi(2) + (self.y - other.y).powi(2)).sqrt()
    }
}

/// What a resolved reference points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Target {
    Unit(UnitId),
    Element(ElementId),
    Place(PlaceId),
    Area(AreaId),
    Line(LineId),
    Crossing(CrossingId),
    Signal(SignalId),
    Side(SideId),
}

/// A reference: the text written, where, and what it resolved to (`None` when
/// undefined; resolution has already reported MC102 for it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ref {
    pub name: Name,
    pub target: Option<Target>,
}

/// A severity override from the scenario header or the pack's `muster.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Override {
    pub code: String,
    pub level: SeverityLevel,
    pub reason: Option<String>,
    /// `None` when it came from `muster.toml`.
    pub loc: Option<Loc>,
    /// The unit or element it is written on (its whole text): it then governs
    /// only findings whose primary span lies inside; `None` for the scenario's
    /// and the pack's house rules.
    pub scope: Option<Loc>,
}

/// The scenario header with defaults applied where the rulebook gives them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Header {
    pub title: Prose,
    /// `(year, month, day)`
    pub date: Option<(i32, u8, u8)>,
    /// Minutes after midnight.
    pub start_minutes: Option<u32>,
    pub turns: Option<u32>,
    /// Whether `turns` was written, even if its value was refused.
    pub turns_written: bool,
    /// Minutes per turn; 10 unless the scenario says otherwise (§7).
    pub turn_minutes: f64,
    pub end_conditions: Vec<Prose>,
    pub first_bound: Option<Ref>,
    pub weather: Weather,
    pub light: Light,
    /// Table width and depth in metres; `None` when the scenario gives no table.
    pub table: Option<(f64, f64)>,
    /// Metres of ground per table millimetre (§1: 2).
    pub ground_scale: f64,
    /// Where the table lies on the Earth, if the scenario says.
    pub georeference: Option<crate::earth::Georeference>,
    pub notes: Vec<Prose>,
    /// The header block's location (the whole `scenario { … }`).
    pub loc: Loc,
}

/// One of the two sides (§21).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Side {
    pub name: Name,
    pub display: Option<String>,
    pub nations: Vec<Name>,
    pub players: Vec<Player>,
    pub loc: Loc,
}

/// A player and the unit they command.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Player {
    pub name: Name,
    pub display: Option<String>,
    pub commands: Option<Ref>,
    pub loc: Loc,
}

/// A scenario terrain kind (§98): a `terrain` item with the rulebook's grades.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TerrainDef {
    pub name: Name,
    pub display: Option<String>,
    pub grades: muster_rules::terrain::Grades,
    pub loc: Loc,
}

/// A terrain area with its outline as an absolute polygon (circles approximated).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Area {
    pub name: Name,
    /// The built-in terrain type; `open` for an area of a scenario terrain kind,
    /// whose grades then come from [`Area::terrain`] instead.
    pub kind: TerrainKind,
    /// The scenario terrain kind (`terrain` item) the area is of, if any.
    pub terrain: Option<TerrainId>,
    pub structure: Option<(Strength, Height)>,
    pub display: Option<String>,
    /// The outline in table metres, not closed (first point not repeated).
    pub outline: Vec<Pos>,
    /// How the author wrote it, for the map and the JSON.
    pub shape: ShapeKind,
    /// Who knows the item (`known-to`); the rules apply to it the same either way.
    pub known_to: Known,
    pub loc: Loc,
    /// The span of the shape, for MC501.
    pub shape_loc: Loc,
}

/// The form an area was written in.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum ShapeKind {
    Polygon,
    Rect { corner: Pos, width: f64, depth: f64 },
    Circle { centre: Pos, radius: f64 },
}

/// A road, track, river, wire, wall or hedge.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Line {
    pub name: Name,
    /// The built-in line kind; `wall` (an obstacle of no effect of its own) for a
    /// line of a scenario terrain kind, whose grades come from [`Line::terrain`].
    pub kind: LineKind,
    /// The scenario terrain kind (`terrain` item) the line is of, if any.
    pub terrain: Option<TerrainId>,
    pub display: Option<String>,
    /// Width in metres (roads default to 10 m, rivers to 20 m, obstacles to 2 m).
    pub width: f64,
    pub points: Vec<Pos>,
    /// Who knows the item (`known-to`); the rules apply to it the same either way.
    pub known_to: Known,
    pub loc: Loc,
}

/// A bridge, a ford or a level crossing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Crossing {
    pub name: Name,
    pub kind: muster_rules::vocab::CrossingKind,
    pub display: Option<String>,
    pub at: Pos,
    pub over: Option<Ref>,
    pub carries: Option<Ref>,
    /// Metres across the water the crossing reaches (default: the water's width + 20 m).
    pub length: f64,
    /// Who knows the item (`known-to`); the rules apply to it the same either way.
    pub known_to: Known,
    pub loc: Loc,
}

/// A named place: a point or a table edge.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Place {
    pub name: Name,
    pub display: Option<String>,
    pub at: PlaceAt,
    /// Of an edge place: the stretch (or point) of the edge units use.
    pub stretch: Option<Stretch>,
    pub refuelling: bool,
    /// Who knows the item (`known-to`); the rules apply to it the same either way.
    pub known_to: Known,
    pub loc: Loc,
}

/// `edge west from (0,700) to (0,900)`, or `at (0,800)` with `from` and `to` equal.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Stretch {
    pub from: Pos,
    pub to: Pos,
    pub loc: Loc,
}

/// Where a place is.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum PlaceAt {
    Point(Pos),
    Edge(Edge),
}

/// Who knows a map item (fog of war). The item's effect on the rules never
/// depends on this: only the outputs each side receives do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub enum Known {
    /// Common knowledge: on every side's map (the default).
    #[default]
    Everyone,
    /// `known-to umpire`: on the umpire's map alone.
    Umpire(Loc),
    /// `known-to SIDE`: on that side's map and the umpire's.
    Side(Ref),
    /// `shared "reason"`: on every side's map, and the writer says why, so the
    /// check for items only one side names (MC810) leaves it alone.
    Shared(Prose),
}

impl Known {
    /// Whether `side` knows the item. An unresolved side knows nothing.
    pub fn side_knows(&self, side: SideId) -> bool {
        match self {
            Known::Everyone | Known::Shared(_) => true,
            Known::Umpire(_) => false,
            Known::Side(r) => r.target == Some(Target::Side(side)),
        }
    }

    /// Whether some side does not know the item.
    pub fn is_private(&self) -> bool {
        !matches!(self, Known::Everyone)
    }
}

/// A template definition, kept to report unused ones (MC105) and for docs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TemplateInfo {
    pub name: Name,
    pub echelon: Echelon,
    pub display: Option<String>,
    pub dated: Option<(i32, i32)>,
    pub nation: Option<String>,
    /// `modifier …`: the mark every unit made from it carries.
    pub modifier: Option<muster_rules::vocab::Modifier>,
    /// Units instantiated from it.
    pub used_by: Vec<UnitId>,
    pub loc: Loc,
}

/// A unit of the order of battle: a formation, HQ or commanded group (§9, §10).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Unit {
    pub name: Name,
    pub side: SideId,
    pub echelon: Echelon,
    pub display: Option<String>,
    pub nation: Option<String>,
    /// The unit it is written inside; `None` at the top of a `forces` block.
    pub parent: Option<UnitId>,
    /// Where it is attached (§14): when set, its line of command runs here instead.
    pub attached_to: Option<Ref>,
    pub children: Vec<UnitId>,
    pub elements: Vec<ElementId>,
    /// Its command element (an `hq`, a `command` element or one with `commander`).
    pub command_element: Option<ElementId>,
    pub template: Option<TemplateId>,
    /// Where its `from` names a template that is undefined or contains itself:
    /// what the unit holds is then unknown, and checks of it wait for the fix.
    pub unknown_template: Option<Loc>,
    /// `captured`: in the enemy's equipment, so its template may be of another nation.
    pub captured: bool,
    pub notes: Vec<Prose>,
    pub umpire_notes: Vec<Prose>,
    /// `historical-strength …`: the real unit's strength, beside the game's.
    pub historical_strength: Option<HistoricalStrength>,
    /// Arrives later (has an arrival entry): not on the table at the start.
    pub arrives_later: bool,
    /// `start hot "…"` / `start cold "…"`: declared situation at the start (§24).
    pub start: Option<StartDecl>,
    /// `prepared since DATE`: its positions are prepared (§68).
    pub prepared: Option<PreparedSince>,
    /// `branch …`: the arm its map symbol shows, declared where its elements
    /// on the table cannot tell it.
    pub branch: Option<muster_rules::vocab::Branch>,
    /// The APP-6 mobility mark of its map symbol: its own `modifier`, else its
    /// template's (never its superior's: a tank platoon of a lorried
    /// battalion is not motorised infantry).
    pub modifier: Option<muster_rules::vocab::Modifier>,
    pub loc: Loc,
}

/// A declared start situation (§24) with the writer's reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StartDecl {
    pub hot: bool,
    pub reason: Prose,
    pub loc: Loc,
}

/// `prepared since DATE [HH:MM]`: occupied and wired since `(year, month, day)`
/// (§68); `prepared overnight` has no date: dug in and wired in less than a day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PreparedSince {
    pub date: Option<(i32, u8, u8)>,
    /// `(hour, minute)` when written.
    pub time: Option<(u8, u8)>,
    pub loc: Loc,
}

impl PreparedSince {
    /// Minutes from when the position was prepared to the scenario's start, when
    /// both are dated (a time left out is midnight; a start without one, too).
    pub fn minutes_before(&self, h: Option<&Header>) -> Option<i64> {
        use muster_rules::command::minutes_of;
        let (y, m, d) = self.date?;
        let (sy, sm, sd) = h?.date?;
        let start = minutes_of(sy, sm, sd, 0, 0) + i64::from(h?.start_minutes.unwrap_or(0));
        let (hh, mm) = self.time.unwrap_or((0, 0));
        Some(start - minutes_of(y, m, d, hh, mm))
    }

    /// Whether the position was held a day before the start (§68), so its lines
    /// were laid and kept. `overnight` never was; a date with no start to compare
    /// it with is taken at its word.
    pub fn held_a_day(&self, h: Option<&Header>) -> bool {
        self.date.is_some()
            && self
                .minutes_before(h)
                .is_none_or(|m| m >= muster_rules::command::PREPARED_MIN_MINUTES)
    }
}

/// What kind of element (§12, §18): the rulebook's own troop description, so
/// the model and the rules cannot disagree on what an element is.
pub use muster_rules::troops::{Troop, VehicleSpec};

/// A weapon carried.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WeaponInfo {
    pub kind: WeaponKind,
    pub mount: Option<Mount>,
    pub calibre_mm: Option<f64>,
    pub loc: Loc,
}

/// A prepared HMG zone (§57).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HmgZone {
    pub bearing: f64,
    pub spread: f64,
    pub range: f64,
    pub loc: Loc,
}

/// An engineering task (§61).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Task {
    pub task: Name,
    pub target: Option<Ref>,
    pub loc: Loc,
}

/// An element: the smallest separately movable piece (§8).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Element {
    /// Its identifier as written (`coy-hq`); unique within its unit.
    pub name: Name,
    /// The name a person reads (`"Lt. Wood's platoon"`), when the writer gave one.
    pub display: Option<String>,
    /// `unit.element` (`d-coy.coy-hq`): unique within the scenario.
    pub qualified: String,
    pub unit: UnitId,
    pub side: SideId,
    /// `None` when neither the element nor its template gave a type.
    pub kind: Option<Troop>,
    pub kind_loc: Option<Loc>,
    pub is_hq: bool,
    pub commander: Option<Loc>,
    pub figures: Option<(u32, Loc)>,
    pub models: Option<(u32, Loc)>,
    /// `represents N`: real ones per model (§3), when the writer says.
    pub represents: Option<(u32, Loc)>,
    /// `mix N "What" …`: what one model stands for, part by part.
    pub mix: Vec<(u32, String)>,
    /// Where the `mix` is written.
    pub mix_loc: Option<Loc>,
    pub weapons: Vec<WeaponInfo>,
    pub radio: Option<(RadioRange, Loc)>,
    pub telephone: Option<Loc>,
    /// Absolute position; `None` when not placed (off table, arriving later).
    pub pos: Option<Pos>,
    pub pos_loc: Option<Loc>,
    /// Degrees, 0 north.
    pub facing: Option<f64>,
    pub postures: Vec<(Posture, Loc)>,
    pub embussed_in: Option<Ref>,
    pub riding_on: Option<Ref>,
    pub registers_for: Option<Ref>,
    pub hmg_zone: Option<HmgZone>,
    pub tasks: Vec<Task>,
    pub refuel_at: Option<Ref>,
    pub notes: Vec<Prose>,
    pub umpire_notes: Vec<Prose>,
    /// `start hot "…"` / `start cold "…"` on the element itself (§24).
    pub start: Option<StartDecl>,
    /// `prepared since DATE` on the element itself (§68).
    pub prepared: Option<PreparedSince>,
    pub loc: Loc,
}

impl Element {
    pub fn has_posture(&self, p: Posture) -> bool {
        self.postures.iter().any(|(q, _)| *q == p)
    }

    /// A command element (§10, §18): written `hq`, or a troop that is one by its
    /// type (a `command` foot element, a command tank). The one definition the
    /// resolver, the analysis and the checks share.
    pub fn is_command_element(&self) -> bool {
        self.is_hq
            || self
                .kind
                .as_ref()
                .is_some_and(muster_rules::troops::is_command_element)
    }

    /// Whether the element carries its group's command (§79): a command element,
    /// or a combat element with the commander integrated.
    pub fn carries_command(&self) -> bool {
        self.is_command_element() || self.commander.is_some()
    }

    /// What it communicates with, as §88 reads it: whether it counts as a command
    /// element (by type, `hq`, or carrying the commander) or recce, and its sets.
    pub fn equipment(&self) -> muster_rules::command::Equipment {
        muster_rules::command::Equipment {
            command: self.carries_command(),
            recce: self
                .kind
                .as_ref()
                .is_some_and(muster_rules::troops::is_recce),
            radio: self.radio.map(|(r, _)| r),
            telephone: self.telephone.is_some(),
        }
    }

    /// The weapon kinds it carries, for the rulebook's classifications.
    pub fn weapon_kinds(&self) -> Vec<WeaponKind> {
        self.weapons.iter().map(|w| w.kind).collect()
    }
}

/// A field telephone line or an extra radio link (§68, §70).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Link {
    pub side: SideId,
    pub from: Ref,
    pub to: Ref,
    pub loc: Loc,
}

/// An alternative method of communication between two elements (§76).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Messenger {
    pub side: SideId,
    pub from: Ref,
    pub to: Ref,
    pub method: MessengerMethod,
    /// The stops of its route in order (`via`); empty for the straight way.
    pub via: Vec<Waypoint>,
    pub loc: Loc,
}

/// A stop on a messenger's route: a place or crossing named, or a point written.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Stop {
    Named(Ref),
    Point(Pos),
}

/// A stop with where it was written, for reports on the leg it begins or ends.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Waypoint {
    pub stop: Stop,
    pub loc: Loc,
}

/// A named net with its stated seniority (§71).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Net {
    pub side: SideId,
    pub name: Name,
    pub display: Option<String>,
    pub members: Vec<Ref>,
    pub loc: Loc,
}

/// Where an order points.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Objective {
    Ref(Ref),
    Bearing(f64, Loc),
    Point(Pos, Loc),
}

/// An order's timing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Timing {
    Immediately(Loc),
    By(u32, Loc),
    After(u32, Loc),
    Until(u32, Loc),
    OnSignal(Ref),
    /// Minutes after midnight.
    At(u32, Loc),
    /// `until end`: until the game ends.
    UntilEnd(Loc),
    /// `if signal S by …` / `unless signal S by …`.
    Condition(SignalCondition),
}

/// `if signal S by turn N` / `unless signal S by HH:MM`: something that happens
/// only if (or unless) a signal was given by a deadline.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SignalCondition {
    pub unless: bool,
    pub signal: Ref,
    pub by: When,
    pub loc: Loc,
}

/// A later phase of an order (`then defend roadblock until end`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Phase {
    pub stance: Option<(Stance, Loc)>,
    pub intensity: Option<(Intensity, Loc)>,
    pub objective: Option<Objective>,
    pub timing: Vec<Timing>,
    pub loc: Loc,
}

/// A unit's order (§81–§86).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Order {
    pub side: SideId,
    pub unit: Ref,
    pub stance: Option<(Stance, Loc)>,
    /// Where a misspelt stance stands (`atack`), which MC001 reported.
    pub misspelt_stance: Option<Loc>,
    pub intensity: Option<(Intensity, Loc)>,
    pub objective: Option<Objective>,
    pub timing: Vec<Timing>,
    pub prose: Option<Prose>,
    /// The phases after the first, in order.
    pub phases: Vec<Phase>,
    pub loc: Loc,
}

/// A pre-arranged signal (§73–§75).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Signal {
    pub name: Name,
    /// The side of its sender, when the sender resolves.
    pub side: Option<SideId>,
    pub kind: SignalKind,
    pub meaning: Option<Prose>,
    pub sender: Option<Ref>,
    pub trigger: Option<Trigger>,
    pub affects: Vec<Ref>,
    /// `colour green red`: its colours in the order they show (§73).
    pub colours: Vec<(Colour, Loc)>,
    pub loc: Loc,
}

/// When a signal may be sent (§74).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Trigger {
    Command(Loc),
    Capture(Ref),
    Condition(Prose),
}

/// When an arrival or event happens.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum When {
    Turn(u32, Loc),
    /// Minutes after midnight.
    Clock(u32, Loc),
}

/// Reinforcements arriving (LANGUAGE.md item 9).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Arrival {
    pub side: Option<SideId>,
    pub unit: Ref,
    pub when: When,
    pub at: Ref,
    pub prose: Option<Prose>,
    pub condition: Option<SignalCondition>,
    pub loc: Loc,
}

/// A timed event for the umpire.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Event {
    pub name: Name,
    pub when: When,
    pub prose: Prose,
    pub condition: Option<SignalCondition>,
    pub loc: Loc,
}

/// A machine-readable victory condition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Condition {
    Holds {
        target: Ref,
        by: Option<u32>,
        loc: Loc,
    },
    Destroys {
        target: Ref,
        loc: Loc,
    },
    Exits {
        unit: Ref,
        at: Ref,
        loc: Loc,
    },
    /// `destroys 10 models of british` / `inflicts 30 figures on german`.
    Losses {
        what: LossKind,
        count: u32,
        /// The side that suffers them.
        of: Ref,
        loc: Loc,
    },
}

/// What a losses condition counts: models or figures.
pub use muster_syntax::ast::LossKind;

/// A side's victory condition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Victory {
    pub side: Ref,
    /// `decisive`, `marginal` or `points N`; `None` for a plain victory.
    pub level: Option<(VictoryLevel, Loc)>,
    pub prose: Prose,
    /// Every condition in source order; `group` indexes into it.
    pub conditions: Vec<Condition>,
    pub group: ConditionGroup,
    pub loc: Loc,
}

/// A victory level: a graded result or a points value.
pub use muster_syntax::ast::VictoryLevel;

/// `all { … }` / `any { … }`: how a victory's conditions combine.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConditionGroup {
    pub mode: GroupMode,
    pub members: Vec<GroupMember>,
    /// Written out, rather than implied by bare conditions (which mean `all`).
    pub written: bool,
    pub loc: Loc,
}

/// One member of a condition group.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum GroupMember {
    /// An index into [`Victory::conditions`].
    Condition(usize),
    Group(ConditionGroup),
}

/// A unit's real strength as the scenario states it, with its source.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HistoricalStrength {
    pub men: Option<u32>,
    pub vehicles: Option<u32>,
    pub guns: Option<u32>,
    /// The published source; the side's sheets print it, so fog reads it.
    pub source: Prose,
    pub loc: Loc,
}

/// What a side is told of one enemy unit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IntelEntry {
    pub side: Ref,
    pub unit: Ref,
    pub seen_at: Option<Objective>,
    pub precision: Option<Precision>,
    pub words: Option<Prose>,
    pub loc: Loc,
}

/// One side's (or the umpire's) briefing narrative, sections in the order written.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Briefing {
    /// The side that reads it; `None` for the umpire's.
    pub side: Option<Ref>,
    pub sections: Vec<(BriefingSection, Prose)>,
    pub loc: Loc,
}

/// The whole resolved scenario.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Model {
    /// Every file read, the scenario first.
    pub files: Vec<SourceFile>,
    /// The pack's `collection.toml`, for the muster checks (MC901–MC903).
    pub collection: Option<crate::collection::Collection>,
    /// `None` when the scenario has no `scenario { … }` block (reported as MC6xx).
    pub header: Option<Header>,
    pub overrides: Vec<Override>,
    /// How many findings of one code per file are shown (MC007 sums up the rest).
    #[serde(skip)]
    pub findings_limit: crate::pack::FindingsLimit,
    /// The pack's `[balance]` settings, which the balance report measures with.
    #[serde(skip)]
    pub balance: crate::balance::BalanceSettings,
    /// The pack asks every unit to state its real strength (MC219).
    #[serde(skip)]
    pub require_historical_strength: bool,
    /// The pack asks every unit, sub-units included, to state its real strength (MC812).
    #[serde(skip)]
    pub require_historical_strength_everywhere: bool,
    /// The pack asks every map item one side's plan names to say who knows it (MC810).
    #[serde(skip)]
    pub strict_fog: bool,
    pub sides: Vec<Side>,
    /// Scenario terrain kinds (§98), from the scenario and its libraries.
    pub terrains: Vec<TerrainDef>,
    pub areas: Vec<Area>,
    pub lines: Vec<Line>,
    pub crossings: Vec<Crossing>,
    pub places: Vec<Place>,
    pub templates: Vec<TemplateInfo>,
    pub units: Vec<Unit>,
    pub elements: Vec<Element>,
    pub radio_links: Vec<Link>,
    pub telephone_lines: Vec<Link>,
    /// Alternative methods (§76): runners, despatch riders, pigeons, dogs.
    pub messengers: Vec<Messenger>,
    pub nets: Vec<Net>,
    pub orders: Vec<Order>,
    pub signals: Vec<Signal>,
    pub arrivals: Vec<Arrival>,
    pub events: Vec<Event>,
    pub victories: Vec<Victory>,
    pub intel: Vec<IntelEntry>,
    pub umpire_notes: Vec<Prose>,
    /// Briefing narratives, in the order written.
    pub briefings: Vec<Briefing>,
    /// Positions refused as far off the table (MC005), already taken out of the
    /// lists above.
    pub far_off: Vec<crate::bounds::FarOff>,
    /// The index of the shapes above, built on first use.
    #[serde(skip)]
    pub spatial: crate::spatial::SpatialCell,
}
