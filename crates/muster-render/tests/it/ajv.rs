//! Both schemas compile in Ajv's strict mode (with `ajv-formats`), the validator
//! most JavaScript tools use, and Ajv agrees with us: every built JSON of the
//! shipped pack validates and each lax document is refused.
//!
//! Needs `node` and `npm ci` in `tests/ajv` (`.ci/run` does both). Without them
//! the test is skipped locally and fails on CI (`CI=true`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use std::path::{Path, PathBuf};
use std::process::Command;

fn ajv_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/ajv")
}

fn schema(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../schema/{name}.schema.json"))
}

/// Whether node and the installed modules are there; on CI their absence fails.
fn ajv_available() -> bool {
    let node = Command::new("node").arg("--version").output();
    let modules = ajv_dir().join("node_modules/ajv-formats").is_dir()
        && ajv_dir().join("node_modules/ajv").is_dir();
    let missing = match (node, modules) {
        (Ok(o), true) if o.status.success() => return true,
        (Ok(o), _) if o.status.success() => "the modules: run `npm ci` in tests/ajv",
        _ => "`node`: install Debian's `nodejs` and `npm` packages, then `npm ci` in tests/ajv",
    };
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("the Ajv test needs {missing}");
    }
    eprintln!("skipping the Ajv test: it needs {missing}");
    false
}

/// Runs `validate.js` on `docs`; returns whether every expectation held, and its output.
fn run(schema: &Path, mode: &str, docs: &[PathBuf]) -> (bool, String) {
    support::tool::run(
        Command::new("node")
            .arg(ajv_dir().join("validate.js"))
            .arg(schema)
            .arg(mode)
            .args(docs),
    )
}

fn write_all(dir: &Path, docs: &[(String, String)]) -> Vec<PathBuf> {
    docs.iter()
        .map(|(name, text)| {
            let p = dir.join(name.replace('/', "__"));
            std::fs::write(&p, text).unwrap();
            p
        })
        .collect()
}

#[test]
fn ajv_strict_compiles_both_schemas_and_validates_every_built_file() {
    if !ajv_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let built = support::built::pack_json();
    assert!(built.len() >= 33, "only {} built JSON files", built.len());
    let paths = write_all(dir.path(), &built);
    let (ok, out) = run(&schema("scenario"), "--valid", &paths);
    assert!(ok, "{out}");
    assert!(
        out.contains(&format!("checked {} document(s)", paths.len())),
        "{out}"
    );

    let sample = ajv_dir().join("diagnostics-sample.json");
    let (ok, out) = run(&schema("diagnostics"), "--valid", &[sample]);
    assert!(ok, "{out}");
}

#[test]
fn ajv_refuses_each_lax_document() {
    if !ajv_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (what, doc) in support::built::lax_documents() {
        let path = dir.path().join("lax.json");
        std::fs::write(&path, serde_json::to_string(&doc).unwrap()).unwrap();
        let (ok, out) = run(&schema("scenario"), "--invalid", &[path]);
        assert!(ok, "Ajv accepts {what}: {out}");
    }
    let mut sample: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(ajv_dir().join("diagnostics-sample.json")).unwrap(),
    )
    .unwrap();
    sample["files"][0]["diagnostics"][0]["code"] = "E0001".into();
    let path = dir.path().join("lax-diagnostics.json");
    std::fs::write(&path, sample.to_string()).unwrap();
    let (ok, out) = run(&schema("diagnostics"), "--invalid", &[path]);
    assert!(ok, "Ajv accepts a diagnostic code `E0001`: {out}");
}
