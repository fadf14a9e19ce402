//! The umpire's turn track: one row per turn with its clock time, the light, and
//! everything due that turn (arrivals, events, order timings, victory deadlines).

use serde::Serialize;

use crate::json::plans::Timing;
use crate::json::{ScenarioJson, When};
use crate::keyword::keyword;

/// One turn of the track.
#[derive(Debug, Clone, Serialize)]
pub struct TurnRow {
    pub turn: u32,
    /// `00:16–00:25`: the clock times the turn covers; empty without a start time.
    pub clock: String,
    /// The light, printed on the first turn and where it changes, not repeated.
    pub light: String,
    /// What falls due this turn, with display names.
    pub due: Vec<String>,
}

/// Minutes after midnight of `HH:MM`.
fn minutes(clock: &str) -> Option<u32> {
    let (h, m) = clock.split_once(':')?;
    Some(h.parse::<u32>().ok()? * 60 + m.parse::<u32>().ok()?)
}

/// The track, or empty when the scenario states no number of turns.
pub fn turn_track(s: &ScenarioJson) -> Vec<TurnRow> {
    let h = &s.header;
    let Some(turns) = h.turns else {
        return Vec::new();
    };
    let len = h.turn_minutes.round().max(1.0) as u32;
    let start = h.start.as_deref().and_then(minutes);
    // A clock time's turn is the one the JSON derived (§7, as MC603 counts it).
    let clock_turn = |turn: &Option<i64>| turn.and_then(|t| u32::try_from(t).ok());
    let turn_at = |w: &When| match w {
        When::Turn { turn } => Some(*turn),
        When::Clock { turn, .. } => clock_turn(turn),
    };
    let clock = |m: u32| crate::json::common::clock(m % 1440);
    let mut rows: Vec<TurnRow> = (1..=turns)
        .map(|t| TurnRow {
            turn: t,
            clock: start
                .map(|st| {
                    let from = st + (t - 1) * len;
                    format!("{}–{}", clock(from), clock(from + len - 1))
                })
                .unwrap_or_default(),
            light: if t == 1 {
                keyword(&h.light)
            } else {
                String::new()
            },
            due: Vec::new(),
        })
        .collect();
    let mut add = |turn: Option<u32>, what: String| {
        if let Some(r) = turn.and_then(|t| rows.get_mut(t.checked_sub(1)? as usize)) {
            r.due.push(what);
        }
    };
    let name = |r: &crate::json::Reference| r.display.clone().unwrap_or_else(|| r.id.clone());
    for a in &s.arrivals {
        add(
            turn_at(&a.when),
            format!("{} arrives at {}", name(&a.unit), name(&a.at)),
        );
    }
    for e in &s.events {
        add(turn_at(&e.when), format!("event: {}", e.text));
    }
    for o in &s.orders {
        let who = name(&o.unit);
        for t in &o.timing {
            match t {
                Timing::By { turn } => add(Some(*turn), format!("{who}: order due (by this turn)")),
                Timing::After { turn } => add(
                    Some(*turn + 1),
                    format!("{who}: order starts (after turn {turn})"),
                ),
                Timing::Until { turn } => add(Some(*turn), format!("{who}: order ends")),
                Timing::At { time, turn } => {
                    add(clock_turn(turn), format!("{who}: order at {time}"));
                }
                _ => {}
            }
        }
    }
    for v in &s.victory {
        for c in &v.conditions {
            if let crate::json::plans::Condition::Holds {
                target,
                by_turn: Some(t),
            } = c
            {
                let side = s
                    .side(&v.side)
                    .and_then(|x| x.display.clone())
                    .unwrap_or_else(|| v.side.clone());
                add(
                    Some(*t),
                    format!("{side}: must hold {} by now", name(target)),
                );
            }
        }
    }
    rows
}
