//! Fuzzes the language server's transport and message handling: arbitrary bytes
//! are read as framed messages (headers, then JSON) and every message read is
//! served by a server on an in-memory connection with no disk. Nothing may
//! panic (libFuzzer's panic hook aborts even inside the server's guard), and
//! every bad message must be answered with a JSON-RPC error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lsp_server::{Connection, Message};
use muster_lsp::transport::{Incoming, Reader, MAX_BODY};
use muster_lsp::Disk;
use muster_model::{MemoryWorld, World};
use std::path::{Path, PathBuf};

/// A disk with nothing on it: every file the server sees came in a message.
struct NoDisk;

impl Disk for NoDisk {
    fn pack_root(&self, file: &Path, _folder: &Path) -> Option<PathBuf> {
        file.parent().map(Path::to_path_buf)
    }
    fn world(&self, _root: &Path) -> Box<dyn World> {
        Box::new(MemoryWorld::new())
    }
    fn config(&self, _root: &Path) -> Option<String> {
        None
    }
}

const INITIALIZE: &str =
    r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"rootUri":"file:///pack","capabilities":{}}}"#;

fuzz_target!(|data: &[u8]| {
    let mut input = format!("Content-Length: {}\r\n\r\n{INITIALIZE}", INITIALIZE.len()).into_bytes();
    input.extend_from_slice(data);
    let (server, client) = Connection::memory();
    let mut reader = Reader::new(&input[..]);
    let mut messages = 0;
    while let Ok(Some(incoming)) = reader.read() {
        match incoming {
            Incoming::Message(m) => {
                if let Message::Request(r) = &m {
                    assert!(r.method.len() as u64 <= MAX_BODY);
                }
                messages += 1;
                if client.sender.send(m).is_err() {
                    break;
                }
            }
            Incoming::Bad(answer) => {
                assert!(answer["error"]["code"].is_i64());
            }
        }
    }
    drop(client.sender);
    if messages > 0 {
        let _ = muster_lsp::serve(&server, Box::new(NoDisk));
    }
});
