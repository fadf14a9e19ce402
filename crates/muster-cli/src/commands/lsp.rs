//! `muster lsp`: the language server over standard input and output. This file
//! is its only door to the disk: pack roots, unopened files and `muster.toml`,
//! all inside the editor's workspace folders.
//!
//! Messages are read by `muster_lsp::transport` (limits before allocation, bad
//! messages answered) rather than `lsp-server`'s stdio reader, which allocates
//! any length a header names and stops at the first bad message.

use super::Status;
use crate::cli::LspArgs;
use crate::error::CliError;
use crate::watch::studio::editor::{self, Cursors};
use crate::world::FsWorld;
use lsp_server::{Connection, Message};
use muster_lsp::transport::{write_value, Incoming, Reader};
use muster_lsp::Disk;
use muster_model::{MemoryWorld, World, CONFIG_FILE};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The file system as the language server sees it, and the map studio it
/// tells where the cursor is, when linked.
struct FsDisk {
    studio: Option<Cursors>,
}

impl Disk for FsDisk {
    fn pack_root(&self, file: &Path, folder: &Path) -> Option<PathBuf> {
        let start = file.parent()?;
        // Compared for real, so a symlink inside the folder cannot lead out.
        let real_folder = folder.canonicalize().ok()?;
        if !start.canonicalize().ok()?.starts_with(&real_folder) {
            return None;
        }
        Some(
            start
                .ancestors()
                .take_while(|dir| dir.starts_with(folder))
                .find(|dir| dir.join(CONFIG_FILE).is_file())
                .unwrap_or(start)
                .to_path_buf(),
        )
    }

    fn world(&self, root: &Path) -> Box<dyn World> {
        match FsWorld::new(root) {
            Ok(w) => Box::new(w),
            Err(_) => Box::new(MemoryWorld::new()),
        }
    }

    fn config(&self, root: &Path) -> Option<String> {
        // Through the pack's world, so a `muster.toml` that is a symlink out of
        // the pack is not followed.
        FsWorld::new(root).ok()?.read(CONFIG_FILE).ok()
    }

    fn cursor_moved(&self, file: &Path, line: u32) {
        if let Some(studio) = &self.studio {
            studio.moved(file, line);
        }
    }
}

/// Serves one editor session; returns when the editor shuts the server down or
/// closes its end.
pub fn run(args: &LspArgs) -> Result<Status, CliError> {
    let studio = match &args.studio {
        Some(text) => {
            let address = editor::address(text).map_err(CliError::StudioAddress)?;
            // A click's request is written whole under the lock of standard output.
            Some(editor::link(address, |request| {
                let _ = write_value(&mut std::io::stdout().lock(), &request);
            }))
        }
        None => None,
    };
    let (connection, client) = Connection::memory();
    let Connection {
        sender: to_server,
        receiver: from_server,
    } = client;
    // Both threads write whole frames under the lock of standard output.
    let writer = std::thread::spawn(move || -> std::io::Result<()> {
        for msg in from_server {
            let mut out = std::io::stdout().lock();
            msg.write(&mut out)?;
            out.flush()?;
        }
        Ok(())
    });
    let reader = std::thread::spawn(move || -> std::io::Result<()> {
        let mut input = Reader::new(std::io::stdin().lock());
        while let Some(incoming) = input.read()? {
            match incoming {
                Incoming::Message(msg) => {
                    let exit = matches!(&msg, Message::Notification(n) if n.method == "exit");
                    if to_server.send(msg).is_err() || exit {
                        break;
                    }
                }
                Incoming::Bad(answer) => write_value(&mut std::io::stdout().lock(), &answer)?,
            }
        }
        Ok(())
    });
    let served = muster_lsp::serve(&connection, Box::new(FsDisk { studio }));
    drop(connection);
    let written = writer.join();
    // The reader may still wait on standard input; it ends with the process.
    drop(reader);
    match (served, written) {
        (Ok(()), Ok(Ok(()))) => Ok(Status::Clean),
        (Err(e), _) => Err(CliError::Stdout(e.to_string())),
        (_, Ok(Err(e))) => Err(CliError::Stdout(e.to_string())),
        (_, Err(_)) => Err(CliError::Stdout("the message writer stopped".into())),
    }
}
