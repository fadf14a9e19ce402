//! Writing build outputs safely: only below the resolved output root, each file
//! atomically (a temporary file in the same folder, then a rename), so a reader
//! or a killed build never sees half a file; one writer at a time per folder.

use crate::error::CliError;
use crate::out_root::{OutRequest, OutRoot};
use std::fs;
use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::os::unix::io::AsRawFd;
use std::path::{Component, Path, PathBuf};
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
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .custom_flags(libc::O_NOFOLLOW)
            .open(&path)
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
            remove_temporaries(self.root.path());
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

    /// [`write`](Self::write) for bytes that are not text (printed PDFs).
    pub fn write_bytes(&self, path: &str, contents: &[u8]) -> Result<PathBuf, CliError> {
        let _held = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
        self.root.check()?;
        let root = self.root.path();
        let target = self.target(path)?;
        let parent = target.parent().unwrap_or(root).to_path_buf();
        fs::create_dir_all(&parent).map_err(|e| CliError::write(&parent, &e))?;
        // Resolve symlinked folders: the real folder must still be inside the output.
        let real_parent = fs::canonicalize(&parent).map_err(|e| CliError::write(&parent, &e))?;
        if !real_parent.starts_with(root) {
            return Err(CliError::OutputEscapes(path.to_string()));
        }
        let mut temp = tempfile::Builder::new()
            .prefix(&format!("{TEMP_PREFIX}{}-", std::process::id()))
            .permissions(fs::Permissions::from_mode(0o666))
            .tempfile_in(&real_parent)
            .map_err(|e| CliError::write(&real_parent, &e))?;
        temp.write_all(contents)
            .map_err(|e| CliError::write(&target, &e))?;
        if self.sync {
            temp.as_file()
                .sync_all()
                .map_err(|e| CliError::write(&target, &e))?;
        }
        let file_name = target.file_name().map(PathBuf::from).unwrap_or_default();
        let final_path = real_parent.join(file_name);
        temp.persist(&final_path)
            .map_err(|e| CliError::write(&final_path, &e.error))?;
        Ok(final_path)
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

/// Removes stale temporaries below `dir`, never following a symlink.
fn remove_temporaries(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            remove_temporaries(&entry.path());
        } else if kind.is_file() && is_stale(&entry.file_name().to_string_lossy()) {
            let _ = fs::remove_file(entry.path());
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
