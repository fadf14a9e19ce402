//! The player sheet: what one player needs at the table on one page (two at
//! most): his command with every element and attached unit, his order and the
//! orders above him, his command status and the latency of orders, his signals,
//! his arrival, his side's victory conditions, what he knows of the enemy, and a
//! map extract around his unit. Built only from the side's fog-filtered JSON,
//! like the command cards, so it can say nothing the side does not know.

use serde::Serialize;

use super::cards::{card_of, Card};
use super::oob::{element_row, find, strength_words};
use super::words::{name, order_words, unit_display, when_words};
use crate::json::forces::{Command, Unit};
use crate::json::header::Player;
use crate::json::plans::Objective;
use crate::json::{Point, ScenarioJson};
use crate::keyword::keyword;
use crate::map::orders::locate;
use crate::map::{map_extract, MapView, ObjectiveMark, EXTRACT};

/// Everything the player sheet prints besides the header and the victory conditions.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerSheet {
    /// The unit he commands, by display name; None when he commands none.
    pub unit: Option<String>,
    /// Its echelon (`company`).
    pub echelon: String,
    /// His command: his unit, its elements and sub-units, and the units attached to it.
    pub rows: Vec<CommandRow>,
    /// The strength of his whole command in words (`180 men, 2 vehicles`).
    pub total: Vec<String>,
    /// The units attached to his command (§14), by display name.
    pub attached: Vec<String>,
    /// His unit's order, timings and signals, as on its command card.
    pub card: Option<Card>,
    /// The orders above him, from his immediate superior up.
    pub above: Vec<Above>,
    /// His command element's command status at the start (§87–§89).
    pub status: Option<String>,
    /// The turn in which he can act on an order from each superior issued in turn 1 (§66, §78).
    pub to_you: Vec<String>,
    /// The same for those under him acting on his orders.
    pub from_you: Vec<String>,
    /// When and where his unit, or a unit of his command, comes on.
    pub arrivals: Vec<Pointer>,
    /// What his side knows of the enemy: its intel reports.
    pub intel: Vec<String>,
    /// His unit's objectives by name, each ringed on the map extract.
    pub objectives: Vec<Pointer>,
}

/// A sentence of the sheet about something the map draws: what it draws
/// (`objective:ID`, `arrival:UNIT`, for `data-ref`), the words, and whether
/// this sheet's map shows it (only then does the sentence point at the map).
#[derive(Debug, Clone, Serialize)]
pub struct Pointer {
    pub id: String,
    pub text: String,
    pub drawn: bool,
}

/// One line of his command.
#[derive(Debug, Clone, Serialize)]
pub struct CommandRow {
    pub depth: usize,
    pub is_unit: bool,
    pub name: String,
    /// Type, weapons and radio (elements) or echelon (units).
    pub what: String,
    /// Figures or models.
    pub count: String,
    /// Men, vehicles, guns in words.
    pub strength: String,
    /// The element's command status at the start.
    pub status: String,
    /// Attached to his command (§14), not part of his own unit.
    pub attached: bool,
}

/// A superior's order.
#[derive(Debug, Clone, Serialize)]
pub struct Above {
    pub unit: String,
    /// The order in words; None when the unit follows its own superior's (§86).
    pub words: Option<String>,
    pub text: Option<String>,
}

/// The sheet of `player` of `side`, and its map extract, from the side's view.
pub fn player_sheet(
    view: &ScenarioJson,
    side: &str,
    player: &Player,
    chain: &[String],
) -> (PlayerSheet, Option<MapView>) {
    let Some(sd) = view.side(side) else {
        return (empty(), None);
    };
    let Some(unit) = player
        .commands
        .as_deref()
        .and_then(|id| find(&sd.units, id))
    else {
        return (empty(), None);
    };
    let mut ids = Vec::new();
    subtree(unit, &mut ids);
    // Units written elsewhere but attached to his unit or one under it (§14).
    let mut attached_units: Vec<&Unit> = Vec::new();
    for u in &sd.units {
        attached_to(u, &ids, &mut attached_units);
    }
    let mut rows = Vec::new();
    command_rows(view, unit, 0, false, &mut rows);
    let mut total = unit.strength;
    for a in &attached_units {
        command_rows(view, a, 0, true, &mut rows);
        total = total + a.strength;
        subtree(a, &mut ids);
    }
    let status = unit
        .command_element
        .as_deref()
        .and_then(|ce| unit.elements.iter().find(|e| e.id == ce))
        .map(|e| status_words(view, &e.unit, &e.command));
    let above = above_orders(view, chain);
    let (to_you, from_you) = latencies(view, &sd.units, &unit.id);
    let arrivals = arrival_lines(view, &ids);
    let intel = intel_lines(view);
    let card = card_of(view, side, &unit.id);
    let objectives = objectives_of(view, &unit.id);
    let map = extract(view, side, unit, &attached_units, &ids);
    (
        PlayerSheet {
            unit: Some(unit.display.clone().unwrap_or_else(|| unit.id.clone())),
            echelon: keyword(&unit.echelon),
            rows,
            total: strength_words(&total),
            attached: attached_units
                .iter()
                .map(|a| a.display.clone().unwrap_or_else(|| a.id.clone()))
                .collect(),
            card,
            above,
            status,
            to_you,
            from_you,
            arrivals,
            intel,
            objectives: objectives
                .iter()
                .map(|t| Pointer {
                    id: format!("objective:{}", t.id),
                    text: name(t),
                    drawn: false,
                })
                .collect(),
        },
        map,
    )
}

/// The orders above him, from his immediate superior up.
fn above_orders(view: &ScenarioJson, chain: &[String]) -> Vec<Above> {
    chain
        .iter()
        .rev()
        .skip(1)
        .map(|id| {
            let order = view.orders.iter().find(|o| &o.unit.id == id);
            Above {
                unit: unit_display(view, id).unwrap_or_else(|| id.clone()),
                words: order.map(|o| order_words(view, o)),
                text: order.and_then(|o| o.text.clone()),
            }
        })
        .collect()
}

/// When he can act on each superior's order issued in turn 1, and when those
/// under him can act on his (§66, §78).
fn latencies(view: &ScenarioJson, units: &[Unit], unit: &str) -> (Vec<String>, Vec<String>) {
    let named = |id: &str| unit_display(view, id).unwrap_or_else(|| id.to_string());
    // The delay that applies is the acting unit's: hot or cold as it starts (§24).
    let starts_hot = |id: &str| find(units, id).and_then(|u| u.start.as_ref().map(|s| s.hot));
    let to_you: Vec<String> = view
        .latency
        .iter()
        .filter(|l| l.unit == unit && l.from != unit)
        .map(|l| {
            format!(
                "from {}: {}",
                named(&l.from),
                super::statements::delay_words(l, starts_hot(&l.unit))
            )
        })
        .collect();
    let from_you: Vec<String> = view
        .latency
        .iter()
        .filter(|l| l.from == unit && l.unit != unit)
        .map(|l| {
            format!(
                "{}: {}",
                named(&l.unit),
                super::statements::delay_words(l, starts_hot(&l.unit))
            )
        })
        .collect();
    (to_you, from_you)
}

/// Rings his objectives on the map his sheet prints (an extract, or the
/// whole table) and marks which of his sentences the map shows: the sheet
/// points at the map only for what it draws.
pub fn point_at_map(view: &ScenarioJson, sheet: &mut PlayerSheet, map: &mut MapView) {
    let h = map.height;
    let inside = |x: f64, y: f64| {
        map.window
            .is_none_or(|w| x >= w.x && x <= w.x + w.w && y >= w.y && y <= w.y + w.h)
    };
    let mut rings = Vec::new();
    for o in &mut sheet.objectives {
        let Some(id) = o.id.strip_prefix("objective:") else {
            continue;
        };
        let at = objectives_of_sheet(view, id).and_then(|t| locate(view, t));
        if let Some(p) = at.filter(|p| inside(p.x, h - p.y)) {
            rings.push(ObjectiveMark {
                id: id.to_string(),
                x: p.x,
                y: h - p.y,
            });
            o.drawn = true;
        }
    }
    map.objectives = rings;
    for a in &mut sheet.arrivals {
        a.drawn = map
            .arrivals
            .iter()
            .any(|d| format!("arrival:{}", d.id) == a.id);
    }
}

/// The reference an objective id of the sheet stands for.
fn objectives_of_sheet<'a>(view: &'a ScenarioJson, id: &str) -> Option<&'a crate::json::Reference> {
    view.orders.iter().find_map(|o| {
        o.objective
            .iter()
            .chain(o.phases.iter().filter_map(|p| p.objective.as_ref()))
            .find_map(|ob| match ob {
                Objective::Target { target } if target.id == id => Some(target),
                _ => None,
            })
    })
}

/// When and where a unit of his command comes on.
fn arrival_lines(view: &ScenarioJson, ids: &[String]) -> Vec<Pointer> {
    view.arrivals
        .iter()
        .filter(|a| ids.contains(&a.unit.id))
        .map(|a| Pointer {
            id: format!("arrival:{}", a.unit.id),
            drawn: false,
            text: format!(
                "{} comes on at {} at {}{}",
                name(&a.unit),
                when_words(&a.when),
                name(&a.at),
                a.text
                    .as_ref()
                    .map(|t| format!(": {t}"))
                    .unwrap_or_default()
            ),
        })
        .collect()
}

/// His side's intel reports in words.
fn intel_lines(view: &ScenarioJson) -> Vec<String> {
    view.intel
        .iter()
        .map(|i| {
            let seen = match &i.seen_at {
                Some(Objective::Target { target }) => format!(", seen at {}", name(target)),
                Some(Objective::Point { at }) => format!(", seen at ({}, {})", at.x, at.y),
                _ => String::new(),
            };
            let precision = i
                .precision
                .as_ref()
                .map(|p| format!(" ({})", keyword(p)))
                .unwrap_or_default();
            format!(
                "{}{seen}{precision}: {}",
                i.label,
                i.words.as_deref().unwrap_or("no details")
            )
        })
        .collect()
}

/// The objectives of his unit's order and its phases.
fn objectives_of<'a>(view: &'a ScenarioJson, unit: &str) -> Vec<&'a crate::json::Reference> {
    view.orders
        .iter()
        .filter(|o| o.unit.id == unit)
        .flat_map(|o| {
            o.objective
                .iter()
                .chain(o.phases.iter().filter_map(|p| p.objective.as_ref()))
        })
        .filter_map(|ob| match ob {
            Objective::Target { target } => Some(target),
            _ => None,
        })
        .collect()
}

fn empty() -> PlayerSheet {
    PlayerSheet {
        unit: None,
        echelon: String::new(),
        rows: Vec::new(),
        total: Vec::new(),
        attached: Vec::new(),
        card: None,
        above: Vec::new(),
        status: None,
        to_you: Vec::new(),
        from_you: Vec::new(),
        arrivals: Vec::new(),
        intel: Vec::new(),
        objectives: Vec::new(),
    }
}

fn subtree(u: &Unit, out: &mut Vec<String>) {
    out.push(u.id.clone());
    for c in &u.units {
        subtree(c, out);
    }
}

/// Units under `u` (or `u` itself) attached to one of `ids`, outside them.
fn attached_to<'a>(u: &'a Unit, ids: &[String], out: &mut Vec<&'a Unit>) {
    if ids.contains(&u.id) {
        return;
    }
    if u.attached_to.as_ref().is_some_and(|a| ids.contains(&a.id)) {
        out.push(u);
        return;
    }
    for c in &u.units {
        attached_to(c, ids, out);
    }
}

fn command_rows(
    view: &ScenarioJson,
    u: &Unit,
    depth: usize,
    attached: bool,
    rows: &mut Vec<CommandRow>,
) {
    let mut what = keyword(&u.echelon);
    if attached {
        if let Some(a) = &u.attached_to {
            what.push_str(&format!(
                ", attached to {} (§14)",
                a.display.as_deref().unwrap_or(&a.id)
            ));
        }
    }
    if u.arrives_later {
        what.push_str(", arrives later");
    }
    rows.push(CommandRow {
        depth,
        is_unit: true,
        name: u.display.clone().unwrap_or_else(|| u.id.clone()),
        what,
        count: String::new(),
        strength: strength_words(&u.strength).join(", "),
        status: String::new(),
        attached,
    });
    for e in &u.elements {
        let r = element_row(view, e, depth + 1, false);
        // The writer's notes say what the type alone does not (a Firefly's gun).
        let what = std::iter::once(r.what)
            .chain(e.notes.iter().cloned())
            .collect::<Vec<_>>()
            .join("; ");
        rows.push(CommandRow {
            depth: depth + 1,
            is_unit: false,
            name: r.label,
            what,
            count: r.count,
            strength: r.strength_words.join(", "),
            status: status_words(view, &e.unit, &e.command),
            attached,
        });
    }
    for c in &u.units {
        command_rows(view, c, depth + 1, attached, rows);
    }
}

/// An element of `unit`'s command status in a player's words: the element it
/// links to as a reader knows it (`its HQ`, `the HQ of 4th Battalion`), the
/// means and the distance.
fn status_words(view: &ScenarioJson, unit: &str, c: &Command) -> String {
    let named = |id: &str| {
        let words = super::words::element_words(view, id);
        let own = id.rsplit_once('.').is_some_and(|(u, _)| u == unit);
        if own && words.starts_with("the HQ of ") {
            "its HQ".to_string()
        } else {
            words
        }
    };
    match c {
        Command::InCommand {
            route,
            means,
            via,
            distance_m,
        } => format!(
            "in command ({route}): {} to {}, {distance_m:.0}\u{a0}m",
            means.replace('-', " "),
            named(via)
        ),
        Command::Separated {
            nearest,
            distance_m,
            short_by_m,
            runner_turns,
        } => format!(
            "separated: {short_by_m:.0} m out of range{}{}",
            nearest
                .as_deref()
                .map(|n| format!(" of {} ({distance_m:.0}\u{a0}m)", named(n)))
                .unwrap_or_default(),
            match runner_turns {
                0 => String::new(),
                n => format!("; runner +{n} turn{}", if *n == 1 { "" } else { "s" }),
            }
        ),
        Command::Top => "top of the chain of command".into(),
        Command::NotPlaced => "not on the table at the start".into(),
        Command::Unknown => "not assessed".into(),
    }
}

/// The map around his command and its objective, or None when nothing of it is placed.
fn extract(
    view: &ScenarioJson,
    side: &str,
    unit: &Unit,
    attached: &[&Unit],
    ids: &[String],
) -> Option<MapView> {
    // His unit's own elements and his objectives must show; sub-units and
    // attached units far off may leave the window (they are in the table above).
    let all: Vec<Point> = {
        fn placed(u: &Unit, out: &mut Vec<Point>) {
            out.extend(u.elements.iter().filter_map(|e| e.position));
            for c in &u.units {
                placed(c, out);
            }
        }
        let mut v = Vec::new();
        placed(unit, &mut v);
        for a in attached {
            placed(a, &mut v);
        }
        v
    };
    let mut points: Vec<Point> = unit.elements.iter().filter_map(|e| e.position).collect();
    let centre = unit.centre.or_else(|| {
        (!all.is_empty()).then(|| Point {
            x: all.iter().map(|p| p.x).sum::<f64>() / all.len() as f64,
            y: all.iter().map(|p| p.y).sum::<f64>() / all.len() as f64,
        })
    });
    // His objectives, and where his command comes on when it arrives later.
    for o in view.orders.iter().filter(|o| ids.contains(&o.unit.id)) {
        let objectives = o
            .objective
            .iter()
            .chain(o.phases.iter().filter_map(|p| p.objective.as_ref()));
        for ob in objectives {
            if let Objective::Target { target } = ob {
                points.extend(locate(view, target));
            }
        }
    }
    let entry: Vec<Point> = view
        .arrivals
        .iter()
        .filter(|a| ids.contains(&a.unit.id))
        .filter_map(|a| locate(view, &a.at))
        .collect();
    let centre = centre.or_else(|| entry.first().copied())?;
    points.extend(entry);
    Some(map_extract(view, Some(side), ids, centre, &points, EXTRACT))
}
