//! What the maps could not draw as they should, as notes for the author
//! (MC904–MC906). Drawing stays pure: each map returns its [`MapNote`]s, and
//! this turns them into diagnostics pointing at the feature or element in the
//! source, once per scenario however many sheets show it.

use muster_model::model::{Loc, Model};
use muster_syntax::{Code, Diagnostic};

use crate::map::MapNote;

/// One diagnostic per distinct note, naming the maps it was found on.
pub fn map_notes(model: &Model, found: &[(String, MapNote)]) -> Vec<Diagnostic> {
    let mut notes: Vec<&MapNote> = found.iter().map(|(_, n)| n).collect();
    notes.sort();
    notes.dedup();
    notes
        .into_iter()
        .filter_map(|note| {
            let mut maps: Vec<&str> = found
                .iter()
                .filter(|(_, n)| n == note)
                .map(|(m, _)| m.as_str())
                .collect();
            maps.dedup();
            let on = format!("on {}", joined(&maps));
            diagnostic(model, note, &on)
        })
        .collect()
}

fn diagnostic(model: &Model, note: &MapNote, on: &str) -> Option<Diagnostic> {
    match note {
        MapNote::Unplaced(id) => {
            let (kind, name) = id.split_once(':')?;
            let at = feature_loc(model, kind, name)?;
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
            let at = ids.iter().find_map(|id| element_loc(model, id))?;
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
            let at = ids.iter().find_map(|id| element_loc(model, id))?;
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

/// Where the feature `KIND:ID` of a map is written.
fn feature_loc(model: &Model, kind: &str, id: &str) -> Option<Loc> {
    match kind {
        "place" => model
            .places
            .iter()
            .find(|p| p.name.id == id)
            .map(|p| p.name.loc),
        "area" => model
            .areas
            .iter()
            .find(|a| a.name.id == id)
            .map(|a| a.name.loc),
        "line" => model
            .lines
            .iter()
            .find(|l| l.name.id == id)
            .map(|l| l.name.loc),
        "crossing" => model
            .crossings
            .iter()
            .find(|c| c.name.id == id)
            .map(|c| c.name.loc),
        "arrival" => model
            .units
            .iter()
            .find(|u| u.name.id == id)
            .map(|u| u.name.loc),
        "unit" => {
            let (side, unit) = id.split_once('.')?;
            model
                .units
                .iter()
                .find(|u| {
                    u.name.id == unit
                        && model.sides.get(u.side.0).is_some_and(|s| s.name.id == side)
                })
                .map(|u| u.name.loc)
        }
        _ => None,
    }
}

/// Where the element `SIDE.UNIT.ELEMENT` is written.
fn element_loc(model: &Model, id: &str) -> Option<Loc> {
    let (side, qualified) = id.split_once('.')?;
    model
        .elements
        .iter()
        .find(|e| {
            e.qualified == qualified && model.sides.get(e.side.0).is_some_and(|s| s.name.id == side)
        })
        .map(|e| e.name.loc)
}
