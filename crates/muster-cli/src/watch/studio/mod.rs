//! The map studio: the page `muster studio` opens first and `muster watch
//! --serve` serves at [`PAGE_PATH`]. It shows a built briefing's map, swapped in
//! place after every rebuild, and points from the map to the source and back.
//!
//! The page draws only maps the briefings already hold (the umpire's, or a
//! side's, fog and all); what it adds comes from [`Index`]: where each map item
//! is written (file and line, never text) and the findings with a place.

pub mod editor;
pub mod link;

use crate::pipeline::{Checked, Source};
use muster_model::analysis::{Analysis, CommandStatus};
use muster_model::model::{Loc, Model};
use serde::Serialize;
use std::path::Path;

/// The studio page, its script and its styles: static files, so the page's CSP
/// admits scripts from this server only (`script-src 'self'`), never inline.
pub const PAGE_PATH: &str = "/__muster/studio/";
pub const SCRIPT_PATH: &str = "/__muster/studio.js";
pub const STYLE_PATH: &str = "/__muster/studio.css";
/// The [`Index`] of every scenario built, as JSON.
pub const INDEX_PATH: &str = "/__muster/studio.json";
/// What the page polls: build counter, editor cursor ([`link::Link::state`]).
pub const STATE_PATH: &str = "/__muster/studio/state";
/// The page posts a clicked item's `file` and `line` here for the editor.
pub const OPEN_PATH: &str = "/__muster/open";
/// The language server posts the editor's cursor here and waits for clicks there.
pub const LINK_CURSOR_PATH: &str = "/__muster/link/cursor";
pub const LINK_OPEN_PATH: &str = "/__muster/link/open";

pub const PAGE: &str = include_str!("page.html");
pub const SCRIPT: &str = include_str!("studio.js");
pub const STYLE: &str = include_str!("studio.css");

/// What the studio knows of one scenario besides its built sheets.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Index {
    /// The output folder its sheets are in.
    pub folder: String,
    /// The scenario as shown on the command line.
    pub display: String,
    /// The sides, each with a briefing whose map the page can show.
    pub sides: Vec<String>,
    /// The radius of the rings the page draws round elements: the distance
    /// within which an enemy may make a situation hot (§24).
    pub hot_m: f64,
    /// Where each map item is written, keyed as the map marks it.
    pub items: Vec<Item>,
    /// Every finding, with the map item it lies in when it has one.
    pub findings: Vec<Finding>,
    /// Each element's command link at the start (§87–§89), to the element it
    /// reaches its superior through: the umpire's view only.
    pub links: Vec<CommandLink>,
}

/// One element's link up its chain of command: the `data-element` values of
/// both ends and how messages travel it.
#[derive(Debug, Clone, Serialize)]
pub struct CommandLink {
    pub from: String,
    pub to: String,
    pub means: String,
}

/// A map item's source: the `data-*` attribute and value that mark it on the
/// map, and the lines it spans.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Item {
    pub attr: &'static str,
    pub value: String,
    #[serde(flatten)]
    pub at: Place,
    /// Its coordinates as written, on the line `at` names.
    pub line_end: usize,
}

/// A file (absolute, for an editor link) and a line (1-based).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Place {
    pub file: String,
    pub line: usize,
}

/// A finding as the studio lists it: no source text, only the message.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub code: String,
    pub severity: String,
    pub message: String,
    #[serde(flatten)]
    pub at: Option<Place>,
    /// The map item (`attr`, `value`) it lies in, innermost first.
    pub item: Option<(&'static str, String)>,
}

/// The index of one checked scenario of the pack rooted at `root`: its items
/// only when the model was kept, its findings always.
pub fn index(checked: &Checked, root: &Path) -> Index {
    let place = |file: usize, offset: usize| -> Option<Place> {
        let source: &Source = checked.sources.get(file)?;
        let line = source.line_starts().partition_point(|&s| s <= offset);
        Some(Place {
            file: root.join(&source.relative).display().to_string(),
            line,
        })
    };
    let mut spans: Vec<(&'static str, String, Loc, Loc)> = Vec::new();
    let mut sides = Vec::new();
    let mut links = Vec::new();
    if let Some((model, analysis)) = &checked.model {
        spans = item_locs(model);
        sides = model.sides.iter().map(|s| s.name.id.clone()).collect();
        links = command_links(model, analysis);
    }
    let items: Vec<Item> = spans
        .iter()
        .filter_map(|(attr, value, whole, point)| {
            let at = place(point.file.0 as usize, point.span.start)?;
            let end = place(whole.file.0 as usize, last_written(checked, whole))?;
            Some(Item {
                attr,
                value: value.clone(),
                line_end: end.line.max(at.line),
                at,
            })
        })
        .collect();
    let findings = checked
        .diagnostics
        .iter()
        .map(|d| {
            let label = d.primary();
            let at = label.and_then(|l| place(l.file.0 as usize, l.span.start));
            // The innermost item whose text holds the finding's primary span.
            let item = label.and_then(|l| {
                spans
                    .iter()
                    .filter(|(_, _, whole, _)| {
                        whole.file == l.file
                            && whole.span.start <= l.span.start
                            && l.span.end <= whole.span.end
                    })
                    .min_by_key(|(_, _, whole, _)| whole.span.end - whole.span.start)
                    .map(|(attr, value, _, _)| (*attr, value.clone()))
            });
            Finding {
                code: d.code.to_string(),
                severity: d.severity.as_str().to_string(),
                message: d.message.clone(),
                at,
                item,
            }
        })
        .collect();
    Index {
        folder: muster_render::folder_of(&checked.relative),
        display: checked.display.clone(),
        sides,
        hot_m: muster_rules::command::HOT_RADIUS_M,
        links,
        items,
        findings,
    }
}

/// The offset of the last character of `loc` that is not white space (an
/// item's span runs on to where the next item starts).
fn last_written(checked: &Checked, loc: &Loc) -> usize {
    let text = checked
        .sources
        .get(loc.file.0 as usize)
        .map_or("", |s| &s.text[..]);
    let end = loc.span.end.min(text.len());
    let body = text.get(loc.span.start..end).unwrap_or("");
    loc.span.start + body.trim_end().len().saturating_sub(1)
}

/// The link of every element in command, as the analysis found it.
fn command_links(model: &Model, analysis: &Analysis) -> Vec<CommandLink> {
    let key = |e: usize| {
        model.elements.get(e).map(|e| {
            let side = model.sides.get(e.side.0).map_or("", |s| s.name.id.as_str());
            format!("{side}.{}", e.qualified)
        })
    };
    analysis
        .command
        .iter()
        .enumerate()
        .filter_map(|(e, status)| match status {
            CommandStatus::InCommand { via, means, .. } => Some(CommandLink {
                from: key(e)?,
                to: key(via.0)?,
                means: means.words().to_string(),
            }),
            _ => None,
        })
        .collect()
}

/// Every item the map marks, as (attribute, value, the item's whole text, where
/// its position is written): the keys are the ones the map template writes.
fn item_locs(model: &Model) -> Vec<(&'static str, String, Loc, Loc)> {
    let side = |s: usize| model.sides.get(s).map_or("", |s| s.name.id.as_str());
    let mut out = Vec::new();
    for a in &model.areas {
        out.push(("data-feature", format!("area:{}", a.name.id), a.loc, a.loc));
    }
    for l in &model.lines {
        out.push(("data-feature", format!("line:{}", l.name.id), l.loc, l.loc));
    }
    for c in &model.crossings {
        out.push((
            "data-feature",
            format!("crossing:{}", c.name.id),
            c.loc,
            c.loc,
        ));
    }
    for p in &model.places {
        let attr = match p.stretch {
            Some(_) => "data-stretch",
            None => "data-feature",
        };
        out.push((attr, format!("place:{}", p.name.id), p.loc, p.loc));
    }
    for a in &model.arrivals {
        let id = format!("arrival:{}", a.unit.name.id);
        out.push(("data-feature", id, a.loc, a.loc));
    }
    for o in &model.orders {
        let id = format!("order:{}", o.unit.name.id);
        out.push(("data-feature", id, o.loc, o.loc));
    }
    for u in &model.units {
        let id = format!("{}.{}", side(u.side.0), u.name.id);
        out.push(("data-unit", id, u.loc, u.loc));
    }
    for e in &model.elements {
        let id = format!("{}.{}", side(e.side.0), e.qualified);
        out.push(("data-element", id, e.loc, e.pos_loc.unwrap_or(e.loc)));
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_page_loads_its_script_from_the_server_and_has_none_inline() {
        assert!(PAGE.contains(&format!("<script src=\"{SCRIPT_PATH}\"")));
        assert_eq!(PAGE.matches("<script").count(), 1);
        for handler in ["onclick=", "onload=", "onerror=", "onchange=", "oninput="] {
            assert!(
                !PAGE.contains(handler),
                "no inline event handlers: {handler}"
            );
        }
    }
}
