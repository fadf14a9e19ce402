//! The maps of a printed scenario measured on paper: `build --pdf
//! --map-geometry` lays every sheet out in headless Chromium (through the
//! project's printing code, in a network namespace with only loopback) and
//! writes where each map item lands, in millimetres; every label is found with
//! the feature it names and every unit symbol with its own element marks, and
//! the map's furniture (north arrow, scale bar, inset numbers, edge figures)
//! stands clear of every mark, name and other piece of it.
//! Needs `chromium`; skipped with a note elsewhere, failed under `CI=true`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::printed::{can_print, printed_pack};

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// How far a label may stand from its feature, and with a leader line.
const LABEL_MM: f64 = 3.0;
const LEADER_MM: f64 = 12.0;
/// How far a unit symbol may stand from the box of its own elements' marks.
const UNIT_MM: f64 = 5.0;
/// What the measuring forgives: text boxes are the font's, not the glyphs'.
const SLACK_MM: f64 = 0.3;
/// What two names may share of their boxes, in square millimetres: the
/// font's boxes reach above the capitals and below the baseline.
const NAMES_MM2: f64 = 0.5;

type Box4 = [f64; 4];

#[derive(Debug, Clone)]
struct Item {
    kind: String,
    id: String,
    bx: Box4,
    points: Vec<(f64, f64)>,
}

/// One measured map: the sheet it is on, its items, the box of its whole
/// drawing and the frame of the ground it shows (the table or a window).
struct Map {
    name: String,
    items: Vec<Item>,
    drawing: Box4,
    frame: Option<Box4>,
}

fn maps_of(out: &Path) -> Vec<Map> {
    let mut files = Vec::new();
    for scenario in std::fs::read_dir(out).unwrap().flatten() {
        if !scenario.path().is_dir() {
            continue;
        }
        for f in std::fs::read_dir(scenario.path()).unwrap().flatten() {
            if f.path().to_string_lossy().ends_with(".maps.json") {
                files.push(f.path());
            }
        }
    }
    files.sort();
    let mut maps = Vec::new();
    for f in files {
        let sheet = f.strip_prefix(out).unwrap().display().to_string();
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        for (n, m) in v.as_array().unwrap().iter().enumerate() {
            let items = m["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| Item {
                    kind: i["kind"].as_str().unwrap().to_string(),
                    id: i["id"].as_str().unwrap().to_string(),
                    bx: four(&i["box"]),
                    points: i["points"]
                        .as_array()
                        .map(|ps| {
                            ps.iter()
                                .map(|p| (p[0].as_f64().unwrap(), p[1].as_f64().unwrap()))
                                .collect()
                        })
                        .unwrap_or_default(),
                })
                .collect();
            maps.push(Map {
                name: format!("{sheet} map {}", n + 1),
                items,
                drawing: four(&m["box"]),
                frame: (!m["frame"].is_null()).then(|| four(&m["frame"])),
            });
        }
    }
    maps
}

fn four(v: &Value) -> Box4 {
    let f = |i: usize| v[i].as_f64().unwrap();
    [f(0), f(1), f(2), f(3)]
}

/// The gap between two boxes (0 when they touch or overlap).
fn gap(a: &Box4, b: &Box4) -> f64 {
    let dx = (b[0] - a[2]).max(a[0] - b[2]).max(0.0);
    let dy = (b[1] - a[3]).max(a[1] - b[3]).max(0.0);
    dx.hypot(dy)
}

/// The area two boxes share.
fn shared(a: &Box4, b: &Box4) -> f64 {
    let w = a[2].min(b[2]) - a[0].max(b[0]);
    let h = a[3].min(b[3]) - a[1].max(b[1]);
    if w > 0.0 && h > 0.0 {
        w * h
    } else {
        0.0
    }
}

/// How far a box reaches out of another on its worst side (negative inside).
fn beyond(inner: &Box4, outer: &Box4) -> f64 {
    (outer[0] - inner[0])
        .max(outer[1] - inner[1])
        .max(inner[2] - outer[2])
        .max(inner[3] - outer[3])
}

fn point_gap(b: &Box4, p: (f64, f64)) -> f64 {
    gap(b, &[p.0, p.1, p.0, p.1])
}

fn inside(poly: &[(f64, f64)], p: (f64, f64)) -> bool {
    let mut c = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + poly.len() - 1) % poly.len()]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 {
            c = !c;
        }
    }
    c
}

/// How far a label's box stands from its feature: from the drawn outline or
/// line when it has one (0 inside an area), else from the mark's box.
fn distance(label: &Box4, feature: &Item) -> f64 {
    if feature.points.is_empty() {
        return gap(label, &feature.bx);
    }
    let centre = ((label[0] + label[2]) / 2.0, (label[1] + label[3]) / 2.0);
    if feature.id.starts_with("area:") && inside(&feature.points, centre) {
        return 0.0;
    }
    feature
        .points
        .iter()
        .map(|p| point_gap(label, *p))
        .fold(f64::INFINITY, f64::min)
}

fn union(boxes: impl Iterator<Item = Box4>) -> Option<Box4> {
    boxes.fold(None, |acc, b| {
        Some(match acc {
            None => b,
            Some(a) => [
                a[0].min(b[0]),
                a[1].min(b[1]),
                a[2].max(b[2]),
                a[3].max(b[3]),
            ],
        })
    })
}

/// The items of one kind on a map.
fn of<'a>(m: &'a Map, kind: &'a str) -> impl Iterator<Item = &'a Item> {
    m.items.iter().filter(move |i| i.kind == kind)
}

/// Every placement problem of one map, in words.
fn problems(m: &Map) -> Vec<String> {
    let mut out = Vec::new();
    let features: BTreeMap<&str, &Item> = of(m, "feature").map(|i| (i.id.as_str(), i)).collect();
    let leaders: BTreeMap<&str, &Item> = of(m, "leader").map(|i| (i.id.as_str(), i)).collect();
    for label in of(m, "label") {
        let Some(feature) = features.get(label.id.as_str()) else {
            continue; // a table edge's name stands on the edge, not at a mark
        };
        let limit = if leaders.contains_key(label.id.as_str()) {
            LEADER_MM
        } else {
            LABEL_MM
        };
        let d = distance(&label.bx, feature);
        if d > limit + SLACK_MM {
            out.push(format!(
                "label `{}` is {d:.1} mm from its feature (at most {limit} mm)",
                label.id
            ));
        }
    }
    let elements: Vec<&Item> = of(m, "element").collect();
    for unit in of(m, "unit") {
        let prefix = format!("{}.", unit.id);
        let own = union(
            elements
                .iter()
                .filter(|e| {
                    e.id.strip_prefix(&prefix)
                        .is_some_and(|rest| !rest.contains('.'))
                })
                .map(|e| e.bx),
        );
        let Some(own) = own else {
            out.push(format!(
                "unit `{}` is drawn with no element of its own on the map",
                unit.id
            ));
            continue;
        };
        let limit = if leaders.contains_key(format!("unit:{}", unit.id).as_str()) {
            LEADER_MM
        } else {
            UNIT_MM
        };
        let d = gap(&unit.bx, &own);
        if d > limit + SLACK_MM {
            out.push(format!(
                "unit `{}` is {d:.1} mm from its elements (at most {limit} mm)",
                unit.id
            ));
        }
    }
    for label in of(m, "label") {
        for e in &elements {
            if shared(&label.bx, &e.bx) > 0.01 {
                out.push(format!(
                    "label `{}` covers element mark `{}`",
                    label.id, e.id
                ));
            }
        }
    }
    for (k, a) in elements.iter().enumerate() {
        for b in elements.iter().skip(k + 1) {
            if shared(&a.bx, &b.bx) > 0.01 {
                out.push(format!("element marks `{}` and `{}` overlap", a.id, b.id));
            }
        }
    }
    out.extend(furniture_problems(m));
    out.extend(name_problems(m));
    out
}

/// The map's furniture (north arrow, scale bar, inset numbers, the grid's
/// letters and figures round the frame): each piece clear of every other and
/// of every mark and name, and inside the drawing.
fn furniture_problems(m: &Map) -> Vec<String> {
    let mut out = Vec::new();
    let pieces: Vec<&Item> = of(m, "furniture").collect();
    for (k, a) in pieces.iter().enumerate() {
        for b in pieces.iter().skip(k + 1) {
            if shared(&a.bx, &b.bx) > 0.01 {
                out.push(format!(
                    "furniture `{}` overlaps furniture `{}`",
                    a.id, b.id
                ));
            }
        }
        let marks = m.items.iter().filter(|i| match i.kind.as_str() {
            "element" | "unit" | "label" => true,
            // Point features: a place's dot, a bridge or ford.
            "feature" => i.id.starts_with("place:") || i.id.starts_with("crossing:"),
            _ => false,
        });
        for i in marks {
            if shared(&a.bx, &i.bx) > 0.01 {
                out.push(format!("furniture `{}` covers {} `{}`", a.id, i.kind, i.id));
            }
        }
        let past = beyond(&a.bx, &m.drawing);
        if past > SLACK_MM {
            out.push(format!(
                "furniture `{}` runs {past:.1} mm past the edge of its drawing",
                a.id
            ));
        }
    }
    out
}

/// Names: every one inside the frame of the ground it names, none on another.
fn name_problems(m: &Map) -> Vec<String> {
    let mut out = Vec::new();
    let labels: Vec<&Item> = of(m, "label").collect();
    if let Some(f) = &m.frame {
        for l in &labels {
            let past = beyond(&l.bx, f);
            if past > SLACK_MM {
                out.push(format!(
                    "label `{}` runs {past:.1} mm out of the map's frame",
                    l.id
                ));
            }
        }
    }
    for (k, a) in labels.iter().enumerate() {
        for b in labels.iter().skip(k + 1) {
            if shared(&a.bx, &b.bx) > NAMES_MM2 {
                out.push(format!("labels `{}` and `{}` overlap", a.id, b.id));
            }
        }
    }
    out
}

#[test]
fn every_printed_map_of_the_pack_has_its_names_at_their_features() {
    if !can_print() {
        return;
    }
    let out = printed_pack();
    let maps = maps_of(out);
    // Umpire, set-up, sides and players of every scenario each carry a map.
    assert!(maps.len() >= 100, "{} maps measured", maps.len());
    let labels: usize = maps.iter().map(|m| of(m, "label").count()).sum();
    eprintln!("{} maps, {labels} labels measured", maps.len());
    assert!(labels >= 1000, "only {labels} labels measured");
    for m in &maps {
        let features: Vec<&str> = of(m, "feature").map(|i| i.id.as_str()).collect();
        for label in of(m, "label") {
            // A table edge's name stands on the edge, not at a mark of its own.
            let edge = label.id.starts_with("place:") && !features.contains(&label.id.as_str());
            assert!(
                edge || features.contains(&label.id.as_str()),
                "{}: label `{}` has no feature on the map",
                m.name,
                label.id
            );
            let [x0, y0, x1, y1] = label.bx;
            assert!(
                x1 > x0 && y1 > y0,
                "{}: label `{}` has no extent",
                m.name,
                label.id
            );
        }
        for leader in of(m, "leader") {
            assert!(
                !leader.points.is_empty(),
                "{}: leader `{}` unmeasured",
                m.name,
                leader.id
            );
        }
    }
    // The measurements are in millimetres: the briefing map prints 184 mm wide.
    let umpire = maps
        .iter()
        .find(|m| m.name.ends_with("umpire.maps.json map 1"))
        .unwrap();
    let width = umpire.items.iter().map(|i| i.bx[2]).fold(0.0, f64::max)
        - umpire
            .items
            .iter()
            .map(|i| i.bx[0])
            .fold(f64::INFINITY, f64::min);
    assert!(
        width > 100.0 && width < 190.0,
        "umpire map items span {width:.1} mm"
    );
    // Every name at its feature and inside the frame, every symbol at its
    // troops, no name on a mark or another name, no two element marks on top
    // of each other, no furniture on anything.
    let over: Vec<String> = maps
        .iter()
        .flat_map(|m| {
            problems(m)
                .into_iter()
                .map(move |p| format!("{}: {p}", m.name))
        })
        .collect();
    assert!(
        over.is_empty(),
        "{} placements over the limits:\n{}",
        over.len(),
        over.join("\n")
    );
}
