//! Parse each file once per run: a cache of syntax trees keyed by pack-relative
//! path and content, shared by every scenario a run checks, so a library `use`d
//! by 500 scenarios is parsed once. It is the small incremental core `watch` and
//! the language server keep between edits: an entry is reused only while its
//! text is byte-for-byte the same, so a cached answer is always the answer a
//! fresh parse would give (see ARCHITECTURE.md, "The parse-once cache").

use muster_syntax::{ast, Diagnostic, FileId};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex};

/// One parsed file: its tree and its syntax diagnostics, labelled with a
/// placeholder file id that [`SourceCache::parse`] replaces with the caller's.
#[derive(Debug)]
struct Entry {
    hash: u64,
    text: Arc<str>,
    tree: Arc<ast::File>,
    diagnostics: Vec<Diagnostic>,
}

/// Syntax trees by path, each valid for exactly one text. Cheap to share between
/// threads; at most one entry per path, so a long-lived cache (watch) holds the
/// pack once however often its files change.
#[derive(Debug, Default)]
pub struct SourceCache {
    entries: Mutex<HashMap<String, Arc<Entry>>>,
}

/// The placeholder file id of cached diagnostics.
const CACHED: FileId = FileId(u32::MAX);

fn hash(text: &str) -> u64 {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

impl SourceCache {
    pub fn new() -> Self {
        SourceCache::default()
    }

    /// The tree and syntax diagnostics of `text`, read from `path`, as file `file`:
    /// from the cache when this path was parsed with this very text, else parsed
    /// now and remembered.
    pub fn parse(&self, path: &str, text: &str, file: FileId) -> (Arc<ast::File>, Vec<Diagnostic>) {
        let h = hash(text);
        let hit = self
            .entries
            .lock()
            .ok()
            .and_then(|m| m.get(path).cloned())
            .filter(|e| e.hash == h && *e.text == *text);
        let entry = match hit {
            Some(e) => e,
            None => {
                crate::work::parsed(text.len());
                let parsed = muster_syntax::parse(CACHED, text);
                let e = Arc::new(Entry {
                    hash: h,
                    text: Arc::from(text),
                    tree: Arc::new(parsed.file),
                    diagnostics: parsed.diagnostics,
                });
                if let Ok(mut m) = self.entries.lock() {
                    m.insert(path.to_string(), Arc::clone(&e));
                }
                e
            }
        };
        let diagnostics = entry
            .diagnostics
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
            .collect();
        (Arc::clone(&entry.tree), diagnostics)
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
        let (a, da) = cache.parse("lib/x.muster", text, FileId(3));
        let (b, db) = cache.parse("lib/x.muster", text, FileId(7));
        assert_eq!(crate::work::parsed_bytes() - before, text.len() as u64);
        assert!(Arc::ptr_eq(&a, &b));
        let fresh = muster_syntax::parse(FileId(7), text);
        assert_eq!(db, fresh.diagnostics);
        assert!(
            !da.is_empty()
                && da
                    .iter()
                    .all(|d| d.labels.iter().all(|l| l.file == FileId(3)))
        );
        // a changed text is parsed again and replaces the old entry
        let (c, _) = cache.parse("lib/x.muster", "map {\n}\n", FileId(3));
        assert!(!Arc::ptr_eq(&a, &c));
        assert_eq!(cache.len(), 1);
    }
}
