//! Builds the generated scenario and checks every expected file is produced.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use muster_render::{build, Templates};

#[test]
fn generated_scenario_builds_every_output() {
    let (model, analysis) = support::gen::scenario(1, 3);
    let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "gen-1/scenario.json",
            "gen-1/umpire.html",
            "gen-1/side-blue.json",
            "gen-1/side-blue.html",
            "gen-1/player-blue-player.html",
            "gen-1/side-red.json",
            "gen-1/side-red.html",
            "gen-1/player-red-player.html",
        ]
    );
    if let Ok(dir) = std::env::var("MUSTER_RENDER_DUMP") {
        for f in &files {
            let p = std::path::Path::new(&dir).join(&f.path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, &f.contents).unwrap();
        }
    }
}

#[test]
fn pegasus_bridge_builds() {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
    assert!(files
        .iter()
        .any(|f| f.path == "pegasus-bridge/player-howard.html"));
    if let Ok(dir) = std::env::var("MUSTER_RENDER_DUMP") {
        for f in &files {
            let p = std::path::Path::new(&dir).join(&f.path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, &f.contents).unwrap();
        }
    }
}
