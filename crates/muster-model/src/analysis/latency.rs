//! The order-latency table (§66, §78, p.13): for each unit with a command element
//! and each unit at or below it in the line of command, the turn in which that
//! unit can act on an order issued in turn 1, hot and cold.
//!
//! Links count the command steps crossed: one for each unit with a command element
//! below the issuer down to (and including) the acting unit (§66 relay). Units with
//! no command element of their own pass orders straight through. Runner turns add
//! the alternative-method delay of every command element on the way that is
//! separated or reaches its superior only by runner (§76, §90).

use super::chain::line_of_command;
use crate::analysis::{CommandStatus, LatencyRow, Means};
use crate::model::*;
use muster_rules::latency::act_turn;

/// Runner delay to reach the command element of `u`, if it has one.
fn runner_delay(m: &Model, command: &[CommandStatus], u: UnitId, hot: bool) -> u32 {
    let Some(c) = m.units[u.0].command_element else {
        return 0;
    };
    match command.get(c.0) {
        Some(CommandStatus::Separated { runner_turns, .. }) => *runner_turns,
        Some(CommandStatus::InCommand {
            means: Means::Runner,
            via,
            ..
        }) => match (m.elements[via.0].pos, m.elements[c.0].pos) {
            (Some(a), Some(b)) => super::command::runner_turns(m, a, b, hot),
            _ => 0,
        },
        _ => 0,
    }
}

/// Every (issuer, acting unit) row, issuers in model order then units in model order.
pub(crate) fn table(m: &Model, command: &[CommandStatus], hot: &[bool]) -> Vec<LatencyRow> {
    let mut rows = Vec::new();
    for u in (0..m.units.len()).map(UnitId) {
        // path from the acting unit upwards: u, its superior, …
        let mut path = vec![u];
        path.extend(line_of_command(m, u));
        let mut links = 0u32;
        let mut runners = 0u32;
        for (i, &from) in path.iter().enumerate() {
            if i > 0 {
                let below = path[i - 1];
                if m.units[below.0].command_element.is_some() {
                    links += 1;
                    runners += runner_delay(
                        m,
                        command,
                        below,
                        hot.get(below.0).copied().unwrap_or(false),
                    );
                }
            }
            if m.units[from.0].command_element.is_none() {
                continue;
            }
            rows.push(LatencyRow {
                from,
                unit: u,
                links,
                runner_turns: runners,
                hot_turn: act_turn(links, true, runners),
                cold_turn: act_turn(links, false, runners),
            });
        }
    }
    rows.sort_by_key(|r| (r.from, r.unit));
    rows
}
