//! What the maps could not draw as they should, as notes for the author
//! (MC904–MC906). Drawing stays pure: each map returns its [`MapNote`]s, and
//! this turns them into diagnostics pointing at the feature or element in the
//! source, once per scenario however many sheets show it.

use std::collections::{BTreeMap, HashMap};

use muster_model::model::{Loc, Model};
use muster_syntax::{Code, Diagnostic};

use crate::map::MapNote;

/// One diagnostic per distinct note, naming the maps it was found on.
/// The notes are grouped in one pass and their places looked up in indexes
/// made once, so thousands of notes never rescan the list or the model.
pub fn map_notes(model: &Model, found: &[(String, MapNote)]) -> Vec<Diagnostic> {
    // In note order; each note's maps in the order they were drawn.
    let mut maps_of: BTreeMap<&MapNote, Vec<&str>> = BTreeMap::new();
    for (map, note) in found {
        maps_of.entry(note).or_default().push(map.as_str());
    }
    crate::work::compared(found.len());
    if maps_of.is_empty() {
        return Vec::new();
    }
    let places = Places::of(model);
    maps_of
        .into_iter()
        .filter_map(|(note, mut maps)| {
            maps.dedup();
            let on = format!("on {}", joined(&maps));
            diagnostic(&places, note, &on)
        })
        .collect()
}

/// Where each feature and element that a note may name is written, by its id
/// (the first of a name wins, as a search in model order would find it).
struct Places<'m> {
    /// `(kind, id)`: places, areas, lines, crossings, and units as `arrival`.
    features: HashMap<(&'m str, &'m str), Loc>,
    /// `(side, unit)` ids.
    units: HashMap<(&'m str, &'m str), Loc>,
    /// `(side, unit.element)` ids.
    elements: HashMap<(&'m str, &'m str), Loc>,
}

impl<'m> Places<'m> {
    fn of(model: &'m Model) -> Places<'m> {
        let mut features = HashMap::new();
        let named = model
            .places
            .iter()
            .map(|p| ("place", &p.name))
            .chain(model.areas.iter().map(|a| ("area", &a.name)))
            .chain(model.lines.iter().map(|l| ("line", &l.name)))
            .chain(model.crossings.iter().map(|c| ("crossing", &c.name)))
            .chain(model.units.iter().map(|u| ("arrival", &u.name)));
        for (kind, name) in named {
            features.entry((kind, name.id.as_str())).or_insert(name.loc);
        }
        let side =
            |id: muster_model::model::SideId| model.sides.get(id.0).map(|s| s.name.id.as_str());
        let mut units = HashMap::new();
        for u in &model.units {
            if let Some(sd) = side(u.side) {
                units.entry((sd, u.name.id.as_str())).or_insert(u.name.loc);
            }
        }
        let mut elements = HashMap::new();
        for e in &model.elements {
            if let Some(sd) = side(e.side) {
                elements
                    .entry((sd, e.qualified.as_str()))
                    .or_insert(e.name.loc);
            }
        }
        Places {
            features,
            units,
            elements,
        }
    }

    /// Where the feature `KIND:ID` of a map is written.
    fn feature(&self, kind: &str, id: &str) -> Option<Loc> {
        crate::work::compared(1);
        match kind {
            "unit" => {
                let (side, unit) = id.split_once('.')?;
                self.units.get(&(side, unit)).copied()
            }
            // Only these five kinds are indexed: any other finds nothing.
            _ => self.features.get(&(kind, id)).copied(),
        }
    }

    /// Where the element `SIDE.UNIT.ELEMENT` is written.
    fn element(&self, id: &str) -> Option<Loc> {
        crate::work::compared(1);
        let (side, qualified) = id.split_once('.')?;
        self.elements.get(&(side, qualified)).copied()
    }
}

fn diagnostic(places: &Places, note: &MapNote, on: &str) -> Option<Diagnostic> {
    match note {
        MapNote::Unplaced(id) => {
            let (kind, name) = id.split_once(':')?;
            let at = places.feature(kind, name)?;
            let what = if kind == "unit" {
                format!("the symbol of unit `{}`", unqualified(name))
            } else {
                format!("the name of {} `{name}`", kind_words(kind))
            };
            Some(
                note_at(
                    Code::MC904,
                    format!("no room on the map for {what}: it is given under the map only ({on})"),
                    at,
                    "named here",
                )
                .with_help("give it a shorter display name, or move what crowds it on the map"),
            )
        }
        MapNote::InsetTooSmall(ids) => {
            let at = ids.iter().find_map(|id| places.element(id))?;
            Some(
                note_at(
                    Code::MC905,
                    format!(
                        "the inset round {} cannot part their marks within a page's width ({on})",
                        listed(ids)
                    ),
                    at,
                    "stands too close to the others to part",
                )
                .with_help(
                    "stand these elements further apart; the map draws their marks apart on thin lines",
                ),
            )
        }
        MapNote::Stacked(ids) => {
            let at = ids.iter().find_map(|id| places.element(id))?;
            Some(
                note_at(
                    Code::MC906,
                    format!(
                        "the marks of {} print on top of others: no free spot round them ({on})",
                        listed(ids)
                    ),
                    at,
                    "its mark is hidden",
                )
                .with_help("stand fewer elements on one spot, or spread them out"),
            )
        }
    }
}

/// The maps a note was found on, a set-up sheet's tiles counted together
/// (`the umpire's map, set-up tiles 1, 2 and 4`).
fn joined(maps: &[&str]) -> String {
    let tiles: Vec<&str> = maps
        .iter()
        .filter_map(|m| m.strip_prefix("set-up tile "))
        .map(|t| t.split(" of ").next().unwrap_or(t))
        .collect();
    let mut out: Vec<String> = maps
        .iter()
        .filter(|m| !m.starts_with("set-up tile "))
        .map(|m| (*m).to_string())
        .collect();
    match tiles.as_slice() {
        [] => {}
        [one] => out.push(format!("set-up tile {one}")),
        [first @ .., last] => out.push(format!("set-up tiles {} and {last}", first.join(", "))),
    }
    out.join(", ")
}

fn note_at(code: Code, message: String, at: Loc, label: &str) -> Diagnostic {
    let mut d = Diagnostic::new(code, code.severity(), message).with_label(at.file, at.span, label);
    d.paragraph = code.paragraph();
    d
}

/// `` `a.one`, `a.two` and 3 more ``: element ids as the author wrote them.
fn listed(ids: &[String]) -> String {
    let shown: Vec<String> = ids
        .iter()
        .take(3)
        .map(|id| format!("`{}`", unqualified(id)))
        .collect();
    match ids.len().saturating_sub(3) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

/// An id without its side: `british.a.one` -> `a.one`.
fn unqualified(id: &str) -> &str {
    id.split_once('.').map_or(id, |(_, rest)| rest)
}

fn kind_words(kind: &str) -> &str {
    match kind {
        "area" => "area",
        "line" => "line",
        "crossing" => "crossing",
        "arrival" => "the arrival of",
        _ => "place",
    }
}
