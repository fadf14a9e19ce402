//! The muster language server: diagnostics as you type (pack-aware), hover,
//! definition, references and rename across files, completion, outline,
//! folding, code actions, formatting and semantic tokens.
//!
//! It runs on `lsp-server` and `lsp-types`, the crates rust-analyzer is built
//! on: a synchronous loop over a channel, no async runtime (see ARCHITECTURE.md).
//!
//! Architecture Invariant: the crate does no I/O of its own. Files that are not
//! open, pack roots and `muster.toml` come through [`Disk`], and only for files
//! inside the editor's workspace folders; the messages come through an
//! `lsp_server::Connection` the caller opens (stdio in `muster lsp`, through
//! [`transport`]'s bounded reader; memory in tests and the benchmark).

mod actions;
mod complete;
mod convert;
mod hover;
mod index;
mod line_index;
mod navigate;
mod outline;
#[cfg(test)]
mod recovery;
mod server;
mod state;
mod tokens;
pub mod transport;
mod words;
pub mod work;

pub use server::{capabilities, notification, publish, request, serve, show_document, Error};
pub use state::{Disk, Workspace};
pub use words::{lists, KEYWORDS};
