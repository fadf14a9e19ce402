//! The scenario header, the sides and their players (MC101, MC102, MC106).
use muster_syntax::Code;

use super::names::{did_you_mean, Space};
use super::{loc, name, prose, unresolved, Ctx, FileItems};
use crate::earth::Georeference;
use crate::model::*;
use muster_rules::vocab::{Light, Weather};
use muster_syntax::{ast, Diagnostic, FileId, Ident};

/// Minutes per turn when the scenario does not say (§7).
fn default_turn_minutes() -> f64 {
    10.0
}

/// Metres of ground per table millimetre (§1).
fn default_ground_scale() -> f64 {
    2.0
}

fn header(file: FileId, s: &ast::Scenario) -> Header {
    Header {
        title: prose(file, &s.title),
        date: s.start_date.map(|d| (d.year, d.month, d.day)),
        start_minutes: s.start_time.map(|t| t.minutes()),
        turns: s.turns.as_ref().map(|t| t.value),
        turns_written: s.turns_written.is_some(),
        turn_minutes: s
            .turn_length
            .as_ref()
            .map_or_else(default_turn_minutes, |d| d.value),
        end_conditions: s.end_conditions.iter().map(|t| prose(file, t)).collect(),
        first_bound: s.first_bound.as_ref().map(|i| unresolved(file, i)),
        weather: s.weather.as_ref().map_or(Weather::Clear, |w| w.value),
        light: s.light.as_ref().map_or(Light::Day, |l| l.value),
        table: s.table.as_ref().map(|(w, d)| (w.value, d.value)),
        ground_scale: s
            .ground_scale
            .as_ref()
            .map_or_else(default_ground_scale, |g| g.value),
        georeference: s.georeference.as_ref().map(|g| Georeference {
            latitude: g.latitude.value,
            longitude: g.longitude.value,
            north_bearing: g.north_bearing.as_ref().map_or(0.0, |b| b.value),
            source: g.source.as_ref().map(|t| t.value.clone()),
            loc: loc(file, g.span),
        }),
        notes: s.notes.iter().map(|t| prose(file, t)).collect(),
        loc: loc(file, s.span),
    }
}

/// Declares the header (the first `scenario` block) and the sides with their players.
pub(crate) fn declare(cx: &mut Ctx, items: &[FileItems]) {
    for f in items {
        for item in f.items() {
            match item {
                ast::Item::Scenario(s) => scenario(cx, f.file, s),
                ast::Item::Side(s) => side(cx, f.file, s),
                _ => {}
            }
        }
    }
    count_sides(cx);
}

fn scenario(cx: &mut Ctx, file: FileId, s: &ast::Scenario) {
    if let Some(first) = cx.model.header.as_ref().map(|h| h.loc) {
        let d = Diagnostic::error(Code::MC101, "a second `scenario` block")
            .with_label(file, s.span, "defined again here")
            .with_label(first.file, first.span, "first defined here")
            .with_help("a scenario has one header; merge the two blocks");
        cx.push(d);
        return;
    }
    cx.model.header = Some(header(file, s));
    for o in &s.overrides {
        cx.model.overrides.push(Override {
            code: o.code.value.clone(),
            level: o.level.value,
            reason: o.reason.as_ref().map(|r| r.value.clone()),
            loc: Some(loc(file, o.span)),
            scope: None,
        });
    }
}

fn side(cx: &mut Ctx, file: FileId, s: &ast::Side) {
    let n = name(file, &s.id);
    if let Some(first) = cx.names.sides.get(&n.id).copied() {
        let first = cx.model.sides[first.0].name.loc;
        cx.duplicate("side", &n, first);
        return;
    }
    let id = SideId(cx.model.sides.len());
    let mut players = Vec::new();
    for p in &s.players {
        let pn = name(file, &p.id);
        if let Some(first) = cx.names.players.get(&pn.id).copied() {
            cx.duplicate("player", &pn, first);
            continue;
        }
        cx.names.players.insert(pn.id.clone(), pn.loc);
        players.push(Player {
            name: pn,
            display: p.name.as_ref().map(|t| t.value.clone()),
            commands: p.commands.as_ref().map(|c| unresolved(file, c)),
            loc: loc(file, p.span),
        });
    }
    cx.names.sides.insert(n.id.clone(), id);
    cx.model.sides.push(Side {
        name: n,
        display: s.name.as_ref().map(|t| t.value.clone()),
        nations: s.nations.iter().map(|i| name(file, i)).collect(),
        players,
        loc: loc(file, s.span),
    });
    cx.declared_sides += 1;
}

fn count_sides(cx: &mut Ctx) {
    let n = cx.declared_sides;
    if n == 2 {
        return;
    }
    let mut d = Diagnostic::error(
        Code::MC106,
        format!("a scenario needs exactly two sides, found {n}"),
    )
    .with_paragraph("§21");
    if n > 2 {
        for s in &cx.model.sides[2..] {
            d = d.with_label(s.name.loc.file, s.name.loc.span, "an extra side");
        }
        d = d.with_help(
            "split the forces between two sides; allies share one side with several nations",
        );
    } else {
        if let Some(h) = &cx.model.header {
            d = d.with_label(h.loc.file, h.title.loc.span, "in this scenario");
        }
        d = d.with_help(
            "declare both sides, e.g. `side british \"6th Airborne Division\" nation british`",
        );
    }
    cx.push(d);
}

/// Resolves the side named in a `forces`, `orders` or `nets` header; an undeclared
/// side is reported (MC106) and declared implicitly so its contents still resolve.
pub(crate) fn side_for_block(cx: &mut Ctx, file: FileId, id: &Ident, block: &str) -> SideId {
    if let Some(s) = cx.names.sides.get(&id.name) {
        return *s;
    }
    report_undeclared(cx, file, id, block);
    if let Some(i) = cx.model.sides.iter().position(|s| s.name.id == id.name) {
        return SideId(i);
    }
    let sid = SideId(cx.model.sides.len());
    cx.model.sides.push(Side {
        name: name(file, id),
        display: None,
        nations: Vec::new(),
        players: Vec::new(),
        loc: loc(file, id.span),
    });
    sid
}

/// Resolves a side named in an `intel` or `victory` header; MC106 when undeclared.
pub(crate) fn side_ref(cx: &mut Ctx, file: FileId, id: &Ident, block: &str) -> Ref {
    let target = cx.names.sides.get(&id.name).map(|s| Target::Side(*s));
    if target.is_none() {
        report_undeclared(cx, file, id, block);
    }
    Ref {
        name: name(file, id),
        target,
    }
}

fn report_undeclared(cx: &mut Ctx, file: FileId, id: &Ident, block: &str) {
    let mut d = Diagnostic::error(
        Code::MC106,
        format!("`{block}` for undeclared side `{}`", id.name),
    )
    .with_label(file, id.span, "no such side")
    .with_paragraph("§21");
    let help = did_you_mean(&id.name, cx.names.sides.keys().map(String::as_str))
        .unwrap_or_else(|| "declare it with `side` or name one of the two sides".into());
    d = d.with_help(help);
    cx.push(d);
}

/// Resolves `first-bound` and the players' units.
pub(crate) fn resolve(cx: &mut Ctx, _items: &[FileItems]) {
    if let Some(mut fb) = cx.model.header.as_mut().and_then(|h| h.first_bound.take()) {
        cx.resolve_ref(&mut fb, &[Space::Side], None);
        if let Some(h) = cx.model.header.as_mut() {
            h.first_bound = Some(fb);
        }
    }
    for s in 0..cx.model.sides.len() {
        for p in 0..cx.model.sides[s].players.len() {
            if let Some(mut r) = cx.model.sides[s].players[p].commands.take() {
                cx.resolve_ref(&mut r, &[Space::Unit], None);
                cx.model.sides[s].players[p].commands = Some(r);
            }
        }
    }
}
