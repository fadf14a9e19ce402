//! What the server knows between requests: the open documents with their parses,
//! and the last check of every open scenario, per pack.
//!
//! A keystroke replaces one document, re-reads its concrete tree and re-checks the
//! open scenarios it can affect: itself, or for a library every open scenario
//! whose last check read it. Files that are not open come through the pack's
//! [`World`], so the crate itself never touches the disk.

use crate::line_index::LineIndex;
use muster_check::Outcome;
use muster_model::{PackConfig, SourceCache, World, WorldError, CONFIG_FILE};
use muster_syntax::cst::Cst;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The outside world the server needs: pack roots, files and configurations.
pub trait Disk {
    /// The pack root of a file inside the workspace folder `folder`: the nearest
    /// folder above it, and not above `folder`, holding `muster.toml`, else the
    /// file's own folder. `None` when the file is not really inside `folder`
    /// (a symlink leads out): it then gets syntax diagnostics only.
    fn pack_root(&self, file: &Path, folder: &Path) -> Option<PathBuf>;
    /// The files of a pack (for what is not open).
    fn world(&self, root: &Path) -> Box<dyn World>;
    /// The pack's `muster.toml`, if it has one.
    fn config(&self, root: &Path) -> Option<String>;
    /// The editor's cursor stands on `line` (1-based) of `file`: passed on to
    /// the map studio when one is linked (`muster lsp --studio`), which
    /// highlights the item written there.
    fn cursor_moved(&self, _file: &Path, _line: u32) {}
}

/// One open document.
#[derive(Debug)]
pub struct Doc {
    pub text: String,
    pub version: i32,
    pub index: LineIndex,
    /// As far as the text parses: a syntax error costs only the statement or
    /// item it is in ([`Cst::broken`]).
    pub tree: Cst,
    pub root: PathBuf,
    /// Pack-relative path with `/`.
    pub rel: String,
    /// Outside every workspace folder: parsed only, never checked, so nothing it
    /// names (`use "passwd"`) is read.
    pub outside: bool,
}

impl Doc {
    pub fn is_library(&self) -> bool {
        is_library(&self.rel)
    }
}

/// Whether a pack-relative path lies in a `lib` folder (libraries are checked
/// through the scenarios that `use` them).
pub fn is_library(rel: &str) -> bool {
    let mut parts: Vec<&str> = rel.split('/').collect();
    parts.pop();
    parts.contains(&"lib")
}

/// Everything open, and the last outcome of every open scenario.
pub struct Workspace {
    disk: Box<dyn Disk>,
    pub docs: BTreeMap<PathBuf, Doc>,
    pub outcomes: BTreeMap<PathBuf, Outcome>,
    /// Files that were last sent diagnostics, so a fixed file is cleared.
    published: BTreeSet<PathBuf>,
    /// Parsed and resolved libraries for the session, per pack root: a keystroke
    /// in a scenario re-reads only that scenario; an edited library is parsed
    /// and resolved again once, since its text no longer matches.
    caches: BTreeMap<PathBuf, SourceCache>,
    /// The workspace folders: only files inside them are checked or read.
    folders: Vec<PathBuf>,
    /// Texts received and not yet parsed: the latest per document.
    pending: BTreeMap<PathBuf, (String, i32)>,
    /// Files changed (or closed) since the last flush.
    changed: BTreeSet<PathBuf>,
    /// Open scenarios whose check is due.
    due: BTreeSet<PathBuf>,
    /// Something was parsed, closed or checked since diagnostics were last
    /// published: a flush with nothing new publishes nothing, so a request
    /// never repeats diagnostics the editor already has.
    unpublished: bool,
    /// Documents closed since the last publication: each is cleared then.
    closed: BTreeSet<PathBuf>,
    /// Each pack's `muster.toml` problems (MC109), with its text, as last read.
    config_problems: BTreeMap<PathBuf, (String, Vec<muster_syntax::Diagnostic>)>,
}

/// The pack's files as the checker sees them: open documents first, then disk.
struct Overlay<'a> {
    root: &'a Path,
    docs: &'a BTreeMap<PathBuf, Doc>,
    disk: &'a dyn World,
}

impl World for Overlay<'_> {
    fn read(&self, path: &str) -> Result<String, WorldError> {
        match self.docs.get(&self.root.join(path)) {
            Some(doc) => Ok(doc.text.clone()),
            None => self.disk.read(path),
        }
    }
}

/// The diagnostics to send for one file, as (file, muster diagnostics with the
/// file's text).
pub type Publish = Vec<(PathBuf, Vec<muster_syntax::Diagnostic>, String)>;

impl Workspace {
    /// A workspace reading only below `folders` (the editor's workspace folders).
    /// Tells the outside world where the editor's cursor is ([`Disk::cursor_moved`]).
    pub fn cursor_moved(&self, file: &Path, line: u32) {
        self.disk.cursor_moved(file, line);
    }

    pub fn new(disk: Box<dyn Disk>, folders: Vec<PathBuf>) -> Self {
        Workspace {
            disk,
            docs: BTreeMap::new(),
            outcomes: BTreeMap::new(),
            published: BTreeSet::new(),
            caches: BTreeMap::new(),
            folders,
            pending: BTreeMap::new(),
            changed: BTreeSet::new(),
            due: BTreeSet::new(),
            unpublished: false,
            closed: BTreeSet::new(),
            config_problems: BTreeMap::new(),
        }
    }

    /// Opens or replaces a document and re-checks what it affects at once.
    pub fn set(&mut self, path: PathBuf, text: String, version: i32) -> Publish {
        self.update(path, text, version);
        self.flush(&|| false)
    }

    /// Records a document's new text; it is parsed and checked at the next
    /// [`flush`](Self::flush), so a burst of changes costs one parse and check.
    pub fn update(&mut self, path: PathBuf, text: String, version: i32) {
        self.pending.insert(path, (text, version));
    }

    /// Adds and removes workspace folders; open documents are placed again.
    pub fn change_folders(&mut self, added: Vec<PathBuf>, removed: Vec<PathBuf>) {
        self.folders.retain(|f| !removed.contains(f));
        self.folders.extend(added);
        for (path, doc) in std::mem::take(&mut self.docs) {
            self.outcomes.remove(&path);
            self.pending.entry(path).or_insert((doc.text, doc.version));
        }
    }

    /// Parses the texts received since the last flush and checks the open
    /// scenarios they affect. Before each check `stale` is asked whether newer
    /// messages wait; if so the rest is left for the next flush and nothing is
    /// published yet (diagnostics of an old text would point at the new one).
    pub fn flush(&mut self, stale: &dyn Fn() -> bool) -> Publish {
        if !self.pending.is_empty() || !self.changed.is_empty() {
            self.unpublished = true;
        }
        for (path, (text, version)) in std::mem::take(&mut self.pending) {
            let doc = self.doc_of(&path, text, version);
            self.docs.insert(path.clone(), doc);
            self.changed.insert(path);
        }
        for path in std::mem::take(&mut self.changed) {
            let affected = self.affected(&path);
            self.due.extend(affected);
        }
        while let Some(scenario) = self.due.first().cloned() {
            if stale() {
                return Vec::new();
            }
            self.due.remove(&scenario);
            if let Some(root) = self.docs.get(&scenario).map(|d| d.root.clone()) {
                self.caches.entry(root).or_default();
            }
            if let Some(outcome) = self.check(&scenario) {
                self.outcomes.insert(scenario, outcome);
            }
        }
        if !std::mem::take(&mut self.unpublished) {
            return Vec::new();
        }
        self.publish()
    }

    /// A document for a text: parsed, and placed in its pack when it lies inside
    /// a workspace folder.
    fn doc_of(&mut self, path: &Path, text: String, version: i32) -> Doc {
        let (root, outside) = match self.root_inside(path) {
            Some(root) => (root, false),
            None => (path.parent().unwrap_or(path).to_path_buf(), true),
        };
        let rel = rel_path(&root, path);
        // one parse gives the editor its tree and the check its typed tree
        let tree = self
            .caches
            .entry(root.clone())
            .or_default()
            .parse_with_tree(&rel, &text);
        Doc {
            index: LineIndex::new(&text),
            tree,
            text,
            version,
            rel,
            root,
            outside,
        }
    }

    /// The pack root of a file inside a workspace folder; `None` outside them.
    fn root_inside(&self, path: &Path) -> Option<PathBuf> {
        if crate::convert::has_parent_dir(path) {
            return None;
        }
        let folder = self
            .folders
            .iter()
            .filter(|f| path.starts_with(f) && path != f.as_path())
            .max_by_key(|f| f.as_os_str().len())?;
        self.disk.pack_root(path, folder)
    }

    /// Closes a document; its scenario's outcome is dropped, and the next
    /// [`flush`](Self::flush) clears its diagnostics and re-checks what read it.
    pub fn close(&mut self, path: &Path) {
        self.pending.remove(path);
        self.docs.remove(path);
        self.outcomes.remove(path);
        self.due.remove(path);
        self.changed.insert(path.to_path_buf());
        self.closed.insert(path.to_path_buf());
    }

    /// The open scenarios a change to `path` can affect.
    fn affected(&self, path: &Path) -> Vec<PathBuf> {
        let Some(doc) = self.docs.get(path) else {
            let Some(root) = self.root_inside(path) else {
                return Vec::new();
            };
            return self
                .outcomes
                .iter()
                .filter(|(_, o)| reads(o, &root, path))
                .map(|(p, _)| p.clone())
                .collect();
        };
        if doc.outside {
            return Vec::new();
        }
        let mut out: Vec<PathBuf> = if doc.is_library() {
            Vec::new()
        } else {
            vec![path.to_path_buf()]
        };
        for (p, o) in &self.outcomes {
            if p != path && reads(o, &doc.root, path) {
                out.push(p.clone());
            }
        }
        out
    }

    /// Re-checks the scenarios `path` affects and returns what to publish.
    pub fn recheck(&mut self, path: &Path) -> Publish {
        self.changed.insert(path.to_path_buf());
        self.flush(&|| false)
    }

    /// Runs the whole check of one open scenario inside the workspace, with its
    /// pack's `muster.toml` read as the CLI reads it (problems kept to publish).
    pub fn check(&mut self, path: &Path) -> Option<Outcome> {
        let doc = self.docs.get(path).filter(|d| !d.outside)?;
        let disk = self.disk.world(&doc.root);
        let world = Overlay {
            root: &doc.root,
            docs: &self.docs,
            disk: disk.as_ref(),
        };
        let text = self.disk.config(&doc.root);
        let (pack, problems) = PackConfig::load(text.as_deref());
        if problems.is_empty() {
            self.config_problems.remove(&doc.root);
        } else {
            self.config_problems
                .insert(doc.root.clone(), (text.unwrap_or_default(), problems));
        }
        Some(match self.caches.get(&doc.root) {
            Some(cache) => muster_check::run_cached(&world, &doc.rel, &pack, cache),
            None => muster_check::run(&world, &doc.rel, &pack),
        })
    }

    /// The diagnostics of every file that has or had any, gathered from the open
    /// scenarios' outcomes; an open library no open scenario uses gets its parse
    /// diagnostics.
    fn publish(&mut self) -> Publish {
        let mut by_file: BTreeMap<PathBuf, (Vec<muster_syntax::Diagnostic>, String)> =
            BTreeMap::new();
        for (scenario, outcome) in &self.outcomes {
            let Some(doc) = self.docs.get(scenario) else {
                continue;
            };
            for f in &outcome.model.files {
                by_file
                    .entry(doc.root.join(&f.path))
                    .or_insert_with(|| (Vec::new(), f.text.to_string()));
            }
            for d in &outcome.diagnostics {
                let Some(label) = d.primary() else { continue };
                let Some(f) = outcome.model.files.iter().find(|f| f.id == label.file) else {
                    continue;
                };
                let entry = by_file
                    .entry(doc.root.join(&f.path))
                    .or_insert_with(|| (Vec::new(), f.text.to_string()));
                if !entry.0.contains(d) {
                    entry.0.push(d.clone());
                }
            }
        }
        for (root, (text, problems)) in &self.config_problems {
            if self.docs.values().any(|d| &d.root == root && !d.outside) {
                by_file.insert(root.join(CONFIG_FILE), (problems.clone(), text.clone()));
            }
        }
        for (path, doc) in &self.docs {
            if (doc.outside || doc.is_library()) && !by_file.contains_key(path) {
                let file = muster_syntax::FileId(0);
                let diagnostics = match self.caches.get(&doc.root) {
                    Some(cache) => cache.parse(&doc.rel, &doc.text, file).diagnostics,
                    None => muster_syntax::parse(file, &doc.text).diagnostics,
                };
                by_file.insert(path.clone(), (diagnostics, doc.text.clone()));
            }
        }
        let mut out: Publish = Vec::new();
        let closed = std::mem::take(&mut self.closed);
        for old in self.published.union(&closed) {
            if !by_file.contains_key(old) {
                out.push((old.clone(), Vec::new(), String::new()));
            }
        }
        self.published = by_file.keys().cloned().collect();
        for (path, (diags, text)) in by_file {
            // An open document's own text is what its positions refer to.
            let text = self.docs.get(&path).map_or(text, |d| d.text.clone());
            out.push((path, diags, text));
        }
        out
    }

    /// The open document at `path`.
    pub fn doc(&self, path: &Path) -> Option<&Doc> {
        self.docs.get(path)
    }

    /// The outcome that covers `path`: its own, or an open scenario's that read it.
    pub fn outcome_for<'a>(&'a self, path: &'a Path) -> Option<(&'a Path, &'a Outcome)> {
        if let Some(o) = self.outcomes.get(path) {
            return Some((path, o));
        }
        let root = self.docs.get(path).map(|d| d.root.clone())?;
        self.outcomes
            .iter()
            .find(|(_, o)| reads(o, &root, path))
            .map(|(p, o)| (p.as_path(), o))
    }

    /// The pack root of any file (a file outside the workspace: its folder).
    pub fn root_of(&self, path: &Path) -> PathBuf {
        match self.docs.get(path) {
            Some(d) => d.root.clone(),
            None => self
                .root_inside(path)
                .unwrap_or_else(|| path.parent().unwrap_or(path).to_path_buf()),
        }
    }

    /// The text of a pack file: open, else from the disk when it lies inside the
    /// workspace.
    pub fn text_of(&self, path: &Path) -> Option<String> {
        if let Some(d) = self.docs.get(path) {
            return Some(d.text.clone());
        }
        let root = self.root_inside(path)?;
        self.disk.world(&root).read(&rel_path(&root, path)).ok()
    }
}

/// Whether an outcome read the file at `path`.
fn reads(outcome: &Outcome, root: &Path, path: &Path) -> bool {
    outcome
        .model
        .files
        .iter()
        .any(|f| root.join(&f.path) == path)
}

/// A path relative to the pack root, with `/`.
pub fn rel_path(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use muster_model::{work, MemoryWorld};

    /// Nothing on disk: every file the tests use is open.
    struct NoDisk;

    impl Disk for NoDisk {
        fn pack_root(&self, _file: &Path, _folder: &Path) -> Option<PathBuf> {
            Some(PathBuf::from("/pack"))
        }
        fn world(&self, _root: &Path) -> Box<dyn World> {
            Box::new(MemoryWorld::new())
        }
        fn config(&self, _root: &Path) -> Option<String> {
            None
        }
    }

    const LIB: &str = "template coy company \"Company\" nation british {\n  hq coy-hq command figures 3 radio long at (0,-40)\n  element pl-1 coherent rifles lmg figures 6 at (-90,0)\n}\n";

    fn scenario(title: &str) -> String {
        format!(
            "use \"lib/units.muster\"\nscenario \"{title}\" {{\n  turns 12\n  first-bound blue\n  table 4000m by 4000m\n}}\nside blue \"Blue\" nation british\nside red \"Red\" nation german\nforces blue {{\n  company c \"C\" from coy at (1000,1000)\n}}\n"
        )
    }

    #[test]
    fn a_keystroke_parses_its_file_once_and_resolves_only_that_scenario() {
        let mut ws = Workspace::new(Box::new(NoDisk), vec![PathBuf::from("/pack")]);
        ws.set(PathBuf::from("/pack/lib/units.muster"), LIB.into(), 1);
        ws.set(PathBuf::from("/pack/a.muster"), scenario("A"), 1);
        let (parsed, resolved) = (work::parsed_bytes(), work::library_items_resolved());
        let edited = scenario("A, edited");
        ws.set(PathBuf::from("/pack/a.muster"), edited.clone(), 2);
        // once: the editor's tree and the check's typed tree come from one parse
        assert_eq!(work::parsed_bytes() - parsed, edited.len() as u64);
        assert_eq!(work::library_items_resolved(), resolved);
        // an edit to the library is parsed and resolved once, for its scenario
        let lib = LIB.replace("figures 6", "figures 5");
        ws.set(PathBuf::from("/pack/lib/units.muster"), lib.clone(), 2);
        assert_eq!(
            work::parsed_bytes() - parsed,
            (edited.len() + lib.len()) as u64
        );
        assert_eq!(work::library_items_resolved() - resolved, 1);
    }

    #[test]
    fn a_flush_with_nothing_new_publishes_nothing_and_a_close_clears_once() {
        let mut ws = Workspace::new(Box::new(NoDisk), vec![PathBuf::from("/pack")]);
        ws.set(PathBuf::from("/pack/lib/units.muster"), LIB.into(), 1);
        let broken = scenario("A").replace("turns 12", "turns 0");
        let published = ws.set(PathBuf::from("/pack/a.muster"), broken, 1);
        let a = PathBuf::from("/pack/a.muster");
        assert!(published.iter().any(|(p, d, _)| p == &a && !d.is_empty()));
        // a request between changes flushes: the editor already has these
        assert!(ws.flush(&|| false).is_empty());
        ws.close(&a);
        let cleared = ws.flush(&|| false);
        assert!(
            cleared.iter().any(|(p, d, _)| p == &a && d.is_empty()),
            "{cleared:?}"
        );
        assert!(ws.flush(&|| false).is_empty());
    }
}
