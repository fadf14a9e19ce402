//! The link to the map studio, with the server on an in-memory connection: the
//! line under the editor's cursor (asked as `textDocument/documentHighlight`)
//! reaches the outside world through `Disk::cursor_moved`, and a click on the
//! map becomes a `window/showDocument` request a client takes as any other.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::NoDisk;
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use muster_lsp::Disk;
use muster_model::World;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

const URI: &str = "file:///pack/ridge.muster";

const SCENARIO: &str = "scenario \"Ridge\" {\n  turns 6\n  first-bound red\n  table 1200m by 800m\n}\n\
side red \"Red\" nation british\nside blue \"Blue\" nation german\nmap {\n\
  place farm \"Farm\" at (600,400)\n}\nforces red {\n  company a \"A\" {\n\
    hq a-hq command figures 3 at (300,200)\n  }\n}\norders red {\n  a attack probe farm \"Go.\"\n}\n";

/// Nothing on disk, and every cursor the server passes on written down.
struct Recording(Arc<Mutex<Vec<(PathBuf, u32)>>>);

impl Disk for Recording {
    fn pack_root(&self, file: &Path, folder: &Path) -> Option<PathBuf> {
        NoDisk.pack_root(file, folder)
    }
    fn world(&self, root: &Path) -> Box<dyn World> {
        NoDisk.world(root)
    }
    fn config(&self, root: &Path) -> Option<String> {
        NoDisk.config(root)
    }
    fn cursor_moved(&self, file: &Path, line: u32) {
        self.0.lock().unwrap().push((file.to_path_buf(), line));
    }
}

fn request(id: i32, method: &str, params: Value) -> Message {
    Message::Request(Request::new(RequestId::from(id), method.into(), params))
}

fn notification(method: &str, params: Value) -> Message {
    Message::Notification(Notification::new(method.into(), params))
}

#[test]
fn the_cursor_reaches_the_studio_and_a_click_on_the_map_opens_the_line() {
    let (server, client) = Connection::memory();
    let farm_line = SCENARIO
        .lines()
        .position(|l| l.contains("place farm"))
        .unwrap();
    let column = SCENARIO
        .lines()
        .nth(farm_line)
        .unwrap()
        .find("farm")
        .unwrap();
    for m in [
        request(
            0,
            "initialize",
            json!({"rootUri": "file:///pack", "capabilities": {}}),
        ),
        notification(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": URI, "languageId": "muster", "version": 1, "text": SCENARIO}}),
        ),
        request(
            1,
            "textDocument/documentHighlight",
            json!({"textDocument": {"uri": URI}, "position": {"line": farm_line, "character": column + 1}}),
        ),
        notification("exit", Value::Null),
    ] {
        client.sender.send(m).unwrap();
    }
    let seen = Arc::new(Mutex::new(Vec::new()));
    muster_lsp::serve(&server, Box::new(Recording(Arc::clone(&seen)))).unwrap();
    let sent: Vec<Message> = client.receiver.try_iter().collect();

    let caps = sent.iter().find_map(|m| match m {
        Message::Response(r) if r.id == RequestId::from(0) => r.result.clone(),
        _ => None,
    });
    assert_eq!(
        caps.unwrap()["capabilities"]["documentHighlightProvider"],
        json!(true)
    );
    // The line, 1-based as the studio counts, of the file the editor shows.
    assert_eq!(
        *seen.lock().unwrap(),
        [(PathBuf::from("/pack/ridge.muster"), farm_line as u32 + 1)]
    );
    // The answer highlights the farm where it is written and where the order names it.
    let highlights = sent
        .iter()
        .find_map(|m| match m {
            Message::Response(r) if r.id == RequestId::from(1) => r.result.clone(),
            _ => None,
        })
        .unwrap();
    let lines: Vec<u64> = highlights
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    let order_line = SCENARIO
        .lines()
        .position(|l| l.contains("attack probe farm"))
        .unwrap();
    assert_eq!(lines, [farm_line as u64, order_line as u64]);

    // A click on the map: a request the client reads like any other.
    let shown = muster_lsp::show_document(7, Path::new("/pack/ridge.muster"), 9).unwrap();
    let framed = format!("Content-Length: {}\r\n\r\n{shown}", shown.to_string().len());
    let Ok(Some(Message::Request(req))) = Message::read(&mut framed.as_bytes()) else {
        panic!("not a request: {framed}");
    };
    assert_eq!(req.method, "window/showDocument");
    assert_eq!(req.id, RequestId::from("studio-7".to_string()));
    assert_eq!(req.params["uri"], json!(URI));
    assert_eq!(
        req.params["selection"]["start"],
        json!({"line": 8, "character": 0})
    );
    assert_eq!(req.params["takeFocus"], json!(true));
}
