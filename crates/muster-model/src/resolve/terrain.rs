//! Scenario terrain kinds (§98): `terrain` items declared before the map, so an
//! area or line names one where a built-in terrain type or line kind stands.

use super::library::relocate;
use super::{loc, name, Ctx, FileItems};
use crate::model::*;
use muster_rules::terrain::Grades;
use muster_rules::vocab::{LineKind, TerrainKind};
use muster_syntax::{ast, Code, Diagnostic, FileId};

/// Declares every `terrain` item of every file (libraries first, from their
/// cached definitions).
pub(crate) fn declare(cx: &mut Ctx, items: &[FileItems]) {
    for f in items {
        if let Some(lib) = &f.library {
            for t in &lib.terrains {
                let mut t = t.clone();
                relocate(&mut t.name.loc, f.file);
                relocate(&mut t.loc, f.file);
                define(cx, t);
            }
            continue;
        }
        for item in &f.tree.items {
            if let ast::Item::Terrain(t) = item {
                define(cx, def(f.file, t));
            }
        }
    }
}

/// Adds a terrain kind to the model, or reports MC101 when its name is taken.
fn define(cx: &mut Ctx, t: TerrainDef) {
    if let Some(first) = cx.names.terrains.get(&t.name.id).copied() {
        let first = cx.model.terrains[first.0].name.loc;
        cx.duplicate("terrain kind", &t.name, first);
        return;
    }
    cx.names
        .terrains
        .insert(t.name.id.clone(), TerrainId(cx.model.terrains.len()));
    cx.model.terrains.push(t);
}

/// A terrain kind as written in `file`, its grades filled in.
pub(crate) fn def(file: FileId, t: &ast::TerrainDef) -> TerrainDef {
    let mut grades = Grades::default();
    for m in &t.movement {
        grades.set(m.mover.value, m.grade.value);
    }
    if let Some(o) = &t.observation {
        grades.observation = o.value;
    }
    if let Some(c) = &t.cover {
        grades.cover = c.value;
    }
    TerrainDef {
        name: name(file, &t.id),
        display: t.name.as_ref().map(|x| x.value.clone()),
        grades,
        loc: loc(file, t.span),
    }
}

/// The scenario terrain kind an area or line names; MC102 when none is defined.
pub(crate) fn lookup(
    cx: &mut Ctx,
    file: FileId,
    id: &muster_syntax::Ident,
    builtin: &[&str],
) -> Option<TerrainId> {
    if let Some(t) = cx.names.terrains.get(&id.name) {
        return Some(*t);
    }
    let mut words: Vec<&str> = builtin.to_vec();
    words.extend(cx.names.terrains.keys().map(String::as_str));
    let help = super::names::did_you_mean(&id.name, words.iter().copied()).unwrap_or_else(|| {
        "define it with a `terrain` item (or `use` a library that does), or write a built-in kind".into()
    });
    cx.push(
        Diagnostic::error(
            Code::MC102,
            format!("terrain kind `{}` is not defined", id.name),
        )
        .with_label(file, id.span, "no such terrain kind")
        .with_help(help)
        .with_paragraph("§98"),
    );
    None
}

/// Built-in terrain type keywords, for "did you mean".
pub(crate) fn area_words() -> Vec<&'static str> {
    TerrainKind::ALL.iter().map(|k| k.keyword()).collect()
}

/// Built-in line kind keywords, for "did you mean".
pub(crate) fn line_words() -> Vec<&'static str> {
    LineKind::ALL.iter().map(|k| k.keyword()).collect()
}
