//! `muster export geojson` end to end: the output is valid RFC 7946 GeoJSON as
//! Python's `geojson` and `shapely` read it (Debian's `python3-geojson` and
//! `python3-shapely`, installed by `.ci/run`), polygons follow the right-hand
//! rule, positions land where the georeference puts them, and a side's view holds
//! only what that side's JSON holds. Without a georeference nothing is written
//! (MC950).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common::{run, TempPack};
use serde_json::Value;
use std::process::Command;

/// A small action on the Orne, with a polygon written clockwise, a line, a
/// crossing, a point place, an edge, a map item only the British know and an
/// element on each side.
const SCENARIO: &str = r#"scenario "Orne" {
  start 1944-06-06 06:00
  turns 12
  first-bound british
  table 2000m by 1000m
  georeference 49.2410N 0.2720W north-bearing 30 "IGN 1:25 000"
}
side british "British" nation british
side german "German" nation german
map {
  area wood dense-woods "Bois du Mont" polygon (100,100) (100,400) (400,400) (400,100)
  area field open "Long field" rect (1000,500) size 300m by 200m
  road lane "Lane" line (0,500) (2000,500)
  river orne "Orne" width 20m line (1500,0) (1500,1000)
  bridge span "Ranville bridge" at (1500,500) over orne carries lane
  place farm "Ferme" at (600,700)
  place west-edge "West edge" edge west
  place dz "Drop zone" at (1800,900) known-to british
}
forces british {
  platoon para "5 Platoon" at (500,300) facing 90 {
    hq para-hq command figures 3 at (0,0)
  }
}
forces german {
  platoon zug "Zug" at (1700,600) facing 270 {
    hq zug-hq command figures 3 at (0,0)
  }
}
"#;

/// A Python that has `geojson` and `shapely`: the one on PATH or Debian's.
fn python() -> Option<&'static str> {
    let found = ["python3", "/usr/bin/python3"].into_iter().find(|p| {
        Command::new(p)
            .args(["-c", "import geojson, shapely"])
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if found.is_none() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "the GeoJSON test needs python3 with Debian's `python3-geojson` and `python3-shapely`"
        );
        eprintln!("skipped: python3 with geojson and shapely not found");
    }
    found
}

/// Reads every file given with `geojson` and `shapely`: prints one line per
/// problem, then the count of features read and of counter-clockwise exteriors.
const VALIDATE: &str = r#"
import json, sys
import geojson
from shapely.geometry import shape
for path in sys.argv[1:]:
    text = open(path).read()
    obj = geojson.loads(text)
    if not obj.is_valid:
        print(f"{path}: invalid: {obj.errors()}")
    features = obj["features"]
    ccw = 0
    for f in features:
        g = shape(f["geometry"])
        if not g.is_valid:
            print(f"{path}: {f['properties']['id']}: shapely finds it invalid")
        if g.geom_type == "Polygon":
            if g.exterior.is_ccw:
                ccw += 1
            else:
                print(f"{path}: {f['properties']['id']}: exterior ring is clockwise")
            for lon, lat in g.exterior.coords:
                if not (-180 <= lon <= 180 and -90 <= lat <= 90):
                    print(f"{path}: {f['properties']['id']}: not lon/lat")
    print(f"read {len(features)} features, {ccw} counter-clockwise polygons")
"#;

fn export(pack: &TempPack, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["export", "geojson", "pack/orne.muster"];
    args.extend_from_slice(extra);
    run(&mut pack.muster(&args))
}

fn features(text: &str) -> Vec<Value> {
    let v: Value = serde_json::from_str(text).unwrap();
    assert_eq!(v["type"], "FeatureCollection");
    v["features"].as_array().unwrap().clone()
}

fn ids(features: &[Value]) -> Vec<String> {
    features
        .iter()
        .map(|f| f["properties"]["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_view_is_valid_geojson_with_right_hand_polygons() {
    let Some(python) = python() else { return };
    let pack = TempPack::new();
    pack.write("pack/orne.muster", SCENARIO);
    let (code, umpire, stderr) = export(&pack, &[]);
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = export(&pack, &["--view", "german", "--out", "german.geojson"]);
    assert_eq!(code, 0, "{stderr}");
    pack.write("umpire.geojson", &umpire);
    let done = Command::new(python)
        .current_dir(pack.path())
        .args(["-c", VALIDATE, "umpire.geojson", "german.geojson"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&done.stdout);
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(done.status.success(), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    // 2 areas, 2 lines, 1 crossing, 3 places and 2 elements for the umpire;
    // the Germans do not know the drop zone and see no British element
    assert_eq!(
        lines,
        [
            "read 10 features, 2 counter-clockwise polygons",
            "read 8 features, 2 counter-clockwise polygons"
        ],
        "{out}"
    );
}

#[test]
fn a_sides_view_holds_what_its_json_holds() {
    let pack = TempPack::new();
    pack.write("pack/orne.muster", SCENARIO);
    let (_, umpire, _) = export(&pack, &[]);
    let (code, british, stderr) = export(&pack, &["--view", "british"]);
    assert_eq!(code, 0, "{stderr}");
    let (_, german, _) = export(&pack, &["--view", "german"]);
    let (umpire, british, german) = (features(&umpire), features(&british), features(&german));
    assert!(ids(&umpire).contains(&"dz".to_string()));
    assert!(ids(&british).contains(&"dz".to_string()));
    assert!(
        !ids(&german).contains(&"dz".to_string()),
        "{:?}",
        ids(&german)
    );
    assert!(!german.iter().any(|f| f["properties"]["side"] == "british"));
    assert!(!british.iter().any(|f| f["properties"]["side"] == "german"));
    let hq = umpire
        .iter()
        .find(|f| f["properties"]["id"] == "para.para-hq")
        .expect("the British HQ");
    let p = &hq["properties"];
    assert_eq!(
        (
            &p["feature"],
            &p["side"],
            &p["unit"],
            &p["unit_name"],
            &p["category"]
        ),
        (
            &Value::from("element"),
            &Value::from("british"),
            &Value::from("para"),
            &Value::from("5 Platoon"),
            &Value::from("foot")
        )
    );
    // the west edge is a line along the table's west side
    let edge = umpire
        .iter()
        .find(|f| f["properties"]["id"] == "west-edge")
        .unwrap();
    assert_eq!(edge["geometry"]["type"], "LineString");
}

#[test]
fn positions_follow_the_georeference() {
    let pack = TempPack::new();
    pack.write("pack/orne.muster", SCENARIO);
    let (_, umpire, _) = export(&pack, &[]);
    let umpire = features(&umpire);
    let at = |id: &str| -> (f64, f64) {
        let f = umpire.iter().find(|f| f["properties"]["id"] == id).unwrap();
        let c = &f["geometry"]["coordinates"];
        (c[0].as_f64().unwrap(), c[1].as_f64().unwrap())
    };
    // 600 m east and 700 m north on a table turned 30° east of north:
    // 600 cos 30 + 700 sin 30 = 869.6 m east, 700 cos 30 - 600 sin 30 = 306.2 m north
    let (lon, lat) = at("farm");
    let east = (lon + 0.2720) * 111_320.0 * 49.2410f64.to_radians().cos();
    let north = (lat - 49.2410) * 111_200.0;
    assert!((east - 869.6).abs() < 5.0, "{east}");
    assert!((north - 306.2).abs() < 5.0, "{north}");
}

#[test]
fn without_a_georeference_nothing_is_written() {
    let pack = TempPack::new();
    let text = SCENARIO.replace(
        "  georeference 49.2410N 0.2720W north-bearing 30 \"IGN 1:25 000\"\n",
        "",
    );
    pack.write("pack/orne.muster", &text);
    let (code, stdout, _) = export(&pack, &["--out", "out.geojson"]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("MC950") && stdout.contains("does not say where its table lies"),
        "{stdout}"
    );
    assert!(!pack.path().join("out.geojson").exists());
}

#[test]
fn an_unknown_view_names_the_sides() {
    let pack = TempPack::new();
    pack.write("pack/orne.muster", SCENARIO);
    let (code, _, stderr) = export(&pack, &["--view", "americans"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("`british`, `german`"), "{stderr}");
}

/// The case files of MC950: the trigger is reported on its marked line with the
/// marked words; the near miss exports.
#[test]
fn the_mc950_cases_export_as_marked() {
    let cases = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let trigger = std::fs::read_to_string(cases.join("MC950-needs-georeference.muster")).unwrap();
    let near = std::fs::read_to_string(cases.join("MC950-needs-georeference-ok.muster")).unwrap();
    let (line, words) = trigger
        .lines()
        .enumerate()
        .find_map(|(i, l)| l.split_once("//~ MC950").map(|(_, w)| (i + 1, w.trim())))
        .unwrap();
    let pack = TempPack::new();
    pack.write("pack/orne.muster", &trigger);
    let (code, stdout, _) = export(&pack, &[]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("error[MC950]") && stdout.contains(words),
        "{stdout}"
    );
    assert!(stdout.contains(&format!("orne.muster:{line}:")), "{stdout}");
    pack.write("pack/orne.muster", &near);
    let (code, stdout, stderr) = export(&pack, &[]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(features(&stdout).len(), 1);
}
