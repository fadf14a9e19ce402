//! Both schemas pass Python's `jsonschema` meta-schema check (draft 2020-12), and
//! every built JSON of the shipped pack validates with it, formats checked: the
//! other validator tools commonly use besides Ajv.
//!
//! Needs `python3` with `jsonschema` (Debian's `python3-jsonschema`, installed by
//! `.ci/run`). Without them the test is skipped locally and fails on CI (`CI=true`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use std::path::PathBuf;
use std::process::Command;

const SCRIPT: &str = r#"
import json, sys
import jsonschema
V = jsonschema.Draft202012Validator
scenario, diagnostics, *docs = sys.argv[1:]
for path in (scenario, diagnostics):
    V.check_schema(json.load(open(path)))
v = V(json.load(open(scenario)), format_checker=V.FORMAT_CHECKER)
bad = 0
for doc in docs:
    for e in v.iter_errors(json.load(open(doc))):
        bad += 1
        print(f"{doc}: {e.message} at {list(e.absolute_path)}")
print(f"checked {len(docs)} document(s)")
sys.exit(1 if bad else 0)
"#;

fn schema(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../schema/{name}.schema.json"))
}

fn python_available() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import jsonschema"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("the Python schema test needs python3 and Debian's `python3-jsonschema`");
        }
        eprintln!("skipping the Python schema test: python3 with jsonschema not found");
    }
    ok
}

#[test]
fn python_jsonschema_accepts_both_schemas_and_every_built_file() {
    if !python_available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let docs: Vec<PathBuf> = support::built::pack_json()
        .iter()
        .map(|(name, text)| {
            let p = dir.path().join(name.replace('/', "__"));
            std::fs::write(&p, text).unwrap();
            p
        })
        .collect();
    let (ok, text) = support::tool::run(
        Command::new("python3")
            .args(["-c", SCRIPT])
            .arg(schema("scenario"))
            .arg(schema("diagnostics"))
            .args(&docs),
    );
    assert!(ok, "{text}");
    assert!(
        text.contains(&format!("checked {} document(s)", docs.len())),
        "{text}"
    );
}
