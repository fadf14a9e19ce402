//! Writing build outputs safely: only below the output folder, each file
//! atomically (a temporary file in the same folder, then a rename), so a reader
//! or a killed build never sees half a file.

use crate::error::CliError;
use std::fs;
use std::io::Write;
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

/// Prefix of the temporary files, so stray ones are recognisable.
pub const TEMP_PREFIX: &str = ".muster-tmp-";

/// The output folder, created if missing; refused when it is a file.
#[derive(Debug, Clone)]
pub struct OutDir {
    /// Canonical path.
    root: PathBuf,
    /// Whether each file is flushed to disk before its rename (off for `watch`).
    sync: bool,
}

impl OutDir {
    pub fn open(dir: &Path) -> Result<OutDir, CliError> {
        if dir.exists() && !dir.is_dir() {
            return Err(CliError::OutIsFile(dir.to_path_buf()));
        }
        fs::create_dir_all(dir).map_err(|e| write_error(dir, &e))?;
        let root = fs::canonicalize(dir).map_err(|e| write_error(dir, &e))?;
        Ok(OutDir { root, sync: true })
    }

    /// Removes temporary files a killed earlier build left (SIGKILL cannot be caught).
    pub fn remove_stale_temporaries(&self) {
        remove_temporaries(&self.root);
    }

    /// Skips the flush to disk before each rename: still atomic for readers, not
    /// durable across a power cut. For `muster watch`, where the next save rewrites
    /// everything anyway and a flush per file costs more than the check.
    pub fn without_sync(mut self) -> OutDir {
        self.sync = false;
        self
    }

    /// Writes `contents` at the output-relative `path`, atomically.
    pub fn write(&self, path: &str, contents: &str) -> Result<PathBuf, CliError> {
        let _held = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
        let target = self.target(path)?;
        let parent = target.parent().unwrap_or(&self.root).to_path_buf();
        fs::create_dir_all(&parent).map_err(|e| write_error(&parent, &e))?;
        // Resolve symlinked folders: the real folder must still be inside the output.
        let real_parent = fs::canonicalize(&parent).map_err(|e| write_error(&parent, &e))?;
        if !real_parent.starts_with(&self.root) {
            return Err(CliError::OutputEscapes(path.to_string()));
        }
        let mut temp = tempfile::Builder::new()
            .prefix(TEMP_PREFIX)
            .tempfile_in(&real_parent)
            .map_err(|e| write_error(&real_parent, &e))?;
        temp.write_all(contents.as_bytes())
            .map_err(|e| write_error(&target, &e))?;
        if self.sync {
            temp.as_file()
                .sync_all()
                .map_err(|e| write_error(&target, &e))?;
        }
        let file_name = target.file_name().map(PathBuf::from).unwrap_or_default();
        let final_path = real_parent.join(file_name);
        temp.persist(&final_path)
            .map_err(|e| write_error(&final_path, &e.error))?;
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
        Ok(self.root.join(rel))
    }
}

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
        } else if kind.is_file() && entry.file_name().to_string_lossy().starts_with(TEMP_PREFIX) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

fn write_error(path: &Path, err: &std::io::Error) -> CliError {
    CliError::Write {
        path: path.to_path_buf(),
        reason: err.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn writes_inside_and_refuses_escapes() {
        let dir = tempfile::tempdir().unwrap();
        let out = OutDir::open(&dir.path().join("out")).unwrap();
        let written = out.write("a/b.json", "{}").unwrap();
        assert_eq!(fs::read_to_string(written).unwrap(), "{}");
        assert!(out.write("../x.json", "").is_err());
        assert!(out.write("/tmp/x.json", "").is_err());
        assert!(out.write("", "").is_err());
        let leftovers: Vec<_> = fs::read_dir(dir.path().join("out/a")).unwrap().collect();
        assert_eq!(leftovers.len(), 1);
    }

    #[test]
    fn refuses_a_file_as_output_folder() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f");
        fs::write(&file, "x").unwrap();
        assert!(matches!(OutDir::open(&file), Err(CliError::OutIsFile(_))));
    }
}
