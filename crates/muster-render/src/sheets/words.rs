//! What a person reads of orders, timings, signals and victory conditions:
//! always the display name of what is referred to, never its id (ids stay in the
//! JSON and the umpire's appendix). Shared by every sheet and the command cards.

use serde::Serialize;

use crate::json::plans::{Condition, Counted, Objective, Order, Signal, Timing};
use crate::json::{RefKind, Reference, ScenarioJson, When};

/// A reference as a reader names it: its display name, its id only when it has
/// none; an enemy seen through intel by its report.
pub fn name(r: &Reference) -> String {
    match r.kind {
        RefKind::Intel => format!(
            "the enemy of {}{}",
            report_label(&r.id),
            r.display
                .as_ref()
                .map(|d| format!(" (“{d}”)"))
                .unwrap_or_default()
        ),
        RefKind::Withheld => "a withheld target".into(),
        _ => r.display.clone().unwrap_or_else(|| r.id.clone()),
    }
}

/// A reference named in `view`: as [`name`]; an element without a display
/// name by its unit's display name, as `the HQ of D Company` when it is the
/// unit's HQ and `pillbox of Bridge guard` otherwise (an element's own name is
/// all it has).
pub fn ref_words(view: &ScenarioJson, r: &Reference) -> String {
    if r.kind == RefKind::Element && r.display.is_none() {
        return element_words(view, &r.id);
    }
    name(r)
}

/// The element `id` (`unit.element`) of `view` as [`ref_words`] names it; the
/// id itself when its unit is not in `view`.
pub fn element_words(view: &ScenarioJson, id: &str) -> String {
    let Some((unit, el)) = id.rsplit_once('.') else {
        return id.to_string();
    };
    let Some(u) = find_unit(view, unit) else {
        return id.to_string();
    };
    let d = u.display.as_deref().unwrap_or(unit);
    match u.elements.iter().find(|e| e.id == id) {
        Some(e) if e.display.is_some() => format!("{} of {d}", e.shown()),
        Some(e) if e.is_hq => format!("the HQ of {d}"),
        _ => format!("{el} of {d}"),
    }
}

/// The unit `id` of `view`.
fn find_unit<'v>(view: &'v ScenarioJson, id: &str) -> Option<&'v crate::json::forces::Unit> {
    view.sides
        .iter()
        .find_map(|s| super::oob::find(&s.units, id))
}

/// The display name of a unit of `view`, when it has one.
pub fn unit_display(view: &ScenarioJson, id: &str) -> Option<String> {
    find_unit(view, id).and_then(|u| u.display.clone())
}

/// A signal's sender, the units acting on it and its trigger in words.
#[derive(Debug, Clone, Serialize)]
pub struct SignalWords {
    pub sender: Option<String>,
    pub affects: Vec<String>,
    /// `on command`, `on capture of Pegasus Bridge`, or the author's condition.
    pub trigger: Option<String>,
}

/// [`SignalWords`] of `g`, read in `view`.
pub fn signal_words(view: &ScenarioJson, g: &Signal) -> SignalWords {
    let trigger = g
        .trigger
        .as_ref()
        .map(|t| match t.strip_prefix("on capture of ") {
            Some(id) => format!("on capture of {}", item_name(view, id)),
            None => t.clone(),
        });
    SignalWords {
        sender: g.sender.as_ref().map(|r| ref_words(view, r)),
        affects: g.affects.iter().map(|r| ref_words(view, r)).collect(),
        trigger,
    }
}

/// A map item or unit of `view` by its id, named by its display name.
fn item_name(view: &ScenarioJson, id: &str) -> String {
    let m = &view.map;
    m.places
        .iter()
        .find(|x| x.id == id)
        .and_then(|x| x.display.clone())
        .or_else(|| {
            m.areas
                .iter()
                .find(|x| x.id == id)
                .and_then(|x| x.display.clone())
        })
        .or_else(|| {
            m.lines
                .iter()
                .find(|x| x.id == id)
                .and_then(|x| x.display.clone())
        })
        .or_else(|| {
            m.crossings
                .iter()
                .find(|x| x.id == id)
                .and_then(|x| x.display.clone())
        })
        .or_else(|| unit_display(view, id))
        .unwrap_or_else(|| id.to_string())
}

/// `british.report-2` as `report 2`.
fn report_label(id: &str) -> String {
    id.rsplit('.')
        .next()
        .unwrap_or(id)
        .replace("report-", "report ")
}

/// A keyword in words (`shell_burst` as `shell burst`).
pub fn kind_words<T: Serialize>(k: &T) -> String {
    serde_json::to_value(k)
        .ok()
        .and_then(|v| v.as_str().map(|s| s.replace('_', " ")))
        .unwrap_or_default()
}

fn objective_words(view: &ScenarioJson, o: &Objective) -> String {
    match o {
        Objective::Target { target } => ref_words(view, target),
        Objective::Bearing { degrees } => format!("bearing {degrees}°"),
        Objective::Point { at } => format!("the point ({}, {})", at.x, at.y),
    }
}

/// An order's phases in words with display names (`attack all-out Pegasus Bridge`).
pub fn order_words(view: &ScenarioJson, o: &Order) -> String {
    phase_list(view, o).join(", then ")
}

/// Each phase of an order in words, the first phase first.
pub fn phase_list(view: &ScenarioJson, o: &Order) -> Vec<String> {
    let mut phases = vec![phase_words(
        view,
        o.stance.as_ref().map(kind_words),
        o.intensity.as_ref().map(kind_words),
        o.objective.as_ref(),
        &o.timing,
    )];
    for p in &o.phases {
        phases.push(phase_words(
            view,
            p.stance.as_ref().map(kind_words),
            p.intensity.as_ref().map(kind_words),
            p.objective.as_ref(),
            &p.timing,
        ));
    }
    phases
}

fn phase_words(
    view: &ScenarioJson,
    stance: Option<String>,
    intensity: Option<String>,
    objective: Option<&Objective>,
    timing: &[Timing],
) -> String {
    let mut words: Vec<String> = Vec::new();
    words.extend(stance);
    words.extend(intensity);
    words.extend(objective.map(|o| objective_words(view, o)));
    words.extend(timing.iter().map(|t| timing_words(view, t)));
    if words.is_empty() {
        "hold (no order)".into()
    } else {
        words.join(" ")
    }
}

fn signal_name(view: &ScenarioJson, id: &str) -> String {
    super::front::signal_phrase(view, id)
}

/// `turn 4`, or `01:30 (turn 8)` for a clock time.
pub fn when_words(w: &When) -> String {
    match w {
        When::Turn { turn } => format!("turn {turn}"),
        When::Clock {
            time,
            turn: Some(t),
        } => format!("{time} (turn {t})"),
        When::Clock { time, turn: None } => time.clone(),
    }
}

fn timing_words(view: &ScenarioJson, t: &Timing) -> String {
    match t {
        Timing::Immediately => "immediately".into(),
        Timing::By { turn } => format!("by turn {turn}"),
        Timing::After { turn } => format!("after turn {turn}"),
        Timing::Until { turn } => format!("until turn {turn}"),
        Timing::OnSignal { signal } => format!("on {}", signal_name(view, signal)),
        Timing::OnSighting { of } => format!("on sighting a {}", kind_words(of)),
        Timing::At { time, .. } => format!("at {time}"),
        Timing::UntilEnd => "until the end".into(),
        Timing::Condition {
            unless,
            signal,
            sighting,
            by,
        } => {
            let what = match (signal, sighting) {
                (Some(s), _) => signal_name(view, s),
                (None, Some(k)) => format!("a {} is seen", kind_words(k)),
                (None, None) => "a signal".into(),
            };
            let word = if *unless { "unless" } else { "if" };
            format!("{word} {what} by {}", when_words(by))
        }
    }
}

/// What a watcher sees or hears of a signal: `flare`, or `green then red flare`.
pub fn signal_look(g: &Signal) -> String {
    let kind = kind_words(&g.kind);
    if g.colours.is_empty() {
        return kind;
    }
    let colours: Vec<String> = g.colours.iter().map(kind_words).collect();
    format!("{} {kind}", colours.join(" then "))
}

/// `the bugle signal “both bridges held”`, `the green then red flare signal`:
/// a signal as a reader knows it, by what is seen or heard and what it means;
/// its id stays in the JSON.
pub fn signal_line(g: &Signal) -> String {
    match &g.meaning {
        Some(m) if !m.is_empty() => format!("the {} signal “{m}”", signal_look(g)),
        _ => format!("the {} signal", signal_look(g)),
    }
}

/// The signal a timing waits for, in words, if it waits for one.
pub fn awaited(view: &ScenarioJson, t: &Timing) -> Option<String> {
    match t {
        Timing::OnSignal { signal }
        | Timing::Condition {
            signal: Some(signal),
            ..
        } => Some(
            view.signals
                .iter()
                .find(|g| &g.id == signal)
                .map_or_else(|| format!("signal {signal}"), signal_line),
        ),
        Timing::OnSighting { of }
        | Timing::Condition {
            sighting: Some(of), ..
        } => Some(format!("an enemy {} (seen only)", kind_words(of))),
        _ => None,
    }
}

/// A victory condition in words (`destroy the coastal guns`, `hold Pegasus
/// Bridge by turn 6`).
pub fn condition_words(view: &ScenarioJson, c: &Condition) -> String {
    let name = |r: &Reference| ref_words(view, r);
    match c {
        Condition::Holds {
            target,
            by_turn: Some(t),
        } => format!("hold {} by turn {t}", name(target)),
        Condition::Holds {
            target,
            by_turn: None,
        } => format!("hold {} at the end", name(target)),
        Condition::Destroys { target } => format!("destroy {}", name(target)),
        Condition::Exits { unit, at } => {
            format!("get {} off the table at {}", name(unit), name(at))
        }
        Condition::Losses {
            counts: Counted::Models,
            count,
            of,
        } => format!(
            "destroy {} of {}",
            muster_syntax::wording::count(*count, "model"),
            name(of)
        ),
        Condition::Losses {
            counts: Counted::Figures,
            count,
            of,
        } => format!(
            "inflict losses of {} on {}",
            muster_syntax::wording::count(*count, "figure"),
            name(of)
        ),
    }
}
