//! Completion of closed word lists through the server's request handler: after
//! `colour` in a signal, the colours a signal may show.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::NoDisk;
use lsp_server::{Request, RequestId};
use muster_lsp::Workspace;
use serde_json::json;
use std::path::PathBuf;

/// The labels offered at the end of the last line of `text`.
fn labels_at_end(text: &str) -> Vec<String> {
    let line = text.lines().count() - 1;
    let character = text.lines().last().unwrap().len();
    let mut ws = Workspace::new(Box::new(NoDisk), vec![PathBuf::from("/pack")]);
    let _ = ws.set(PathBuf::from("/pack/signals.muster"), text.to_string(), 1);
    let req = Request {
        id: RequestId::from(1),
        method: "textDocument/completion".into(),
        params: json!({
            "textDocument": {"uri": "file:///pack/signals.muster"},
            "position": {"line": line, "character": character},
        }),
    };
    let result = muster_lsp::request(&ws, req)
        .result
        .expect("a completion answer");
    let items = result
        .get("items")
        .cloned()
        .unwrap_or(result)
        .as_array()
        .cloned()
        .unwrap_or_default();
    items
        .iter()
        .filter_map(|i| i["label"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn after_colour_the_signal_colours_are_offered() {
    let labels = labels_at_end("signal go flare \"advance\" colour ");
    for c in [
        "white", "red", "green", "yellow", "orange", "blue", "violet",
    ] {
        assert!(labels.iter().any(|l| l == c), "{c} missing from {labels:?}");
    }
}

#[test]
fn after_the_signal_name_the_kinds_are_offered_not_colours() {
    let labels = labels_at_end("signal go ");
    assert!(labels.iter().any(|l| l == "flare"), "{labels:?}");
    assert!(!labels.iter().any(|l| l == "violet"), "{labels:?}");
}

#[test]
fn in_the_scenario_header_the_georeference_is_offered() {
    let labels = labels_at_end("scenario \"Test\" {\n  table 2400m by 1600m\n  ");
    assert!(labels.iter().any(|l| l == "georeference"), "{labels:?}");
}

#[test]
fn in_a_map_the_crossing_kinds_are_offered() {
    let labels = labels_at_end("map {\n  ");
    for k in ["bridge", "ford", "level-crossing"] {
        assert!(labels.iter().any(|l| l == k), "{k} missing from {labels:?}");
    }
}

#[test]
fn a_messenger_is_offered_via_and_then_the_places_and_crossings() {
    let labels = labels_at_end("nets red {\n  messenger a-hq to a.pl-1 runner ");
    assert_eq!(labels, vec!["via".to_string()]);
    let labels = labels_at_end(
        "map {\n  place ford-x \"Ford\" at (700,800)\n  area wood dense-woods circle (1,1) radius 5m\n}\nnets red {\n  messenger a-hq to a.pl-1 runner via ",
    );
    assert!(labels.iter().any(|l| l == "ford-x"), "{labels:?}");
    assert!(!labels.iter().any(|l| l == "wood"), "{labels:?}");
}
