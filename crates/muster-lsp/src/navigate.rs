//! Go to definition, find references and rename, across the files of a pack.
//!
//! The files searched are those the open scenarios' last checks read (each
//! scenario with the libraries it uses) and the open documents of the same pack.

use crate::convert::{location, uri_of};
use crate::index::{Def, FileIndex};
use crate::state::Workspace;
use lsp_types::{Location, Position, TextEdit, WorkspaceEdit};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// One indexed file.
pub struct Indexed {
    pub path: PathBuf,
    pub text: String,
    pub index: FileIndex,
}

/// The files of `path`'s pack that the server knows, each indexed.
pub fn pack_files(ws: &Workspace, path: &Path) -> Vec<Indexed> {
    let root = ws.root_of(path);
    let mut texts: BTreeMap<PathBuf, String> = BTreeMap::new();
    for (scenario, outcome) in &ws.outcomes {
        if ws.root_of(scenario) != root {
            continue;
        }
        for f in &outcome.model.files {
            texts.insert(root.join(&f.path), f.text.to_string());
        }
    }
    for (p, d) in &ws.docs {
        if d.root == root {
            texts.insert(p.clone(), d.text.clone());
        }
    }
    texts
        .into_iter()
        .map(|(path, text)| {
            let tree = muster_syntax::cst::parse_recovering(&text);
            let index = FileIndex::new(&text, &tree);
            Indexed { path, text, index }
        })
        .collect()
}

/// The name under the cursor and the files to search.
fn target(ws: &Workspace, path: &Path, pos: Position) -> Option<(String, Vec<Indexed>)> {
    let doc = ws.doc(path)?;
    let offset = doc.index.offset(&doc.text, pos);
    let files = pack_files(ws, path);
    let here = files.iter().find(|f| f.path == path)?;
    let name = here.index.mention_at(offset)?.name.clone();
    Some((name, files))
}

/// Where the name under the cursor is defined; a `use` path goes to its file.
pub fn definition(ws: &Workspace, path: &Path, pos: Position) -> Option<Vec<Location>> {
    let doc = ws.doc(path)?;
    let offset = doc.index.offset(&doc.text, pos);
    let tree = &doc.tree;
    let own = FileIndex::new(&doc.text, tree);
    for (written, span) in &own.uses {
        if span.start <= offset && offset <= span.end {
            let base = path.parent()?;
            let target = normalise(&base.join(written));
            // a document outside the workspace imports nothing, and no `use`
            // leads the editor out of its pack
            if doc.outside || !target.starts_with(&doc.root) {
                return None;
            }
            return Some(vec![Location::new(uri_of(&target)?, Default::default())]);
        }
    }
    let (name, files) = target(ws, path, pos)?;
    let defs = defs_named(&files, &name);
    // The definition in the same file wins (an element overridden in a unit's block).
    let local: Vec<_> = defs.iter().filter(|(p, _)| p == path).cloned().collect();
    let chosen = if local.is_empty() { defs } else { local };
    let out: Vec<Location> = chosen
        .into_iter()
        .filter_map(|(p, d)| {
            let f = files.iter().find(|f| f.path == p)?;
            location(&p, &f.text, d.name_span)
        })
        .collect();
    (!out.is_empty()).then_some(out)
}

/// Every definition named `name`, with its file.
fn defs_named(files: &[Indexed], name: &str) -> Vec<(PathBuf, Def)> {
    files
        .iter()
        .flat_map(|f| {
            f.index
                .all_defs()
                .into_iter()
                .filter(|d| d.name == name)
                .map(|d| (f.path.clone(), d.clone()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Every place the name under the cursor is written, definitions included when
/// asked.
pub fn references(ws: &Workspace, path: &Path, pos: Position, with_defs: bool) -> Vec<Location> {
    let Some((name, files)) = target(ws, path, pos) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for f in &files {
        for m in &f.index.mentions {
            if m.name == name && (with_defs || !m.is_def) {
                out.extend(location(&f.path, &f.text, m.span));
            }
        }
    }
    out
}

/// Renames the name under the cursor everywhere in the pack.
pub fn rename(ws: &Workspace, path: &Path, pos: Position, new: &str) -> Option<WorkspaceEdit> {
    let (name, files) = target(ws, path, pos)?;
    // The protocol's own map: the URI's cells are its parser's lazy data, its
    // hash and equality are over its text, which never changes.
    #[allow(clippy::mutable_key_type)]
    let mut changes = HashMap::new();
    for f in &files {
        let index = crate::line_index::LineIndex::new(&f.text);
        let edits: Vec<TextEdit> = f
            .index
            .mentions
            .iter()
            .filter(|m| m.name == name)
            .map(|m| TextEdit::new(index.range(&f.text, m.span), new.to_string()))
            .collect();
        if !edits.is_empty() {
            changes.insert(uri_of(&f.path)?, edits);
        }
    }
    Some(WorkspaceEdit::new(changes))
}

/// `a/./b/../c` as `a/c`, without touching the disk.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}
