//! The scenario table of a pack's README, generated from the resolved models so it
//! cannot drift from the scenarios: each one's date, its sources, each side's
//! stated strength beside the game's (§3) and the known deviations with their reason.
//!
//! Sources and deviations are the scenario's notes that begin `Sources:` and
//! `Strength:`; the strengths are the `historical-strength` of the units at the top
//! of each side's forces and the game's estimate of the same units. A unit of
//! aircraft or ships alone states none (a stated strength counts men, vehicles and
//! guns): the game's aircraft are shown beside the stated figures all the same.

use crate::model::{Model, UnitId};
use crate::strength::{self, Estimate};

/// The note prefix that names a scenario's published sources.
pub const SOURCES: &str = "Sources:";
/// The note prefix that says where and why the game's strength departs from history.
pub const DEVIATIONS: &str = "Strength:";

/// One side's stated and estimated strength.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SideStrength {
    pub side: String,
    /// Men, vehicles and guns the top units state.
    pub stated: Estimate,
    /// Whether every unit at the top of the side's forces that has men, vehicles
    /// or guns states its strength.
    pub complete: bool,
    /// The game's estimate of the same units, its aircraft included.
    pub game: Estimate,
}

/// Each side's strength in one scenario, in side order.
pub fn sides(model: &Model) -> Vec<SideStrength> {
    model
        .sides
        .iter()
        .enumerate()
        .map(|(i, side)| {
            let mut s = SideStrength {
                side: side.display.clone().unwrap_or_else(|| side.name.id.clone()),
                complete: true,
                ..SideStrength::default()
            };
            for (u, unit) in model.units.iter().enumerate() {
                if unit.side.0 != i || unit.parent.is_some() {
                    continue;
                }
                let game = strength::unit(model, UnitId(u));
                s.game = s.game + game;
                let statable = strength::statable(model, UnitId(u));
                match &unit.historical_strength {
                    Some(h) => {
                        s.stated = s.stated
                            + Estimate {
                                men: h.men.unwrap_or(0),
                                vehicles: h.vehicles.unwrap_or(0),
                                guns: h.guns.unwrap_or(0),
                                aircraft: 0,
                            }
                    }
                    None if statable => s.complete = false,
                    None => {}
                }
            }
            s
        })
        .collect()
}

/// The text of the scenario's first note that begins with `prefix`, without it.
pub fn note<'a>(model: &'a Model, prefix: &str) -> Option<&'a str> {
    model
        .header
        .as_ref()?
        .notes
        .iter()
        .find_map(|n| n.text.strip_prefix(prefix))
        .map(str::trim)
}

/// `740 men, 10 vehicles, 4 guns`: the counts that are not zero.
fn counts(e: &Estimate) -> String {
    let parts: Vec<String> = [
        (e.men, "man", "men"),
        (e.vehicles, "vehicle", "vehicles"),
        (e.guns, "gun", "guns"),
        (e.aircraft, "aircraft", "aircraft"),
    ]
    .into_iter()
    .filter(|(n, _, _)| *n > 0)
    .map(|(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
    .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// A table cell: no line breaks, and a `|` cannot end the cell.
fn cell(text: &str) -> String {
    text.replace('\n', " ").replace('|', "\\|")
}

/// The Markdown table of the scenarios, one row each, in the order given
/// (`file` is the scenario's pack-relative path).
pub fn markdown_table(scenarios: &[(&str, &Model)]) -> String {
    let mut out = String::from(
        "| scenario | date | sources | stated strength (game's in brackets) | known deviations |\n\
         |---|---|---|---|---|\n",
    );
    for (file, model) in scenarios {
        let (title, date) = match &model.header {
            Some(h) => (
                h.title.text.clone(),
                h.date
                    .map(|(y, m, d)| format!("{y}-{m:02}-{d:02}"))
                    .unwrap_or_default(),
            ),
            None => (String::new(), String::new()),
        };
        let strengths: Vec<String> = sides(model)
            .iter()
            .map(|s| {
                let stated = if s.complete {
                    counts(&s.stated)
                } else {
                    format!("{} (not every unit states it)", counts(&s.stated))
                };
                format!("{}: {stated} ({})", s.side, counts(&s.game))
            })
            .collect();
        out.push_str(&format!(
            "| `{}` {} | {} | {} | {} | {} |\n",
            file.trim_end_matches(".muster"),
            cell(&title),
            date,
            cell(note(model, SOURCES).unwrap_or("not given")),
            cell(&strengths.join("; ")),
            cell(note(model, DEVIATIONS).unwrap_or("none")),
        ));
    }
    out
}
