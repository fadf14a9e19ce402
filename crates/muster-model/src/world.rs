//! The one door to the outside: every file the resolver reads comes through [`World`].
//!
//! The CLI implements it on the file system (confined to the pack root); tests and
//! fuzzers use [`MemoryWorld`], which also records what was read so a test can prove
//! that nothing outside the pack was touched.

use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;

/// Why a file could not be provided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorldError {
    /// No such file in the pack.
    NotFound,
    /// The path leaves the pack root (also through a symbolic link).
    OutsideRoot,
    /// The file is not UTF-8 text.
    InvalidUtf8,
    /// The file is larger than the tool accepts.
    TooLarge { limit: usize },
    /// Any other input/output failure, as the operating system reported it.
    Io(String),
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorldError::NotFound => f.write_str("file not found"),
            WorldError::OutsideRoot => f.write_str("the path leaves the pack's root folder"),
            WorldError::InvalidUtf8 => f.write_str("the file is not valid UTF-8"),
            WorldError::TooLarge { limit } => write!(f, "the file is larger than {limit} bytes"),
            WorldError::Io(e) => write!(f, "cannot read the file: {e}"),
        }
    }
}

impl std::error::Error for WorldError {}

/// Source of files for the resolver. `path` is pack-relative, normalised and
/// `/`-separated (`lib/german-1944.muster`): the resolver never asks for `..` or
/// an absolute path.
pub trait World {
    fn read(&self, path: &str) -> Result<String, WorldError>;

    /// The `.muster` files in the folder `dir` (pack-relative, `""` for the
    /// root), as pack-relative paths: what a missing `use` path is compared with
    /// for "did you mean". A world that cannot list answers nothing.
    fn muster_files_in(&self, _dir: &str) -> Vec<String> {
        Vec::new()
    }
}

/// An in-memory pack, for tests, fuzzing and the language server's unsaved buffers.
#[derive(Debug, Default)]
pub struct MemoryWorld {
    files: HashMap<String, String>,
    reads: Mutex<Vec<String>>,
}

impl MemoryWorld {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) a file; builder style.
    pub fn with(mut self, path: impl Into<String>, text: impl Into<String>) -> Self {
        self.insert(path, text);
        self
    }

    /// Adds (or replaces) a file.
    pub fn insert(&mut self, path: impl Into<String>, text: impl Into<String>) {
        self.files.insert(path.into(), text.into());
    }

    /// Every path asked for, in order, found or not.
    pub fn reads(&self) -> Vec<String> {
        match self.reads.lock() {
            Ok(r) => r.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }
}

impl From<HashMap<String, String>> for MemoryWorld {
    fn from(files: HashMap<String, String>) -> Self {
        MemoryWorld {
            files,
            reads: Mutex::new(Vec::new()),
        }
    }
}

impl World for MemoryWorld {
    fn read(&self, path: &str) -> Result<String, WorldError> {
        match self.reads.lock() {
            Ok(mut r) => r.push(path.to_string()),
            Err(poisoned) => poisoned.into_inner().push(path.to_string()),
        }
        if path.starts_with('/') || path.split('/').any(|c| c == "..") {
            return Err(WorldError::OutsideRoot);
        }
        self.files.get(path).cloned().ok_or(WorldError::NotFound)
    }

    fn muster_files_in(&self, dir: &str) -> Vec<String> {
        let mut out: Vec<String> = self
            .files
            .keys()
            .filter(|p| p.ends_with(".muster"))
            .filter(|p| p.rsplit_once('/').map_or("", |(d, _)| d) == dir)
            .cloned()
            .collect();
        out.sort();
        out
    }
}
