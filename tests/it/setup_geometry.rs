//! The set-up sheets on paper: the shipped pack laid out by headless Chromium
//! through the printing code (`build --pdf --map-geometry`, in a network
//! namespace), every whole-table map at least 85% of its page's text width, and
//! Pegasus Bridge's tiles at the 1 : 4 they state, measured between marks whose
//! table positions the scenario gives.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::printed::{can_print, printed_pack};

use serde_json::Value;
use std::path::Path;

/// The centre of the mark `data-feature="id"` on a measured map, in paper mm.
fn centre(map: &Value, id: &str) -> Option<(f64, f64)> {
    map["items"].as_array()?.iter().find_map(|i| {
        (i["kind"] == "feature" && i["id"] == id).then(|| {
            let b = |k: usize| i["box"][k].as_f64().unwrap();
            ((b(0) + b(2)) / 2.0, (b(1) + b(3)) / 2.0)
        })
    })
}

/// The printed distance between two marks on the first tile that shows both.
fn printed_mm(tiles: &[Value], a: &str, b: &str) -> f64 {
    tiles
        .iter()
        .find_map(|t| {
            let (p, q) = (centre(t, a)?, centre(t, b)?);
            Some((p.0 - q.0).hypot(p.1 - q.1))
        })
        .unwrap_or_else(|| panic!("no tile shows both {a} and {b}"))
}

/// The measured maps of one scenario's set-up sheet: the overview first, then the tiles.
fn setup_maps(out: &Path, scenario: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(out.join(scenario).join("setup.maps.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn every_set_up_overview_fills_the_width_and_the_tiles_print_at_one_to_four() {
    if !can_print() {
        return;
    }
    let out = printed_pack();
    let mut sheets = 0;
    for scenario in std::fs::read_dir(out).unwrap().flatten() {
        if !scenario.path().join("setup.maps.json").exists() {
            continue;
        }
        let name = scenario.file_name().to_string_lossy().into_owned();
        let maps = setup_maps(out, &name);
        // The overview, then at least one tile.
        assert!(
            maps.len() >= 2,
            "{name}: {} maps on the set-up sheet",
            maps.len()
        );
        let (width, page) = (
            maps[0]["width"].as_f64().unwrap(),
            maps[0]["text_width"].as_f64().unwrap(),
        );
        // A4 less the sheet's 11 mm side margins: 188 mm portrait, 275 mm landscape.
        assert!(
            (page - 188.0).abs() < 0.5 || (page - 275.0).abs() < 0.5,
            "{name}: text width {page:.1} mm"
        );
        assert!(
            width >= 0.85 * page,
            "{name}: the overview is {width:.1} mm of a {page:.1} mm text width"
        );
        sheets += 1;
    }
    assert!(sheets >= 12, "{sheets} set-up sheets measured");

    let maps = setup_maps(out, "pegasus-bridge");
    // The table is 120 cm by 80 cm: at 1 : 4 it is 300 mm by 200 mm of paper,
    // more than one A4 page holds.
    assert!(
        maps.len() >= 3,
        "{} maps on the Pegasus set-up sheet",
        maps.len()
    );
    let tiles = &maps[1..];
    // Ground scale 2 m per table mm; a tile prints a table mm as 0.25 mm.
    // Café Gondrée (970, 830) to Bénouville crossroads (720, 780):
    // hypot(250, 50) = 254.95 m of ground = 127.48 table mm = 31.87 mm printed.
    let cafe = printed_mm(tiles, "place:cafe", "place:benouville-x");
    assert!((cafe - 31.87).abs() < 0.3, "{cafe:.2} mm, not 31.87");
    // Horsa Bridge (1500, 800) to the marsh ford (1500, 300): 500 m of ground
    // = 250 table mm = 62.5 mm printed.
    let river = printed_mm(tiles, "crossing:horsa", "crossing:marsh-ford");
    assert!((river - 62.5).abs() < 0.3, "{river:.2} mm, not 62.5");
    // The same two marks on the overview are smaller: it prints at about 1 : 7.
    let small = printed_mm(&maps[..1], "crossing:horsa", "crossing:marsh-ford");
    assert!(small < 0.75 * river, "{small:.2} mm on the overview");
}
