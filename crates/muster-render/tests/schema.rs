//! The committed JSON Schema matches the output types, and outputs validate against it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use std::path::PathBuf;

use muster_render::json;

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schema/scenario.schema.json")
}

/// Fails when the types changed without the committed schema being regenerated.
/// Bless with `MUSTER_BLESS=1 cargo test -p muster-render --test schema`.
#[test]
fn committed_schema_has_not_drifted() {
    let fresh = json::schema();
    let path = committed_path();
    if std::env::var_os("MUSTER_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &fresh).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "schema/scenario.schema.json is out of date with the JSON types; regenerate it with\n  \
         MUSTER_BLESS=1 cargo test -p muster-render --test schema\nand commit the result"
    );
}

fn validator() -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(&json::schema()).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

fn assert_valid(v: &jsonschema::Validator, doc: &json::ScenarioJson, what: &str) {
    let value = serde_json::to_value(doc).unwrap();
    let errors: Vec<String> = v
        .iter_errors(&value)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect();
    assert!(
        errors.is_empty(),
        "{what} does not validate:\n{}",
        errors.join("\n")
    );
}

#[test]
fn generated_scenario_and_side_views_validate() {
    let v = validator();
    let (model, analysis) = support::gen::scenario(2, 2);
    let full = json::scenario(&model, &analysis);
    assert_valid(&v, &full, "umpire JSON");
    for side in &full.sides {
        assert_valid(
            &v,
            &json::for_side(&full, &side.id),
            &format!("side {} JSON", side.id),
        );
    }
}

#[test]
fn every_shipped_scenario_and_side_view_validates() {
    let v = validator();
    let paths = support::pack::scenario_paths();
    assert!(paths.iter().any(|p| p == "pegasus-bridge.muster"));
    for path in paths {
        let (model, analysis) = support::pack::load(&path);
        let full = json::scenario(&model, &analysis);
        assert_valid(&v, &full, &path);
        for side in &full.sides {
            assert_valid(
                &v,
                &json::for_side(&full, &side.id),
                &format!("{path} side {}", side.id),
            );
        }
    }
}
