//! Hover: a diagnostic's full rule text, a keyword's or vocabulary word's
//! meaning, and for a named unit, element or area what the last check computed.

use crate::state::Workspace;
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};
use muster_model::analysis::{Analysis, CommandStatus};
use muster_model::model::{Element, Model};
use muster_syntax::cst::TokenKind;
use std::fmt::Write;
use std::path::Path;

/// The hover text at a position.
pub fn hover(ws: &Workspace, path: &Path, pos: Position) -> Option<Hover> {
    let doc = ws.doc(path)?;
    let offset = doc.index.offset(&doc.text, pos);
    let mut parts = Vec::new();
    if let Some((_, outcome)) = ws.outcome_for(path) {
        let file = outcome
            .model
            .files
            .iter()
            .find(|f| doc.root.join(&f.path) == path);
        for d in &outcome.diagnostics {
            let Some(l) = d.primary() else { continue };
            if file.is_some_and(|f| f.id == l.file)
                && l.span.start <= offset
                && offset <= l.span.end
            {
                parts.push(rule_text(d.code.as_str()));
            }
        }
    }
    let tree = doc.tree.as_ref();
    let token = tree.and_then(|t| {
        t.tokens()
            .into_iter()
            .find(|n| n.span.start <= offset && offset < n.span.end)
            .cloned()
    });
    if let Some(t) = &token {
        let word = doc.text.get(t.span.start..t.span.end).unwrap_or("");
        match t.token {
            Some(TokenKind::Keyword | TokenKind::Word) => {
                if let Some(d) = crate::words::describe(word) {
                    parts.push(d);
                } else if let Some(s) = named(ws, path, word) {
                    parts.push(s);
                }
            }
            Some(TokenKind::Name) => {
                let part = segment_at(word, offset - t.span.start);
                if let Some(s) = named(ws, path, part) {
                    parts.push(s);
                }
            }
            _ => {}
        }
    }
    if parts.is_empty() {
        return None;
    }
    let range = token.map(|t| doc.index.range(&doc.text, t.span));
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: parts.join("\n\n---\n\n"),
        }),
        range,
    })
}

/// The part of a dotted path under a byte offset into it.
fn segment_at(path: &str, at: usize) -> &str {
    let mut start = 0;
    for part in path.split('.') {
        if at <= start + part.len() {
            return part;
        }
        start += part.len() + 1;
    }
    path
}

/// A rule's full text from the registry, headed by its code and paragraph.
pub fn rule_text(code: &str) -> String {
    let Some(rule) = muster_check::registry::lookup(code) else {
        return format!("**{code}**");
    };
    let para = rule
        .paragraph()
        .map(|p| format!(" ({p})"))
        .unwrap_or_default();
    let body = muster_check::explain(code).unwrap_or_default();
    format!("**{}** `{}`{para}\n\n{body}", rule.code, rule.name())
}

/// What the last check knows of the unit, element or area named `name`.
fn named(ws: &Workspace, path: &Path, name: &str) -> Option<String> {
    let (_, outcome) = ws.outcome_for(path)?;
    let model = &outcome.model;
    if let Some((i, e)) = model
        .elements
        .iter()
        .enumerate()
        .find(|(_, e)| e.name.id == name || e.qualified == name)
    {
        return Some(element(model, &outcome.analysis, i, e));
    }
    if let Some((i, u)) = model
        .units
        .iter()
        .enumerate()
        .find(|(_, u)| u.name.id == name)
    {
        let mut s = format!("**{}** — {:?} unit", u.name.id, u.echelon);
        if let Some(d) = &u.display {
            let _ = write!(s, " “{d}”");
        }
        let (figs, models) = u
            .elements
            .iter()
            .filter_map(|e| model.elements.get(e.0))
            .fold((0, 0), |(f, m), e| {
                (
                    f + e.figures.as_ref().map_or(0, |x| x.0),
                    m + e.models.as_ref().map_or(0, |x| x.0),
                )
            });
        let _ = write!(
            s,
            "\n\nstrength: {} elements, {figs} figures, {models} models",
            u.elements.len()
        );
        for row in outcome.analysis.latency.iter().filter(|r| r.unit.0 == i) {
            let from = model
                .units
                .get(row.from.0)
                .map_or("?", |u| u.name.id.as_str());
            let _ = write!(
                s,
                "\n\norder latency from `{from}`: {} link(s), runner {} turn(s); hot turn {}, cold turn {}",
                row.links, row.runner_turns, row.hot_turn, row.cold_turn
            );
        }
        return Some(s);
    }
    if let Some(a) = model.areas.iter().find(|a| a.name.id == name) {
        let row = muster_rules::terrain::row(a.kind);
        let mut s = format!("**{}** — area of `{}`", a.name.id, a.kind.keyword());
        let _ = write!(
            s,
            " ({})\n\nmovement: {}; observation: foot {}, others {}; cover: foot {}, others {}",
            row.paragraph,
            grade(row.movement),
            grade(row.observation_foot),
            grade(row.observation_other),
            grade(row.cover_foot),
            grade(row.cover_other),
        );
        if !row.main {
            s.push_str("\n\nmodifies the main terrain beneath it (§100)");
        }
        return Some(s);
    }
    if let Some(p) = model.places.iter().find(|p| p.name.id == name) {
        return Some(format!(
            "**{}** — place{}",
            p.name.id,
            p.display
                .as_ref()
                .map(|d| format!(" “{d}”"))
                .unwrap_or_default()
        ));
    }
    if let Some(t) = model.templates.iter().find(|t| t.name.id == name) {
        return Some(format!(
            "**{}** — {:?} template, used by {} unit(s)",
            t.name.id,
            t.echelon,
            t.used_by.len()
        ));
    }
    None
}

fn grade<T: std::fmt::Debug>(g: Option<T>) -> String {
    g.map_or_else(
        || "as beneath".to_string(),
        |g| format!("{g:?}").to_lowercase(),
    )
}

/// An element's type, figures or models, weapons and command status.
fn element(model: &Model, analysis: &Analysis, i: usize, e: &Element) -> String {
    let mut s = format!("**{}** — element", e.qualified);
    if let Some(k) = &e.kind {
        let _ = write!(s, ", {}", kind(k));
    }
    if let Some((n, _)) = e.figures {
        let _ = write!(
            s,
            "\n\nstrength: {}",
            muster_syntax::wording::count(n, "figure")
        );
    }
    if let Some((n, _)) = e.models {
        let _ = write!(
            s,
            "\n\nstrength: {}",
            muster_syntax::wording::count(n, "model")
        );
    }
    if !e.weapons.is_empty() {
        let w: Vec<&str> = e.weapons.iter().map(|w| w.kind.keyword()).collect();
        let _ = write!(s, "\n\nweapons: {}", w.join(", "));
    }
    if let Some(status) = analysis.command.get(i) {
        let name = |id: muster_model::model::ElementId| {
            model
                .elements
                .get(id.0)
                .map_or("?".to_string(), |e| e.qualified.clone())
        };
        let line = match status {
            CommandStatus::InCommand {
                route,
                means,
                via,
                distance,
            } => format!(
                "in command (§87): {route:?} route by {means:?} to `{}`, {distance:.0} m",
                name(*via)
            )
            .to_lowercase(),
            CommandStatus::Separated {
                nearest,
                distance,
                short_by,
                runner_turns,
                ..
            } => format!(
                "separated (§89): nearest `{}` at {distance:.0} m, {short_by:.0} m out of range; a runner takes {runner_turns} more turn(s)",
                nearest.map_or("none".to_string(), name)
            ),
            CommandStatus::Top => "top of the chain of command".to_string(),
            CommandStatus::NotPlaced => "not on the table at the start".to_string(),
        };
        let _ = write!(s, "\n\ncommand: {line}");
    }
    s
}

/// An element kind in the language's words.
fn kind(k: &muster_model::model::Troop) -> String {
    use muster_model::model::{Troop, VehicleSpec};
    match k {
        Troop::Foot { ty, specialism } => match specialism {
            Some(sp) => format!("{} {}", ty.keyword(), sp.keyword()),
            None => ty.keyword().to_string(),
        },
        Troop::Vehicle(VehicleSpec {
            role,
            drive,
            armoured,
            open_topped,
        }) => format!(
            "vehicle {} {}{}{}",
            role.keyword(),
            drive.keyword(),
            if *armoured { " armoured" } else { " soft" },
            if *open_topped { " open-topped" } else { "" }
        ),
        Troop::Artillery { weapon, calibre_mm } => match calibre_mm {
            Some(c) => format!("artillery {} {c}mm", weapon.keyword()),
            None => format!("artillery {}", weapon.keyword()),
        },
        Troop::Aircraft { role } => format!("aircraft {}", role.keyword()),
        Troop::Ship { role } => format!("ship {}", role.keyword()),
    }
}
