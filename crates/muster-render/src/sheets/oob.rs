//! The order of battle as rows for a sheet's tables: units and elements with
//! their strength, command status and position in words.

use serde::Serialize;

use crate::json::forces::{Command, Element, Unit};
use crate::json::header::Player;
use crate::json::{RealStrength, ScenarioJson};
use crate::keyword::keyword;

/// One side's order of battle, flattened for tables.
#[derive(Debug, Clone, Serialize)]
pub struct OobSide {
    pub id: String,
    pub display: Option<String>,
    pub nations: Vec<String>,
    pub strength: Option<RealStrength>,
    /// The side's strength in words (`630 men, 8 guns`); empty under fog of war.
    pub strength_words: Vec<String>,
    pub players: Vec<PlayerLine>,
    pub rows: Vec<OobRow>,
    /// Some unit states its real strength: the strength column shows both.
    pub has_historical: bool,
    /// Its elements not on the table at the start, by unit in row order: one
    /// line of the status table, not a row each.
    pub away: Vec<AwayUnit>,
}

/// A unit's elements that start off the table, by name, each with its id for
/// the umpire.
#[derive(Debug, Clone, Serialize)]
pub struct AwayUnit {
    pub unit: String,
    pub elements: Vec<AwayElement>,
}

/// One element that starts off the table.
#[derive(Debug, Clone, Serialize)]
pub struct AwayElement {
    /// What the sheets call it: its title, else its own id.
    pub name: String,
    /// `unit.element`, for the umpire's reference.
    pub id: String,
    /// The writer gave it a title, so its id adds something for the umpire.
    pub titled: bool,
}

/// The off-table elements of `rows` grouped under the unit row above them.
pub(crate) fn away(rows: &[OobRow]) -> Vec<AwayUnit> {
    let mut out: Vec<AwayUnit> = Vec::new();
    let mut unit = "";
    let mut open = false;
    for r in rows {
        if r.is_unit {
            unit = &r.label;
            open = false;
            continue;
        }
        if !r.off_table {
            continue;
        }
        let e = AwayElement {
            name: r.label.clone(),
            id: r.id.clone(),
            titled: r.id.rsplit('.').next() != Some(r.label.as_str()),
        };
        match out.last_mut() {
            Some(g) if open => g.elements.push(e),
            _ => {
                out.push(AwayUnit {
                    unit: unit.to_string(),
                    elements: vec![e],
                });
                open = true;
            }
        }
    }
    out
}

/// A player as a sheet names him: his name and the unit he commands by their
/// display names (ids only where the writer gave no name).
#[derive(Debug, Clone, Serialize)]
pub struct PlayerLine {
    pub name: String,
    pub commands: Option<String>,
}

impl PlayerLine {
    /// `p`, his unit named as `units` (the side's units) call it.
    pub fn of(p: &Player, units: &[Unit]) -> PlayerLine {
        PlayerLine {
            name: p.display.clone().unwrap_or_else(|| p.id.clone()),
            commands: p.commands.as_ref().map(|id| {
                find(units, id)
                    .and_then(|u| u.display.clone())
                    .unwrap_or_else(|| id.clone())
            }),
        }
    }
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
    /// What a mixed model stands for (`3 Cromwell, 1 Sherman Firefly`); empty if none.
    pub mix: String,
    /// The real unit's stated strength in words, beside the game's; empty when
    /// none is stated.
    pub historical_words: Vec<String>,
    /// Where the stated strength comes from.
    pub historical_source: Option<String>,
    pub position: String,
    pub postures: String,
    pub command: String,
    pub separated: bool,
    /// An element not on the table at the start: the status table folds it
    /// into its side's one line instead of a row.
    pub off_table: bool,
    pub hot: Option<bool>,
    /// The writer's reason when the start situation was declared (§24).
    pub start_reason: Option<String>,
    /// Whether the declared start is hot (for an element's own declaration).
    pub start_hot: Option<bool>,
    /// `YYYY-MM-DD` since which the position is prepared (§68).
    pub prepared_since: Option<String>,
    /// Dug in and wired overnight (§68).
    pub prepared_overnight: bool,
    pub notes: Vec<String>,
    pub umpire_notes: Vec<String>,
    /// The player's unit or one under it.
    pub highlight: bool,
    /// A superior of the player's unit (its row only, not its elements).
    pub superior: bool,
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

pub(crate) fn subtree_ids(u: &Unit) -> Vec<String> {
    let mut v = vec![u.id.clone()];
    v.extend(u.units.iter().flat_map(subtree_ids));
    v
}

/// The ids from a top unit down to `id`, or empty when not found.
pub(crate) fn chain_to(units: &[Unit], id: &str) -> Vec<String> {
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

pub(crate) fn rows_of(
    view: &ScenarioJson,
    u: &Unit,
    depth: usize,
    focus: &[String],
    chain: &[String],
    rows: &mut Vec<OobRow>,
) {
    let highlight = focus.contains(&u.id);
    let superior = !highlight && chain.contains(&u.id);
    rows.push(OobRow {
        depth,
        is_unit: true,
        id: u.id.clone(),
        label: u.display.clone().unwrap_or_else(|| u.id.clone()),
        what: {
            let mut w = keyword(&u.echelon);
            if let Some(t) = &u.template {
                w.push_str(&format!(" ({t})"));
            }
            if let Some(a) = &u.attached_to {
                w.push_str(&format!(", attached to {}", super::words::name(a)));
            }
            if u.arrives_later {
                w.push_str(", arrives later");
            }
            w
        },
        count: String::new(),
        strength: u.strength,
        strength_words: strength_words(&u.strength),
        mix: String::new(),
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
        off_table: false,
        hot: u.start.as_ref().map(|s| s.hot),
        start_reason: u.start.as_ref().and_then(|s| s.reason.clone()),
        start_hot: u.start.as_ref().filter(|s| s.declared).map(|s| s.hot),
        prepared_since: u.prepared_since.clone(),
        prepared_overnight: u.prepared_overnight,
        notes: u.notes.clone(),
        umpire_notes: u.umpire_notes.clone(),
        highlight,
        superior,
    });
    for e in &u.elements {
        rows.push(element_row(view, e, depth + 1, highlight));
    }
    for c in &u.units {
        rows_of(view, c, depth + 1, focus, chain, rows);
    }
}

pub(crate) fn element_row(
    view: &ScenarioJson,
    e: &Element,
    depth: usize,
    highlight: bool,
) -> OobRow {
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
            let mut s = keyword(&w.kind);
            if let Some(c) = w.calibre_mm {
                s = format!("{c} mm {s}");
            }
            if let Some(m) = &w.mount {
                s.push_str(&format!(" ({})", keyword(m)));
            }
            s
        })
        .collect();
    if !weapons.is_empty() {
        what.push_str(&format!("; {}", weapons.join(", ")));
    }
    let mut comms = Vec::new();
    if let Some(r) = &e.comms.radio {
        comms.push(format!("{} radio", keyword(r)));
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
    let mut postures: Vec<String> = e.postures.iter().map(keyword).collect();
    if let Some(r) = &e.embussed_in {
        postures.push(format!(
            "embussed in {}",
            super::words::element_words(view, &r.id)
        ));
    }
    if let Some(r) = &e.riding_on {
        postures.push(format!(
            "riding on {}",
            super::words::element_words(view, &r.id)
        ));
    }
    OobRow {
        depth,
        is_unit: false,
        id: e.id.clone(),
        label: e.shown().to_string(),
        what,
        count,
        strength: e.strength,
        strength_words: strength_words(&e.strength),
        mix: e
            .mix
            .iter()
            .map(|p| format!("{} {}", p.count, p.what))
            .collect::<Vec<_>>()
            .join(", "),
        historical_words: Vec::new(),
        historical_source: None,
        position: match (e.position, e.facing) {
            (Some(p), Some(f)) => format!("{:.0}, {:.0} → {f:.0}°", p.x, p.y),
            (Some(p), None) => format!("{:.0}, {:.0}", p.x, p.y),
            _ => "off table".into(),
        },
        postures: postures.join(", "),
        command: command_words(&e.command, |id| super::words::element_words(view, id)),
        separated: matches!(e.command, Command::Separated { .. }),
        off_table: matches!(e.command, Command::NotPlaced),
        hot: None,
        start_reason: e.start.as_ref().map(|s| s.reason.clone()),
        start_hot: e.start.as_ref().map(|s| s.hot),
        prepared_since: e.prepared_since.clone(),
        prepared_overnight: e.prepared_overnight,
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
/// An element's command status in words, the element it links to named by
/// `named` (from its id).
pub fn command_words(c: &Command, named: impl Fn(&str) -> String) -> String {
    match c {
        Command::InCommand {
            route,
            means,
            via,
            distance_m,
        } => {
            format!(
                "in command: {route}, {means} to {} ({distance_m:.0} m)",
                named(via)
            )
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
                .map(|n| format!(" from {} ({distance_m:.0} m)", named(n)))
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
