//! `build`: every output file of one scenario, as strings for the CLI to write.

use muster_model::analysis::Analysis;
use muster_model::model::Model;
use muster_syntax::Diagnostic;

use crate::error::RenderError;
use crate::json::{self, ScenarioJson};
use crate::map::{MapNote, MapView};
use crate::sheets::cards::{cards, cards_page};
use crate::sheets::page::page;
use crate::templates::Templates;

/// One file to write, relative to the output folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    /// `pegasus-bridge/umpire.html`
    pub path: String,
    pub contents: String,
    /// What the sheet is and whom it is for, for the output index; None for JSON.
    pub sheet: Option<Sheet>,
}

/// A printed sheet as the output index lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// `Umpire briefing`, `Command cards`.
    pub what: String,
    /// `umpire`, `side: British`, `player: Maj. John Howard (British)`.
    pub for_whom: String,
}

fn sheet(what: &str, for_whom: String) -> Option<Sheet> {
    Some(Sheet {
        what: what.into(),
        for_whom,
    })
}

/// A scenario's files, and the notes on what its maps could not draw as
/// they should (MC904–MC906).
#[derive(Debug, Clone)]
pub struct Built {
    pub files: Vec<OutputFile>,
    pub notes: Vec<Diagnostic>,
}

/// Builds the scenario JSON, each side's JSON, and the umpire, side and player
/// briefings. Side and player briefings are rendered from the side's filtered JSON.
pub fn build(
    model: &Model,
    analysis: &Analysis,
    templates: &Templates,
) -> Result<Vec<OutputFile>, RenderError> {
    build_noted(model, analysis, templates).map(|b| b.files)
}

/// The same files with the notes of their maps.
pub fn build_noted(
    model: &Model,
    analysis: &Analysis,
    templates: &Templates,
) -> Result<Built, RenderError> {
    let mut found: Vec<(String, MapNote)> = Vec::new();
    let mut note = |on: &str, map: &MapView| {
        found.extend(map.notes.iter().map(|n| (on.to_string(), n.clone())));
    };
    let stem = folder_of(
        model
            .files
            .first()
            .map(|f| f.path.as_str())
            .unwrap_or("scenario"),
    );
    let mut full = json::scenario(model, analysis);
    // Each view's scenario JSON is serialised into a template context once and
    // shared by all its pages; only the page's own parts change between pages.
    let mut ctx = templates.view_context(&mut full)?;
    let front = crate::sheets::front::front_sheet(&full);
    templates.set_extras(&mut ctx, Some(&front), &[])?;
    let mut out = vec![OutputFile {
        path: format!("{stem}/scenario.json"),
        contents: to_json(&full)?,
        sheet: None,
    }];
    let umpire = page(&full, None, None);
    note("the umpire's map", &umpire.map);
    out.push(OutputFile {
        path: format!("{stem}/umpire.html"),
        contents: templates.render_page("umpire.html", &mut ctx, &umpire)?,
        sheet: sheet("Umpire briefing", "umpire".into()),
    });
    // The umpire's page is rendered: its rows and map are no longer needed.
    drop(umpire);
    // The set-up sheet is the umpire's: it shows both sides' deployments.
    let (map, lists) = crate::sheets::setup::setup(&full, templates.paper());
    note("the set-up map", &map);
    for t in &lists.tiles {
        let number = t.name.split(" (").next().unwrap_or(&t.name);
        note(&format!("set-up tile {number}"), &t.map);
    }
    // The set-up sheet is the umpire's page with the set-up map: the same
    // page, not a second build of the umpire's map only to replace it, nor a
    // second copy of its parts in the context.
    out.push(OutputFile {
        path: format!("{stem}/setup.html"),
        contents: templates.render_setup(&mut ctx, &map, &lists)?,
        sheet: sheet("Set-up sheet", "umpire".into()),
    });
    // The umpire's pages are rendered: their context, map and lists are not
    // held while the sides' pages are made.
    drop((ctx, map, lists));
    for side in &full.sides {
        let mut view = json::for_side(&full, &side.id);
        let sid = file_safe(&side.id);
        let mut ctx = templates.view_context(&mut view)?;
        templates.set_extras(
            &mut ctx,
            None,
            &crate::sheets::draft::briefing(&view, &side.id, None),
        )?;
        let side_name = side.display.clone().unwrap_or_else(|| side.id.clone());
        out.push(OutputFile {
            path: format!("{stem}/side-{sid}.json"),
            contents: to_json(&view)?,
            sheet: None,
        });
        let side_page = page(&view, Some(&side.id), None);
        note(&format!("side {}'s map", side.id), &side_page.map);
        out.push(OutputFile {
            path: format!("{stem}/side-{sid}.html"),
            contents: templates.render_page("side.html", &mut ctx, &side_page)?,
            sheet: sheet("Side briefing", format!("side: {side_name}")),
        });
        out.push(OutputFile {
            path: format!("{stem}/cards-{sid}.html"),
            contents: templates.render_cards(
                &mut ctx,
                &cards_page(&view, &side.id, &cards(&view, &side.id)),
            )?,
            sheet: sheet("Command cards", format!("side: {side_name}")),
        });
        for p in &side.players {
            templates.set_extras(
                &mut ctx,
                None,
                &crate::sheets::draft::briefing(&view, &side.id, Some(p)),
            )?;
            let player_page = page(&view, Some(&side.id), Some(&p.id));
            note(&format!("player {}'s map", p.id), &player_page.map);
            out.push(OutputFile {
                path: format!("{stem}/player-{}.html", file_safe(&p.id)),
                contents: templates.render_page("player.html", &mut ctx, &player_page)?,
                sheet: sheet(
                    "Player sheet",
                    format!(
                        "player: {} ({side_name})",
                        p.display.as_deref().unwrap_or(&p.id)
                    ),
                ),
            });
        }
    }
    Ok(Built {
        files: out,
        notes: crate::notes::map_notes(model, &found),
    })
}

/// Pretty JSON with a final newline, without the spare room its writing grew
/// into (a build holds its files until they are written).
pub fn to_json(j: &ScenarioJson) -> Result<String, RenderError> {
    let mut s = serde_json::to_string_pretty(j).map_err(|e| RenderError::Json(e.to_string()))?;
    s.push('\n');
    s.shrink_to_fit();
    Ok(s)
}

/// The output folder a scenario builds into, its file-safe stem:
/// `scenarios/pegasus-bridge.muster` -> `pegasus-bridge`. The CLI asks this same
/// function which scenarios would collide in one folder (MC115).
pub fn folder_of(path: &str) -> String {
    let name = path.rsplit('/').next().unwrap_or(path);
    file_safe(name.strip_suffix(".muster").unwrap_or(name))
}

/// Keeps a name to letters, digits, `-` and `_` so it cannot leave the folder.
fn file_safe(s: &str) -> String {
    let t: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if t.is_empty() || t.chars().all(|c| c == '_') {
        "unnamed".into()
    } else {
        t
    }
}
