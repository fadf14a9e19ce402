//! `muster lsp`: the language server over standard input and output. This file
//! is its only door to the disk: pack roots, unopened files and `muster.toml`.

use super::Status;
use crate::error::CliError;
use crate::world::FsWorld;
use muster_lsp::Disk;
use muster_model::{MemoryWorld, World};
use std::path::{Path, PathBuf};

/// The file system as the language server sees it.
struct FsDisk;

impl Disk for FsDisk {
    fn pack_root(&self, file: &Path) -> PathBuf {
        let start = file.parent().unwrap_or(file);
        start
            .ancestors()
            .find(|dir| dir.join("muster.toml").is_file())
            .unwrap_or(start)
            .to_path_buf()
    }

    fn world(&self, root: &Path) -> Box<dyn World> {
        match FsWorld::new(root) {
            Ok(w) => Box::new(w),
            Err(_) => Box::new(MemoryWorld::new()),
        }
    }

    fn config(&self, root: &Path) -> Option<String> {
        std::fs::read_to_string(root.join("muster.toml")).ok()
    }
}

/// Serves one editor session; returns when the editor shuts the server down.
pub fn run() -> Result<Status, CliError> {
    let (connection, threads) = lsp_server::Connection::stdio();
    let served = muster_lsp::serve(&connection, Box::new(FsDisk));
    drop(connection);
    let joined = threads.join();
    match (served, joined) {
        (Ok(()), Ok(())) => Ok(Status::Clean),
        (Err(e), _) => Err(CliError::Stdout(e.to_string())),
        (_, Err(e)) => Err(CliError::Stdout(e.to_string())),
    }
}
