//! The writer's slips, each seen by a new scenario writer: one
//! change to a clean Pointe du Hoc scenario, and what `muster check` says about
//! it. Each case asserts its code and the words of its hint, and snapshots the
//! whole human report (so a reviewer reads what the writer reads).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{run, settings, TempPack};

const BASE: &str = include_str!("../data/slips/base.muster");
const LIBRARY: &str = include_str!("../data/slips/us-rangers.muster");

/// Checks the base scenario with `from` replaced by `to`; returns the human
/// report and the JSON diagnostics of the scenario.
fn slip(name: &str, from: &str, to: &str) -> (String, Vec<serde_json::Value>) {
    assert!(
        BASE.contains(from),
        "{name}: `{from}` is not in the base scenario"
    );
    let pack = TempPack::new();
    pack.write("pack/lib/us-rangers.muster", LIBRARY);
    pack.write("pack/slip.muster", &BASE.replacen(from, to, 1));
    let (_, human, _) = run(&mut pack.muster(&["check", "pack/slip.muster"]));
    settings(&pack).bind(|| insta::assert_snapshot!(format!("slip_{name}"), human));
    let (_, json, _) = run(&mut pack.muster(&["check", "pack/slip.muster", "--format", "json"]));
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let found = value["files"][0]["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for d in &found {
        assert!(d["help"].is_string(), "{name}: help is null in {d}");
    }
    (human, found)
}

/// The codes found, in order.
fn codes(found: &[serde_json::Value]) -> Vec<String> {
    found
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_string())
        .collect()
}

/// The finding with `code`, which must exist and be the only one of its code.
fn one<'a>(found: &'a [serde_json::Value], code: &str) -> &'a serde_json::Value {
    let all: Vec<_> = found.iter().filter(|d| d["code"] == code).collect();
    assert_eq!(all.len(), 1, "want one {code}, got {:?}", codes(found));
    all[0]
}

fn says(d: &serde_json::Value, field: &str, words: &str) {
    let text = d[field].as_str().unwrap_or_default();
    assert!(
        text.contains(words),
        "{field} {text:?} does not say {words:?}"
    );
}

#[test]
fn the_base_scenario_is_clean_of_errors() {
    let pack = TempPack::new();
    pack.write("pack/lib/us-rangers.muster", LIBRARY);
    pack.write("pack/slip.muster", BASE);
    let (code, out, _) = run(&mut pack.muster(&["check", "pack/slip.muster"]));
    assert_eq!(code, 0, "{out}");
}

#[test]
fn a_misspelt_place_gets_a_suggestion() {
    let (_, found) = slip("road_block", "full roadblock", "full road-block");
    says(one(&found, "MC403"), "help", "did you mean `roadblock`?");
}

#[test]
fn a_misspelt_unit_gets_a_suggestion() {
    let (_, found) = slip(
        "d_company",
        "  e-coy defend (1400,400)",
        "  d-company defend (1400,400)",
    );
    says(one(&found, "MC102"), "help", "did you mean `d-coy`?");
}

#[test]
fn a_misspelt_template_gets_a_suggestion() {
    let (_, found) = slip("ranger_coy", "from ranger-company", "from ranger-coy");
    says(
        one(&found, "MC102"),
        "help",
        "did you mean `ranger-company`?",
    );
}

#[test]
fn a_misspelt_use_path_gets_a_suggestion() {
    let (_, found) = slip(
        "use_path",
        "\"lib/us-rangers.muster\"",
        "\"lib/us-ranger.muster\"",
    );
    says(
        one(&found, "MC104"),
        "help",
        "did you mean `lib/us-rangers.muster`?",
    );
}

#[test]
fn a_misspelt_nation_gets_a_suggestion() {
    let (_, found) = slip("nation", "nation german", "nation germna");
    says(one(&found, "MC110"), "help", "did you mean `german`?");
}

#[test]
fn a_stray_brace_is_blamed_on_its_own_line_without_a_cascade() {
    let (human, found) = slip(
        "stray_brace",
        "company e-coy \"E Company\" at (1400,400) {",
        "company e-coy \"E Company\" at (1400,400) { {",
    );
    assert_eq!(codes(&found), ["MC001"], "{human}");
    let d = &found[0];
    assert_eq!(d["labels"][0]["start"]["line"], 15, "{d}");
    says(d, "help", "remove this `{` if it is extra");
    assert!(!human.contains("outside the table"), "{human}");
}

#[test]
fn a_misspelt_keyword_at_the_start_of_an_element_line_is_named() {
    let (_, found) = slip("elment", "    element nsfcp", "    elment nsfcp");
    let d = found.iter().find(|d| d["code"] == "MC001").unwrap();
    says(d, "help", "did you mean `element`?");
    assert!(!found
        .iter()
        .any(|d| d["help"].as_str().unwrap_or_default().contains("`event`")));
}

#[test]
fn a_note_in_the_header_points_at_notes() {
    let (_, found) = slip(
        "header_note",
        "  turns 12\n",
        "  turns 12\n  note \"Rangers land late\"\n",
    );
    says(one(&found, "MC001"), "help", "`notes");
}

#[test]
fn a_malformed_turn_count_says_what_the_count_is() {
    let (_, found) = slip("turns_18x", "  turns 12", "  turns 18x");
    assert_eq!(codes(&found), ["MC002"]);
    says(
        &found[0],
        "help",
        "whole number of turns, such as `turns 18`",
    );
}

#[test]
fn a_misspelt_item_keyword_is_named() {
    let (_, found) = slip("forcse", "forces german {", "forcse german {");
    let d = found.iter().find(|d| d["code"] == "MC001").unwrap();
    says(d, "help", "did you mean `forces`?");
}

#[test]
fn an_invalid_place_name_is_one_finding() {
    let (_, found) = slip(
        "cafe",
        "  place roadblock \"Roadblock\" at (1000,1200)",
        "  place roadblock \"Roadblock\" at (1000,1200)\n  place Café \"Café\" at (500,500)",
    );
    assert_eq!(codes(&found), ["MC001"]);
}

#[test]
fn an_order_without_stance_is_mc401_not_a_misspelt_stance() {
    let (_, found) = slip(
        "shop_hold",
        "  e-coy defend (1400,400)",
        "  e-coy roadblock \"hold\"",
    );
    assert_eq!(codes(&found), ["MC401"]);
}
