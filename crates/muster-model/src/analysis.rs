//! Derived facts computed from the resolved model: command status of every
//! element (§87–§89) and order latency (§66, §78, p.13). Outputs show these.

use crate::model::{ElementId, Pos, UnitId};
use serde::Serialize;

/// How a message travels over one link (§88): the rulebook's own type.
pub use muster_rules::command::Means;

/// By which of the three routes of §87 an element is in command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Route {
    /// §87a: directly to the command element one step up.
    Direct,
    /// §87b: through another element of its group that is itself linked.
    Chain,
    /// §87c: to an element of a group it has orders to support.
    Supported,
}

/// One element's command status at the start.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum CommandStatus {
    /// In command range.
    InCommand {
        route: Route,
        means: Means,
        /// The element it links to.
        via: ElementId,
        /// Metres to `via`.
        distance: f64,
    },
    /// Out of range by every route (§89).
    Separated {
        /// The nearest element it could have linked to, if any.
        nearest: Option<ElementId>,
        /// Metres to `nearest`.
        distance: f64,
        /// The reach of the element's best means towards `nearest` (§88): what
        /// `short_by` was measured against.
        range: muster_rules::command::CommandRange,
        /// Metres beyond its own means' range.
        short_by: f64,
        /// Extra turns for a runner to reach it (§76, §90).
        runner_turns: u32,
    },
    /// The top command element of its side, or not on the table: no superior to reach.
    Top,
    /// Not placed on the table (off table, arriving later): not assessed.
    NotPlaced,
}

/// One row of the order-latency table: an order from `hq`'s unit reaching `unit`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LatencyRow {
    /// The unit whose command element issues the order.
    pub from: UnitId,
    /// The unit that must act on it (`from` itself or below it).
    pub unit: UnitId,
    /// Links of the chain the order crosses.
    pub links: u32,
    /// Extra turns for separated recipients reached by runner (§76).
    pub runner_turns: u32,
    /// The turn (counting the issuing turn as 1) in which the unit can act, hot.
    pub hot_turn: u32,
    /// The same in a cold situation.
    pub cold_turn: u32,
}

/// Whether a group may begin hot (§24): an enemy element within 500 m at the start.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StartSituation {
    pub unit: UnitId,
    pub hot: bool,
    /// The nearest enemy element and its distance, when one is within 500 m.
    pub nearest_enemy: Option<(ElementId, f64)>,
    /// The writer's `start hot|cold "…"` that decided `hot`, when there is one.
    pub declared: Option<crate::model::StartDecl>,
}

/// How long an alternative method (§76) takes to carry a message.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Delivery {
    /// Metres between the two ends; `None` when either is not on the table.
    pub distance_m: Option<f64>,
    /// The route crosses terrain other than open ground (half speed, §76).
    pub difficult_ground: bool,
    /// Rain, fog or snow (half speed, §76).
    pub poor_weather: bool,
    /// The sender's group begins hot (§24), so the hot speed applies.
    pub hot: bool,
    /// Impassable ground on the way (an area or a line) with no crossing
    /// declared over it: the first found, on the first leg that meets one.
    pub blocked_by: Option<crate::model::Target>,
    /// The route's legs in order: one for the straight way, one more per `via` stop.
    pub legs: Vec<Leg>,
    /// Turns to deliver at the start situation; `None` when unplaced or blocked.
    pub turns: Option<u32>,
    /// Turns in a cold situation.
    pub turns_cold: Option<u32>,
    /// Turns in a hot situation.
    pub turns_hot: Option<u32>,
}

/// One leg of a messenger's route, between two stops.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Leg {
    /// The `via` stop it starts from (index into `Messenger::via`); `None` for the sender.
    pub start: Option<usize>,
    /// The `via` stop it ends at; `None` for the receiver.
    pub end: Option<usize>,
    pub from: crate::model::Pos,
    pub to: crate::model::Pos,
    pub distance_m: f64,
    /// It crosses terrain other than open ground (half speed, §76).
    pub difficult_ground: bool,
    /// Impassable ground on it with no crossing declared over it.
    pub blocked_by: Option<crate::model::Target>,
}

/// Everything derived, indexed like the model.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct Analysis {
    /// One entry per element, same index as `Model::elements`.
    pub command: Vec<CommandStatus>,
    pub latency: Vec<LatencyRow>,
    pub situations: Vec<StartSituation>,
    /// Each unit's position summary (centroid of its placed elements), same index
    /// as `Model::units`.
    pub unit_centres: Vec<Option<Pos>>,
    /// Delivery of each messenger link (§76), same index as `Model::messengers`.
    pub messengers: Vec<Delivery>,
}

mod chain;
mod command;
mod grid;
mod latency;
mod messenger;
mod situation;

/// Computes every derived fact of the model: start situations (§24), command
/// status (§87–§89), order latency (§66, §78) and unit centres.
pub fn analyse(model: &crate::model::Model) -> Analysis {
    let situations = situation::situations(model);
    let command = command::statuses(model, &situations);
    let hot: Vec<bool> = situations.iter().map(|s| s.hot).collect();
    let latency = latency::table(model, &command, &hot);
    let messengers = messenger::deliveries(model, &situations);
    Analysis {
        messengers,
        command,
        latency,
        situations,
        unit_centres: situation::centres(model),
    }
}
