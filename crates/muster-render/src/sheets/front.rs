//! The umpire's front sheet: what runs the game, on the first page. The turn
//! track (clock, light, arrivals with their place, events, signal deadlines,
//! order phases and the turn each order takes effect), how each group starts and
//! the order delay that applies to it, the victory conditions with their levels,
//! and the adjudication checklist (what the conditions mean, the scenario's
//! special rules, what happens when a signal is missed). Derived from the
//! umpire's JSON; reference tables follow it on the sheet.

use serde::Serialize;

use super::draft::capital;
use super::statements::{house_rules, phases, start_for_umpire, HouseRule, TurnClock};
use super::victory_view::{views, VictoryView};
use super::words::{kind_words, name, signal_look};
use crate::json::forces::Unit;
use crate::json::plans::{Condition, SignalCondition, Timing};
use crate::json::{Reference, ScenarioJson, When};

/// Everything the front sheet prints.
#[derive(Debug, Clone, Serialize)]
pub struct FrontSheet {
    pub turns: Vec<TrackRow>,
    /// What waits for a signal rather than a turn: it goes beside the track.
    pub on_signal: Vec<String>,
    /// Each side's groups, under the side's name printed once.
    pub starts: Vec<SideStarts>,
    pub victories: Vec<VictoryView>,
    pub checklist: Vec<CheckItem>,
    pub house_rules: Vec<HouseRule>,
}

/// One turn of the track, or a run of quiet turns in one row so that the
/// whole front sheet fits its first page.
#[derive(Debug, Clone, Serialize)]
pub struct TrackRow {
    /// `4`, or `4–7` for a run of turns where nothing happens.
    pub turns: String,
    /// `00:16–00:25`; empty without a start time.
    pub clock: String,
    /// The light, on the first row: it goes under the clock, taking no line of its own.
    pub light: String,
    /// What happens this turn, each with display names.
    pub due: Vec<String>,
}

/// One side's groups as they start.
#[derive(Debug, Clone, Serialize)]
pub struct SideStarts {
    pub side: String,
    pub starts: Vec<StartRow>,
}

/// One start situation (§24) of a side, hot or cold and why, with the groups
/// that start so: those acting on an order in the same turn share a line.
#[derive(Debug, Clone, Serialize)]
pub struct StartRow {
    pub hot: bool,
    /// Hot or cold, declared or measured, and why (the umpire's alone).
    pub why: String,
    pub delays: Vec<DelayRow>,
}

/// Groups that act on an order their superior issues in turn 1 in the same turn.
#[derive(Debug, Clone, Serialize)]
pub struct DelayRow {
    pub units: Vec<String>,
    /// `turn 3 (hot delay)`, or `top of its chain`.
    pub delay: String,
}

/// One point of the adjudication checklist.
#[derive(Debug, Clone, Serialize)]
pub struct CheckItem {
    /// `Holds`, `Signal missed`, `Special rule`.
    pub term: String,
    pub meaning: String,
}

/// The front sheet of the umpire's view `s`.
pub fn front_sheet(s: &ScenarioJson) -> FrontSheet {
    FrontSheet {
        turns: track(s),
        on_signal: on_signal(s),
        starts: starts(s),
        victories: views(s),
        checklist: checklist(s),
        house_rules: house_rules(s),
    }
}

/// A side as a reader knows it: its display name, its id where it has none.
pub(crate) fn side_name(s: &ScenarioJson, id: &str) -> String {
    s.side(id)
        .and_then(|x| x.display.clone())
        .unwrap_or_else(|| id.to_string())
}

/// A signal by its kind and meaning, as a reader knows it (`the bugle call “both
/// bridges held”`); its id stays in the reference tables.
pub fn signal_phrase(s: &ScenarioJson, id: &str) -> String {
    match s.signals.iter().find(|g| g.id == id) {
        Some(g) => match &g.meaning {
            Some(m) if !m.is_empty() => format!("the {} signal “{m}”", signal_look(g)),
            _ => format!("the {} signal", signal_look(g)),
        },
        None => "a signal".into(),
    }
}

fn condition_words(s: &ScenarioJson, c: &SignalCondition, clock: &TurnClock) -> String {
    format!(
        "{} {} has come by {}",
        if c.unless { "unless" } else { "only if" },
        signal_phrase(s, &c.signal),
        clock.when(&c.by)
    )
}

fn track(s: &ScenarioJson) -> Vec<TrackRow> {
    let h = &s.header;
    let Some(turns) = h.turns else {
        return Vec::new();
    };
    let clock = TurnClock::of(s);
    let mut rows: Vec<Vec<String>> = vec![Vec::new(); turns as usize];
    let mut due = Vec::new();
    arrivals_due(s, &clock, &mut due);
    events_due(s, &clock, &mut due);
    orders_due(s, &mut due);
    holds_due(s, &mut due);
    for (turn, what) in due {
        // A time before the start is due in the first turn; one after the end is dropped.
        let t = turn.map(|t| t.max(1));
        if let Some(r) = t.and_then(|t| rows.get_mut(t as usize - 1)) {
            r.push(what);
        }
    }
    let mut rows = quiet_runs_joined(rows, &clock);
    if let Some(first) = rows.first_mut() {
        first.light = kind_words(&h.light);
    }
    rows
}

/// The track's rows, each run of turns where nothing happens joined into one
/// (`4–7`, its clock from the first turn's start to the last's end).
fn quiet_runs_joined(due: Vec<Vec<String>>, clock: &TurnClock) -> Vec<TrackRow> {
    let last = u32::try_from(due.len()).unwrap_or(u32::MAX);
    let mut out: Vec<TrackRow> = Vec::new();
    let mut quiet_from: Option<u32> = None;
    let close = |out: &mut Vec<TrackRow>, from: u32, to: u32| {
        out.push(TrackRow {
            turns: if from == to {
                from.to_string()
            } else {
                format!("{from}–{to}")
            },
            clock: clock.spans(from, to).unwrap_or_default(),
            light: String::new(),
            due: Vec::new(),
        });
    };
    for (t, what) in (1u32..).zip(due) {
        if what.is_empty() {
            quiet_from.get_or_insert(t);
            continue;
        }
        if let Some(from) = quiet_from.take() {
            close(&mut out, from, t - 1);
        }
        out.push(TrackRow {
            turns: t.to_string(),
            clock: clock.span(t).unwrap_or_default(),
            light: String::new(),
            due: what,
        });
    }
    if let Some(from) = quiet_from {
        close(&mut out, from, last);
    }
    out
}

/// What falls due, in the turn it falls due (`None`: in no turn).
type Due = Vec<(Option<u32>, String)>;

/// The turn a `when` falls in (a clock time before the start falls in the first).
fn turn_of(w: &When) -> Option<u32> {
    match w {
        When::Turn { turn } => Some(*turn),
        When::Clock { turn, .. } => turn.map(from_first),
    }
}

/// A clock time's turn, counted from the first: one before the start falls in it.
fn from_first(t: i64) -> u32 {
    u32::try_from(t.max(1)).unwrap_or(1)
}

fn arrivals_due(s: &ScenarioJson, clock: &TurnClock, due: &mut Due) {
    // The unit's name says whose it is: the side would only lengthen the line.
    for a in &s.arrivals {
        let cond = a
            .condition
            .as_ref()
            .map(|c| format!(", {}", condition_words(s, c, clock)))
            .unwrap_or_default();
        let text = a
            .text
            .as_ref()
            .map(|t| format!(": {t}"))
            .unwrap_or_default();
        due.push((
            turn_of(&a.when),
            format!(
                "Arrives: {} at {}{cond}{text}",
                name(&a.unit),
                place(s, &a.at)
            ),
        ));
    }
}

fn events_due(s: &ScenarioJson, clock: &TurnClock, due: &mut Due) {
    for e in &s.events {
        let cond = e
            .condition
            .as_ref()
            .map(|c| format!(" ({})", condition_words(s, c, clock)))
            .unwrap_or_default();
        due.push((turn_of(&e.when), format!("Event{cond}: {}", e.text)));
    }
}

/// When each order, or each phase of it, starts, is due done, ends, or waits for
/// a signal's deadline.
fn orders_due(s: &ScenarioJson, due: &mut Due) {
    for o in &s.orders {
        let who = name(&o.unit);
        let ps = phases(s, o);
        let many = ps.len() > 1;
        let all = std::iter::once(&o.timing).chain(o.phases.iter().map(|p| &p.timing));
        for (p, timing) in ps.iter().zip(all) {
            let label = if many {
                format!("{who}, phase {}", p.number)
            } else {
                who.clone()
            };
            let waits = timing.iter().any(|t| matches!(t, Timing::OnSignal { .. }));
            let mine = due.len();
            for t in timing {
                let row = match t {
                    Timing::After { turn } => (
                        Some(turn + 1),
                        // The phase's words name the signal it waits for.
                        if waits {
                            format!("{label} may start: {}", p.words)
                        } else {
                            format!("{label} starts: {}", p.words)
                        },
                    ),
                    Timing::By { turn } => (Some(*turn), format!("{label} due done: {}", p.words)),
                    Timing::Until { turn } => (Some(*turn), format!("{label} ends: {}", p.words)),
                    Timing::At { turn, .. } => {
                        (turn.map(from_first), format!("{label} starts: {}", p.words))
                    }
                    Timing::Condition {
                        unless, signal, by, ..
                    } => {
                        let what = signal
                            .as_deref()
                            .map_or_else(|| "a signal".to_string(), |g| signal_phrase(s, g));
                        let goes = if *unless {
                            "goes ahead only if it has not come"
                        } else {
                            "goes ahead only if it has come"
                        };
                        (
                            turn_of(by),
                            format!("Deadline for {what}: the order of {label} {goes}"),
                        )
                    }
                    _ => continue,
                };
                // A deadline in a turn where the phase already shows, its words
                // naming the signal and the deadline, would say it twice.
                let deadline = matches!(t, Timing::Condition { .. });
                if deadline && due.iter().skip(mine).any(|(turn, _)| *turn == row.0) {
                    continue;
                }
                due.push(row);
            }
        }
    }
}

/// The turns by which a side must hold an objective.
fn holds_due(s: &ScenarioJson, due: &mut Due) {
    for v in &s.victory {
        for c in &v.conditions {
            if let Condition::Holds {
                target,
                by_turn: Some(t),
            } = c
            {
                due.push((
                    Some(*t),
                    format!(
                        "{}: must hold {} by the end of this turn",
                        side_name(s, &v.side),
                        name(target)
                    ),
                ));
            }
        }
    }
}

/// A place named with its grid square or its edge.
fn place(s: &ScenarioJson, r: &Reference) -> String {
    if let Some(e) = s
        .map
        .places
        .iter()
        .find(|p| p.id == r.id)
        .and_then(|p| p.edge)
    {
        return format!("{} ({} edge)", name(r), kind_words(&e));
    }
    match crate::map::orders::locate(s, r) {
        Some(p) => format!(
            "{} ({})",
            name(r),
            crate::map::grid::square(
                p.x,
                p.y,
                crate::map::grid::step(s.header.ground_scale_m_per_mm)
            )
        ),
        None => name(r),
    }
}

/// Orders and signals that wait for a signal rather than a turn.
fn on_signal(s: &ScenarioJson) -> Vec<String> {
    let mut out = Vec::new();
    for g in &s.signals {
        let words = super::words::signal_words(s, g);
        let sender = words.sender.unwrap_or_else(|| "its sender".into());
        let trigger = words.trigger.map(|t| format!(" {t}")).unwrap_or_default();
        let affects = if words.affects.is_empty() {
            String::new()
        } else {
            format!("; {} act on it", words.affects.join(", "))
        };
        out.push(format!(
            "{}: sent by {sender}{trigger}{affects}.",
            capital(&signal_phrase(s, &g.id))
        ));
    }
    out
}

fn starts(s: &ScenarioJson) -> Vec<SideStarts> {
    let mut sides = Vec::new();
    for sd in &s.sides {
        let mut out = Vec::new();
        let mut units = Vec::new();
        for u in &sd.units {
            flatten(u, &mut units);
        }
        for u in units {
            let Some(st) = &u.start else { continue };
            // Only groups with a command element take orders (§66).
            if u.command_element.is_none() {
                continue;
            }
            let row = u
                .parent
                .as_deref()
                .and_then(|p| s.latency.iter().find(|l| l.unit == u.id && l.from == p))
                .or_else(|| s.latency.iter().find(|l| l.unit == u.id && l.from != u.id));
            let delay = match row {
                Some(l) => format!(
                    "turn {} ({})",
                    if st.hot { l.hot_turn } else { l.cold_turn },
                    if st.hot { "hot delay" } else { "cold delay" }
                ),
                None => "top of its chain".into(),
            };
            let unit = u.display.clone().unwrap_or_else(|| u.id.clone());
            let why = start_for_umpire(st, |id| super::words::element_words(s, id));
            let i = match out.iter().position(|r: &StartRow| r.why == why) {
                Some(i) => i,
                None => {
                    out.push(StartRow {
                        hot: st.hot,
                        why,
                        delays: Vec::new(),
                    });
                    out.len() - 1
                }
            };
            let Some(r) = out.get_mut(i) else { continue };
            match r.delays.iter_mut().find(|d| d.delay == delay) {
                Some(d) => d.units.push(unit),
                None => r.delays.push(DelayRow {
                    units: vec![unit],
                    delay,
                }),
            }
        }
        if !out.is_empty() {
            sides.push(SideStarts {
                side: sd.display.clone().unwrap_or_else(|| sd.id.clone()),
                starts: out,
            });
        }
    }
    sides
}

fn flatten<'a>(u: &'a Unit, out: &mut Vec<&'a Unit>) {
    if !u.arrives_later || u.elements.iter().any(|e| e.position.is_some()) {
        out.push(u);
    }
    for c in &u.units {
        flatten(c, out);
    }
}

fn item(term: &str, meaning: String) -> CheckItem {
    CheckItem {
        term: term.into(),
        meaning,
    }
}

/// What the words of the victory conditions this scenario uses mean at the table.
fn terms(s: &ScenarioJson) -> Vec<CheckItem> {
    let mut out = Vec::new();
    let conditions: Vec<&Condition> = s.victory.iter().flat_map(|v| &v.conditions).collect();
    if conditions
        .iter()
        .any(|c| matches!(c, Condition::Holds { .. }))
    {
        out.push(item(
            "Holds",
            "at the moment stated (the end of the turn named, or of the game) the side has an \
             element on the place and the enemy none there that is not routed; held earlier \
             and lost by then is not held."
                .into(),
        ));
    }
    if conditions
        .iter()
        .any(|c| matches!(c, Condition::Destroys { .. }))
    {
        out.push(item(
            "Destroys",
            "none of the unit's elements, nor of the units under it, is left on the table in \
             good order: each is eliminated, routed off or has surrendered."
                .into(),
        ));
    }
    if conditions
        .iter()
        .any(|c| matches!(c, Condition::Exits { .. }))
    {
        out.push(item(
            "Exits",
            "the unit's elements leave the table at the place named, in good order; elements \
             leaving elsewhere do not count."
                .into(),
        ));
    }
    if conditions
        .iter()
        .any(|c| matches!(c, Condition::Losses { .. }))
    {
        out.push(item(
            "Losses",
            "counted over the whole game: a vehicle, gun or aircraft model when destroyed; \
             foot figures as the casualties assigned to their companies (§19), base removed \
             or not. Troops that leave the table in good order are not losses."
                .into(),
        ));
    }
    out
}

fn checklist(s: &ScenarioJson) -> Vec<CheckItem> {
    let mut out = Vec::new();
    out.extend(terms(s));
    for o in &s.orders {
        let timings = o
            .timing
            .iter()
            .chain(o.phases.iter().flat_map(|p| &p.timing));
        for t in timings {
            if let Timing::OnSignal { signal } = t {
                out.push(item(
                    "Signal missed",
                    format!(
                        "if {} is never given, {} stays put until new orders reach it \
                         (§86).",
                        signal_phrase(s, signal),
                        name(&o.unit),
                    ),
                ));
            }
        }
    }
    let cond_items = s
        .arrivals
        .iter()
        .filter_map(|a| Some((format!("{} arrives", name(&a.unit)), a.condition.as_ref()?)))
        .chain(s.events.iter().filter_map(|e| {
            Some((
                format!("the event “{}” happens", e.text),
                e.condition.as_ref()?,
            ))
        }));
    let clock = TurnClock::of(s);
    for (what, c) in cond_items {
        out.push(item(
            "Signal missed",
            format!(
                "if {} has not come by {}, {what} {}.",
                signal_phrase(s, &c.signal),
                clock.when(&c.by),
                if c.unless {
                    "all the same"
                } else {
                    "not at all"
                }
            ),
        ));
    }
    for n in &s.umpire_notes {
        out.push(item("Umpire", n.clone()));
    }
    // A house rule tunes the checker; only what it means for the sheets a
    // player is handed is the umpire's business at the table. The rest stand
    // in the house rules table further on.
    for f in house_rules(s).into_iter().filter_map(|r| r.fog) {
        // The pack and the scenario may set the same rule alike: say it once.
        if !out.iter().any(|c| c.meaning == f.words) {
            out.push(item("Fog of war", f.words));
        }
    }
    out
}
