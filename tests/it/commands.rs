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

#[test]
fn balance_prints_the_report_and_its_json() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/pegasus-bridge.muster");
    let dir = dir.to_str().unwrap();
    let (code, text, stderr) = run(muster().args(["balance", dir]));
    assert_eq!(code, 0, "{stderr}");
    // the café, worked by hand in muster-model's balance test: the British have
    // 3 : 1 there from turn 3, when the canal platoons come over the bridge
    assert!(text.contains("Café Gondrée (`cafe`)"), "{text}");
    assert!(
        text.contains("british attacks, german defends: the attacker first has 3 : 1 in turn 3"),
        "{text}"
    );
    assert!(
        text.contains("british: men 350 stated, 640 in the game (coup-de-main, para-7)"),
        "{text}"
    );
    let (code, json, _) = run(muster().args(["balance", dir, "--format", "json"]));
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let cafe = &v["scenarios"][0]["balance"]["objectives"][2];
    assert_eq!(cafe["id"], "cafe");
    assert_eq!(cafe["verdict"]["kind"], "reaches");
    assert_eq!(cafe["sides"][0]["turns"][3]["small_arms"], 30);
}

#[test]
fn balance_of_a_broken_scenario_shows_its_errors() {
    let pack = common::TempPack::new();
    pack.write("pack/a.muster", &common::broken());
    let (code, stdout, _) = run(&mut pack.muster(&["balance", "pack/a.muster"]));
    assert_eq!(code, 1);
    assert!(stdout.contains("error"), "{stdout}");
}
