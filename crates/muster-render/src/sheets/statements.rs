//! The sentences a sheet states as fact: what a house rule does to fog of war,
//! how a group starts (§24) and why, when each phase of an order runs, and which
//! order delay applies. Each is derived from the scenario JSON here, once, so no
//! template can print a claim the data does not support.

use muster_codes::{Code, Severity};
use muster_rules::command::HOT_RADIUS_M;
use muster_rules::vocab::SeverityLevel;
use serde::Serialize;

use crate::json::common::clock;
use crate::json::forces::StartSituation;
use crate::json::header::Override;
use crate::json::plans::{Latency, Order, Timing};
use crate::json::{ScenarioJson, When};

/// The codes whose finding is author prose a side reads naming what it must not
/// know. The fog filter withholds references whatever the house rules say, but it
/// prints prose as written: relaxing one of these is what lets a leak through.
const PROSE_LEAKS: &[Code] = &[Code::MC802, Code::MC805];

/// The codes whose finding is a reference a side cannot make: whatever their
/// level, the filter withholds the reference from that side's sheets.
const WITHHELD_REFERENCES: &[Code] = &[Code::MC804, Code::MC806];

/// One house rule as the umpire's sheet states it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HouseRule {
    /// `MC802`.
    pub code: String,
    /// `enemy-named-without-intel`; empty for a code the catalogue does not know.
    pub name: String,
    /// What the level does: `switched off`, `reported as an error`.
    pub effect: String,
    /// Whether it is laxer, stricter or the same as the rulebook's default.
    pub change: &'static str,
    /// The author's reason.
    pub reason: Option<String>,
    /// `this scenario` or `the pack (muster.toml)`, and the unit it governs.
    pub set_in: String,
    /// What it means for fog of war, when it touches it.
    pub fog: Option<FogStatement>,
}

/// What a house rule means for the sheets a side reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FogStatement {
    /// True when it lets a leak through: the umpire must read the pages first.
    pub relaxed: bool,
    pub words: String,
}

fn level_rank(l: SeverityLevel) -> u8 {
    match l {
        SeverityLevel::Allow => 0,
        SeverityLevel::Note => 1,
        SeverityLevel::Warn => 2,
        SeverityLevel::Deny => 3,
    }
}

fn severity_rank(s: Severity) -> u8 {
    match s {
        Severity::Note => 1,
        Severity::Warning => 2,
        Severity::Error => 3,
    }
}

/// What a severity level does to a code's findings.
pub fn effect_words(l: SeverityLevel) -> &'static str {
    match l {
        SeverityLevel::Allow => "switched off",
        SeverityLevel::Note => "reported as a note",
        SeverityLevel::Warn => "reported as a warning",
        SeverityLevel::Deny => "reported as an error",
    }
}

/// The house rule `o` in words, with what it means for fog of war.
pub fn house_rule(s: &ScenarioJson, o: &Override) -> HouseRule {
    let code = Code::parse(&o.code);
    let level = o.level.0;
    let default = code.map(|c| severity_rank(c.severity()));
    let change = match default {
        Some(d) if level_rank(level) < d => "laxer than the rulebook",
        Some(d) if level_rank(level) > d => "stricter than the rulebook",
        Some(_) => "as the rulebook",
        None => "",
    };
    let fog = code.and_then(|c| {
        if PROSE_LEAKS.contains(&c) {
            Some(fog_statement(c, level))
        } else if WITHHELD_REFERENCES.contains(&c) && level != SeverityLevel::Deny {
            Some(FogStatement {
                relaxed: false,
                words: format!(
                    "Fog of war relaxed for the checker only: {c} ({}) is {}, but a reference \
                     a side cannot make is still withheld from its sheets.",
                    c.name(),
                    effect_words(level)
                ),
            })
        } else {
            None
        }
    });
    let mut set_in = match o.source.as_str() {
        "pack" => "the pack (muster.toml)".to_string(),
        _ => "this scenario".to_string(),
    };
    if let Some(scope) = &o.scope {
        // A unit by its display name, an element as `the HQ of B Company`.
        let scope = super::words::unit_display(s, scope)
            .unwrap_or_else(|| super::words::element_words(s, scope));
        set_in.push_str(&format!(", on {scope} only"));
    }
    HouseRule {
        code: o.code.clone(),
        name: code.map(|c| c.name().to_string()).unwrap_or_default(),
        effect: effect_words(level).to_string(),
        change,
        reason: o.reason.clone(),
        set_in,
        fog,
    }
}

/// What re-grading a prose-leak code to `level` means for the sides' sheets. A
/// scenario with an error builds no sheets, so only `deny` makes them leak-free.
pub fn fog_statement(code: Code, level: SeverityLevel) -> FogStatement {
    match level {
        SeverityLevel::Deny => FogStatement {
            relaxed: false,
            words: format!(
                "Fog of war enforced: {code} ({}) is an error here, so no text names the \
                 enemy without intel: these sheets passed that check.",
                code.name()
            ),
        },
        _ => FogStatement {
            relaxed: true,
            words: format!(
                "Fog of war relaxed: {code} ({}) is {}, so a side's text may name what that \
                 side should not know; check its pages before handing them out.",
                code.name(),
                effect_words(level)
            ),
        },
    }
}

/// Every house rule of the scenario, in the order the JSON lists them.
pub fn house_rules(s: &ScenarioJson) -> Vec<HouseRule> {
    s.overrides.iter().map(|o| house_rule(s, o)).collect()
}

/// How a group starts (§24), for the umpire: hot or cold, declared or measured,
/// and why. The reason and the nearest enemy (named by `named`, from its id)
/// are the umpire's alone.
pub fn start_for_umpire(st: &StartSituation, named: impl Fn(&str) -> String) -> String {
    let status = if st.hot { "hot" } else { "cold" };
    match (&st.reason, st.declared) {
        (Some(r), true) => format!("{status}, as the scenario declares (§24): {r}"),
        (None, true) => format!("{status}, as the scenario declares (§24)"),
        _ if st.hot => match (&st.nearest_enemy, st.nearest_enemy_m) {
            (Some(e), Some(m)) => format!(
                "hot (§24): sees {} at {m:.0} m, within {} m",
                named(e),
                HOT_RADIUS_M
            ),
            _ => format!("hot (§24): sees an enemy element within {} m", HOT_RADIUS_M),
        },
        _ => format!(
            "cold (§24): sees no enemy element within {} m",
            HOT_RADIUS_M
        ),
    }
}

/// How a group starts, for its own side: the status and nothing of why, since the
/// reason may speak of an enemy the side cannot see.
pub fn start_for_player(st: &StartSituation) -> &'static str {
    if st.hot {
        "hot (§24)"
    } else {
        "cold (§24)"
    }
}

/// The turn an order issued in turn 1 is acted on, with the delay that applies
/// when the acting unit's start is known (`turn 3: it starts hot (turn 1 if
/// cold)`), and both otherwise.
pub fn delay_words(l: &Latency, acting_starts_hot: Option<bool>) -> String {
    let runner = match l.runner_turns {
        0 => String::new(),
        1 => ", a runner adds 1 turn".into(),
        n => format!(", runners add {n} turns"),
    };
    match acting_starts_hot {
        Some(true) => format!(
            "turn {} (starts hot, §24; turn {} once cold{runner})",
            l.hot_turn, l.cold_turn
        ),
        Some(false) => format!(
            "turn {} (starts cold, §24; turn {} once hot{runner})",
            l.cold_turn, l.hot_turn
        ),
        None => format!("turn {} hot, turn {} cold{runner}", l.hot_turn, l.cold_turn),
    }
}

/// Turns and the clock of one scenario, to give every timing both ways.
#[derive(Debug, Clone, Copy)]
pub struct TurnClock {
    start: Option<u32>,
    len: u32,
}

impl TurnClock {
    pub fn of(s: &ScenarioJson) -> TurnClock {
        let h = &s.header;
        let start = h.start.as_deref().and_then(|t| {
            let (a, b) = t.split_once(':')?;
            Some(a.parse::<u32>().ok()? * 60 + b.parse::<u32>().ok()?)
        });
        TurnClock {
            start,
            len: h.turn_minutes.round().max(1.0) as u32,
        }
    }

    /// `00:46–00:55`, the clock times turn `turn` covers; None without a start time.
    pub fn span(&self, turn: u32) -> Option<String> {
        self.spans(turn, turn)
    }

    /// `00:46–01:25`, the clock times turns `first` to `last` cover together.
    pub fn spans(&self, first: u32, last: u32) -> Option<String> {
        let st = self.start?;
        let from = st + first.saturating_sub(1) * self.len;
        let to = st + last.max(first) * self.len - 1;
        Some(format!("{}–{}", clock(from % 1440), clock(to % 1440)))
    }

    /// `00:46`, the clock time turn `turn` starts; None without a start time.
    pub fn starts(&self, turn: u32) -> Option<String> {
        let st = self.start?;
        Some(clock((st + turn.saturating_sub(1) * self.len) % 1440))
    }

    /// `turn 4 (00:46–00:55)`, or `turn 4` without a start time.
    pub fn turn(&self, turn: u32) -> String {
        match self.span(turn) {
            Some(c) => format!("turn {turn} ({c})"),
            None => format!("turn {turn}"),
        }
    }

    /// `01:30 (turn 8)` or `turn 4 (00:46–00:55)`.
    pub fn when(&self, w: &When) -> String {
        match w {
            When::Turn { turn } => self.turn(*turn),
            When::Clock {
                time,
                turn: Some(t),
            } => format!("{time} (turn {t})"),
            When::Clock { time, turn: None } => time.clone(),
        }
    }

    /// The turn a `When` falls in, when known.
    pub fn turn_of(w: &When) -> Option<u32> {
        match w {
            When::Turn { turn } => Some(*turn),
            When::Clock { turn, .. } => turn.and_then(|t| u32::try_from(t).ok()),
        }
    }

    /// A timing with a turn or a clock time, in both; None for those with neither.
    pub fn timing(&self, t: &Timing) -> Option<String> {
        Some(match t {
            Timing::By { turn } => format!("done by {}", self.turn(*turn)),
            Timing::After { turn } => format!("not before {}", self.turn(turn + 1)),
            Timing::Until { turn } => format!("until the end of {}", self.turn(*turn)),
            Timing::At { time, turn } => match turn {
                Some(t) => format!("at {time} (turn {t})"),
                None => format!("at {time}"),
            },
            Timing::Immediately => format!("from {}", self.turn(1)),
            Timing::Condition { by, .. } => format!("signal deadline {}", self.when(by)),
            _ => return None,
        })
    }
}

/// One phase of an order with its own timings, so a later phase's "not before"
/// never reads as the first phase's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PhaseView {
    /// Counted from 1.
    pub number: usize,
    /// The phase in words with display names (`attack all-out Pegasus Bridge by turn 2`).
    pub words: String,
    /// Its timings in turns and clock times; empty when it has none of its own.
    pub timings: Vec<String>,
    /// When it starts, in words: `at once`, `when phase 1 is done`, `not before turn 9 (01:36–01:45)`.
    pub starts: String,
}

/// Every phase of `o`, each with its own timings, read in `view`.
pub fn phases(view: &ScenarioJson, o: &Order) -> Vec<PhaseView> {
    let clock = TurnClock::of(view);
    let words = super::words::phase_list(view, o);
    let timings = std::iter::once(&o.timing).chain(o.phases.iter().map(|p| &p.timing));
    words
        .into_iter()
        .zip(timings)
        .enumerate()
        .map(|(i, (words, timing))| {
            let starts = timing
                .iter()
                .find_map(|t| match t {
                    Timing::After { turn } => Some(format!("not before {}", clock.turn(turn + 1))),
                    Timing::At { .. } | Timing::Immediately => clock.timing(t),
                    Timing::OnSignal { .. } | Timing::OnSighting { .. } => {
                        super::words::awaited(view, t).map(|s| format!("on {s}"))
                    }
                    _ => None,
                })
                .unwrap_or_else(|| {
                    if i == 0 {
                        "at once".into()
                    } else {
                        format!("when phase {i} is done")
                    }
                });
            PhaseView {
                number: i + 1,
                words,
                timings: timing.iter().filter_map(|t| clock.timing(t)).collect(),
                starts,
            }
        })
        .collect()
}

/// The turn an order (or its first phase) takes effect: the first turn it may be
/// acted on by its own timings; 1 when nothing holds it back.
pub fn takes_effect(o: &Order) -> Option<u32> {
    o.timing.iter().find_map(|t| match t {
        Timing::After { turn } => Some(turn + 1),
        Timing::At { turn, .. } => turn.and_then(|t| u32::try_from(t).ok()),
        Timing::OnSignal { .. } | Timing::OnSighting { .. } => None,
        _ => Some(1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(hot: bool, declared: bool, reason: Option<&str>) -> StartSituation {
        StartSituation {
            hot,
            declared,
            reason: reason.map(str::to_string),
            nearest_enemy: (hot && !declared).then(|| "british.coy-hq".to_string()),
            nearest_enemy_m: (hot && !declared).then_some(120.0),
        }
    }

    #[test]
    fn denying_a_prose_leak_code_says_fog_is_enforced_and_allowing_it_says_relaxed() {
        let deny = fog_statement(Code::MC802, SeverityLevel::Deny);
        assert!(!deny.relaxed);
        assert!(
            deny.words.starts_with("Fog of war enforced"),
            "{}",
            deny.words
        );
        let allow = fog_statement(Code::MC802, SeverityLevel::Allow);
        assert!(allow.relaxed);
        assert!(
            allow.words.starts_with("Fog of war relaxed") && allow.words.contains("switched off"),
            "{}",
            allow.words
        );
        let warn = fog_statement(Code::MC805, SeverityLevel::Warn);
        assert!(warn.relaxed && warn.words.contains("reported as a warning"));
    }

    #[test]
    fn a_declared_start_gives_its_reason_to_the_umpire_and_only_the_status_to_the_player() {
        let cold = start(false, true, Some("asleep in the trenches"));
        assert_eq!(
            start_for_umpire(&cold, str::to_uppercase),
            "cold, as the scenario declares (§24): asleep in the trenches"
        );
        assert_eq!(start_for_player(&cold), "cold (§24)");
        let measured = start(true, false, None);
        assert_eq!(
            start_for_umpire(&measured, |id| format!("the HQ of {}", &id[..7])),
            "hot (§24): sees the HQ of british at 120 m, within 500 m"
        );
        assert_eq!(start_for_player(&measured), "hot (§24)");
        let quiet = start(false, false, None);
        assert_eq!(
            start_for_umpire(&quiet, str::to_uppercase),
            "cold (§24): sees no enemy element within 500 m"
        );
    }

    #[test]
    fn the_delay_that_applies_follows_the_acting_units_start() {
        let l = Latency {
            side: "british".into(),
            from: "bde".into(),
            unit: "coy".into(),
            links: 2,
            runner_turns: 0,
            hot_turn: 3,
            cold_turn: 1,
        };
        assert_eq!(
            delay_words(&l, Some(true)),
            "turn 3 (starts hot, §24; turn 1 once cold)"
        );
        assert_eq!(
            delay_words(&l, Some(false)),
            "turn 1 (starts cold, §24; turn 3 once hot)"
        );
        assert_eq!(delay_words(&l, None), "turn 3 hot, turn 1 cold");
    }
}
