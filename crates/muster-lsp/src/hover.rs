//! Hover: a diagnostic's full rule text, a keyword's or vocabulary word's
//! meaning, and for a named unit, element or area what the last check computed.

use crate::state::Workspace;
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};
use muster_model::analysis::{Analysis, CommandStatus, Route};
use muster_model::model::{Element, Model, Objective, Order, Target, Timing, UnitId};
use muster_rules::vocab::{Intensity, Stance};
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
    let token = doc
        .tree
        .tokens()
        .into_iter()
        .find(|n| n.span.start <= offset && offset < n.span.end)
        .cloned();
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
        let mut s = format!("**{}** — {}", u.name.id, u.echelon.keyword());
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
        let orders: Vec<String> = model
            .orders
            .iter()
            .filter(|o| o.unit.target == Some(Target::Unit(UnitId(i))))
            .map(|o| order_words(model, o))
            .collect();
        let _ = match orders.is_empty() {
            true => write!(s, "\n\norder: none written (it holds where it stands)"),
            false => write!(s, "\n\norder: {}", orders.join("; ")),
        };
        if let Some(line) = u.command_element.and_then(|c| {
            outcome
                .analysis
                .command
                .get(c.0)
                .map(|st| status_words(model, st))
        }) {
            let _ = write!(s, "\n\ncommand: {line}");
        }
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
            "**{}** — {} template, used by {} unit(s)",
            t.name.id,
            t.echelon.keyword(),
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
    if let Some(line) = equipment(e) {
        let _ = write!(s, "\n\nequipment: {line}");
    }
    if let Some(status) = analysis.command.get(i) {
        let _ = write!(s, "\n\ncommand: {}", status_words(model, status));
    }
    s
}

/// An order in words: stance, intensity, objective and timing of each phase.
fn order_words(model: &Model, o: &Order) -> String {
    let mut phases = vec![phase_words(
        model,
        o.stance.map(|s| s.0),
        o.intensity.map(|i| i.0),
        o.objective.as_ref(),
        &o.timing,
    )];
    for p in &o.phases {
        phases.push(phase_words(
            model,
            p.stance.map(|s| s.0),
            p.intensity.map(|i| i.0),
            p.objective.as_ref(),
            &p.timing,
        ));
    }
    phases.join(", then ")
}

fn phase_words(
    model: &Model,
    stance: Option<Stance>,
    intensity: Option<Intensity>,
    objective: Option<&Objective>,
    timing: &[Timing],
) -> String {
    let mut words = match (stance, intensity) {
        (Some(Stance::Attack), Some(i)) => i.gloss().to_string(),
        (Some(s), _) => s.gloss().to_string(),
        (None, Some(i)) => i.gloss().to_string(),
        (None, None) => "hold".to_string(),
    };
    match objective {
        Some(Objective::Ref(r)) => {
            let _ = write!(words, " `{}`", ref_name(model, r));
        }
        Some(Objective::Bearing(b, _)) => {
            let _ = write!(words, " on a bearing of {b:.0}°");
        }
        Some(Objective::Point(p, _)) => {
            let _ = write!(words, " ({:.0},{:.0})", p.x, p.y);
        }
        None => {}
    }
    for t in timing {
        let _ = match t {
            Timing::Immediately(_) => write!(words, " at once"),
            Timing::By(n, _) => write!(words, " by turn {n}"),
            Timing::After(n, _) => write!(words, " after turn {n}"),
            Timing::Until(n, _) => write!(words, " until turn {n}"),
            Timing::OnSignal(r) => write!(words, " on the signal `{}`", r.name.id),
            Timing::At(m, _) => write!(words, " at {:02}:{:02}", m / 60, m % 60),
            Timing::UntilEnd(_) => write!(words, " until the end"),
            Timing::Condition(_) => write!(words, " on a signal's condition"),
        };
    }
    words
}

/// The name a reference was written with, or the display name of its place.
fn ref_name(model: &Model, r: &muster_model::model::Ref) -> String {
    match r.target {
        Some(Target::Place(p)) => model
            .places
            .get(p.0)
            .and_then(|p| p.display.clone())
            .unwrap_or_else(|| r.name.id.clone()),
        _ => r.name.id.clone(),
    }
}

/// An element's place in the chain of command, in words.
fn status_words(model: &Model, status: &CommandStatus) -> String {
    {
        let name = |id: muster_model::model::ElementId| {
            model
                .elements
                .get(id.0)
                .map_or("?".to_string(), |e| e.qualified.clone())
        };
        match status {
            CommandStatus::InCommand {
                route,
                means,
                via,
                distance,
            } => format!(
                "in command (§87): by {} {} `{}`, {distance:.0} m",
                means.words(),
                match route {
                    Route::Direct => "directly to",
                    Route::Chain => "through its group's linked",
                    Route::Supported => "through the supported group's",
                },
                name(*via)
            ),
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
        }
    }
}

/// Everything an element carries, as written: each weapon with its calibre and
/// mount, the radio and its range, a field telephone.
fn equipment(e: &Element) -> Option<String> {
    let mut parts: Vec<String> = e
        .weapons
        .iter()
        .map(|w| {
            let mut p = w.kind.gloss().replace(" (with a calibre)", "");
            if let Some(c) = w.calibre_mm {
                p = format!("{c} mm {p}");
            }
            if let Some(m) = w.mount {
                let _ = write!(p, " on a {}", m.gloss());
            }
            p
        })
        .collect();
    if let Some((r, _)) = e.radio {
        parts.push(format!("radio, {}", r.gloss()));
    }
    if e.telephone.is_some() {
        parts.push("field telephone".to_string());
    }
    (!parts.is_empty()).then(|| parts.join("; "))
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
