//! Orders, signals, nets, arrivals, events, victory conditions, intel and latency.

use muster_rules::vocab::{Colour, Intensity, MessengerMethod, Precision, SignalKind, Stance};
use schemars::JsonSchema;
use serde::Serialize;

use super::common::{Kw, Point, Reference, When};
use super::strict::{ARRIVAL, CLOCK, NAME, REPORT};

/// A unit's order (§81–§86).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Order {
    /// The id of the side giving it.
    #[schemars(pattern(NAME))]
    pub side: String,
    /// The unit ordered.
    pub unit: Reference,
    /// Attack, defend, … (§82).
    pub stance: Option<Kw<Stance>>,
    /// How hard (§83).
    pub intensity: Option<Kw<Intensity>>,
    /// Where it is directed.
    pub objective: Option<Objective>,
    /// When it applies, in the order written.
    pub timing: Vec<Timing>,
    /// What the players read.
    pub text: Option<String>,
    /// The phases after the first (`then defend roadblock until end`), in order.
    pub phases: Vec<OrderPhase>,
    /// The order in one line (`attack all-out pegasus by turn 2`), phases joined
    /// with `then`.
    pub summary: String,
}

/// A later phase of an order, with its own stance, objective and timings.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct OrderPhase {
    /// Attack, defend, … (§82).
    pub stance: Option<Kw<Stance>>,
    /// How hard (§83).
    pub intensity: Option<Kw<Intensity>>,
    /// Where it is directed.
    pub objective: Option<Objective>,
    /// When it applies, in the order written.
    pub timing: Vec<Timing>,
}

/// `if signal S by …` / `unless signal S by …` on an arrival or event.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SignalCondition {
    /// True for `unless` (happens only if the signal did not come), false for `if`.
    pub unless: bool,
    /// The signal's id.
    #[schemars(pattern(NAME))]
    pub signal: String,
    /// The deadline by which the signal must have come.
    pub by: When,
}

/// An alternative method of communication (§76) and its computed delivery time.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Messenger {
    /// The id of the side using it.
    #[schemars(pattern(NAME))]
    pub side: String,
    /// The sender.
    pub from: Reference,
    /// The receiver.
    pub to: Reference,
    /// Runner, motorcycle, pigeon or dog.
    pub method: Kw<MessengerMethod>,
    /// The way it goes, in table metres: the sender, each `via` stop in order,
    /// the receiver; empty when an end is not on the table. A pigeon flies straight.
    pub route: Vec<Point>,
    /// The metres of each leg of the route, in order, to the whole metre.
    pub legs_m: Vec<f64>,
    /// Metres along the whole route, when both ends are on the table.
    pub distance_m: Option<f64>,
    /// The route crosses ground other than open terrain (half speed, §76).
    pub difficult_ground: bool,
    /// Rain, fog or snow (half speed, §76).
    pub poor_weather: bool,
    /// Turns to deliver a message in a cold situation; null when it cannot be
    /// computed (an end off the table, or impassable ground on the way).
    pub turns_cold: Option<u32>,
    /// Turns to deliver in a hot situation.
    pub turns_hot: Option<u32>,
    /// Turns at the sender's start situation (§24).
    pub turns: Option<u32>,
    /// The delivery in words, for sheets.
    pub summary: String,
}

/// Where an order or a report points.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Objective {
    /// A named thing.
    Target {
        /// The thing named.
        target: Reference,
    },
    /// A compass bearing.
    Bearing {
        /// Degrees from north.
        degrees: f64,
    },
    /// A point on the table.
    Point {
        /// The point.
        at: Point,
    },
}

/// An order's timing.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Timing {
    /// From the first turn.
    Immediately,
    /// Done by a turn.
    By {
        /// The turn, counted from 1.
        turn: u32,
    },
    /// Not before a turn.
    After {
        /// The turn, counted from 1.
        turn: u32,
    },
    /// Up to a turn.
    Until {
        /// The turn, counted from 1.
        turn: u32,
    },
    /// When a pre-arranged signal is given.
    OnSignal {
        /// The signal's id.
        #[schemars(pattern(NAME))]
        signal: String,
    },
    /// In a side's JSON, waiting for an enemy's signal: only what can be seen or
    /// heard of it (a flare, a smoke signal), never its id or meaning.
    OnSighting {
        /// The kind of the enemy's signal.
        of: Kw<SignalKind>,
    },
    /// At a clock time.
    At {
        /// `HH:MM`.
        #[schemars(pattern(CLOCK))]
        time: String,
        /// The turn whose interval holds `time` (§7, as MC603 counts it), counted from 1;
        /// 0 or less for a time before the start; null without a start time.
        turn: Option<i64>,
    },
    /// Until the game ends.
    UntilEnd,
    /// Only if (or, with `unless`, only unless) a signal came by a deadline.
    Condition {
        /// True for `unless`, false for `if`.
        unless: bool,
        /// The signal's id; null in a side's JSON when the signal is the enemy's.
        #[schemars(pattern(NAME))]
        signal: Option<String>,
        /// For an enemy's signal in a side's JSON: only its kind.
        sighting: Option<Kw<SignalKind>>,
        /// The deadline.
        by: When,
    },
}

/// A pre-arranged signal (§73–§75).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Signal {
    /// Its identifier, unique in the scenario.
    #[schemars(pattern(NAME))]
    pub id: String,
    /// The id of the side using it.
    #[schemars(pattern(NAME))]
    pub side: Option<String>,
    /// How it is given (flare, smoke, …).
    pub kind: Kw<SignalKind>,
    /// What it means, in the author's words.
    pub meaning: Option<String>,
    /// Who gives it.
    pub sender: Option<Reference>,
    /// `on command`, `on capture X` or the condition's words.
    pub trigger: Option<String>,
    /// The units acting on it.
    pub affects: Vec<Reference>,
    /// Its colours in the order they show (`colour green red`); empty when none are given.
    pub colours: Vec<Kw<Colour>>,
}

/// A named radio net with its stated seniority (§71).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Net {
    /// The id of the side using it.
    #[schemars(pattern(NAME))]
    pub side: String,
    /// Its identifier.
    #[schemars(pattern(NAME))]
    pub id: String,
    /// Its display name.
    pub display: Option<String>,
    /// Its members, most senior first.
    pub members: Vec<Reference>,
}

/// A field telephone line or an extra radio link (§68, §70).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Link {
    /// The id of the side using it.
    #[schemars(pattern(NAME))]
    pub side: String,
    /// One end.
    pub from: Reference,
    /// The other end.
    pub to: Reference,
}

/// Reinforcements arriving.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Arrival {
    /// `<side>.arrival-<n>`, numbered per side in the order written: unique in the
    /// scenario and the same in every view.
    #[schemars(pattern(ARRIVAL))]
    pub id: String,
    /// The id of the side it joins.
    #[schemars(pattern(NAME))]
    pub side: Option<String>,
    /// The unit arriving.
    pub unit: Reference,
    /// When it arrives.
    pub when: When,
    /// Where it enters.
    pub at: Reference,
    /// The author's words.
    pub text: Option<String>,
    /// It arrives only if (or unless) a signal came by a deadline.
    pub condition: Option<SignalCondition>,
}

/// A timed event for the umpire; never in a side's JSON.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Event {
    /// Its identifier, unique in the scenario.
    #[schemars(pattern(NAME))]
    pub id: String,
    /// When it happens.
    pub when: When,
    /// What happens, in the author's words.
    pub text: String,
    /// It happens only if (or unless) a signal came by a deadline.
    pub condition: Option<SignalCondition>,
}

/// A side's victory condition.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Victory {
    /// The id of the side.
    #[schemars(pattern(NAME))]
    pub side: String,
    /// The result this victory gives: decisive, marginal or a points value;
    /// null for a plain victory.
    pub level: Option<Level>,
    /// The conditions in the author's words.
    pub text: String,
    /// The conditions for tools.
    pub conditions: Vec<Condition>,
    /// How the conditions combine (all or any, nested); indexes `conditions`.
    pub requires: Group,
}

/// A victory's level.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Level {
    /// A decisive victory.
    Decisive,
    /// A marginal victory.
    Marginal,
    /// A result worth `points`.
    Points {
        /// The points it is worth.
        points: u32,
    },
}

/// `all` or `any` of its members.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Group {
    /// `all`: every member must be met; `any`: one is enough.
    pub mode: Kw<muster_rules::vocab::GroupMode>,
    /// Its conditions and nested groups, in the order written.
    pub members: Vec<Member>,
}

/// One member of a victory group.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Member {
    /// A condition, by its index in `conditions`.
    Condition {
        /// Index into the victory's `conditions`.
        index: u32,
    },
    /// A nested group.
    Group {
        /// The nested group.
        group: Group,
    },
}

/// A machine-readable victory condition.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Condition {
    /// Hold `target` at the end, or by `by_turn`.
    Holds {
        /// What must be held.
        target: Reference,
        /// The turn by which, if not the end.
        by_turn: Option<u32>,
    },
    /// Destroy `target`.
    Destroys {
        /// What must be destroyed.
        target: Reference,
    },
    /// Get `unit` off the table at `at`.
    Exits {
        /// The unit that must leave.
        unit: Reference,
        /// Where it must leave.
        at: Reference,
    },
    /// Cause `count` losses to the side `of` over the whole game.
    Losses {
        /// What is counted.
        counts: Counted,
        /// How many, at least 1.
        count: u32,
        /// The side that suffers them.
        of: Reference,
    },
}

/// What a losses condition counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Counted {
    /// Vehicle, gun and aircraft models destroyed.
    Models,
    /// Foot figures lost.
    Figures,
}

/// What a side is told of one enemy unit.
///
/// In a side's JSON, `unit` is null: the report carries only the intel's words,
/// where the enemy was seen and how precisely (docs/output.md).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Intel {
    /// `<side>.report-<n>`, numbered per receiving side in the order written:
    /// unique in the scenario and the same in every view.
    #[schemars(pattern(REPORT))]
    pub id: String,
    /// The side that receives the report.
    #[schemars(pattern(NAME))]
    pub side: String,
    /// A label for the report (`report 1`), stable within the side.
    pub label: String,
    /// The enemy unit reported on; null in a side's JSON.
    pub unit: Option<Reference>,
    /// Where the enemy was seen.
    pub seen_at: Option<Objective>,
    /// The map position of the report, when it was seen at a point, place or area.
    pub position: Option<Point>,
    /// How precise the report is.
    pub precision: Option<Kw<Precision>>,
    /// The report in the author's words.
    pub words: Option<String>,
}

/// One row of the order-latency table (§66, §78).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Latency {
    /// The id of the side.
    #[schemars(pattern(NAME))]
    pub side: String,
    /// The unit whose command element issues the order.
    #[schemars(pattern(NAME))]
    pub from: String,
    /// The unit that must act on it.
    #[schemars(pattern(NAME))]
    pub unit: String,
    /// Links in the chain of command between them.
    pub links: u32,
    /// Extra turns for runners on the way (§76, §90).
    pub runner_turns: u32,
    /// The turn (the issuing turn is 1) in which the unit can act, hot.
    pub hot_turn: u32,
    /// The same, cold.
    pub cold_turn: u32,
}
