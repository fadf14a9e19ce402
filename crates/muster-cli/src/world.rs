//! The file-system `World`: reads pack-relative paths confined to the pack root.
//!
//! Every file the checker reads goes through here. A path is refused when it is
//! absolute, climbs with `..`, or (after following symlinks) lands outside the
//! root; the comparison is by path components, so `/x/pack-evil` is not inside
//! `/x/pack`.

use muster_model::{World, WorldError};
use std::collections::HashMap;
use std::fs;
use std::io::{ErrorKind, Read};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Largest file read, in bytes: scenarios are small; this guards the tool.
pub const DEFAULT_LIMIT: usize = 4 * 1024 * 1024;

/// Reads files under one pack root.
#[derive(Debug, Clone)]
pub struct FsWorld {
    /// Canonical (symlink-free, absolute) pack root.
    root: PathBuf,
    limit: usize,
    /// What this run already asked the file system, when the world serves one
    /// run (see [`FsWorld::for_run`]); `None` asks afresh every time.
    run: Option<Arc<RunMemo>>,
}

/// A run's answers, shared by the clones of its world: one run sees the pack as
/// it was when first asked, as a compiler's snapshot does, and a library imported
/// by every scenario is not located and read from disk for each of them.
#[derive(Debug, Default)]
struct RunMemo {
    /// Pack-relative path to its confined, canonical file (or why not).
    located: Mutex<HashMap<String, Result<PathBuf, WorldError>>>,
    /// Files read once (`None`) and files read again and kept (`Some`): a
    /// scenario, read once, is not held for the rest of the run.
    texts: Mutex<HashMap<String, Option<String>>>,
}

impl FsWorld {
    /// A world rooted at `root`, which must exist (it is canonicalised), reading
    /// afresh on every request (the language server's, which lives across edits).
    pub fn new(root: &Path) -> std::io::Result<FsWorld> {
        Ok(FsWorld {
            root: fs::canonicalize(root)?,
            limit: DEFAULT_LIMIT,
            run: None,
        })
    }

    /// A world for one run (`check`, `build`, one watch cycle): each path is
    /// located once, and a file read a second time is kept for later reads.
    pub fn for_run(root: &Path) -> std::io::Result<FsWorld> {
        let mut world = FsWorld::new(root)?;
        world.run = Some(Arc::default());
        Ok(world)
    }

    /// The same world with another size limit.
    #[cfg(test)]
    pub fn with_limit(mut self, limit: usize) -> FsWorld {
        self.limit = limit;
        self
    }

    /// The absolute file a pack-relative path names, after every confinement check.
    pub fn locate(&self, path: &str) -> Result<PathBuf, WorldError> {
        let Some(run) = &self.run else {
            return self.locate_now(path);
        };
        if let Some(known) = run.located.lock().ok().and_then(|m| m.get(path).cloned()) {
            return known;
        }
        let found = self.locate_now(path);
        if let Ok(mut m) = run.located.lock() {
            m.insert(path.to_string(), found.clone());
        }
        found
    }

    fn locate_now(&self, path: &str) -> Result<PathBuf, WorldError> {
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
        let Some(run) = &self.run else {
            return self.read_now(path);
        };
        let seen = match run.texts.lock() {
            Ok(m) => match m.get(path) {
                Some(Some(kept)) => return Ok(kept.clone()),
                Some(None) => true,
                None => false,
            },
            Err(_) => return self.read_now(path),
        };
        let text = self.read_now(path)?;
        if let Ok(mut m) = run.texts.lock() {
            m.insert(path.to_string(), seen.then(|| text.clone()));
        }
        Ok(text)
    }

    fn muster_files_in(&self, dir: &str) -> Vec<String> {
        self.list(dir)
    }
}

impl FsWorld {
    fn read_now(&self, path: &str) -> Result<String, WorldError> {
        use std::os::unix::fs::OpenOptionsExt;
        let file = self.locate(path)?;
        // Opened without waiting (a FIFO would block), then asked what it is: a
        // file swapped for a FIFO after `locate` is refused, not waited on.
        let handle = fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&file)
            .map_err(|e| io_error(&e))?;
        let meta = handle.metadata().map_err(|e| io_error(&e))?;
        if !meta.is_file() {
            return Err(WorldError::NotFound);
        }
        if meta.len() > self.limit as u64 {
            return Err(WorldError::TooLarge { limit: self.limit });
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
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

    fn list(&self, dir: &str) -> Vec<String> {
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

    /// A run reads a file from disk the first two times and keeps it from the
    /// second on (a library every scenario imports); a world without a run
    /// always reads afresh (the language server's).
    #[test]
    fn a_run_keeps_a_file_it_reads_again() {
        let (d, _) = pack();
        let root = d.path().join("pack");
        let run = FsWorld::for_run(&root).unwrap();
        let fresh = FsWorld::new(&root).unwrap();
        let lib = root.join("lib/l.muster");
        assert_eq!(run.read("lib/l.muster").unwrap(), "l");
        fs::write(&lib, "second").unwrap();
        // read once only: not kept, so the change is seen
        assert_eq!(run.read("lib/l.muster").unwrap(), "second");
        fs::write(&lib, "third").unwrap();
        // read twice: kept for the rest of the run, in every clone of the world
        assert_eq!(run.read("lib/l.muster").unwrap(), "second");
        assert_eq!(run.clone().read("lib/l.muster").unwrap(), "second");
        assert_eq!(fresh.read("lib/l.muster").unwrap(), "third");
        // a path is located once per run: its confinement answer stands
        assert_eq!(run.read("../outside.muster"), Err(WorldError::OutsideRoot));
        assert_eq!(run.read("../outside.muster"), Err(WorldError::OutsideRoot));
        assert_eq!(run.read("missing.muster"), Err(WorldError::NotFound));
        fs::write(root.join("missing.muster"), "now here").unwrap();
        assert_eq!(run.read("missing.muster"), Err(WorldError::NotFound));
        assert_eq!(fresh.read("missing.muster").unwrap(), "now here");
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
