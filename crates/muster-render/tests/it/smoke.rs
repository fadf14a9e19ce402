//! Builds the generated scenario and checks every expected file is produced.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

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
            "gen-1/setup.html",
            "gen-1/side-blue.json",
            "gen-1/side-blue.html",
            "gen-1/cards-blue.html",
            "gen-1/player-blue-player.html",
            "gen-1/side-red.json",
            "gen-1/side-red.html",
            "gen-1/cards-red.html",
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

#[test]
fn paper_size_is_a4_by_default_and_letter_on_request() {
    let (model, analysis) = support::gen::scenario(5, 1);
    let a4 = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
    assert!(a4[1].contents.contains("@page { size: A4;"));
    let letter = Templates::builtin()
        .unwrap()
        .with_paper(muster_render::Paper::Letter);
    let letter = build(&model, &analysis, &letter).unwrap();
    assert!(letter[1].contents.contains("@page { size: letter;"));
}

#[test]
fn a_broken_pack_template_is_an_error_not_a_panic() {
    let mut overrides = std::collections::BTreeMap::new();
    overrides.insert("side.html".to_string(), "{% if %}".to_string());
    let err = Templates::with_overrides(&overrides).unwrap_err();
    assert!(
        err.to_string().starts_with("template `templates` failed"),
        "{err}"
    );
    let mut overrides = std::collections::BTreeMap::new();
    overrides.insert("side.html".to_string(), "{{ no.such.field }}".to_string());
    let (model, analysis) = support::gen::scenario(6, 1);
    let err = build(
        &model,
        &analysis,
        &Templates::with_overrides(&overrides).unwrap(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("side.html"), "{err}");
}
