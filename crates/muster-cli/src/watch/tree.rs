//! Which folders `muster watch` watches: every folder of each pack root, found by
//! our own walk that never follows a symlink (a link to `/usr` costs nothing),
//! skips hidden and output folders, and passes over folders it cannot read (the
//! check reports those). Each root's identity (device, inode) is remembered, so a
//! root replaced by another folder of the same name is noticed and watched anew.

use super::events::Events;
use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// The watched roots and what to leave out below them.
pub struct Tree {
    /// Canonical root to the identity of the folder watched there.
    roots: BTreeMap<PathBuf, Option<(u64, u64)>>,
    /// Output folders: their events are the watch's own doing.
    skip: Vec<PathBuf>,
}

/// The identity of the folder at `path` (not following a final symlink).
fn identity(path: &Path) -> Option<(u64, u64)> {
    fs::symlink_metadata(path)
        .ok()
        .filter(fs::Metadata::is_dir)
        .map(|m| (m.dev(), m.ino()))
}

impl Tree {
    pub fn new(roots: &[PathBuf], skip: Vec<PathBuf>) -> Tree {
        Tree {
            roots: roots.iter().map(|r| (r.clone(), None)).collect(),
            skip,
        }
    }

    /// Watches every root's folders; returns the trouble met (none is fatal).
    pub fn watch_all(&mut self, events: &mut Events) -> Vec<String> {
        let roots: Vec<PathBuf> = self.roots.keys().cloned().collect();
        roots
            .iter()
            .flat_map(|root| self.watch_root(root, events))
            .collect()
    }

    /// Watches one root (again) from the top, recording its identity.
    pub fn watch_root(&mut self, root: &Path, events: &mut Events) -> Vec<String> {
        let id = identity(root);
        self.roots.insert(root.to_path_buf(), id);
        let mut trouble = Vec::new();
        if id.is_some() {
            self.watch_folder(root, events, &mut trouble);
        }
        trouble
    }

    /// Roots that are present but are no longer the folder watched.
    pub fn replaced(&self) -> Vec<PathBuf> {
        self.roots
            .iter()
            .filter(|(root, id)| {
                let now = identity(root);
                now.is_some() && now != **id
            })
            .map(|(root, _)| root.clone())
            .collect()
    }

    /// The roots an event names themselves: removed, moved or recreated, so
    /// their watches may be gone even when a new folder took the same inode.
    pub fn named(&self, paths: &[PathBuf]) -> Vec<PathBuf> {
        self.roots
            .keys()
            .filter(|r| paths.contains(r))
            .cloned()
            .collect()
    }

    /// Watches folders an event names that are new below a root (a folder
    /// created or moved in: its files are not watched otherwise).
    pub fn add_new(&self, paths: &[PathBuf], events: &mut Events) {
        let mut trouble = Vec::new();
        for path in paths {
            let hidden = |root: &PathBuf| {
                path.strip_prefix(root).is_ok_and(|rel| {
                    rel.components()
                        .any(|c| c.as_os_str().to_string_lossy().starts_with('.'))
                })
            };
            let inside = self
                .roots
                .keys()
                .any(|r| path.starts_with(r) && path != r && !hidden(r));
            if inside && identity(path).is_some() && !self.skipped(path) {
                self.watch_folder(path, events, &mut trouble);
            }
        }
    }

    fn skipped(&self, path: &Path) -> bool {
        self.skip.iter().any(|s| path.starts_with(s))
            || path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
    }

    /// Watches `dir` and the folders below it, never through a symlink.
    fn watch_folder(&self, dir: &Path, events: &mut Events, trouble: &mut Vec<String>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        if let Err(e) = events.watch(dir) {
            trouble.push(e);
        }
        for entry in entries.flatten() {
            let path = entry.path();
            let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
            if is_dir && !self.skipped(&path) {
                self.watch_folder(&path, events, trouble);
            }
        }
    }
}
