//! Ids a tool can rely on: in every built scenario JSON (the umpire's file and
//! each side's), every id is unique for its kind and every cross-reference names
//! an id of the right kind in the same file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use muster_render::{json, to_json};
use serde_json::Value;

/// (ids defined, withheld enemy references, problems) of one file.
fn problems_of(text: &str) -> (usize, usize, Vec<String>) {
    let doc: Value = serde_json::from_str(text).unwrap();
    let ids = support::ids::collect(&doc);
    (ids.count(), ids.withheld.len(), ids.problems())
}

#[test]
fn every_id_in_every_built_file_is_unique_and_every_reference_resolves() {
    let files = support::built::pack_json();
    let mut failures = Vec::new();
    let (mut umpire, mut side, mut ids, mut withheld) = (0, 0, 0, 0);
    for (name, text) in &files {
        if name.ends_with("/scenario.json") {
            umpire += 1;
        } else {
            side += 1;
        }
        let (n, w, problems) = problems_of(text);
        ids += n;
        withheld += w;
        failures.extend(problems.into_iter().map(|p| format!("{name}: {p}")));
    }
    println!(
        "checked {ids} ids in {umpire} umpire and {side} side files; \
         {withheld} withheld enemy references in side files"
    );
    assert!(
        umpire >= 11 && side == 2 * umpire,
        "{umpire} umpire, {side} side files"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_generated_scenario_has_unique_ids_in_every_view() {
    let (model, analysis) = support::gen::scenario(2, 2);
    let full = json::scenario(&model, &analysis);
    let mut views = vec![full.clone()];
    views.extend(full.sides.iter().map(|s| json::for_side(&full, &s.id)));
    for v in views {
        let (_, _, problems) = problems_of(&to_json(&v).unwrap());
        assert!(problems.is_empty(), "{:?}: {}", v.view, problems.join("\n"));
    }
}

/// Intel reports are numbered per side, so their labels repeat in the umpire's
/// file, but their ids never do, and a side's file keeps the umpire's ids.
#[test]
fn intel_ids_are_unique_in_the_umpire_file_and_kept_in_side_files() {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let full = json::scenario(&model, &analysis);
    let ids: Vec<&str> = full.intel.iter().map(|i| i.id.as_str()).collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "{ids:?}");
    for side in &full.sides {
        let view = json::for_side(&full, &side.id);
        for i in &view.intel {
            assert!(
                ids.contains(&i.id.as_str()),
                "{} not in the umpire file",
                i.id
            );
            assert!(
                i.id.starts_with(&format!("{}.report-", side.id)),
                "{}",
                i.id
            );
        }
    }
}

#[test]
fn a_view_of_a_side_that_does_not_exist_is_refused() {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let full = json::scenario(&model, &analysis);
    let mut doc = serde_json::to_value(json::for_side(&full, "british")).unwrap();
    assert!(support::ids::collect(&doc).problems().is_empty());
    doc["view"]["side"] = "martians".into();
    let problems = support::ids::collect(&doc).problems();
    assert!(
        problems
            .iter()
            .any(|p| p.contains("view.side refers to side `martians`")),
        "{problems:?}"
    );
}
