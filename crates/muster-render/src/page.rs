//! The context of one briefing page, derived only from the (possibly fog-filtered)
//! scenario JSON: flat order-of-battle rows, the player's chain, the map.

use serde::Serialize;

use crate::json::forces::{Command, Element, Unit};
use crate::json::header::{Player, Side};
use crate::json::plans::Order;
use crate::json::{RealStrength, ScenarioJson};
use crate::map::{map_view, MapView};

/// Which briefing a page is.
#[derive(Debug, Clone, Serialize)]
pub struct PageInfo<'a> {
    /// `umpire`, `side` or `player`.
    pub kind: String,
    pub title: String,
    /// Borrowed from the view: a side with its whole order of battle is large.
    pub side: Option<&'a Side>,
    pub player: Option<Player>,
    /// Unit ids from the top of the side down to the player's unit.
    pub chain: Vec<String>,
    /// The same chain from the player's unit up, with display names, for reading.
    pub chain_up: Vec<ChainLink>,
    /// The header as label/value lines.
    pub facts: Vec<Fact>,
    pub generator: String,
    /// What every printed page carries in its margins (CSS paged media).
    pub marks: PageMarks,
}

/// The marks printed in every page's margins: whose sheet it is, the scenario,
/// and (by CSS counters) `page N of M`, so a loose page is never mistaken for
/// another audience's. Each is a CSS string literal body with every character
/// written as a CSS escape, so author text
/// can neither end the string nor the style element.
#[derive(Debug, Clone, Serialize)]
pub struct PageMarks {
    /// `UMPIRE ONLY`, `BRITISH SIDE`, `PLAYER: Maj. John Howard · BRITISH SIDE`.
    pub audience: String,
    /// The scenario's title.
    pub scenario: String,
}

/// The audience line of a page: who may read it.
pub fn audience(side: Option<&str>, player: Option<&str>) -> String {
    let side_words = side.map(|s| format!("{} SIDE", s.to_uppercase()));
    match (side_words, player) {
        (None, _) => "UMPIRE ONLY".into(),
        (Some(sw), None) => sw,
        (Some(sw), Some(p)) => format!("PLAYER: {p} \u{b7} {sw}"),
    }
}

/// `text` as the body of a CSS string literal, every character a six-digit
/// hexadecimal escape: nothing author-written stays readable as markup or CSS.
pub fn css_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 7);
    for c in text.chars() {
        out.push_str(&format!("\\{:06x}", u32::from(c)));
    }
    out
}

/// One unit of a player's chain of command.
#[derive(Debug, Clone, Serialize)]
pub struct ChainLink {
    pub id: String,
    pub display: Option<String>,
    /// The unit's own order, when it has one (§86: otherwise it follows its superior's).
    pub order: Option<OrderView>,
}

/// An order as a sheet prints it: the JSON order and its words with display names.
#[derive(Debug, Clone, Serialize)]
pub struct OrderView {
    #[serde(flatten)]
    pub order: Order,
    /// The order in words, display names for ids (`attack full Pointe du Hoc by turn 4`).
    pub words: String,
}

impl OrderView {
    /// The order with its words, read in `view` (for signal meanings).
    pub fn of(view: &ScenarioJson, order: &Order) -> OrderView {
        OrderView {
            order: order.clone(),
            words: crate::words::order_words(view, order),
        }
    }
}

/// One line of the header block.
#[derive(Debug, Clone, Serialize)]
pub struct Fact {
    pub label: String,
    pub value: String,
}

/// One side's order of battle, flattened for tables.
#[derive(Debug, Clone, Serialize)]
pub struct OobSide {
    pub id: String,
    pub display: Option<String>,
    pub nations: Vec<String>,
    pub strength: Option<RealStrength>,
    /// The side's strength in words (`630 men, 8 guns`); empty under fog of war.
    pub strength_words: Vec<String>,
    pub players: Vec<Player>,
    pub rows: Vec<OobRow>,
    /// Some unit states its real strength: the strength column shows both.
    pub has_historical: bool,
}

/// One unit or element line of the order of battle.
#[derive(Debug, Clone, Serialize)]
pub struct OobRow {
    pub depth: usize,
    pub is_unit: bool,
    pub id: String,
    pub label: String,
    pub what: String,
    pub count: String,
    pub strength: RealStrength,
    /// The strength in words, one entry per kind present (`30 men`, `4 vehicles`).
    pub strength_words: Vec<String>,
    /// The real unit's stated strength in words, beside the game's; empty when
    /// none is stated.
    pub historical_words: Vec<String>,
    /// Where the stated strength comes from.
    pub historical_source: Option<String>,
    pub position: String,
    pub postures: String,
    pub command: String,
    pub separated: bool,
    pub hot: Option<bool>,
    /// The writer's reason when the start situation was declared (§24).
    pub start_reason: Option<String>,
    /// Whether the declared start is hot (for an element's own declaration).
    pub start_hot: Option<bool>,
    /// `YYYY-MM-DD` since which the position is prepared (§68).
    pub prepared_since: Option<String>,
    pub notes: Vec<String>,
    pub umpire_notes: Vec<String>,
    /// The player's unit or one under it.
    pub highlight: bool,
    /// A superior of the player's unit (its row only, not its elements).
    pub superior: bool,
}

/// The whole context handed to a template.
#[derive(Debug, Clone, Serialize)]
pub struct Page<'a> {
    pub s: &'a ScenarioJson,
    pub page: PageInfo<'a>,
    pub oob: Vec<OobSide>,
    /// The orders, the player's own and its superiors' first (from the player's
    /// unit up), then the rest in source order.
    pub orders: Vec<OrderView>,
    pub map: MapView,
    /// The victory conditions laid out for printing (levels, all/any groups).
    pub victories: Vec<crate::victory_view::VictoryView>,
    /// Each signal of `s.signals` in words, in the same order.
    pub signal_words: Vec<crate::words::SignalWords>,
    /// The umpire's turn track (empty on a side's pages).
    pub turns: Vec<crate::turn_track::TurnRow>,
    /// The player sheet's contents (None on other pages); its map is `map`.
    pub sheet: Option<crate::player_sheet::PlayerSheet>,
}

/// Builds a page. `side` is the reader's side (None for the umpire); `player` a
/// player id of that side.
pub fn page<'a>(s: &'a ScenarioJson, side: Option<&str>, player: Option<&str>) -> Page<'a> {
    let side_json = side.and_then(|id| s.side(id));
    let player_json = player.and_then(|p| {
        side_json
            .as_ref()
            .and_then(|sd| sd.players.iter().find(|x| x.id == p))
            .cloned()
    });
    let chain = match (&side_json, &player_json) {
        (
            Some(sd),
            Some(Player {
                commands: Some(u), ..
            }),
        ) => chain_to(&sd.units, u),
        _ => Vec::new(),
    };
    let focus: Vec<String> = match (&side_json, chain.last()) {
        (Some(sd), Some(last)) => find(&sd.units, last).map(subtree_ids).unwrap_or_default(),
        _ => Vec::new(),
    };
    let kind = match (side, player) {
        (None, _) => "umpire",
        (Some(_), None) => "side",
        (Some(_), Some(_)) => "player",
    };
    let who = match (&side_json, &player_json) {
        (_, Some(p)) => p.display.clone().unwrap_or_else(|| p.id.clone()),
        (Some(sd), None) => sd.display.clone().unwrap_or_else(|| sd.id.clone()),
        _ => "Umpire".into(),
    };
    let oob = s
        .sides
        .iter()
        .map(|sd| {
            let mut rows = Vec::new();
            for u in &sd.units {
                rows_of(u, 0, &focus, &chain, &mut rows);
            }
            OobSide {
                id: sd.id.clone(),
                display: sd.display.clone(),
                nations: sd.nations.clone(),
                strength: sd.strength,
                strength_words: sd.strength.as_ref().map(strength_words).unwrap_or_default(),
                players: sd.players.clone(),
                has_historical: rows.iter().any(|r| !r.historical_words.is_empty()),
                rows,
            }
        })
        .collect();
    let chain_up: Vec<ChainLink> = chain
        .iter()
        .rev()
        .map(|id| ChainLink {
            id: id.clone(),
            display: side_json
                .as_ref()
                .and_then(|sd| find(&sd.units, id))
                .and_then(|u| u.display.clone()),
            order: s
                .orders
                .iter()
                .find(|o| &o.unit.id == id)
                .map(|o| OrderView::of(s, o)),
        })
        .collect();
    let rank = |o: &Order| {
        chain
            .iter()
            .rev()
            .position(|id| *id == o.unit.id)
            .unwrap_or(chain.len())
    };
    let mut orders: Vec<OrderView> = s.orders.iter().map(|o| OrderView::of(s, o)).collect();
    // A stable sort keeps the source order among the rest.
    orders.sort_by_key(|o| rank(&o.order));
    let mut marked = focus.clone();
    marked.extend(chain.iter().cloned());
    let marks = PageMarks {
        audience: css_string(&audience(
            side,
            player_json
                .as_ref()
                .map(|p| p.display.as_deref().unwrap_or(&p.id)),
        )),
        scenario: css_string(&s.header.title),
    };
    // A player's page is his sheet, with a map extract around his command.
    let (sheet, extract) = match (side, &player_json) {
        (Some(sd), Some(p)) => {
            let (sheet, map) = crate::player_sheet::player_sheet(s, sd, p, &chain);
            (Some(sheet), map)
        }
        _ => (None, None),
    };
    let map = match (extract, kind) {
        (Some(m), _) => m,
        // A player's whole-table map is sized like an extract, beside its legend.
        (None, "player") => crate::map::map_view_in(s, side, &marked, crate::map_extract::EXTRACT),
        (None, _) => map_view(s, side, &marked),
    };
    Page {
        s,
        page: PageInfo {
            kind: kind.into(),
            title: format!("{}: {}", s.header.title, who),
            side: side_json,
            player: player_json,
            chain,
            chain_up,
            facts: facts(s),
            generator: format!("muster {}", env!("CARGO_PKG_VERSION")),
            marks,
        },
        oob,
        orders,
        map,
        victories: crate::victory_view::views(s),
        signal_words: s
            .signals
            .iter()
            .map(|g| crate::words::signal_words(s, g))
            .collect(),
        turns: if side.is_none() {
            crate::turn_track::turn_track(s)
        } else {
            Vec::new()
        },
        sheet,
    }
}

pub(crate) fn find<'u>(units: &'u [Unit], id: &str) -> Option<&'u Unit> {
    units.iter().find_map(|u| {
        if u.id == id {
            Some(u)
        } else {
            find(&u.units, id)
        }
    })
}

fn subtree_ids(u: &Unit) -> Vec<String> {
    let mut v = vec![u.id.clone()];
    v.extend(u.units.iter().flat_map(subtree_ids));
    v
}

/// The ids from a top unit down to `id`, or empty when not found.
fn chain_to(units: &[Unit], id: &str) -> Vec<String> {
    for u in units {
        if u.id == id {
            return vec![u.id.clone()];
        }
        let below = chain_to(&u.units, id);
        if !below.is_empty() {
            let mut v = vec![u.id.clone()];
            v.extend(below);
            return v;
        }
    }
    Vec::new()
}

fn rows_of(u: &Unit, depth: usize, focus: &[String], chain: &[String], rows: &mut Vec<OobRow>) {
    let highlight = focus.contains(&u.id);
    let superior = !highlight && chain.contains(&u.id);
    rows.push(OobRow {
        depth,
        is_unit: true,
        id: u.id.clone(),
        label: u.display.clone().unwrap_or_else(|| u.id.clone()),
        what: {
            let mut w = serde_word(&u.echelon);
            if let Some(t) = &u.template {
                w.push_str(&format!(" ({t})"));
            }
            if let Some(a) = &u.attached_to {
                w.push_str(&format!(", attached to {}", crate::words::name(a)));
            }
            if u.arrives_later {
                w.push_str(", arrives later");
            }
            w
        },
        count: String::new(),
        strength: u.strength,
        strength_words: strength_words(&u.strength),
        historical_words: u
            .historical_strength
            .as_ref()
            .map(historical_words)
            .unwrap_or_default(),
        historical_source: u.historical_strength.as_ref().map(|h| h.source.clone()),
        position: u
            .centre
            .map(|p| format!("{:.0}, {:.0}", p.x, p.y))
            .unwrap_or_default(),
        postures: String::new(),
        command: String::new(),
        separated: false,
        hot: u.start.as_ref().map(|s| s.hot),
        start_reason: u.start.as_ref().and_then(|s| s.reason.clone()),
        start_hot: u.start.as_ref().filter(|s| s.declared).map(|s| s.hot),
        prepared_since: u.prepared_since.clone(),
        notes: u.notes.clone(),
        umpire_notes: u.umpire_notes.clone(),
        highlight,
        superior,
    });
    for e in &u.elements {
        rows.push(element_row(e, depth + 1, highlight));
    }
    for c in &u.units {
        rows_of(c, depth + 1, focus, chain, rows);
    }
}

pub(crate) fn element_row(e: &Element, depth: usize, highlight: bool) -> OobRow {
    let mut what = e.description.clone();
    if e.is_hq {
        what.push_str(", HQ");
    }
    if e.commander {
        what.push_str(", commander");
    }
    let weapons: Vec<String> = e
        .weapons
        .iter()
        .map(|w| {
            let mut s = serde_word(&w.kind);
            if let Some(c) = w.calibre_mm {
                s = format!("{c} mm {s}");
            }
            if let Some(m) = &w.mount {
                s.push_str(&format!(" ({})", serde_word(m)));
            }
            s
        })
        .collect();
    if !weapons.is_empty() {
        what.push_str(&format!("; {}", weapons.join(", ")));
    }
    let mut comms = Vec::new();
    if let Some(r) = &e.comms.radio {
        comms.push(format!("{} radio", serde_word(r)));
    }
    if e.comms.telephone {
        comms.push("telephone".into());
    }
    if !comms.is_empty() {
        what.push_str(&format!("; {}", comms.join(", ")));
    }
    let count = [
        e.figures.map(|f| counted(f, "figure", "figures")),
        e.models.map(|m| counted(m, "model", "models")),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(", ");
    let mut postures: Vec<String> = e.postures.iter().map(serde_word).collect();
    if let Some(r) = &e.embussed_in {
        postures.push(format!("embussed in {}", r.id));
    }
    if let Some(r) = &e.riding_on {
        postures.push(format!("riding on {}", r.id));
    }
    OobRow {
        depth,
        is_unit: false,
        id: e.id.clone(),
        label: e.name.clone(),
        what,
        count,
        strength: e.strength,
        strength_words: strength_words(&e.strength),
        historical_words: Vec::new(),
        historical_source: None,
        position: match (e.position, e.facing) {
            (Some(p), Some(f)) => format!("{:.0}, {:.0} → {f:.0}°", p.x, p.y),
            (Some(p), None) => format!("{:.0}, {:.0}", p.x, p.y),
            _ => "off table".into(),
        },
        postures: postures.join(", "),
        command: command_words(&e.command),
        separated: matches!(e.command, Command::Separated { .. }),
        hot: None,
        start_reason: e.start.as_ref().map(|s| s.reason.clone()),
        start_hot: e.start.as_ref().map(|s| s.hot),
        prepared_since: e.prepared_since.clone(),
        notes: e.notes.clone(),
        umpire_notes: e.umpire_notes.clone(),
        highlight,
        superior: false,
    }
}

/// `1 model`, `3 models`: a count with its noun spelled in full.
fn counted<N: Into<u64>>(n: N, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A real strength in words, one entry per kind present, so a table cell never
/// starts with an empty line.
pub(crate) fn strength_words(s: &RealStrength) -> Vec<String> {
    [
        (s.men, "man", "men"),
        (s.vehicles, "vehicle", "vehicles"),
        (s.guns, "gun", "guns"),
        (s.aircraft, "aircraft", "aircraft"),
    ]
    .into_iter()
    .filter(|(n, _, _)| *n > 0)
    .map(|(n, one, many)| counted(n, one, many))
    .collect()
}

/// A stated historical strength in words; a count stated as zero is printed,
/// since "no vehicles" is information.
fn historical_words(h: &crate::json::forces::HistoricalStrength) -> Vec<String> {
    [
        (h.men, "man", "men"),
        (h.vehicles, "vehicle", "vehicles"),
        (h.guns, "gun", "guns"),
    ]
    .into_iter()
    .filter_map(|(n, one, many)| n.map(|n| counted(n, one, many)))
    .collect()
}

/// An element's command status in words.
pub fn command_words(c: &Command) -> String {
    match c {
        Command::InCommand {
            route,
            means,
            via,
            distance_m,
        } => {
            format!("in command: {route}, {means} to {via} ({distance_m:.0} m)")
        }
        Command::Separated {
            nearest,
            distance_m,
            short_by_m,
            runner_turns,
        } => format!(
            "separated: {short_by_m:.0} m too far{}{}",
            nearest
                .as_ref()
                .map(|n| format!(" from {n} ({distance_m:.0} m)"))
                .unwrap_or_default(),
            if *runner_turns > 0 {
                format!(
                    "; runner +{}",
                    muster_syntax::wording::count(*runner_turns, "turn")
                )
            } else {
                String::new()
            }
        ),
        Command::Top => "top of the chain".into(),
        Command::NotPlaced => "not on the table".into(),
        Command::Unknown => "not assessed".into(),
    }
}

pub(crate) fn serde_word<T: Serialize>(k: &T) -> String {
    match serde_json::to_value(k) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

fn fact(label: &str, value: String) -> Fact {
    Fact {
        label: label.into(),
        value,
    }
}

/// Formats a number without a needless `.0`.
fn n(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// `1944-06-06` as `6 June 1944`; anything else is shown as written.
pub(crate) fn long_date(iso: &str) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let parts: Vec<&str> = iso.split('-').collect();
    let parsed = match parts.as_slice() {
        [y, m, d] => match (m.parse::<usize>(), d.parse::<u32>()) {
            (Ok(m @ 1..=12), Ok(d @ 1..=31)) => MONTHS.get(m - 1).map(|mn| format!("{d} {mn} {y}")),
            _ => None,
        },
        _ => None,
    };
    parsed.unwrap_or_else(|| iso.to_string())
}

/// The header facts every briefing opens with.
fn facts(s: &ScenarioJson) -> Vec<Fact> {
    let h = &s.header;
    let mut v = Vec::new();
    let when = [
        h.date.as_deref().map(long_date),
        h.start.as_deref().map(|t| match h.end.as_deref() {
            // Clock strings compare as times; an earlier end runs past midnight.
            Some(e) if e < t => format!("{t} to {e} the next day"),
            Some(e) => format!("{t} to {e}"),
            None => format!("from {t}"),
        }),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(", ");
    if !when.is_empty() {
        v.push(fact("When", when));
    }
    let length = match (h.turns, h.game_minutes) {
        (Some(t), Some(g)) => format!(
            "{t} turns of {} minutes ({} h {:02} min)",
            n(h.turn_minutes),
            (g / 60.0).floor(),
            (g % 60.0).round(),
        ),
        _ => format!("turns of {} minutes (§7)", n(h.turn_minutes)),
    };
    v.push(fact("Length", length));
    if !h.end_conditions.is_empty() {
        v.push(fact("Ends when", h.end_conditions.join("; ")));
    }
    if let Some(f) = &h.first_bound {
        v.push(fact("First bound", f.clone()));
    }
    v.push(fact(
        "Weather",
        format!(
            "{}{}",
            serde_word(&h.weather),
            if h.poor_weather {
                " (poor weather, §76)"
            } else {
                ""
            }
        ),
    ));
    v.push(fact("Light", serde_word(&h.light)));
    if let Some(t) = &h.table {
        v.push(fact(
            "Table",
            format!(
                "{} m by {} m of ground = {} mm by {} mm on the table ({} by {} metres of tabletop)",
                n(t.width_m),
                n(t.depth_m),
                n(t.width_mm),
                n(t.depth_mm),
                n(t.width_mm / 1000.0),
                n(t.depth_mm / 1000.0)
            ),
        ));
    }
    v.push(fact(
        "Ground scale",
        format!("1 mm = {} m (§1)", n(h.ground_scale_m_per_mm)),
    ));
    v
}
