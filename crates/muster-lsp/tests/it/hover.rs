//! Hover, through the server's request handler on a fixture: `$0` marks where the
//! pointer rests. An element shows its whole equipment and radio; a unit its
//! strength, its order in words and its command status.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::NoDisk;
use lsp_server::{Request, RequestId};
use muster_lsp::Workspace;
use serde_json::json;
use std::path::PathBuf;

const SCENARIO: &str = r#"scenario "Hover" {
  start 1944-06-06 06:00
  turns 12
  first-bound blue
  table 3000m by 2000m
  geo$4reference 49.2410N 0.2720W north-bearing 0 "IGN 1:25 000"
}
side blue "Blue" nation british
side red "Red" nation german
map {
  place hill "Hill 112" at (1500,1500)
  road lane "Lane" line (1600,0) (1600,2000)
  road chaussee "Chaussée" line (0,1000) (3000,1000)
  lev$3el-crossing halt at (1600,1000) over chaussee carries lane
}
forces blue {
  company a-c$1oy "A Company" at (500,500) facing 0 {
    hq coy-hq command figures 3 radio long at (0,0)
    element p$2l-1 coherent rifles lmg hand-at figures 8 radio short at (80,0)
    element mortar coherent figures 2 at (-80,0)
  }
}
forces red {
  platoon zug "Zug" at (1500,1400) facing 180 {
    hq zug-hq command figures 2 at (0,0)
  }
}
orders blue {
  a-coy attack full hill by turn 6 "Take the hill."
}
"#;

/// The hover text where marker `$N` stands.
fn hover(marker: &str) -> String {
    let at = SCENARIO.find(marker).expect("the marker is in the fixture");
    let unmark = |s: &str| {
        s.replace("$1", "")
            .replace("$2", "")
            .replace("$3", "")
            .replace("$4", "")
    };
    let text: String = unmark(SCENARIO);
    let before = unmark(&SCENARIO[..at]);
    let line = before.matches('\n').count();
    let character = before.len() - before.rfind('\n').map_or(0, |n| n + 1);
    let mut ws = Workspace::new(Box::new(NoDisk), vec![PathBuf::from("/pack")]);
    let path = PathBuf::from("/pack/hover.muster");
    let _ = ws.set(path, text, 1);
    let req = Request {
        id: RequestId::from(1),
        method: "textDocument/hover".into(),
        params: json!({
            "textDocument": {"uri": "file:///pack/hover.muster"},
            "position": {"line": line, "character": character},
        }),
    };
    let response = muster_lsp::request(&ws, req);
    let result = response.result.expect("a hover answer");
    result["contents"]["value"]
        .as_str()
        .unwrap_or_else(|| panic!("no hover text: {result}"))
        .to_string()
}

#[test]
fn a_unit_shows_its_strength_order_and_command() {
    assert_eq!(
        hover("$1"),
        "**a-coy** — company “A Company”\n\n\
         strength: 3 elements, 13 figures, 0 models\n\n\
         order: attack `Hill 112` by turn 6\n\n\
         command: top of the chain of command\n\n\
         order latency from `a-coy`: 0 link(s), runner 0 turn(s); hot turn 2, cold turn 1"
    );
}

#[test]
fn an_element_shows_its_whole_equipment_and_radio() {
    assert_eq!(
        hover("$2"),
        "**a-coy.pl-1** — element, coherent\n\n\
         strength: 8 figures\n\n\
         equipment: rifles; light machine gun; hand-held anti-tank weapon; radio, short range (300 m)\n\n\
         command: in command (§87): by radio directly to `a-coy.coy-hq`, 80 m"
    );
}

#[test]
fn a_level_crossing_says_what_it_may_be_over() {
    let text = hover("$3");
    assert!(
        text.contains("**level-crossing** (crossing) — a level crossing, at grade, over a line that is not water"),
        "{text}"
    );
}

#[test]
fn a_georeference_says_where_the_table_lies() {
    let text = hover("$4");
    assert!(
        text.contains("**georeference** — where the table's south-west corner lies on WGS 84"),
        "{text}"
    );
}

#[test]
fn via_says_it_is_a_messengers_route() {
    let mut ws = Workspace::new(Box::new(NoDisk), vec![PathBuf::from("/pack")]);
    let text = "nets blue {\n  messenger a to b runner via hill\n}\n";
    let _ = ws.set(PathBuf::from("/pack/via.muster"), text.to_string(), 1);
    let req = Request {
        id: RequestId::from(1),
        method: "textDocument/hover".into(),
        params: json!({
            "textDocument": {"uri": "file:///pack/via.muster"},
            "position": {"line": 1, "character": 27},
        }),
    };
    let result = muster_lsp::request(&ws, req)
        .result
        .expect("a hover answer");
    let text = result["contents"]["value"].as_str().unwrap_or_default();
    assert!(text.contains("**via** — a messenger's route"), "{text}");
}
