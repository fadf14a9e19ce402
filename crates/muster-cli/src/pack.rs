//! Finding what to check: the pack root of each path, its `muster.toml`, and the
//! scenario files under the folders given.
//!
//! Rules (documented in docs/cli.md):
//! - the pack root is the nearest folder at or above the path holding `muster.toml`,
//!   else the folder given (or the file's folder);
//! - folders are searched recursively for `*.muster`; hidden folders and symlinks
//!   are skipped; files below a `lib` folder *inside* the searched folder are
//!   libraries and are checked through the scenarios that `use` them;
//! - a file given by name, or a file found under a `lib` folder given by name, is
//!   checked on its own; a library file (one with a `lib` folder in its pack-relative
//!   path) is then checked as a library: syntax and imports only.
use muster_syntax::Code;

use crate::error::CliError;
use crate::world::FsWorld;
use muster_model::PackConfig;
use muster_syntax::Diagnostic;
use std::collections::BTreeSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

/// The file naming a pack root and holding its settings.
pub use muster_model::CONFIG_FILE;
/// What the club owns, checked by MC901–MC903.
pub const COLLECTION_FILE: &str = "collection.toml";

/// `muster.toml`'s text and the problems found in it, when it has any.
pub type ConfigProblems = Option<(String, Vec<Diagnostic>)>;

/// One pack: its root, settings and file-system world.
#[derive(Debug)]
pub struct Pack {
    /// Canonical root folder.
    pub root: PathBuf,
    /// The root as shown to the user (relative to the working folder when below it).
    pub display_root: PathBuf,
    pub config: PackConfig,
    /// `muster.toml`'s text and the problems found in it, if any.
    pub config_problems: ConfigProblems,
    pub world: FsWorld,
}

impl Pack {
    /// How to show a pack-relative path to the user.
    pub fn display(&self, relative: &str) -> String {
        let shown = if self.display_root.as_os_str().is_empty() {
            PathBuf::from(relative)
        } else {
            self.display_root.join(relative)
        };
        // As written: a backslash is part of a name here, never a separator.
        shown.to_string_lossy().into_owned()
    }
}

/// One scenario (or library) to check.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Target {
    /// Index into [`Discovery::packs`].
    pub pack: usize,
    /// Pack-relative, `/`-separated.
    pub path: String,
    /// Checked as a library: syntax and imports only.
    pub library: bool,
}

/// A file or folder that could not be read (MC116), or that muster will not
/// read (MC120: a FIFO, a device, a name with a backslash): reported while the
/// rest is checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// Index into [`Discovery::packs`].
    pub pack: usize,
    /// Pack-relative, `/`-separated.
    pub path: String,
    pub reason: String,
    /// Refused by the walk's rules (MC120) rather than unreadable (MC116).
    pub refused: bool,
}

/// Everything the paths given name.
#[derive(Debug, Default)]
pub struct Discovery {
    pub packs: Vec<Pack>,
    /// Sorted by the path shown, without duplicates.
    pub targets: Vec<Target>,
    /// Folders that could not be searched.
    pub unreadable: Vec<Unreadable>,
}

impl Discovery {
    /// Shows at most `limit` findings of one code per file (`--max-diagnostics`).
    pub fn limited(mut self, limit: muster_model::FindingsLimit) -> Discovery {
        for pack in &mut self.packs {
            pack.config.findings_limit = limit;
        }
        self
    }

    /// Finds the packs and scenario files the paths name.
    pub fn find(paths: &[PathBuf]) -> Result<Discovery, CliError> {
        let cwd = std::env::current_dir()
            .ok()
            .and_then(|c| fs::canonicalize(c).ok());
        let mut discovery = Discovery::default();
        let mut seen = BTreeSet::new();
        for given in paths {
            let canonical = match fs::canonicalize(given) {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(CliError::MissingPath(given.clone()))
                }
                Err(e) => return Err(CliError::io(given, &e)),
            };
            let meta = fs::metadata(&canonical).map_err(|e| CliError::io(given, &e))?;
            let folder = if meta.is_dir() {
                canonical.clone()
            } else {
                canonical
                    .parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|| canonical.clone())
            };
            let root = pack_root(&folder);
            let pack = discovery.pack_index(&root, cwd.as_deref())?;
            let root = discovery.packs[pack].root.clone();
            let files = if meta.is_dir() {
                let found = crate::walk::muster_files(&canonical, &|name| name == "lib");
                let troubles = (found.unreadable.into_iter().map(|t| (t, false)))
                    .chain(found.refused.into_iter().map(|t| (t, true)));
                for ((folder, reason), refused) in troubles {
                    if let Some(path) = relative_to(&folder, &root) {
                        discovery.add_trouble(Unreadable {
                            pack,
                            path,
                            reason,
                            refused,
                        });
                    }
                }
                found.files
            } else if let Some(reason) = crate::walk::refused_named(given) {
                // Named, but a FIFO or a device: refused now, never opened.
                if let Some(path) = relative_to(&canonical, &root) {
                    discovery.add_trouble(Unreadable {
                        pack,
                        path,
                        reason,
                        refused: true,
                    });
                }
                Vec::new()
            } else {
                vec![canonical.clone()]
            };
            for file in files {
                let Some(relative) = relative_to(&file, &discovery.packs[pack].root) else {
                    continue;
                };
                let library = is_library(&relative);
                if seen.insert((pack, relative.clone())) {
                    discovery.targets.push(Target {
                        pack,
                        path: relative,
                        library,
                    });
                }
            }
        }
        if discovery.targets.is_empty() && discovery.unreadable.is_empty() {
            let shown = paths.first().cloned().unwrap_or_else(|| PathBuf::from("."));
            return Err(CliError::NothingToCheck(shown));
        }
        let packs = &discovery.packs;
        discovery
            .targets
            .sort_by_cached_key(|t| (packs[t.pack].display(&t.path), t.pack));
        Ok(discovery)
    }

    fn add_trouble(&mut self, item: Unreadable) {
        if !self.unreadable.contains(&item) {
            self.unreadable.push(item);
        }
    }

    /// The index of the pack rooted at `root`, loading it on first use.
    fn pack_index(&mut self, root: &Path, cwd: Option<&Path>) -> Result<usize, CliError> {
        if let Some(i) = self.packs.iter().position(|p| p.root == root) {
            return Ok(i);
        }
        let world = FsWorld::for_run(root).map_err(|e| CliError::io(root, &e))?;
        let display_root = match cwd {
            Some(cwd) => relative_path(cwd, root),
            None => root.to_path_buf(),
        };
        let (mut config, mut config_problems) = load_config(root)?;
        match load_collection(root) {
            Ok(c) => config.collection = c,
            Err(problems) => match &mut config_problems {
                Some((_, d)) => d.extend(problems),
                None => config_problems = Some((String::new(), problems)),
            },
        }
        self.packs.push(Pack {
            root: root.to_path_buf(),
            display_root,
            config,
            config_problems,
            world,
        });
        Ok(self.packs.len() - 1)
    }
}

fn load_config(root: &Path) -> Result<(PackConfig, ConfigProblems), CliError> {
    let file = root.join(CONFIG_FILE);
    if !file.is_file() {
        return Ok((PackConfig::default(), None));
    }
    let text = match fs::read_to_string(&file) {
        Ok(text) => text,
        Err(e) => {
            let problem = unreadable_diagnostic(CONFIG_FILE, "file", &reason(&e));
            return Ok((PackConfig::default(), Some((String::new(), vec![problem]))));
        }
    };
    match PackConfig::load(Some(&text)) {
        (config, problems) if problems.is_empty() => Ok((config, None)),
        (config, problems) => Ok((config, Some((text, problems)))),
    }
}

/// The club's `collection.toml` beside `muster.toml`, when there is one
/// (docs/collection.md); its problems are MC109s like `muster.toml`'s.
fn load_collection(root: &Path) -> Result<Option<muster_model::Collection>, Vec<Diagnostic>> {
    let file = root.join(COLLECTION_FILE);
    if !file.is_file() {
        return Ok(None);
    }
    match fs::read_to_string(&file) {
        Ok(text) => muster_model::Collection::from_toml(&text).map(Some),
        Err(e) => Err(vec![unreadable_diagnostic(
            COLLECTION_FILE,
            "file",
            &reason(&e),
        )]),
    }
}

/// The nearest folder at or above `folder` holding `muster.toml`, else `folder`.
fn pack_root(folder: &Path) -> PathBuf {
    folder
        .ancestors()
        .find(|dir| dir.join(CONFIG_FILE).is_file())
        .unwrap_or(folder)
        .to_path_buf()
}

/// The code of a file or folder of the pack that cannot be read.
pub const UNREADABLE: Code = Code::MC116;

/// MC116 for the `kind` ("file", "folder") at `shown`.
pub fn unreadable_diagnostic(shown: &str, kind: &str, reason: &str) -> Diagnostic {
    Diagnostic::error(
        UNREADABLE,
        format!("cannot read the {kind} `{shown}`: {reason}"),
    )
    .with_help(if kind == "folder" {
        "the scenarios in it were not checked; give muster read access or move it out of the pack"
    } else {
        "it was not checked; give muster read access to it"
    })
}

/// An I/O error as a short lowercase reason (`permission denied`).
pub fn reason(err: &std::io::Error) -> String {
    let text = err.to_string();
    let text = text.split(" (os error").next().unwrap_or(&text);
    text.to_lowercase()
}

/// `file` relative to `root` with `/` separators; `None` when not below it or not UTF-8.
fn relative_to(file: &Path, root: &Path) -> Option<String> {
    let rel = file.strip_prefix(root).ok()?;
    let parts: Option<Vec<&str>> = rel.components().map(|c| c.as_os_str().to_str()).collect();
    Some(parts?.join("/"))
}

/// `to` as seen from `from` (both absolute): `pack`, `../pack`, or `to` itself when
/// they share only the file-system root.
fn relative_path(from: &Path, to: &Path) -> PathBuf {
    let from: Vec<Component> = from.components().collect();
    let to_parts: Vec<Component> = to.components().collect();
    let common = from
        .iter()
        .zip(&to_parts)
        .take_while(|(a, b)| a == b)
        .count();
    if common <= 1 {
        return to.to_path_buf();
    }
    let mut out = PathBuf::new();
    for _ in common..from.len() {
        out.push("..");
    }
    for part in &to_parts[common..] {
        out.push(part);
    }
    out
}

/// Whether a pack-relative path lies in a `lib` folder.
pub fn is_library(relative: &str) -> bool {
    let mut parts: Vec<&str> = relative.split('/').collect();
    parts.pop();
    parts.contains(&"lib")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_relative_to_the_working_folder() {
        let rel = |a: &str, b: &str| relative_path(Path::new(a), Path::new(b));
        assert_eq!(rel("/x", "/x/pack"), PathBuf::from("pack"));
        assert_eq!(rel("/x/pack", "/x/pack"), PathBuf::new());
        assert_eq!(rel("/x/pack/lib", "/x/pack"), PathBuf::from(".."));
        assert_eq!(rel("/x/a/b", "/x/pack"), PathBuf::from("../../pack"));
        assert_eq!(rel("/y", "/x/pack"), PathBuf::from("/x/pack"));
    }

    #[test]
    fn library_paths() {
        assert!(is_library("lib/german.muster"));
        assert!(is_library("theatre/lib/x.muster"));
        assert!(!is_library("lib.muster"));
        assert!(!is_library("library/x.muster"));
    }
}
