//! ORBAT Mapper out and in: every scenario of the pack exports to a file that
//! Ajv finds valid against `schema/orbat-mapper.schema.json`, a file written
//! the way ORBAT Mapper writes them validates and imports, and export → import
//! → export keeps every unit, name, symbol code and position to the metre.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use muster_model::analysis::analyse;
use muster_model::earth::Projection;
use muster_model::model::{Model, Pos};
use muster_model::{resolve, MemoryWorld, PackConfig};
use muster_render::json;
use muster_render::orbat_mapper::{export::export, import::import, Scenario, Unit};
use muster_syntax::Severity;

fn schema() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schema/orbat-mapper.schema.json")
}

fn node_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/ajv")
}

/// A file written as ORBAT Mapper writes them: ISO times, fields muster
/// does not use, a unit placed only by a later state.
const SAMPLE: &str = include_str!("../data/orbat-mapper-sample.json");

fn projection(model: &Model) -> Projection {
    model
        .header
        .as_ref()
        .and_then(|h| h.georeference.as_ref())
        .map_or_else(|| Projection::new(49.24, -0.27, 0.0), |g| g.projection())
}

fn export_model(model: &Model, id: &str) -> Scenario {
    let p = projection(model);
    let analysis = analyse(model);
    let full = json::scenario(model, &analysis);
    export(&full, id, &|x, y| p.to_lon_lat(Pos { x, y }))
}

fn pack_exports() -> Vec<(String, Scenario)> {
    support::pack::scenario_paths()
        .into_iter()
        .map(|path| {
            let (model, _) = support::pack::load(&path);
            let stem = path.trim_end_matches(".muster").to_string();
            let s = export_model(&model, &stem);
            (stem, s)
        })
        .collect()
}

fn ajv(mode: &str, docs: &[(String, String)]) -> Option<(bool, String)> {
    let node = Command::new("node").arg("--version").output();
    let ready = node_dir().join("node_modules/ajv").is_dir();
    if !(matches!(&node, Ok(o) if o.status.success()) && ready) {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("the Ajv test needs `node` and `npm ci` in tests/ajv");
        }
        eprintln!("skipping the Ajv half: it needs `node` and `npm ci` in tests/ajv");
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let paths: Vec<PathBuf> = docs
        .iter()
        .map(|(name, text)| {
            let p = dir.path().join(name);
            std::fs::write(&p, text).unwrap();
            p
        })
        .collect();
    Some(support::tool::run(
        Command::new("node")
            .arg(node_dir().join("validate.js"))
            .arg(schema())
            .arg(mode)
            .args(&paths),
    ))
}

#[test]
fn ajv_finds_every_export_of_the_pack_and_the_sample_valid() {
    let mut docs: Vec<(String, String)> = pack_exports()
        .into_iter()
        .map(|(stem, s)| (format!("{stem}.json"), serde_json::to_string(&s).unwrap()))
        .collect();
    assert!(docs.len() >= 10, "only {} scenarios", docs.len());
    docs.push(("sample.json".into(), SAMPLE.into()));
    let Some((ok, out)) = ajv("--valid", &docs) else {
        return;
    };
    assert!(ok, "{out}");
    assert!(
        out.contains(&format!("checked {} document(s)", docs.len())),
        "{out}"
    );
}

#[test]
fn ajv_refuses_what_orbat_mapper_would_not_read() {
    let good: serde_json::Value = serde_json::from_str(SAMPLE).unwrap();
    let mut bad = Vec::new();
    let mut case = |name: &str, f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        f(&mut v);
        bad.push((format!("{name}.json"), v.to_string()));
    };
    case("no-sides", &|v| {
        v.as_object_mut().unwrap().remove("sides");
    });
    case("other-type", &|v| v["type"] = "FeatureCollection".into());
    case("future-version", &|v| v["version"] = "9.0.0".into());
    case("unit-without-sidc", &|v| {
        v["sides"][0]["groups"][0]["subUnits"][0]
            .as_object_mut()
            .unwrap()
            .remove("sidc");
    });
    case("latitude-first", &|v| {
        v["sides"][0]["groups"][0]["subUnits"][0]["location"] = serde_json::json!([49.2, 200.0]);
    });
    for doc in &bad {
        let Some((ok, out)) = ajv("--invalid", std::slice::from_ref(doc)) else {
            return;
        };
        assert!(ok, "Ajv accepts {}: {out}", doc.0);
    }
}

/// Every unit of a scenario by id: name, code, and where it stands first.
fn units(s: &Scenario) -> BTreeMap<String, (String, String, Option<Vec<f64>>)> {
    fn walk(u: &Unit, out: &mut BTreeMap<String, (String, String, Option<Vec<f64>>)>) {
        let at = u
            .location
            .clone()
            .or_else(|| u.state.iter().find_map(|s| s.location.clone()));
        out.insert(u.id.clone(), (u.name.clone(), u.sidc.clone(), at));
        u.sub_units.iter().for_each(|c| walk(c, out));
    }
    let mut out = BTreeMap::new();
    for side in &s.sides {
        for g in &side.groups {
            g.sub_units.iter().for_each(|u| walk(u, &mut out));
        }
    }
    out
}

/// Metres between two positions a few kilometres apart at most.
fn metres(a: &[f64], b: &[f64]) -> f64 {
    let lat = a[1].to_radians();
    let dx = (a[0] - b[0]).to_radians() * lat.cos() * 6_378_137.0;
    let dy = (a[1] - b[1]).to_radians() * 6_378_137.0;
    dx.hypot(dy)
}

fn resolve_text(text: &str) -> Model {
    let mut world = MemoryWorld::new();
    world.insert("imported.muster".to_string(), text.to_string());
    let resolved = resolve(&world, "imported.muster", &PackConfig::default());
    let errors: Vec<String> = resolved
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{text}");
    resolved.model
}

#[test]
fn export_import_export_keeps_every_unit_name_code_and_position() {
    let mut compared = 0;
    let mut placed = 0;
    for (stem, first) in pack_exports() {
        let text = import(&serde_json::to_string(&first).unwrap())
            .unwrap_or_else(|p| panic!("{stem}: {p:?}"));
        let model = resolve_text(&text);
        let second = export_model(&model, &stem);
        let (a, b) = (units(&first), units(&second));
        assert_eq!(
            a.keys().collect::<Vec<_>>(),
            b.keys().collect::<Vec<_>>(),
            "{stem}: the units differ"
        );
        for (id, (name, sidc, at)) in &a {
            let (name2, sidc2, at2) = &b[id];
            assert_eq!(name, name2, "{stem} {id}");
            assert_eq!(sidc, sidc2, "{stem} {id}");
            if let Some(at) = at {
                let at2 = at2
                    .as_ref()
                    .unwrap_or_else(|| panic!("{stem} {id}: lost its place"));
                let d = metres(at, at2);
                assert!(d < 1.0, "{stem} {id}: moved {d:.2} m");
                placed += 1;
            }
            compared += 1;
        }
    }
    assert!(compared >= 150, "only {compared} units compared");
    assert!(placed >= 80, "only {placed} positions compared");
}

#[test]
fn a_file_as_orbat_mapper_writes_it_imports_with_its_guesses_said() {
    let text = import(SAMPLE).unwrap();
    // the unit placed only by a later state stands there from the start
    assert!(text.contains("places it only later"), "{text}");
    // 120 men at ten to a figure: two figures of headquarters, two bases of
    // foot; 90 men two bases (the last filled up to a base); 30 men one base
    assert_eq!(text.matches("element foot-").count(), 2 + 2 + 1, "{text}");
    // each unit with troops of its own is made from a template of its make
    assert_eq!(text.matches("\ntemplate ").count(), 4, "{text}");
    let made = text
        .lines()
        .filter(|l| l.contains(" from ") && l.contains(" facing 0 {"))
        .count();
    assert_eq!(made, 4, "{text}");
    assert!(
        text.contains("template infantry-battalion battalion"),
        "{text}"
    );
    assert!(text.contains("from infantry-company at ("), "{text}");
    assert!(text.contains("120 men at 10 to a figure"), "{text}");
    // 14 tanks at four to a model
    assert!(
        text.contains("vehicle tank tracked armoured enclosed models 4"),
        "{text}"
    );
    assert!(text.contains("branch armour"), "{text}");
    assert!(text.contains("modifier airborne"), "{text}");
    let model = resolve_text(&text);
    assert_eq!(model.units.len(), 4);
}

/// Two units of the same make share one template; a third with other
/// numbers gets its own.
#[test]
fn units_of_one_make_share_a_template() {
    let mut v: serde_json::Value = serde_json::from_str(SAMPLE).unwrap();
    let battalion = &mut v["sides"][0]["groups"][0]["subUnits"][0];
    let mut twin = battalion["subUnits"][0].clone();
    twin["id"] = "b-coy".into();
    twin["name"] = "B Company".into();
    twin["shortName"] = "b-coy".into();
    let mut other = twin.clone();
    other["id"] = "c-coy".into();
    other["name"] = "C Company".into();
    other["shortName"] = "c-coy".into();
    other["personnel"][0]["count"] = 60.into();
    for u in [twin, other] {
        battalion["subUnits"].as_array_mut().unwrap().push(u);
    }
    let text = import(&v.to_string()).unwrap();
    assert_eq!(
        text.matches("from infantry-company at (").count(),
        2,
        "{text}"
    );
    assert_eq!(
        text.matches("from infantry-company-2 at (").count(),
        1,
        "{text}"
    );
    assert_eq!(text.matches("\ntemplate ").count(), 5, "{text}");
    let model = resolve_text(&text);
    assert_eq!(model.units.len(), 6);
}

#[test]
fn bad_files_are_refused_with_their_codes() {
    let code = |text: &str| -> Vec<String> {
        match import(text) {
            Ok(t) => panic!("imported: {t}"),
            Err(p) => p.iter().map(|p| p.code.to_string()).collect(),
        }
    };
    assert_eq!(code("not json"), ["MC955"]);
    assert_eq!(
        code(r#"{"type": "FeatureCollection", "features": []}"#),
        ["MC955"]
    );
    let mut v: serde_json::Value = serde_json::from_str(SAMPLE).unwrap();
    v["version"] = "9.0.0".into();
    assert_eq!(code(&v.to_string()), ["MC956"]);
    let mut v: serde_json::Value = serde_json::from_str(SAMPLE).unwrap();
    let unit = &mut v["sides"][0]["groups"][0]["subUnits"][0];
    unit.as_object_mut().unwrap().remove("location");
    unit["state"] = serde_json::json!([]);
    assert_eq!(code(&v.to_string()), ["MC957"]);
    let mut v: serde_json::Value = serde_json::from_str(SAMPLE).unwrap();
    v["sides"][0]["groups"][0]["subUnits"][0]["location"] = serde_json::json!([37.6, 55.7]);
    assert_eq!(code(&v.to_string()), ["MC958"]);
}
