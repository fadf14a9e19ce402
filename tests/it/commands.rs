//! The other commands end to end: explain, schema, completions, version, help.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{muster, run};
use std::path::Path;

#[test]
fn explain_by_code_and_by_name() {
    let (code, by_code, _) = run(muster().args(["explain", "MC301"]));
    assert_eq!(code, 0);
    assert!(by_code.contains("MC301"), "{by_code}");
    let (code, by_name, _) = run(muster().args(["explain", "element-separated"]));
    assert_eq!(code, 0);
    assert_eq!(by_code, by_name);
    let (code, lower, _) = run(muster().args(["explain", "mc301"]));
    assert_eq!(code, 0);
    assert_eq!(by_code, lower);
}

#[test]
fn explain_unknown_code_suggests_the_nearest() {
    let (code, stdout, stderr) = run(muster().args(["explain", "element-seperated"]));
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    insta::assert_snapshot!("explain_unknown", stderr);
    let (code, _, stderr) = run(muster().args(["explain", "MC999"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown rule `MC999`"), "{stderr}");
}

#[test]
fn explain_list_names_every_rule() {
    let (code, stdout, _) = run(muster().args(["explain", "--list"]));
    assert_eq!(code, 0);
    assert!(stdout
        .lines()
        .any(|l| l.starts_with("MC301") && l.contains("element-separated")));
    assert!(stdout.lines().any(|l| l.starts_with("MC104")));
}

#[test]
fn committed_diagnostics_schema_is_current() {
    let (code, stdout, _) = run(muster().args(["schema", "--diagnostics"]));
    assert_eq!(code, 0);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("schema/diagnostics.schema.json");
    let committed = std::fs::read_to_string(path).unwrap();
    assert_eq!(
        stdout, committed,
        "run `muster schema --diagnostics > schema/diagnostics.schema.json`"
    );
}

#[test]
fn scenario_schema_is_json() {
    let (code, stdout, _) = run(muster().args(["schema"]));
    assert_eq!(code, 0);
    serde_json::from_str::<serde_json::Value>(&stdout).unwrap();
}

#[test]
fn completions_for_bash() {
    let (code, stdout, _) = run(muster().args(["completions", "bash"]));
    assert_eq!(code, 0);
    assert!(stdout.contains("muster"), "{stdout}");
    assert!(stdout.contains("--deny-warnings"), "{stdout}");
}

#[test]
fn version_and_help() {
    let (code, stdout, _) = run(muster().arg("--version"));
    assert_eq!(code, 0);
    assert_eq!(
        stdout.trim(),
        format!("muster {}", env!("CARGO_PKG_VERSION"))
    );
    let (code, stdout, _) = run(muster().arg("--help"));
    assert_eq!(code, 0);
    insta::assert_snapshot!("help", stdout);
}
