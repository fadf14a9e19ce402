//! The file-system `World`: reads pack-relative paths confined to the pack root.
//!
//! Every file the checker reads goes through here. A path is refused when it is
//! absolute, climbs with `..`, or (after following symlinks) lands outside the
//! root; the comparison is by path components, so `/x/pack-evil` is not inside
//! `/x/pack`.

use muster_model::{World, WorldError};
use std::fs;
use std::io::{ErrorKind, Read};
use std::path::{Component, Path, PathBuf};

/// Largest file read, in bytes: scenarios are small; this guards the tool.
pub const DEFAULT_LIMIT: usize = 4 * 1024 * 1024;

/// Reads files under one pack root.
#[derive(Debug, Clone)]
pub struct FsWorld {
    /// Canonical (symlink-free, absolute) pack root.
    root: PathBuf,
    limit: usize,
}

impl FsWorld {
    /// A world rooted at `root`, which must exist (it is canonicalised).
    pub fn new(root: &Path) -> std::io::Result<FsWorld> {
        Ok(FsWorld {
            root: fs::canonicalize(root)?,
            limit: DEFAULT_LIMIT,
        })
    }

    /// The same world with another size limit.
    #[cfg(test)]
    pub fn with_limit(mut self, limit: usize) -> FsWorld {
        self.limit = limit;
        self
    }

    /// The absolute file a pack-relative path names, after every confinement check.
    pub fn locate(&self, path: &str) -> Result<PathBuf, WorldError> {
        let relative = pack_relative(path)?;
        let joined = self.root.join(relative);
        let canonical = fs::canonicalize(&joined).map_err(|e| io_error(&e))?;
        if !canonical.starts_with(&self.root) {
            return Err(WorldError::OutsideRoot);
        }
        Ok(canonical)
    }
}

impl World for FsWorld {
    fn read(&self, path: &str) -> Result<String, WorldError> {
        let file = self.locate(path)?;
        let meta = fs::metadata(&file).map_err(|e| io_error(&e))?;
        if !meta.is_file() {
            return Err(WorldError::NotFound);
        }
        if meta.len() > self.limit as u64 {
            return Err(WorldError::TooLarge { limit: self.limit });
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        let handle = fs::File::open(&file).map_err(|e| io_error(&e))?;
        // Read one byte past the limit: the file may have grown since `metadata`.
        handle
            .take(self.limit as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| io_error(&e))?;
        if bytes.len() > self.limit {
            return Err(WorldError::TooLarge { limit: self.limit });
        }
        String::from_utf8(bytes).map_err(|_| WorldError::InvalidUtf8)
    }

    fn muster_files_in(&self, dir: &str) -> Vec<String> {
        // the folder passes the same confinement as a read; only names are listed
        let Ok(folder) = (if dir.is_empty() {
            Ok(self.root.clone())
        } else {
            self.locate(dir)
        }) else {
            return Vec::new();
        };
        let Ok(entries) = fs::read_dir(folder) else {
            return Vec::new();
        };
        let mut out: Vec<String> = entries
            .filter_map(Result::ok)
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| n.ends_with(".muster"))
            .map(|n| {
                if dir.is_empty() {
                    n
                } else {
                    format!("{dir}/{n}")
                }
            })
            .collect();
        out.sort();
        out
    }
}

/// Checks a pack-relative path lexically: `/`-separated, no root, no `..`.
fn pack_relative(path: &str) -> Result<PathBuf, WorldError> {
    if path.is_empty() || path.contains('\0') {
        return Err(WorldError::NotFound);
    }
    if path.starts_with('/') || path.starts_with('\\') || path.contains(':') {
        return Err(WorldError::OutsideRoot);
    }
    let mut out = PathBuf::new();
    for part in path.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => return Err(WorldError::OutsideRoot),
            other => {
                // A single part must be one normal component on this platform too.
                let mut comps = Path::new(other).components();
                match (comps.next(), comps.next()) {
                    (Some(Component::Normal(c)), None) => out.push(c),
                    _ => return Err(WorldError::OutsideRoot),
                }
            }
        }
    }
    if out.as_os_str().is_empty() {
        return Err(WorldError::NotFound);
    }
    Ok(out)
}

fn io_error(err: &std::io::Error) -> WorldError {
    match err.kind() {
        ErrorKind::NotFound => WorldError::NotFound,
        ErrorKind::InvalidData => WorldError::InvalidUtf8,
        _ => WorldError::Io(err.to_string()),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn pack() -> (tempfile::TempDir, FsWorld) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("pack");
        fs::create_dir_all(root.join("lib")).unwrap();
        fs::write(root.join("a.muster"), "a").unwrap();
        fs::write(root.join("lib/l.muster"), "l").unwrap();
        fs::create_dir_all(dir.path().join("pack-evil")).unwrap();
        fs::write(dir.path().join("pack-evil/x.muster"), "evil").unwrap();
        fs::write(dir.path().join("outside.muster"), "outside").unwrap();
        let world = FsWorld::new(&root).unwrap();
        (dir, world)
    }

    #[test]
    fn reads_inside_the_root() {
        let (_d, w) = pack();
        assert_eq!(w.read("a.muster").unwrap(), "a");
        assert_eq!(w.read("lib/l.muster").unwrap(), "l");
        assert_eq!(w.read("./lib/l.muster").unwrap(), "l");
    }

    #[test]
    fn refuses_escapes() {
        let (d, w) = pack();
        assert_eq!(w.read("../outside.muster"), Err(WorldError::OutsideRoot));
        assert_eq!(
            w.read("lib/../../outside.muster"),
            Err(WorldError::OutsideRoot)
        );
        assert_eq!(
            w.read("../pack-evil/x.muster"),
            Err(WorldError::OutsideRoot)
        );
        let abs = d.path().join("outside.muster");
        assert_eq!(w.read(abs.to_str().unwrap()), Err(WorldError::OutsideRoot));
        assert_eq!(w.read("missing.muster"), Err(WorldError::NotFound));
        assert_eq!(w.read("lib"), Err(WorldError::NotFound));
    }

    #[cfg(unix)]
    #[test]
    fn refuses_symlinks_out_of_the_root() {
        let (d, w) = pack();
        let root = d.path().join("pack");
        std::os::unix::fs::symlink(d.path().join("outside.muster"), root.join("link.muster"))
            .unwrap();
        std::os::unix::fs::symlink(d.path().join("pack-evil"), root.join("evil")).unwrap();
        std::os::unix::fs::symlink(root.join("a.muster"), root.join("inner.muster")).unwrap();
        assert_eq!(w.read("link.muster"), Err(WorldError::OutsideRoot));
        assert_eq!(w.read("evil/x.muster"), Err(WorldError::OutsideRoot));
        assert_eq!(w.read("inner.muster").unwrap(), "a");
    }

    #[test]
    fn refuses_large_and_invalid_files() {
        let (d, w) = pack();
        let root = d.path().join("pack");
        fs::write(root.join("big.muster"), "x".repeat(100)).unwrap();
        fs::write(root.join("bad.muster"), [0x66, 0xff, 0xfe]).unwrap();
        let w = w.with_limit(50);
        assert_eq!(
            w.read("big.muster"),
            Err(WorldError::TooLarge { limit: 50 })
        );
        assert_eq!(w.read("bad.muster"), Err(WorldError::InvalidUtf8));
    }
}
