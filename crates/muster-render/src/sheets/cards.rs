//! Command cards (§82: orders may be written on a card for each unit with a
//! separate order): one card per such unit of one side, built only from that
//! side's fog-filtered JSON, so a card can say nothing the side does not know.

use serde::Serialize;

use super::marks::{generator, PageMarks};
use super::statements::TurnClock;
use super::words::{awaited, order_words, signal_line};
use crate::json::forces::Unit;
use crate::json::plans::Order;
use crate::json::ScenarioJson;

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
    /// Every element under its command in one line each: its own, then those of
    /// sub-units without an order of their own (they follow this one, §86).
    pub elements: Vec<String>,
    /// When and where it, or a unit it carries on its card, comes on.
    pub arrivals: Vec<String>,
    /// Its objectives with their grid squares (`Pegasus Bridge (F5)`).
    pub objectives: Vec<String>,
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
    let clock = TurnClock::of(view);
    // Sub-units without an order of their own follow this card's order (§86).
    let mut folded: Vec<&Unit> = vec![unit];
    fold(view, side, unit, &mut folded);
    let ids: Vec<&str> = folded.iter().map(|u| u.id.as_str()).collect();
    let step = crate::map::grid::step(view.header.ground_scale_m_per_mm);
    let mut card = Card {
        unit_id: unit.id.clone(),
        unit: unit.display.clone().unwrap_or_else(|| unit.id.clone()),
        commander: commander(view, side, units, unit),
        order: Vec::new(),
        text: None,
        timings: Vec::new(),
        sends: Vec::new(),
        waits: Vec::new(),
        // Its own elements one a line; a folded sub-unit's in one line of its own.
        elements: unit
            .elements
            .iter()
            .map(element_words)
            .chain(folded.iter().skip(1).map(|u| folded_words(u)))
            .collect(),
        arrivals: view
            .arrivals
            .iter()
            .filter(|a| ids.contains(&a.unit.id.as_str()))
            .map(|a| {
                format!(
                    "{} at {}, {}",
                    super::words::name(&a.unit),
                    clock.when(&a.when),
                    super::words::name(&a.at)
                )
            })
            .collect(),
        objectives: Vec::new(),
    };
    for o in orders {
        card.order.push(order_words(view, o));
        card.text = card.text.or_else(|| o.text.clone());
        let phases = super::statements::phases(view, o);
        let many = phases.len() > 1;
        for p in &phases {
            // Each phase's own timings, so a later phase's never reads as the first's.
            let when = if p.timings.is_empty() {
                p.starts.clone()
            } else {
                p.timings.join(", ")
            };
            card.timings.push(if many {
                format!("phase {}: {when}", p.number)
            } else {
                when
            });
        }
        let all = o
            .timing
            .iter()
            .chain(o.phases.iter().flat_map(|p| &p.timing));
        for t in all {
            if let Some(sig) = awaited(view, t) {
                push_new(&mut card.waits, sig);
            }
        }
        let targets = std::iter::once(&o.objective).chain(o.phases.iter().map(|p| &p.objective));
        for ob in targets {
            if let Some(crate::json::plans::Objective::Target { target }) = ob {
                let words = super::words::ref_words(view, target);
                let at = crate::map::orders::locate(view, target)
                    .map(|p| format!(" ({})", crate::map::grid::square(p.x, p.y, step)))
                    .unwrap_or_default();
                push_new(&mut card.objectives, format!("{words}{at}"));
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

/// The sub-units of `u`, at any depth, that have no order of their own.
fn fold<'a>(view: &ScenarioJson, side: &str, u: &'a Unit, out: &mut Vec<&'a Unit>) {
    for c in &u.units {
        let own = view
            .orders
            .iter()
            .any(|o| o.side == side && o.unit.id == c.id);
        if !own {
            out.push(c);
            fold(view, side, c, out);
        }
    }
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
    "no player: the umpire moves it".into()
}

/// One element in a line: name, type, figures or models, weapons.
fn element_words(e: &crate::json::forces::Element) -> String {
    let mut s = format!("{}: {}", e.shown(), e.description);
    if let Some(f) = e.figures {
        s.push_str(&format!(", {}", muster_syntax::wording::count(f, "figure")));
    }
    if let Some(m) = e.models {
        s.push_str(&format!(", {}", muster_syntax::wording::count(m, "model")));
    }
    if e.is_hq {
        s.push_str(" (HQ)");
    }
    // The writer's note says what the type alone does not (a Firefly's 17-pounder).
    for n in &e.notes {
        s.push_str(&format!("; {n}"));
    }
    s
}

/// A sub-unit without an order of its own in one line: its name, its elements
/// by name and its figures and models (`5. Kompanie: kp-trupp (HQ), zug-1; 26 figures`).
fn folded_words(u: &Unit) -> String {
    let names: Vec<String> = u
        .elements
        .iter()
        .map(|e| {
            if e.is_hq {
                format!("{} (HQ)", e.shown())
            } else {
                e.shown().to_string()
            }
        })
        .collect();
    let figures: u32 = u.elements.iter().filter_map(|e| e.figures).sum();
    let models: u32 = u.elements.iter().filter_map(|e| e.models).sum();
    let mut counts = Vec::new();
    if figures > 0 {
        counts.push(muster_syntax::wording::count(figures, "figure"));
    }
    if models > 0 {
        counts.push(muster_syntax::wording::count(models, "model"));
    }
    let mut s = format!(
        "{}: {}",
        u.display.as_deref().unwrap_or(&u.id),
        names.join(", ")
    );
    if !counts.is_empty() {
        s.push_str(&format!("; {}", counts.join(", ")));
    }
    s
}

/// What `cards.html` is rendered with, besides the side's view as `s` (for
/// the page footer, `base.html`), which the view's pages share.
#[derive(Debug, Serialize)]
pub(crate) struct CardsPage<'a> {
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
