//! Command cards (§82: orders may be written on a card for each unit with a
//! separate order): one card per such unit of one side, built only from that
//! side's fog-filtered JSON, so a card can say nothing the side does not know.

use serde::Serialize;

use super::marks::{generator, PageMarks};
use super::words::{awaited, order_words, signal_line};
use crate::json::forces::Unit;
use crate::json::plans::{Order, Timing};
use crate::json::{ScenarioJson, When};

/// The stated card size, printed on the sheet so a printer can check it.
pub const CARD_SIZE: &str = "index card 5 × 3 in (127 × 76 mm)";

/// One command card.
#[derive(Debug, Clone, Serialize)]
pub struct Card {
    pub unit_id: String,
    /// The unit's display name (its id when it has none).
    pub unit: String,
    /// The player commanding it, or the one commanding its nearest superior.
    pub commander: String,
    /// The order in words, one line per phase, with display names.
    pub order: Vec<String>,
    /// The author's words of the order.
    pub text: Option<String>,
    /// Each timing in turns and clock time (`by turn 4 (00:46–00:55)`).
    pub timings: Vec<String>,
    /// Signals this unit gives, with their meaning.
    pub sends: Vec<String>,
    /// Signals this unit waits for or acts on.
    pub waits: Vec<String>,
    /// Its own elements in one line each.
    pub elements: Vec<String>,
}

/// The cards of `side`, from that side's view (`for_side`), in order-of-battle
/// order; a unit with several orders gets one card holding all of them.
pub fn cards(view: &ScenarioJson, side: &str) -> Vec<Card> {
    let Some(sd) = view.side(side) else {
        return Vec::new();
    };
    let mut units: Vec<&Unit> = Vec::new();
    for u in &sd.units {
        flatten(u, &mut units);
    }
    let mut out: Vec<Card> = Vec::new();
    for unit in &units {
        let orders: Vec<&Order> = view
            .orders
            .iter()
            .filter(|o| o.side == side && o.unit.id == unit.id)
            .collect();
        if orders.is_empty() {
            continue;
        }
        out.push(card(view, side, &units, unit, &orders));
    }
    out
}

/// The card of one unit of `side` (also for a unit without an order of its own,
/// for the player sheet), from that side's view.
pub fn card_of(view: &ScenarioJson, side: &str, unit_id: &str) -> Option<Card> {
    let sd = view.side(side)?;
    let mut units: Vec<&Unit> = Vec::new();
    for u in &sd.units {
        flatten(u, &mut units);
    }
    let unit = units.iter().copied().find(|u| u.id == unit_id)?;
    let orders: Vec<&Order> = view
        .orders
        .iter()
        .filter(|o| o.side == side && o.unit.id == unit.id)
        .collect();
    Some(card(view, side, &units, unit, &orders))
}

fn card(view: &ScenarioJson, side: &str, units: &[&Unit], unit: &Unit, orders: &[&Order]) -> Card {
    let clock = Clock::of(view);
    let mut card = Card {
        unit_id: unit.id.clone(),
        unit: unit.display.clone().unwrap_or_else(|| unit.id.clone()),
        commander: commander(view, side, units, unit),
        order: Vec::new(),
        text: None,
        timings: Vec::new(),
        sends: Vec::new(),
        waits: Vec::new(),
        elements: unit.elements.iter().map(element_words).collect(),
    };
    for o in orders {
        card.order.push(order_words(view, o));
        card.text = card.text.or_else(|| o.text.clone());
        let all = o
            .timing
            .iter()
            .chain(o.phases.iter().flat_map(|p| &p.timing));
        for t in all {
            if let Some(w) = clock.timing(t) {
                card.timings.push(w);
            }
            if let Some(sig) = awaited(view, t) {
                push_new(&mut card.waits, sig);
            }
        }
    }
    for g in view
        .signals
        .iter()
        .filter(|g| g.side.as_deref() == Some(side))
    {
        let words = signal_line(g);
        let sends = g.sender.as_ref().is_some_and(|s| belongs(&s.id, &unit.id));
        if sends {
            push_new(&mut card.sends, words.clone());
        }
        if g.affects.iter().any(|a| belongs(&a.id, &unit.id)) {
            push_new(&mut card.waits, words);
        }
    }
    card
}

/// Whether `id` is the unit `unit` or one of its elements (`unit.element`).
fn belongs(id: &str, unit: &str) -> bool {
    id == unit || id.strip_prefix(unit).is_some_and(|r| r.starts_with('.'))
}

fn push_new(list: &mut Vec<String>, item: String) {
    if !list.contains(&item) {
        list.push(item);
    }
}

fn flatten<'a>(u: &'a Unit, out: &mut Vec<&'a Unit>) {
    out.push(u);
    for c in &u.units {
        flatten(c, out);
    }
}

/// The player commanding `unit`, or else its nearest superior's player.
fn commander(view: &ScenarioJson, side: &str, units: &[&Unit], unit: &Unit) -> String {
    let Some(sd) = view.side(side) else {
        return String::new();
    };
    let mut at = Some(unit);
    while let Some(u) = at {
        if let Some(p) = sd
            .players
            .iter()
            .find(|p| p.commands.as_deref() == Some(&u.id))
        {
            let name = p.display.clone().unwrap_or_else(|| p.id.clone());
            return if u.id == unit.id {
                name
            } else {
                format!(
                    "{name} (commands {})",
                    u.display.as_deref().unwrap_or(&u.id)
                )
            };
        }
        at = u
            .parent
            .as_ref()
            .and_then(|pid| units.iter().copied().find(|x| &x.id == pid));
    }
    "no player named".into()
}

/// Turns and clock times of the scenario, to print each timing both ways.
struct Clock {
    start: Option<u32>,
    len: u32,
}

impl Clock {
    fn of(view: &ScenarioJson) -> Clock {
        let h = &view.header;
        let start = h.start.as_deref().and_then(|s| {
            let (a, b) = s.split_once(':')?;
            Some(a.parse::<u32>().ok()? * 60 + b.parse::<u32>().ok()?)
        });
        Clock {
            start,
            len: h.turn_minutes.round().max(1.0) as u32,
        }
    }

    /// `turn 4 (00:46–00:55)`, or `turn 4` without a start time.
    fn turn(&self, turn: u32) -> String {
        match self.start {
            Some(st) => {
                let from = st + turn.saturating_sub(1) * self.len;
                format!(
                    "turn {turn} ({}–{})",
                    crate::json::common::clock(from % 1440),
                    crate::json::common::clock((from + self.len - 1) % 1440)
                )
            }
            None => format!("turn {turn}"),
        }
    }

    /// `01:30 (turn 8)`: the turn the JSON derived for the clock time.
    fn time(time: &str, turn: Option<i64>) -> String {
        match turn {
            Some(t) => format!("{time} (turn {t})"),
            None => time.to_string(),
        }
    }

    fn when(&self, w: &When) -> String {
        match w {
            When::Turn { turn } => self.turn(*turn),
            When::Clock { time, turn } => Clock::time(time, *turn),
        }
    }

    /// A timing with a turn or a clock time, in both; None for the others.
    fn timing(&self, t: &Timing) -> Option<String> {
        Some(match t {
            Timing::By { turn } => format!("done by {}", self.turn(*turn)),
            Timing::After { turn } => format!("not before {}", self.turn(turn + 1)),
            Timing::Until { turn } => format!("until the end of {}", self.turn(*turn)),
            Timing::At { time, turn } => format!("at {}", Clock::time(time, *turn)),
            Timing::Immediately => format!("from {}", self.turn(1)),
            Timing::Condition { by, .. } => format!("signal deadline {}", self.when(by)),
            _ => return None,
        })
    }
}

/// One element in a line: name, type, figures or models, weapons.
fn element_words(e: &crate::json::forces::Element) -> String {
    let mut s = format!("{}: {}", e.name, e.description);
    if let Some(f) = e.figures {
        s.push_str(&format!(", {f} figures"));
    }
    if let Some(m) = e.models {
        s.push_str(&format!(", {m} models"));
    }
    if e.is_hq {
        s.push_str(" (HQ)");
    }
    s
}

/// What `cards.html` is rendered with.
#[derive(Debug, Serialize)]
pub(crate) struct CardsPage<'a> {
    /// The side's view, for the page footer (`base.html`).
    s: &'a ScenarioJson,
    page: CardsInfo,
    side: String,
    size: &'static str,
    cards: &'a [Card],
}

/// The parts of a page's info `base.html` reads.
#[derive(Debug, Serialize)]
struct CardsInfo {
    kind: &'static str,
    title: String,
    generator: String,
    marks: PageMarks,
}

/// What the command cards sheet of `side` is rendered with, from the side's
/// view only.
pub(crate) fn cards_page<'a>(
    view: &'a ScenarioJson,
    side: &str,
    cards: &'a [Card],
) -> CardsPage<'a> {
    let side_name = view
        .side(side)
        .and_then(|s| s.display.clone())
        .unwrap_or_else(|| side.to_string());
    CardsPage {
        s: view,
        page: CardsInfo {
            kind: "cards",
            title: format!("{} — command cards, {side_name}", view.header.title),
            generator: generator(),
            marks: PageMarks::new(view, Some(side), None),
        },
        side: side_name,
        size: CARD_SIZE,
        cards,
    }
}
