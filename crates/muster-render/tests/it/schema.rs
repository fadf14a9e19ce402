//! The committed JSON Schema matches the output types, and outputs validate against it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use std::path::PathBuf;

use muster_render::json;

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schema/scenario.schema.json")
}

/// Fails when the types changed without the committed schema being regenerated.
/// Bless with `MUSTER_BLESS=1 cargo test -p muster-render --test it schema`.
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
         MUSTER_BLESS=1 cargo test -p muster-render --test it schema\nand commit the result"
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

fn committed_diagnostics_schema() -> serde_json::Value {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schema/diagnostics.schema.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Calls `f` with every schema object in `schema` and its JSON pointer.
fn walk(schema: &serde_json::Value, at: &str, f: &mut dyn FnMut(&serde_json::Value, &str)) {
    use serde_json::Value;
    let Value::Object(o) = schema else { return };
    f(schema, at);
    for (k, v) in o {
        match k.as_str() {
            "properties" | "$defs" | "patternProperties" => {
                for (name, sub) in v.as_object().into_iter().flatten() {
                    walk(sub, &format!("{at}/{k}/{name}"), f);
                }
            }
            "items" | "additionalProperties" | "not" | "if" | "then" | "else" | "contains" => {
                walk(v, &format!("{at}/{k}"), f)
            }
            "anyOf" | "oneOf" | "allOf" | "prefixItems" => {
                for (i, sub) in v.as_array().into_iter().flatten().enumerate() {
                    walk(sub, &format!("{at}/{k}/{i}"), f);
                }
            }
            _ => {}
        }
    }
}

fn has_type(s: &serde_json::Value, ty: &str) -> bool {
    match &s["type"] {
        serde_json::Value::String(t) => t == ty,
        serde_json::Value::Array(ts) => ts.iter().any(|t| t == ty),
        _ => false,
    }
}

/// What Ajv's strict mode and a careful reader need of a schema: standard formats
/// only, closed objects, bounded integers and a description on every property.
fn strictness_problems(schema: &serde_json::Value) -> (usize, Vec<String>) {
    const STANDARD: &[&str] = &[
        "date-time",
        "date",
        "time",
        "duration",
        "email",
        "hostname",
        "ipv4",
        "ipv6",
        "uri",
        "uri-reference",
        "uuid",
        "regex",
    ];
    let mut problems = Vec::new();
    let mut properties = 0;
    walk(schema, "#", &mut |s, at| {
        if let Some(f) = s["format"].as_str() {
            if !STANDARD.contains(&f) {
                problems.push(format!("{at}: non-standard format `{f}`"));
            }
        }
        let object = has_type(s, "object") || s.get("properties").is_some();
        if object && s["additionalProperties"] != false {
            problems.push(format!(
                "{at}: an object without `additionalProperties: false`"
            ));
        }
        if has_type(s, "integer") && (s.get("minimum").is_none() || s.get("maximum").is_none()) {
            problems.push(format!("{at}: an integer without `minimum` and `maximum`"));
        }
        for (name, p) in s["properties"].as_object().into_iter().flatten() {
            properties += 1;
            if p["description"].as_str().is_none_or(str::is_empty) {
                problems.push(format!("{at}/properties/{name}: no description"));
            }
        }
    });
    (properties, problems)
}

#[test]
fn both_schemas_are_strict() {
    let scenario: serde_json::Value = serde_json::from_str(&json::schema()).unwrap();
    let diagnostics = committed_diagnostics_schema();
    for (name, schema, id) in [
        (
            "scenario",
            &scenario,
            json::schema_id("scenario", json::FORMAT_VERSION),
        ),
        (
            "diagnostics",
            &diagnostics,
            json::schema_id("diagnostics", 3),
        ),
    ] {
        assert_eq!(schema["$id"], id.as_str(), "{name} schema's $id");
        let (properties, problems) = strictness_problems(schema);
        assert!(
            properties > 10,
            "{name}: only {properties} properties walked"
        );
        assert!(
            problems.is_empty(),
            "{name} schema:\n{}",
            problems.join("\n")
        );
    }
}

/// The walk itself finds each kind of laxness, so a pass means something.
#[test]
fn the_strictness_walk_catches_lax_schemas() {
    let lax = serde_json::json!({
        "type": "object",
        "properties": {
            "n": {"type": "integer", "format": "uint32", "minimum": 0},
            "inner": {"description": "d", "type": "object", "properties": {}}
        },
        "additionalProperties": false
    });
    let (_, problems) = strictness_problems(&lax);
    let text = problems.join("\n");
    for expected in [
        "#/properties/n: non-standard format `uint32`",
        "#/properties/n: an integer without",
        "#/properties/n: no description",
        "#/properties/inner: an object without",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}

#[test]
fn the_schema_refuses_each_lax_case() {
    let v = validator();
    assert!(
        v.is_valid(&support::built::pegasus_umpire()),
        "the unchanged file must validate"
    );
    for (what, doc) in support::built::lax_documents() {
        assert!(!v.is_valid(&doc), "the schema accepts {what}");
    }
}

/// A runner sent round by a point and a ford: the JSON gives its route and legs,
/// the delivery in words names the stops, and both views validate.
#[test]
fn a_messenger_route_is_in_the_json_and_validates() {
    let text = r#"scenario "Marsh ford" {
  start 1944-06-06 05:00
  turns 12
  first-bound british
  table 3000m by 1600m
}
side british "9th Parachute Battalion" nation british
side german "716. Infanterie-Division" nation german
map {
  river orne "River Orne" width 40m line (1700,0) (1700,1600)
  ford marsh-ford "Marsh ford" at (1700,300) over orne
}
forces british {
  company bn "Battalion HQ" {
    hq bn-hq command figures 3 at (1400,800)
  }
  company b-coy "B Company" {
    hq coy-hq command figures 2 at (2000,800)
  }
}
nets british {
  messenger bn.bn-hq to b-coy.coy-hq runner via (1400,300) marsh-ford
}
"#;
    let world = muster_model::MemoryWorld::new().with("s.muster", text.to_string());
    let resolved = muster_model::resolve(&world, "s.muster", &muster_model::PackConfig::default());
    let analysis = muster_model::analysis::analyse(&resolved.model);
    let full = json::scenario(&resolved.model, &analysis);
    let v = validator();
    assert_valid(&v, &full, "umpire JSON");
    assert_valid(&v, &json::for_side(&full, "british"), "british JSON");
    let m = &serde_json::to_value(&full).unwrap()["messengers"][0];
    assert_eq!(
        m["route"],
        serde_json::json!([
            {"x": 1400.0, "y": 800.0}, {"x": 1400.0, "y": 300.0}, {"x": 1700.0, "y": 300.0}, {"x": 2000.0, "y": 800.0}
        ])
    );
    assert_eq!(m["legs_m"], serde_json::json!([500.0, 300.0, 583.0]));
    assert_eq!(m["distance_m"], serde_json::json!(1383.0));
    assert_eq!(
        m["summary"],
        "via (1400,300) and Marsh ford, 1383 m: 2 turns cold, 3 turns hot (§76)"
    );
}
