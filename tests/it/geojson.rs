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

/// `muster import geojson` run in the pack's folder.
fn import(pack: &TempPack, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["import", "geojson"];
    all.extend_from_slice(args);
    run(&mut pack.muster(&all))
}

/// The case files of MC951–MC954: each names the GeoJSON it imports and the
/// kind (`// import:`); the trigger reports its code with the words of
/// `// reports:` and writes nothing, the near miss imports.
#[test]
fn the_import_cases_report_as_written() {
    let cases = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut seen = 0;
    for code in ["MC951", "MC952", "MC953", "MC954"] {
        let mut names: Vec<String> = std::fs::read_dir(&cases)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(code) && n.ends_with(".muster"))
            .collect();
        names.sort();
        assert_eq!(names.len(), 2, "{code}: {names:?}");
        for name in names {
            let text = std::fs::read_to_string(cases.join(&name)).unwrap();
            let line = |key: &str| {
                text.lines()
                    .find_map(|l| l.strip_prefix(key))
                    .map(str::trim)
                    .map(str::to_string)
            };
            let import_line = line("// import:").expect("an `// import:` line");
            let mut words = import_line.split_whitespace();
            let geojson = words.next().unwrap();
            let pack = TempPack::new();
            pack.write("pack/case.muster", &text);
            pack.write(
                &format!("traced/{geojson}"),
                &std::fs::read_to_string(cases.join(geojson)).unwrap(),
            );
            let traced = format!("traced/{geojson}");
            let mut args = vec![
                traced.as_str(),
                "--scenario",
                "pack/case.muster",
                "--out",
                "pack/lib/imported.muster",
            ];
            let rest: Vec<&str> = words.collect();
            args.extend(rest);
            let (status, stdout, stderr) = import(&pack, &args);
            let written = pack.root().join("lib/imported.muster");
            match line("// reports:") {
                Some(reports) => {
                    let (want, said) = reports.split_once(' ').unwrap();
                    assert_eq!(want, code, "{name}");
                    assert_eq!(status, 1, "{name}: {stdout}{stderr}");
                    assert!(
                        stdout.contains(&format!("error[{code}]")),
                        "{name}: {stdout}"
                    );
                    assert!(stdout.contains(said), "{name}: `{said}` not in {stdout}");
                    assert!(stdout.contains(&format!("{geojson}:")), "{name}: {stdout}");
                    assert!(!written.exists(), "{name}: a file was written");
                }
                None => {
                    assert_eq!(status, 0, "{name}: {stdout}{stderr}");
                    assert!(written.exists(), "{name}");
                }
            }
            seen += 1;
        }
    }
    assert_eq!(seen, 8);
}

/// Every polygon and line of an export, imported again, comes back to its
/// table metres; the text is in the canonical layout, and the scenario that
/// `use`s it checks clean.
#[test]
fn exported_shapes_import_back_to_their_table_metres() {
    let pack = TempPack::new();
    pack.write("pack/orne.muster", SCENARIO);
    let (_, umpire, _) = export(&pack, &[]);
    let all: Value = serde_json::from_str(&umpire).unwrap();
    let only = |ty: &str| {
        let features: Vec<&Value> = all["features"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["geometry"]["type"] == ty && f["properties"]["feature"] != "place")
            .collect();
        serde_json::json!({"type": "FeatureCollection", "features": features}).to_string()
    };
    pack.write("traced/areas.geojson", &only("Polygon"));
    pack.write("traced/lines.geojson", &only("LineString"));
    let (code, stdout, stderr) = import(
        &pack,
        &[
            "traced/areas.geojson",
            "--kind",
            "open-woods",
            "--tolerance",
            "0",
            "--scenario",
            "pack/orne.muster",
        ],
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("area bois-du-mont open-woods \"Bois du Mont\" polygon"),
        "{stdout}"
    );
    // the outline written clockwise comes back counter-clockwise, the same points
    for p in ["(100,100)", "(400,100)", "(400,400)", "(100,400)"] {
        assert!(stdout.contains(p), "{p} not in {stdout}");
    }
    let (code, _, stderr) = import(
        &pack,
        &[
            "traced/lines.geojson",
            "--kind",
            "track",
            "--scenario",
            "pack/orne.muster",
            "--out",
            "pack/lib/tracks.muster",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let tracks = std::fs::read_to_string(pack.root().join("lib/tracks.muster")).unwrap();
    assert!(
        tracks.contains("track lane-2 \"Lane\" line (0,500) (2000,500)"),
        "{tracks}"
    );
    assert!(
        tracks.contains("track orne-2 \"Orne\" line (1500,0) (1500,1000)"),
        "{tracks}"
    );
    let (code, stdout, _) = run(&mut pack.muster(&["fmt", "--check", "pack/lib/tracks.muster"]));
    assert_eq!(code, 0, "{stdout}");
    // a second import to the same file is refused and leaves it as it was
    let (code, _, stderr) = import(
        &pack,
        &[
            "traced/lines.geojson",
            "--kind",
            "road",
            "--scenario",
            "pack/orne.muster",
            "--out",
            "pack/lib/tracks.muster",
        ],
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("already exists"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(pack.root().join("lib/tracks.muster")).unwrap(),
        tracks
    );
    let using = SCENARIO.replacen(
        "scenario \"Orne\"",
        "use \"lib/tracks.muster\"\nscenario \"Orne\"",
        1,
    );
    pack.write("pack/orne.muster", &using);
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack/orne.muster"]));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains(": 0 errors"), "{stdout}");
}

/// A traced line of many points close to a straight course is simplified to
/// its ends at the default tolerance, and keeps a bend larger than it.
#[test]
fn traced_lines_are_simplified_to_the_tolerance() {
    let pack = TempPack::new();
    pack.write("pack/orne.muster", SCENARIO);
    // 0.00001° of latitude is about 1 m: a wobble of 3 m either side
    let wobbly: Vec<Value> = (0..=50)
        .map(|i| {
            let lon = -0.2720 + 0.0002 * f64::from(i);
            let lat = 49.2450 + if i % 2 == 0 { 0.00003 } else { -0.00003 };
            serde_json::json!([lon, lat])
        })
        .collect();
    let mut bent = wobbly.clone();
    bent[25] = serde_json::json!([-0.2670, 49.2460]);
    let fc = serde_json::json!({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"name": "Wobbly"}, "geometry": {"type": "LineString", "coordinates": wobbly}},
        {"type": "Feature", "properties": {"name": "Bent"}, "geometry": {"type": "LineString", "coordinates": bent}},
    ]});
    pack.write("traced/lines.geojson", &fc.to_string());
    let (code, stdout, stderr) = import(
        &pack,
        &[
            "traced/lines.geojson",
            "--kind",
            "hedge",
            "--scenario",
            "pack/orne.muster",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    let line_of = |name: &str| {
        stdout
            .lines()
            .find(|l| l.contains(name))
            .unwrap()
            .to_string()
    };
    assert_eq!(line_of("Wobbly").matches('(').count(), 2, "{stdout}");
    assert!(line_of("Bent").matches('(').count() > 2, "{stdout}");
}
