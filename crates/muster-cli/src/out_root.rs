//! The output root: resolved and canonicalised once, before anything is written,
//! and refused when it leaves its pack through a symlink or holds the sources.
//! The writer and the preview server share the result and re-verify it (same
//! canonical path, same inode) before each use, so a folder swapped for a symlink
//! later is refused rather than followed.
use muster_syntax::Code;

use crate::beneath::Dir;
use crate::error::CliError;
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// The code of every output-folder refusal.
pub const UNSAFE_OUTPUT: Code = Code::MC117;

/// Where the output folder was asked for.
#[derive(Debug, Clone)]
pub enum OutRequest {
    /// `--out DIR`: the user named it; symlinks in it are followed once, here.
    Given(PathBuf),
    /// `out` in a pack's `muster.toml`: pack-relative, confined to the pack.
    Configured { pack_root: PathBuf, out: String },
}

impl OutRequest {
    fn shown(&self) -> String {
        match self {
            OutRequest::Given(p) => p.display().to_string(),
            OutRequest::Configured { out, .. } => out.clone(),
        }
    }
}

/// A resolved output folder: its canonical path, the identity of the folder
/// found there, and that folder opened as a handle: every write, rename, removal
/// and read below it goes through the handle, never through the path.
#[derive(Debug, Clone)]
pub struct OutRoot {
    path: PathBuf,
    id: (u64, u64),
    dir: Dir,
}

impl OutRoot {
    /// Resolves `request`, creating the folder when missing. `sources` are the
    /// canonical pack roots whose files must never lie inside the output.
    pub fn resolve(request: &OutRequest, sources: &[PathBuf]) -> Result<OutRoot, CliError> {
        let wanted = match request {
            OutRequest::Given(p) => p.clone(),
            OutRequest::Configured { pack_root, out } => {
                let wanted = pack_root.join(out);
                confined(request, &wanted, pack_root)?;
                wanted
            }
        };
        if wanted.exists() && !wanted.is_dir() {
            return Err(CliError::OutIsFile(wanted));
        }
        fs::create_dir_all(&wanted).map_err(|e| CliError::write(&wanted, &e))?;
        let path = fs::canonicalize(&wanted).map_err(|e| CliError::write(&wanted, &e))?;
        if let OutRequest::Configured { pack_root, .. } = request {
            // Re-checked after creating: a symlink may have appeared meanwhile.
            confined(request, &path, pack_root)?;
        }
        for root in sources {
            if let Some(reason) = holds_sources(&path, root) {
                return Err(refused(request, reason));
            }
        }
        let dir = Dir::open(&path).map_err(|e| CliError::write(&path, &e))?;
        let id = dir.id().map_err(|e| CliError::write(&path, &e))?;
        let root = OutRoot { path, id, dir };
        // The folder opened must be the one whose path was checked above.
        root.check()?;
        Ok(root)
    }

    /// The folder, opened once.
    pub fn dir(&self) -> &Dir {
        &self.dir
    }

    /// The canonical path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the folder at the canonical path is still the one resolved: no part
    /// of the path was replaced by a symlink, the folder was not swapped.
    pub fn verify(&self) -> bool {
        let same_path = fs::canonicalize(&self.path).is_ok_and(|p| p == self.path);
        let same_folder = fs::symlink_metadata(&self.path)
            .is_ok_and(|m| m.is_dir() && (m.dev(), m.ino()) == self.id);
        same_path && same_folder
    }

    /// [`verify`](Self::verify) as an error for the writer.
    pub fn check(&self) -> Result<(), CliError> {
        if self.verify() {
            Ok(())
        } else {
            Err(CliError::Refused {
                code: UNSAFE_OUTPUT,
                message: format!(
                    "the output folder `{}` was replaced or moved after it was opened",
                    self.path.display()
                ),
                help: "nothing more is written there; start the command again".into(),
            })
        }
    }
}

/// Refuses a configured `out` whose real location (symlinks resolved as far as
/// the path exists) is not inside the pack.
fn confined(request: &OutRequest, wanted: &Path, pack_root: &Path) -> Result<(), CliError> {
    let real = crate::watch::canonical_lenient(wanted);
    if real.starts_with(pack_root) {
        return Ok(());
    }
    Err(refused(
        request,
        format!(
            "it leaves the pack through a symlink (it is really `{}`)",
            real.display()
        ),
    ))
}

fn refused(request: &OutRequest, reason: String) -> CliError {
    CliError::Refused {
        code: UNSAFE_OUTPUT,
        message: format!(
            "cannot use `{}` as the output folder: {reason}",
            request.shown()
        ),
        help: "choose a folder of its own, e.g. `site` inside the pack or one outside it".into(),
    }
}

/// Why the output folder `out` would hold sources of the pack at `root`, if it would.
fn holds_sources(out: &Path, root: &Path) -> Option<String> {
    if root.starts_with(out) {
        let what = if root == out { "is" } else { "contains" };
        return Some(format!("it {what} the pack `{}`", root.display()));
    }
    if out.starts_with(root) {
        if let Some(file) = first_source(out) {
            return Some(format!("it holds the source file `{}`", file.display()));
        }
    }
    None
}

/// The first `*.muster` file below `dir` (symlinks not followed).
fn first_source(dir: &Path) -> Option<PathBuf> {
    for entry in fs::read_dir(dir).ok()?.flatten() {
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => {
                if let Some(found) = first_source(&path) {
                    return Some(found);
                }
            }
            Ok(t) if t.is_file() && path.extension().is_some_and(|e| e == "muster") => {
                return Some(path)
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_swapped_folder_fails_verification() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("site");
        let root = OutRoot::resolve(&OutRequest::Given(out.clone()), &[]).unwrap();
        assert!(root.verify());
        fs::rename(&out, dir.path().join("site.real")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("site.real"), &out).unwrap();
        assert!(!root.verify());
    }

    #[test]
    fn the_pack_itself_and_its_parent_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let pack = fs::canonicalize(dir.path()).unwrap().join("pack");
        fs::create_dir_all(pack.join("lib")).unwrap();
        fs::write(pack.join("lib/a.muster"), "").unwrap();
        let sources = [pack.clone()];
        for out in [pack.clone(), pack.join(".."), pack.join("lib")] {
            let got = OutRoot::resolve(&OutRequest::Given(out.clone()), &sources);
            assert!(matches!(got, Err(CliError::Refused { .. })), "{out:?}");
        }
        assert!(OutRoot::resolve(&OutRequest::Given(pack.join("site")), &sources).is_ok());
    }
}
