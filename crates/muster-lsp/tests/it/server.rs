//! The server on an in-memory connection: bursts of changes are coalesced, and
//! semantic tokens cost work in proportion to the file. Work is counted
//! (`muster_model::work`, `muster_lsp::work`), never timed.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::NoDisk;
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use muster_lsp::Workspace;
use serde_json::{json, Value};
use std::path::PathBuf;

const URI: &str = "file:///pack/big.muster";

/// A scenario of `places` places, each on its own line.
fn scenario(places: usize, note: &str) -> String {
    let mut s = format!(
        "scenario \"Big {note}\" {{\n  turns 12\n  first-bound red\n  table 4000m by 4000m\n}}\nside red \"Red\" nation british\nside blue \"Blue\" nation german\nmap {{\n"
    );
    for i in 0..places {
        s.push_str(&format!(
            "  place p{i} \"Place {i}\" at ({},{})\n",
            i % 4000,
            (i / 4000) % 4000
        ));
    }
    s.push_str("}\n");
    s
}

fn notification(method: &str, params: Value) -> Message {
    Message::Notification(Notification::new(method.into(), params))
}

fn request(id: i32, method: &str, params: Value) -> Message {
    Message::Request(Request::new(RequestId::from(id), method.into(), params))
}

/// Queues `messages` after `initialize`, then runs the server until they are
/// all served; returns everything it sent.
fn serve(messages: Vec<Message>) -> Vec<Message> {
    let (server, client) = Connection::memory();
    client
        .sender
        .send(request(
            0,
            "initialize",
            json!({"rootUri": "file:///pack", "capabilities": {}}),
        ))
        .unwrap();
    for m in messages {
        client.sender.send(m).unwrap();
    }
    client
        .sender
        .send(notification("exit", Value::Null))
        .unwrap();
    muster_lsp::serve(&server, Box::new(NoDisk)).unwrap();
    client.receiver.try_iter().collect()
}

#[test]
fn a_burst_of_full_text_changes_is_checked_once_before_the_next_hover() {
    let text = scenario(4_000, "0");
    assert!(text.len() > 150_000, "{}", text.len());
    let mut messages = vec![notification(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "muster", "version": 0, "text": text}}),
    )];
    let last = scenario(4_000, "500");
    for v in 1..=500 {
        let t = if v == 500 {
            last.clone()
        } else {
            scenario(4_000, &v.to_string())
        };
        messages.push(notification(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": v}, "contentChanges": [{"text": t}]}),
        ));
    }
    messages.push(request(
        1,
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 2}}),
    ));
    let before = muster_model::work::parsed_bytes();
    let out = serve(messages);
    let parsed = muster_model::work::parsed_bytes() - before;
    // One check of the latest text, not one per change.
    assert!(
        parsed <= 2 * last.len() as u64,
        "{parsed} bytes parsed for a {} byte document",
        last.len()
    );
    let hover = out
        .iter()
        .find_map(|m| match m {
            Message::Response(r) if r.id == RequestId::from(1) => Some(r.clone()),
            _ => None,
        })
        .unwrap();
    assert!(hover.error.is_none(), "{hover:?}");
    // What was published is the last version's.
    let versions: Vec<Value> = out
        .iter()
        .filter_map(|m| match m {
            Message::Notification(n) if n.method == "textDocument/publishDiagnostics" => {
                Some(n.params["version"].clone())
            }
            _ => None,
        })
        .collect();
    assert_eq!(versions, vec![json!(500)]);
}

/// The work of answering one semantic tokens request for `text`.
fn token_work(text: &str) -> u64 {
    let mut ws = Workspace::new(Box::new(NoDisk), vec![PathBuf::from("/pack")]);
    let path = PathBuf::from("/pack/big.muster");
    ws.set(path, text.to_string(), 1);
    let req = Request::new(
        RequestId::from(1),
        "textDocument/semanticTokens/full".into(),
        json!({"textDocument": {"uri": URI}}),
    );
    let before = muster_lsp::work::steps();
    let response = muster_lsp::request(&ws, req);
    let after = muster_lsp::work::steps();
    let data = response.result.unwrap()["data"].as_array().unwrap().len();
    assert!(data > 0);
    after - before
}

#[test]
fn semantic_tokens_cost_work_in_proportion_to_the_file() {
    let (small, large) = (
        token_work(&scenario(500, "")),
        token_work(&scenario(4_000, "")),
    );
    assert!(
        large <= 12 * small,
        "8x the places: {small} -> {large} steps"
    );
}

#[test]
fn semantic_tokens_on_one_long_line_cost_work_in_proportion_to_it() {
    let line = |n: usize| {
        let points: Vec<String> = (0..n)
            .map(|i| format!("({},{})", i % 4000, i / 4000))
            .collect();
        format!(
            "scenario \"Long\" {{\n  turns 12\n}}\nmap {{ road r \"Road\" line {} }}\n",
            points.join(" ")
        )
    };
    let (small, large) = (token_work(&line(500)), token_work(&line(4_000)));
    assert!(
        large <= 12 * small,
        "8x the points on one line: {small} -> {large} steps"
    );
}
