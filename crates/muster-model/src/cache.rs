//! Parse and resolve each file once per run: a cache of syntax trees, and of
//! what resolving an imported file needs of its text alone
//! ([`Library`]), keyed by pack-relative path and content, shared by every
//! scenario a run checks, so a library `use`d by 500 scenarios is parsed and
//! resolved once. It is the small incremental core `watch` and the language
//! server keep between edits: an entry is reused only while its text is
//! byte-for-byte the same, so a cached answer is always the answer a fresh parse
//! and resolution would give (see ARCHITECTURE.md, "The parse-once cache").

use crate::resolve::library::Library;
use muster_syntax::{ast, Diagnostic, FileId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// One parsed file: its tree, its syntax diagnostics and its own resolved part,
/// labelled with a placeholder file id that the caller's replaces.
#[derive(Debug)]
struct Entry {
    text: Arc<str>,
    tree: Arc<ast::File>,
    diagnostics: Vec<Diagnostic>,
    /// Resolved when the file is first imported: a scenario the language server
    /// parsed ahead ([`SourceCache::parse_with_tree`]) never needs it.
    library: OnceLock<Arc<Library>>,
}

impl Entry {
    fn of(text: &str, parsed: muster_syntax::Parsed) -> Arc<Entry> {
        Arc::new(Entry {
            text: Arc::from(text),
            tree: Arc::new(parsed.file),
            diagnostics: parsed.diagnostics,
            library: OnceLock::new(),
        })
    }

    fn library(&self) -> Arc<Library> {
        Arc::clone(
            self.library
                .get_or_init(|| Arc::new(Library::of(&self.tree))),
        )
    }
}

/// A file from the cache, as the caller's file id.
#[derive(Debug)]
pub struct Cached {
    /// The entry's text (equal to the caller's): importers share it instead of
    /// keeping a copy each.
    pub text: Arc<str>,
    pub tree: Arc<ast::File>,
    /// Its syntax diagnostics.
    pub diagnostics: Vec<Diagnostic>,
    /// What resolution needs of the file's text alone, shared by every importer.
    pub library: Arc<Library>,
}

/// Syntax trees by path, each valid for exactly one text. Cheap to share between
/// threads; at most one entry per path, so a long-lived cache (watch) holds the
/// pack once however often its files change.
#[derive(Debug, Default)]
pub struct SourceCache {
    entries: Mutex<HashMap<String, Arc<Entry>>>,
}

/// The placeholder file id of cached diagnostics and locations.
pub(crate) const CACHED: FileId = FileId(u32::MAX);

/// `diagnostics` stored with the placeholder id, as file `file`.
pub(crate) fn stamp(diagnostics: &[Diagnostic], file: FileId) -> Vec<Diagnostic> {
    diagnostics
        .iter()
        .cloned()
        .map(|mut d| {
            for l in &mut d.labels {
                if l.file == CACHED {
                    l.file = file;
                }
            }
            d
        })
        .collect()
}

impl SourceCache {
    pub fn new() -> Self {
        SourceCache::default()
    }

    /// The tree, syntax diagnostics and resolved library part of `text`, read from
    /// `path`, as file `file`: from the cache when this path was parsed with this
    /// very text, else parsed and resolved now and remembered.
    pub fn parse(&self, path: &str, text: &str, file: FileId) -> Cached {
        // the text itself is the key: comparing it (lengths first, then bytes) is
        // cheaper than hashing it, and a hash would need the comparison anyway
        let entry = match self.hit(path, text) {
            Some(e) => e,
            None => {
                crate::work::parsed(text.len());
                let e = Entry::of(text, muster_syntax::parse(CACHED, text));
                self.keep(path, &e);
                e
            }
        };
        Cached {
            text: Arc::clone(&entry.text),
            tree: Arc::clone(&entry.tree),
            diagnostics: stamp(&entry.diagnostics, file),
            library: entry.library(),
        }
    }

    /// Parses `text` (read from `path`) once for both the checker and an editor:
    /// the typed tree is kept for [`SourceCache::scenario`], the concrete tree is
    /// returned.
    pub fn parse_with_tree(&self, path: &str, text: &str) -> muster_syntax::cst::Cst {
        crate::work::parsed(text.len());
        let (parsed, tree) = muster_syntax::parse_with_tree(CACHED, text);
        self.keep(path, &Entry::of(text, parsed));
        tree
    }

    /// A scenario's tree and syntax diagnostics as file `file`, when this very
    /// text was parsed ahead; `None` otherwise (scenarios are not kept by a check).
    pub fn scenario(
        &self,
        path: &str,
        text: &str,
        file: FileId,
    ) -> Option<(Arc<ast::File>, Vec<Diagnostic>)> {
        let e = self.hit(path, text)?;
        Some((Arc::clone(&e.tree), stamp(&e.diagnostics, file)))
    }

    fn hit(&self, path: &str, text: &str) -> Option<Arc<Entry>> {
        // the text itself is the key: comparing it (lengths first, then bytes) is
        // cheaper than hashing it, and a hash would need the comparison anyway
        self.entries
            .lock()
            .ok()
            .and_then(|m| m.get(path).cloned())
            .filter(|e| *e.text == *text)
    }

    fn keep(&self, path: &str, entry: &Arc<Entry>) {
        if let Ok(mut m) = self.entries.lock() {
            m.insert(path.to_string(), Arc::clone(entry));
        }
    }

    /// How many files the cache holds.
    pub fn len(&self) -> usize {
        self.entries.lock().map_or(0, |m| m.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_parsed_once_per_text_and_its_diagnostics_name_the_callers_file() {
        let cache = SourceCache::new();
        let text = "map {\n  area a brush rect (0,0) size 10m by 10m\n  place p at (1,\n}\n";
        let before = crate::work::parsed_bytes();
        let resolved = crate::work::library_items_resolved();
        let x = cache.parse("lib/x.muster", text, FileId(3));
        let y = cache.parse("lib/x.muster", text, FileId(7));
        let (a, da, b, db) = (x.tree, x.diagnostics, y.tree, y.diagnostics);
        assert_eq!(crate::work::parsed_bytes() - before, text.len() as u64);
        assert_eq!(crate::work::library_items_resolved() - resolved, 1);
        assert!(Arc::ptr_eq(&a, &b));
        assert!(Arc::ptr_eq(&x.library, &y.library));
        let fresh = muster_syntax::parse(FileId(7), text);
        assert_eq!(db, fresh.diagnostics);
        assert!(
            !da.is_empty()
                && da
                    .iter()
                    .all(|d| d.labels.iter().all(|l| l.file == FileId(3)))
        );
        // a changed text is parsed again and replaces the old entry
        let c = cache.parse("lib/x.muster", "map {\n}\n", FileId(3)).tree;
        assert!(!Arc::ptr_eq(&a, &c));
        assert_eq!(cache.len(), 1);
    }
}
