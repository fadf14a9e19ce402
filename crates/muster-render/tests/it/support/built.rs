//! Every JSON file `muster build` writes for the shipped pack: the umpire's
//! `scenario.json` and each `side-<side>.json`, serialised as the CLI writes them.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use muster_render::{json, to_json};

/// (name, contents) of every built JSON file of every shipped scenario.
pub fn pack_json() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for path in super::pack::scenario_paths() {
        let (model, analysis) = super::pack::load(&path);
        let stem = path.trim_end_matches(".muster").to_string();
        let full = json::scenario(&model, &analysis);
        out.push((format!("{stem}/scenario.json"), to_json(&full).unwrap()));
        for side in &full.sides {
            let view = json::for_side(&full, &side.id);
            out.push((
                format!("{stem}/side-{}.json", side.id),
                to_json(&view).unwrap(),
            ));
        }
    }
    out
}

/// Pegasus Bridge's umpire JSON.
pub fn pegasus_umpire() -> serde_json::Value {
    let (model, analysis) = super::pack::load("pegasus-bridge.muster");
    serde_json::to_value(json::scenario(&model, &analysis)).unwrap()
}

/// Lax documents, each refused by the schema (a view of a side
/// that does not exist is not the schema's to refuse: see tests/it/ids.rs).
pub fn lax_documents() -> Vec<(&'static str, serde_json::Value)> {
    let good = pegasus_umpire();
    let mut out = Vec::new();
    let mut d = good.clone();
    d["surprise"] = true.into();
    out.push(("an unknown top-level field", d));
    let mut d = good.clone();
    d["format_version"] = 99.into();
    out.push(("format_version 99", d));
    let mut d = good.clone();
    d["header"]["date"] = "6th June".into();
    out.push(("date \"6th June\"", d));
    let mut d = good.clone();
    d["header"]["start"] = "25:99".into();
    out.push(("clock \"25:99\"", d));
    let mut d = good.clone();
    d["orders"][0]["unit"]
        .as_object_mut()
        .unwrap()
        .remove("display")
        .unwrap();
    out.push(("a reference without display", d));
    let mut d = good.clone();
    d["sides"][0]["units"][0]["surprise"] = 1.into();
    out.push(("an unknown field deep inside", d));
    let mut d = good;
    d["generator"]["name"] = "other".into();
    out.push(("another generator", d));
    out
}
