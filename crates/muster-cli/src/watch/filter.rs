//! Which file-system events matter to `muster watch`: scenario and library files,
//! `muster.toml`, template files; never editor temporaries, hidden folders or the
//! watch's own outputs.

use std::path::{Path, PathBuf};

/// What a changed path is to the pack.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Change {
    /// A `*.muster` file, pack-relative (`lib/german.muster`).
    Source(String),
    /// The pack's `muster.toml`.
    Config,
    /// A file below the pack's templates folder, pack-relative.
    Template(String),
    /// A name without an extension: possibly a folder added, renamed or removed,
    /// which moves the scenarios inside it (pack-relative). The session keeps it
    /// only when the folder holds scenarios or held files it knows.
    Folder(String),
}

impl Change {
    /// The pack-relative path, as shown in the status line.
    pub fn shown(&self) -> &str {
        match self {
            Change::Source(p) | Change::Template(p) | Change::Folder(p) => p,
            Change::Config => "muster.toml",
        }
    }
}

/// Where one pack lives and what to leave alone inside it (all canonical).
#[derive(Debug, Clone)]
pub struct Filter {
    pub root: PathBuf,
    /// The pack's templates folder (`templates` in `muster.toml`), if any.
    pub templates: Option<PathBuf>,
    /// Output folders: every event below them is the watch's own doing.
    pub outputs: Vec<PathBuf>,
}

impl Filter {
    /// Classifies one event path; `None` when the event is to be ignored.
    pub fn classify(&self, path: &Path) -> Option<Change> {
        let path = canonical_lenient(path);
        if self.outputs.iter().any(|out| path.starts_with(out)) {
            return None;
        }
        let relative = path.strip_prefix(&self.root).ok()?;
        let parts: Option<Vec<&str>> = relative
            .components()
            .map(|c| c.as_os_str().to_str())
            .collect();
        let parts = parts?;
        let name = *parts.last()?;
        if parts.iter().any(|p| p.starts_with('.')) || is_editor_temporary(name) {
            return None;
        }
        let relative = parts.join("/");
        if relative == "muster.toml" {
            return Some(Change::Config);
        }
        if let Some(templates) = &self.templates {
            if path.starts_with(templates) {
                return Some(Change::Template(relative));
            }
        }
        if name.ends_with(".muster") {
            return Some(Change::Source(relative));
        }
        if path.is_dir() || !name.contains('.') {
            return Some(Change::Folder(relative));
        }
        None
    }
}

/// Names editors give their temporary and backup files: vim's swap files and its
/// `4913` probe, `file~` backups, emacs' `#file#` and `.#file` locks, JetBrains'
/// safe-write `___jb_tmp___`/`___jb_old___`, and our own atomic-write temporaries.
pub fn is_editor_temporary(name: &str) -> bool {
    const SUFFIXES: [&str; 9] = [
        "~",
        ".swp",
        ".swx",
        ".swo",
        ".tmp",
        ".bak",
        "___jb_tmp___",
        "___jb_old___",
        ".orig",
    ];
    name == "4913"
        || name.starts_with(".#")
        || (name.starts_with('#') && name.ends_with('#'))
        || name.starts_with(".muster-tmp-")
        || name.starts_with(".goutputstream-")
        || SUFFIXES.iter().any(|s| name.ends_with(s))
}

/// The canonical form of `path`, also when it no longer exists (a removed file):
/// the nearest existing ancestor is canonicalised and the rest appended, so a
/// symlinked temporary folder compares equal to the watched root.
pub fn canonical_lenient(path: &Path) -> PathBuf {
    if let Ok(c) = std::fs::canonicalize(path) {
        return c;
    }
    let mut rest = Vec::new();
    let mut current = path;
    while let Some(parent) = current.parent() {
        if let Some(name) = current.file_name() {
            rest.push(name.to_os_string());
        }
        if let Ok(base) = std::fs::canonicalize(parent) {
            let mut out = base;
            for part in rest.iter().rev() {
                out.push(part);
            }
            return out;
        }
        current = parent;
    }
    path.to_path_buf()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn filter(dir: &Path) -> Filter {
        let root = std::fs::canonicalize(dir).unwrap();
        std::fs::create_dir_all(root.join("site")).unwrap();
        std::fs::create_dir_all(root.join("templates")).unwrap();
        Filter {
            templates: Some(root.join("templates")),
            outputs: vec![root.join("site")],
            root,
        }
    }

    #[test]
    fn sorts_events_into_changes() {
        let dir = tempfile::tempdir().unwrap();
        let f = filter(dir.path());
        let r = &f.root;
        let classify = |p: &str| f.classify(&r.join(p));
        assert_eq!(
            classify("a.muster"),
            Some(Change::Source("a.muster".into()))
        );
        assert_eq!(
            classify("lib/german.muster"),
            Some(Change::Source("lib/german.muster".into()))
        );
        assert_eq!(classify("muster.toml"), Some(Change::Config));
        assert_eq!(
            classify("templates/umpire.html"),
            Some(Change::Template("templates/umpire.html".into()))
        );
        assert_eq!(
            classify("old-folder"),
            Some(Change::Folder("old-folder".into()))
        );
    }

    #[test]
    fn ignores_temporaries_hidden_files_and_outputs() {
        let dir = tempfile::tempdir().unwrap();
        let f = filter(dir.path());
        for p in [
            "a.muster___jb_tmp___",
            "a.muster___jb_old___",
            "a.muster~",
            ".a.muster.swp",
            "4913",
            ".#a.muster",
            "#a.muster#",
            ".git/index",
            "site/a/umpire.html",
            "site/b.muster",
            "notes.txt",
            "sub/muster.toml.bak",
        ] {
            assert_eq!(f.classify(&f.root.join(p)), None, "{p}");
        }
        assert_eq!(f.classify(Path::new("/elsewhere/a.muster")), None);
    }
}
