//! What a reader sees: the example scenario's JSON (umpire and one side), a side
//! briefing and a player briefing, snapshotted. Review changes with `cargo insta review`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use muster_render::{build, Templates};

fn outputs() -> Vec<muster_render::OutputFile> {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    build(&model, &analysis, &Templates::builtin().unwrap()).unwrap()
}

fn file(files: &[muster_render::OutputFile], name: &str) -> String {
    files
        .iter()
        .find(|f| f.path == format!("pegasus-bridge/{name}"))
        .unwrap()
        .contents
        .clone()
}

#[test]
fn pegasus_scenario_json() {
    insta::assert_snapshot!("pegasus_scenario_json", file(&outputs(), "scenario.json"));
}

#[test]
fn pegasus_german_side_json() {
    insta::assert_snapshot!(
        "pegasus_side_german_json",
        file(&outputs(), "side-german.json")
    );
}

#[test]
fn pegasus_british_side_briefing() {
    insta::assert_snapshot!(
        "pegasus_side_british_html",
        file(&outputs(), "side-british.html")
    );
}

/// A player's briefing: their own order first, then the orders above them; their
/// unit and its superiors marked in the order of battle and on the map.
#[test]
fn pegasus_player_briefing() {
    insta::assert_snapshot!(
        "pegasus_player_howard_html",
        file(&outputs(), "player-howard.html")
    );
}

#[test]
fn output_is_deterministic() {
    assert_eq!(outputs(), outputs());
}
