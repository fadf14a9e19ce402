//! Every unit of the pack carries an APP-6 (D) symbol code: milsymbol finds it
//! valid and draws the icon the unit's history gives; the standard identity
//! follows the view; and the map draws the same icon, echelon and modifier.
//!
//! The milsymbol half needs `node` and `npm ci` in `tests/ajv`, like the Ajv
//! tests: skipped locally without them, a failure on CI (`CI=true`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use muster_render::app6::{ECHELONS, ICONS};
use muster_render::json::{self, forces::Unit, ScenarioJson};
use serde_json::json;

fn node_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/ajv")
}

fn milsymbol_available() -> bool {
    let node = Command::new("node").arg("--version").output();
    let modules = node_dir().join("node_modules/milsymbol").is_dir();
    if matches!(&node, Ok(o) if o.status.success()) && modules {
        return true;
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("the milsymbol test needs `node` and `npm ci` in tests/ajv");
    }
    eprintln!("skipping the milsymbol test: it needs `node` and `npm ci` in tests/ajv");
    false
}

/// `scenario unit` → the icon its history gives (the elements' icon where the
/// table notes that they disagree), from `unit_icons.txt`.
fn history_icons() -> BTreeMap<(String, String), String> {
    include_str!("../data/unit_icons.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (head, gap) = match l.split_once("  # elements: ") {
                Some((h, g)) => (h, g.split_whitespace().next()),
                None => (l, None),
            };
            let w: Vec<&str> = head.split_whitespace().collect();
            let icon = gap.unwrap_or(w[2]);
            ((w[0].to_string(), w[1].to_string()), icon.to_string())
        })
        .collect()
}

/// icon → (`set entity sector1`, the same for a motorised unit), from the
/// standard's tables.
fn entities() -> BTreeMap<String, (String, String)> {
    include_str!("../data/app6_entities.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let plain = format!("{} {} {}", w[1], w[2], w[3]);
            let motorised = match w[4] {
                "-" => plain.clone(),
                sub => format!("{} {sub} {}", w[1], w[3]),
            };
            (w[0].to_string(), (plain, motorised))
        })
        .collect()
}

fn walk<'a>(u: &'a Unit, out: &mut Vec<&'a Unit>) {
    out.push(u);
    for c in &u.units {
        walk(c, out);
    }
}

/// Every unit of a JSON document with the index of its side.
fn units(s: &ScenarioJson) -> Vec<(usize, &Unit)> {
    let mut out = Vec::new();
    for (i, side) in s.sides.iter().enumerate() {
        let mut all = Vec::new();
        side.units.iter().for_each(|u| walk(u, &mut all));
        out.extend(all.into_iter().map(|u| (i, u)));
    }
    out
}

fn pack() -> Vec<(String, ScenarioJson)> {
    support::pack::scenario_paths()
        .into_iter()
        .map(|path| {
            let (model, analysis) = support::pack::load(&path);
            let stem = path.trim_end_matches(".muster").to_string();
            (stem, json::scenario(&model, &analysis))
        })
        .collect()
}

#[test]
fn milsymbol_draws_every_unit_of_the_pack_with_the_icon_its_history_gives() {
    if !milsymbol_available() {
        return;
    }
    let history = history_icons();
    let entities = entities();
    let mut cases = Vec::new();
    for (stem, full) in pack() {
        for (_, u) in units(&full) {
            let key = (stem.clone(), u.id.clone());
            let icon = history.get(&key).unwrap_or_else(|| {
                panic!("{stem} {}: not in unit_icons.txt", u.id);
            });
            let (plain, motorised) = &entities[icon];
            let motor = u.modifier.as_ref().map(|m| m.0.keyword()) == Some("motorised");
            let entity = if motor { motorised } else { plain };
            cases.push(
                json!({"unit": format!("{stem} {}", u.id), "sidc": u.sidc, "entity": entity}),
            );
        }
    }
    assert_eq!(cases.len(), history.len(), "a unit of the table is gone");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cases.json");
    std::fs::write(&path, serde_json::to_string(&cases).unwrap()).unwrap();
    let (ok, text) = support::tool::run(
        Command::new("node")
            .arg(node_dir().join("symbols.js"))
            .arg(&path),
    );
    assert!(ok, "{text}");
    assert!(
        text.contains(&format!("checked {} symbol(s)", cases.len())),
        "{text}"
    );
}

/// The fourth digit is the standard identity as the view sees the unit: the
/// umpire's first side friend (3), the others hostile (6); a side's own units
/// friends. A modifier the writer gives is in digits 19–20.
#[test]
fn the_identity_follows_the_view_and_the_modifier_is_coded() {
    let mut airborne = 0;
    for (stem, full) in pack() {
        for (i, u) in units(&full) {
            let want = if i == 0 { '3' } else { '6' };
            assert_eq!(u.sidc.chars().nth(3), Some(want), "{stem} {}", u.id);
            if u.modifier.as_ref().map(|m| m.0.keyword()) == Some("airborne") {
                assert_eq!(&u.sidc[18..], "01", "{stem} {}", u.id);
                airborne += 1;
            }
        }
        for side in &full.sides {
            let view = json::for_side(&full, &side.id);
            for (_, u) in units(&view) {
                assert_eq!(
                    u.sidc.chars().nth(3),
                    Some('3'),
                    "{stem} {} {}",
                    side.id,
                    u.id
                );
            }
        }
    }
    assert!(airborne >= 9, "only {airborne} airborne units");
}

/// The map's unit symbols are drawn from the code's table: each symbol's
/// icon is the row whose entity the unit's code carries, its echelon mark
/// the one of the code's echelon.
#[test]
fn the_map_draws_the_icon_the_code_names() {
    let mut seen = 0;
    for (stem, full) in pack() {
        let codes: BTreeMap<String, String> = full
            .sides
            .iter()
            .flat_map(|s| {
                let mut all = Vec::new();
                s.units.iter().for_each(|u| walk(u, &mut all));
                all.into_iter()
                    .map(|u| (format!("{}.{}", s.id, u.id), u.sidc.clone()))
            })
            .collect();
        let view = muster_render::map::map_view(&full, None, &[]);
        for mark in view.units.iter().filter(|m| m.branch != "report") {
            let code = &codes[&mark.id];
            let row = ICONS
                .iter()
                .find(|i| {
                    i.symbol_set == &code[4..6]
                        && (i.entity == &code[10..16] || i.motorised == Some(&code[10..16]))
                        && i.sector1 == &code[16..18]
                })
                .unwrap_or_else(|| panic!("{stem} {}: {code} is no row", mark.id));
            assert_eq!(row.branch.keyword(), mark.branch, "{stem} {}", mark.id);
            if row.symbol_set == muster_render::app6::LAND_UNIT {
                let echelon = ECHELONS.iter().find(|e| e.mark == mark.echelon).unwrap();
                assert_eq!(echelon.code, &code[8..10], "{stem} {}", mark.id);
            }
            seen += 1;
        }
    }
    assert!(seen >= 80, "only {seen} unit symbols drawn");
}

/// docs/interchange.md gives the table the code is made from, row for row.
#[test]
fn the_docs_give_the_table_the_codes_come_from() {
    let docs = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/interchange.md"),
    )
    .unwrap();
    for i in &ICONS {
        let motorised = i.motorised.map_or("—".to_string(), |m| format!("`{m}`"));
        let row = format!(
            "| `{}` | {} | `{}` | `{}` | {motorised} | `{}` |",
            i.branch, i.standard, i.symbol_set, i.entity, i.sector1
        );
        assert!(docs.contains(&row), "docs/interchange.md lacks {row}");
    }
    for e in &ECHELONS {
        let row = format!("| `{}` | `{}` | {} |", e.echelon, e.code, e.mark);
        assert!(docs.contains(&row), "docs/interchange.md lacks {row}");
    }
}
