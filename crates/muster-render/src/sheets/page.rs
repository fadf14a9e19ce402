//! The context of one briefing page, derived only from the (possibly fog-filtered)
//! scenario JSON: flat order-of-battle rows, the player's chain, the map.

use serde::Serialize;

use super::marks::{generator, PageMarks};
use super::oob::{chain_to, find, rows_of, strength_words, subtree_ids, OobSide};
use crate::json::forces::Unit;
use crate::json::header::{Player, Side};
use crate::json::plans::Order;
use crate::json::ScenarioJson;
use crate::keyword::keyword;
use crate::map::{map_view, map_view_in, MapView, EXTRACT};

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
            words: super::words::order_words(view, order),
        }
    }
}

/// One line of the header block.
#[derive(Debug, Clone, Serialize)]
pub struct Fact {
    pub label: String,
    pub value: String,
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
    pub victories: Vec<super::victory_view::VictoryView>,
    /// Each signal of `s.signals` in words, in the same order.
    pub signal_words: Vec<super::words::SignalWords>,
    /// The umpire's turn track (empty on a side's pages).
    pub turns: Vec<super::turn_track::TurnRow>,
    /// The umpire's balance page (None on a side's pages: it counts the enemy).
    pub balance: Option<super::balance::BalanceView>,
    /// The player sheet's contents (None on other pages); its map is `map`.
    pub sheet: Option<super::player_sheet::PlayerSheet>,
    /// Every unit and element of `s` by id, with the name a reader knows it
    /// by (a unit's display name, else its id; an element as `the HQ of B
    /// Company`): for tables whose JSON holds ids. An element's key is its id
    /// with `/` for `.`, which a template's lookup would read as a path; a
    /// signal's is `signal:ID`.
    pub names: std::collections::BTreeMap<String, String>,
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
    let oob = oob_sides(s, &focus, &chain);
    let chain_up = chain_links(s, side_json, &chain);
    let orders = ordered(s, &chain);
    let mut marked = focus.clone();
    marked.extend(chain.iter().cloned());
    let marks = PageMarks::new(
        s,
        side,
        player_json
            .as_ref()
            .map(|p| p.display.as_deref().unwrap_or(&p.id)),
    );
    // A player's page is his sheet, with a map extract around his command.
    let (sheet, extract) = match (side, &player_json) {
        (Some(sd), Some(p)) => {
            let (sheet, map) = super::player_sheet::player_sheet(s, sd, p, &chain);
            (Some(sheet), map)
        }
        _ => (None, None),
    };
    let mut map = match (extract, kind) {
        (Some(m), _) => m,
        // A player's whole-table map is sized like an extract, beside its legend.
        (None, "player") => map_view_in(s, side, &marked, EXTRACT),
        (None, _) => map_view(s, side, &marked),
    };
    let mut sheet = sheet;
    if let Some(sh) = &mut sheet {
        super::player_sheet::point_at_map(s, sh, &mut map);
    }
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
            generator: generator(),
            marks,
        },
        oob,
        orders,
        map,
        victories: super::victory_view::views(s),
        signal_words: s
            .signals
            .iter()
            .map(|g| super::words::signal_words(s, g))
            .collect(),
        turns: if side.is_none() {
            super::turn_track::turn_track(s)
        } else {
            Vec::new()
        },
        balance: if side.is_none() {
            super::balance::balance_view(s)
        } else {
            None
        },
        sheet,
        names: unit_names(s),
    }
}

/// [`Page::names`] of `s`.
fn unit_names(s: &ScenarioJson) -> std::collections::BTreeMap<String, String> {
    fn walk(s: &ScenarioJson, u: &Unit, out: &mut std::collections::BTreeMap<String, String>) {
        out.insert(
            u.id.clone(),
            u.display.clone().unwrap_or_else(|| u.id.clone()),
        );
        for e in &u.elements {
            out.insert(
                e.id.replace('.', "/"),
                super::words::element_words(s, &e.id),
            );
        }
        for c in &u.units {
            walk(s, c, out);
        }
    }
    let mut out = std::collections::BTreeMap::new();
    for sd in &s.sides {
        for u in &sd.units {
            walk(s, u, &mut out);
        }
    }
    // A signal by what is seen or heard and what it means, under `signal:ID`.
    for g in &s.signals {
        out.insert(format!("signal:{}", g.id), super::words::signal_line(g));
    }
    out
}

/// Every side's order of battle as rows, the player's command and chain marked.
fn oob_sides(s: &ScenarioJson, focus: &[String], chain: &[String]) -> Vec<OobSide> {
    s.sides
        .iter()
        .map(|sd| {
            let mut rows = Vec::new();
            for u in &sd.units {
                rows_of(s, u, 0, focus, chain, &mut rows);
            }
            OobSide {
                id: sd.id.clone(),
                display: sd.display.clone(),
                nations: sd.nations.clone(),
                strength: sd.strength,
                strength_words: sd.strength.as_ref().map(strength_words).unwrap_or_default(),
                players: sd
                    .players
                    .iter()
                    .map(|p| super::oob::PlayerLine::of(p, &sd.units))
                    .collect(),
                has_historical: rows.iter().any(|r| !r.historical_words.is_empty()),
                away: super::oob::away(&rows),
                rows,
            }
        })
        .collect()
}

/// The player's chain from his unit up, with display names and orders.
fn chain_links(s: &ScenarioJson, side_json: Option<&Side>, chain: &[String]) -> Vec<ChainLink> {
    chain
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
        .collect()
}

/// The orders, the player's own and its superiors' first (from the player's
/// unit up), then the rest in source order.
fn ordered(s: &ScenarioJson, chain: &[String]) -> Vec<OrderView> {
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
    orders
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
        v.push(fact("First bound", super::front::side_name(s, f)));
    }
    v.push(fact(
        "Weather",
        format!(
            "{}{}",
            keyword(&h.weather),
            if h.poor_weather {
                " (poor weather, §76)"
            } else {
                ""
            }
        ),
    ));
    v.push(fact("Light", keyword(&h.light)));
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
