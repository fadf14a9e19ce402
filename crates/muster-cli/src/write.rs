//! Writing build outputs safely: only below the resolved output root, each file
//! atomically (a temporary file in the same folder, then a rename), so a reader
//! or a killed build never sees half a file; one writer at a time per folder.

use crate::beneath::{Dir, Kind};
use crate::error::CliError;
use crate::out_root::{OutRequest, OutRoot};
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::Write;
use std::os::unix::io::AsRawFd;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// Held while one file is written (temporary file to rename); the interrupt
/// handler takes it before exiting, so an interrupted build never leaves a
/// temporary file or half a file behind.
static WRITING: Mutex<()> = Mutex::new(());

/// On Ctrl-C or SIGTERM: wait for the file being written, then exit (130).
pub fn exit_cleanly_on_interrupt() {
    // Failing to install (a handler already set) only loses the tidy exit.
    let _ = ctrlc::set_handler(|| {
        let _held = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
        std::process::exit(130);
    });
}

/// Prefix of the temporary files, so stray ones are recognisable; the full name
/// is `.muster-tmp-<pid>-<random>`, so a clean-up can tell whose it is.
pub const TEMP_PREFIX: &str = ".muster-tmp-";

/// The lock file inside the output folder that concurrent writers take turns on.
pub const LOCK_FILE: &str = ".muster-lock";

/// The output folder: writes go only below its resolved root, which is
/// re-verified before each file.
#[derive(Debug, Clone)]
pub struct OutDir {
    root: OutRoot,
    /// Whether each file is flushed to disk before its rename (off for `watch`).
    sync: bool,
}

/// Held while this process may write to an output folder; other muster processes
/// wait for it (an advisory `flock`, released when dropped or when the process ends).
#[derive(Debug)]
pub struct OutLock {
    _file: fs::File,
}

impl OutDir {
    /// Resolves the output folder (see [`OutRoot::resolve`]).
    pub fn open(request: &OutRequest, sources: &[PathBuf]) -> Result<OutDir, CliError> {
        Ok(OutDir {
            root: OutRoot::resolve(request, sources)?,
            sync: true,
        })
    }

    /// The resolved root the server shares.
    pub fn root(&self) -> &OutRoot {
        &self.root
    }

    /// Takes the folder's lock, waiting (and saying so once) while another muster
    /// process holds it.
    pub fn lock(&self) -> Result<OutLock, CliError> {
        self.root.check()?;
        let path = self.root.path().join(LOCK_FILE);
        let file = self
            .root
            .dir()
            .open_or_create(OsStr::new(LOCK_FILE))
            .map_err(|e| CliError::write(&path, &e))?;
        let fd = file.as_raw_fd();
        // SAFETY: flock(2) on a descriptor this function owns.
        if unsafe { libc::flock(fd, libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            eprintln!(
                "waiting for another muster writing to `{}`",
                self.root.path().display()
            );
            // SAFETY: as above; blocks until the other process releases its lock.
            if unsafe { libc::flock(fd, libc::LOCK_EX) } != 0 {
                return Err(CliError::write(&path, &std::io::Error::last_os_error()));
            }
        }
        Ok(OutLock { _file: file })
    }

    /// Removes temporary files that are provably stale: named by a process that no
    /// longer runs (a build killed by SIGKILL). Others' in-flight files stay.
    pub fn remove_stale_temporaries(&self) {
        if self.root.verify() {
            remove_temporaries(self.root.dir());
        }
    }

    /// Skips the flush to disk before each rename: still atomic for readers, not
    /// durable across a power cut. For `muster watch`, where the next save rewrites
    /// everything anyway and a flush per file costs more than the check.
    pub fn without_sync(mut self) -> OutDir {
        self.sync = false;
        self
    }

    /// Writes `contents` at the output-relative `path`, atomically, readable by
    /// everyone the umask allows (not only the owner, as temporary files are).
    pub fn write(&self, path: &str, contents: &str) -> Result<PathBuf, CliError> {
        self.write_bytes(path, contents.as_bytes())
    }

    /// [`write`](Self::write) for bytes that are not text (printed PDFs). Every
    /// step goes through the root's handle, one plain name at a time, refusing
    /// symlinks: a folder swapped for a link while this runs makes the write fail,
    /// it never sends it elsewhere.
    pub fn write_bytes(&self, path: &str, contents: &[u8]) -> Result<PathBuf, CliError> {
        let _held = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
        self.root.check()?;
        let target = self.target(path)?;
        let (dir, name) = self
            .root
            .dir()
            .parent_of(path, true)
            .map_err(|e| refused_or(path, &target, &e))?;
        let (temp, mut file) = temporary(&dir).map_err(|e| CliError::write(&target, &e))?;
        let written =
            file.write_all(contents).and_then(
                |()| {
                    if self.sync {
                        file.sync_all()
                    } else {
                        Ok(())
                    }
                },
            );
        drop(file);
        let renamed = written.and_then(|()| dir.rename(&temp, OsStr::new(name)));
        if let Err(e) = renamed {
            let _ = dir.remove_file(&temp);
            return Err(refused_or(path, &target, &e));
        }
        Ok(target)
    }

    /// The text of the output-relative `path` as written, read through the root's
    /// handle like every write (the printer reads each sheet back this way).
    pub fn read(&self, path: &str) -> Result<String, CliError> {
        use std::io::Read;
        self.root.check()?;
        let target = self.target(path)?;
        let mut text = String::new();
        self.root
            .dir()
            .parent_of(path, false)
            .and_then(|(dir, name)| dir.read_file(OsStr::new(name)))
            .and_then(|mut file| file.read_to_string(&mut text))
            .map_err(|e| refused_or(path, &target, &e))?;
        Ok(text)
    }

    /// The absolute path for an output-relative path; refuses anything that is not
    /// plain folder and file names.
    fn target(&self, path: &str) -> Result<PathBuf, CliError> {
        let rel = Path::new(path);
        let plain = !path.is_empty()
            && rel.components().all(|c| matches!(c, Component::Normal(_)))
            && !path.contains('\\');
        if !plain {
            return Err(CliError::OutputEscapes(path.to_string()));
        }
        Ok(self.root.path().join(rel))
    }
}

/// A new temporary file in `dir`, named `.muster-tmp-<pid>-<n>` (readable by
/// everyone the umask allows), and its name.
fn temporary(dir: &Dir) -> std::io::Result<(OsString, fs::File)> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let salt = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = OsString::from(format!("{TEMP_PREFIX}{}-{salt:x}{n}", std::process::id()));
        match dir.create_new(&name, 0o666) {
            Ok(file) => return Ok((name, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// A write that met a symlink (or a file where a folder should be) is an escape;
/// anything else is the write's own failure.
fn refused_or(path: &str, target: &Path, e: &std::io::Error) -> CliError {
    match e.raw_os_error() {
        Some(libc::ELOOP | libc::ENOTDIR) => CliError::OutputEscapes(path.to_string()),
        _ => CliError::write(target, e),
    }
}

/// Removes stale temporaries below `dir`, never following a symlink.
fn remove_temporaries(dir: &Dir) {
    let Ok(entries) = dir.entries() else {
        return;
    };
    for (name, kind) in entries {
        match kind {
            Kind::Folder => {
                if let Ok(sub) = dir.sub(&name, false) {
                    remove_temporaries(&sub);
                }
            }
            Kind::File if is_stale(&name.to_string_lossy()) => {
                let _ = dir.remove_file(&name);
            }
            _ => {}
        }
    }
}

/// Whether a file name is a temporary of a process that has ended. Names without
/// a process id (older versions) are left alone: nothing proves them stale.
pub fn is_stale(name: &str) -> bool {
    let Some(rest) = name.strip_prefix(TEMP_PREFIX) else {
        return false;
    };
    let Some(pid) = rest
        .split('-')
        .next()
        .and_then(|p| p.parse::<libc::pid_t>().ok())
    else {
        return false;
    };
    if pid <= 0 || u32::try_from(pid).is_ok_and(|p| p == std::process::id()) {
        return false;
    }
    // SAFETY: kill(2) with signal 0 only asks whether the process exists.
    let alive = unsafe { libc::kill(pid, 0) } == 0
        || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH);
    !alive
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn writes_inside_and_refuses_escapes() {
        let dir = tempfile::tempdir().unwrap();
        let out = OutDir::open(&OutRequest::Given(dir.path().join("out")), &[]).unwrap();
        let written = out.write("a/b.json", "{}").unwrap();
        assert_eq!(fs::read_to_string(written).unwrap(), "{}");
        assert!(out.write("../x.json", "").is_err());
        assert!(out.write("/tmp/x.json", "").is_err());
        assert!(out.write("", "").is_err());
        let leftovers: Vec<_> = fs::read_dir(dir.path().join("out/a")).unwrap().collect();
        assert_eq!(leftovers.len(), 1);
    }

    #[test]
    fn only_temporaries_of_ended_processes_are_stale() {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        assert!(is_stale(&format!("{TEMP_PREFIX}{dead}-abc")));
        assert!(!is_stale(&format!(
            "{TEMP_PREFIX}{}-abc",
            std::process::id()
        )));
        assert!(!is_stale(&format!("{TEMP_PREFIX}1-abc")), "pid 1 runs");
        assert!(
            !is_stale(&format!("{TEMP_PREFIX}abcdef")),
            "no pid: unknown"
        );
        assert!(!is_stale("umpire.html"));
    }

    #[test]
    fn refuses_a_file_as_output_folder() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f");
        fs::write(&file, "x").unwrap();
        assert!(matches!(
            OutDir::open(&OutRequest::Given(file), &[]),
            Err(CliError::OutIsFile(_))
        ));
    }
}
