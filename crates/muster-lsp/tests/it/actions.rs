//! Quick fixes through the server's request handler: a warning may be allowed
//! for the scenario, an error never (silencing a misspelt objective would print
//! the misspelling on a player's sheet).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::NoDisk;
use lsp_server::{Request, RequestId};
use muster_lsp::Workspace;
use serde_json::json;
use std::path::PathBuf;

const SCENARIO: &str = r#"scenario "Fixes" {
  first-bound blue
  turns 10
  table 3000m by 2000m
  start 1944-07-10 05:00
}
side blue "Blue" nation british
side red "Red" nation german
map {
  place hill "Hill 112" at (1500,1500)
  place farm "Farm" at (2500,500)
}
forces blue {
  company a-coy "A Company" {
    hq coy-hq command figures 3 radio long at (500,500)
  }
}
forces red {
  platoon zug "Zug" {
    hq zug-hq command figures 2 at (1500,1400)
  }
}
orders blue {
  a-coy attack full hil by turn 6
}
orders red {
  zug defend hill
}
"#;

/// The titles of the code actions offered on the first line holding `needle`.
fn titles_at(needle: &str) -> Vec<String> {
    let line = SCENARIO
        .lines()
        .position(|l| l.contains(needle))
        .expect("the needle is in the fixture");
    let mut ws = Workspace::new(Box::new(NoDisk), vec![PathBuf::from("/pack")]);
    let _ = ws.set(PathBuf::from("/pack/fixes.muster"), SCENARIO.to_string(), 1);
    let req = Request {
        id: RequestId::from(1),
        method: "textDocument/codeAction".into(),
        params: json!({
            "textDocument": {"uri": "file:///pack/fixes.muster"},
            "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 200}},
            "context": {"diagnostics": []},
        }),
    };
    let result = muster_lsp::request(&ws, req)
        .result
        .expect("a code action answer");
    result
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x["title"].as_str())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_else(|| panic!("no list of actions: {result}"))
}

#[test]
fn an_error_gets_its_correction_but_never_an_allow() {
    let titles = titles_at("attack full hil ");
    assert!(
        titles.contains(&"replace with `hill`".to_string()),
        "{titles:?}"
    );
    assert!(
        !titles.iter().any(|t| t.starts_with("allow ")),
        "an error offered as a rule to allow: {titles:?}"
    );
}

#[test]
fn a_warning_may_be_allowed_for_the_scenario() {
    let titles = titles_at("place farm");
    assert_eq!(titles, vec!["allow MC105 in this scenario".to_string()]);
}
