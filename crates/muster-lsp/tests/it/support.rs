//! What the tests share: a server with nothing on disk.

use muster_lsp::Disk;
use muster_model::{MemoryWorld, World};
use std::path::{Path, PathBuf};

/// Nothing on disk: every file is open, in the pack `/pack`.
pub struct NoDisk;

impl Disk for NoDisk {
    fn pack_root(&self, _file: &Path, _folder: &Path) -> Option<PathBuf> {
        Some(PathBuf::from("/pack"))
    }
    fn world(&self, _root: &Path) -> Box<dyn World> {
        Box::new(MemoryWorld::new())
    }
    fn config(&self, _root: &Path) -> Option<String> {
        None
    }
}
