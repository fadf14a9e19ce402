//! Code actions: apply a "did you mean" suggestion, and allow a warning or note
//! for the scenario with a reason to fill in (the language's `allow` is scenario-wide;
//! it has no narrower scope).

use crate::convert::uri_of;
use crate::state::Workspace;
use lsp_types::{CodeAction, CodeActionKind, Range, TextEdit, WorkspaceEdit};
use muster_syntax::Rule;
use std::collections::HashMap;
use std::path::Path;

/// The suggestion in a help line: the backticked word after "did you mean".
fn suggestion(help: &str) -> Option<&str> {
    let rest = help.split("did you mean `").nth(1)?;
    rest.split('`').next()
}

/// The defined name of the pack closest to `written`, if one is close.
fn nearest(ws: &Workspace, path: &Path, written: &str) -> Option<String> {
    if written.is_empty() || written.contains(char::is_whitespace) {
        return None;
    }
    let files = crate::navigate::pack_files(ws, path);
    let names: Vec<String> = files
        .iter()
        .flat_map(|f| f.index.all_defs())
        .map(|d| d.name.clone())
        .collect();
    muster_syntax::wording::suggest(written, names.iter().map(String::as_str))
}

/// The actions for the diagnostics overlapping `range` in the file at `path`.
pub fn actions(ws: &Workspace, path: &Path, range: Range) -> Vec<CodeAction> {
    let Some(doc) = ws.doc(path) else {
        return Vec::new();
    };
    let Some((scenario, outcome)) = ws.outcome_for(path) else {
        return Vec::new();
    };
    let (from, to) = (
        doc.index.offset(&doc.text, range.start),
        doc.index.offset(&doc.text, range.end),
    );
    let Some(file) = outcome
        .model
        .files
        .iter()
        .find(|f| doc.root.join(&f.path) == path)
    else {
        return Vec::new();
    };
    let Some(uri) = uri_of(path) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut allowed = Vec::new();
    for d in &outcome.diagnostics {
        let Some(l) = d.primary().filter(|l| l.file == file.id) else {
            continue;
        };
        if l.span.end < from || l.span.start > to {
            continue;
        }
        let written = doc.text.get(l.span.start..l.span.end).unwrap_or("");
        let guess = d
            .help
            .as_deref()
            .and_then(suggestion)
            .map(str::to_string)
            .or_else(|| {
                // codes that report a name that is not defined: offer the nearest
                d.code
                    .reports_undefined_name()
                    .then(|| nearest(ws, path, written))
                    .flatten()
            });
        if let Some(s) = guess {
            let edit = TextEdit::new(doc.index.range(&doc.text, l.span), s.clone());
            out.push(action(
                format!("replace with `{s}`"),
                &uri,
                vec![edit],
                CodeActionKind::QUICKFIX,
                true,
            ));
        }
        // an error is a mistake to fix, never a rule to waive: silencing an
        // undefined objective would print the misspelling on a player's sheet
        if d.severity != muster_syntax::Severity::Error && !allowed.contains(&d.code) {
            allowed.push(d.code);
            if let Some(a) = allow(ws, scenario, d.code.as_str()) {
                out.push(a);
            }
        }
    }
    out
}

/// Inserts `allow CODE "…"` before the `}` of the scenario's header block.
fn allow(ws: &Workspace, scenario: &Path, code: &str) -> Option<CodeAction> {
    let doc = ws.doc(scenario)?;
    let tree = &doc.tree;
    let item = tree.items.iter().find(|i| i.rule == Rule::scenario)?;
    let close = item.children.iter().rfind(|c| c.rule == Rule::rbrace)?;
    let line_start = doc
        .text
        .get(..close.span.start)?
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let at = doc.index.position(&doc.text, line_start);
    let edit = TextEdit::new(
        Range::new(at, at),
        format!("  allow {code} \"why the umpire accepts this\"\n"),
    );
    Some(action(
        format!("allow {code} in this scenario"),
        &uri_of(scenario)?,
        vec![edit],
        CodeActionKind::QUICKFIX,
        false,
    ))
}

fn action(
    title: String,
    uri: &lsp_types::Uri,
    edits: Vec<TextEdit>,
    kind: CodeActionKind,
    preferred: bool,
) -> CodeAction {
    // The protocol's own map: the URI's cells are its parser's lazy data, its
    // hash and equality are over its text, which never changes.
    #[allow(clippy::mutable_key_type)]
    let mut changes = HashMap::new();
    changes.insert(uri.clone(), edits);
    CodeAction {
        title,
        kind: Some(kind),
        edit: Some(WorkspaceEdit::new(changes)),
        is_preferred: preferred.then_some(true),
        ..Default::default()
    }
}
