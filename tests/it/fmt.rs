//! `muster fmt` as a user runs it: rewrite in place, `--check`, `--diff`, standard
//! input, and files with syntax errors left alone.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use assert_cmd::Command;
use predicates::str::contains;

const MESSY: &str = "side red \"Red\"   nation british\nmap { place p at ( 1 , 2 ) }\n";
const TIDY: &str = "side red \"Red\" nation british\nmap {\n  place p at (1,2)\n}\n";

fn muster() -> Command {
    Command::cargo_bin("muster").unwrap()
}

#[test]
fn rewrites_files_in_place_and_then_checks_clean() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.muster");
    std::fs::write(&file, MESSY).unwrap();
    muster()
        .arg("fmt")
        .arg("--check")
        .arg(dir.path())
        .assert()
        .code(1)
        .stdout(contains("a.muster"));
    muster().arg("fmt").arg(dir.path()).assert().success();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), TIDY);
    muster()
        .arg("fmt")
        .arg("--check")
        .arg(dir.path())
        .assert()
        .success();
}

#[test]
fn diff_shows_the_change_without_writing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.muster");
    std::fs::write(&file, MESSY).unwrap();
    muster()
        .arg("fmt")
        .arg("--diff")
        .arg(&file)
        .assert()
        .code(1)
        .stdout(contains("-map { place p at ( 1 , 2 ) }").and(contains("+  place p at (1,2)")));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), MESSY);
}

#[test]
fn formats_standard_input_to_standard_output() {
    muster()
        .args(["fmt", "-"])
        .write_stdin(MESSY)
        .assert()
        .success()
        .stdout(TIDY);
}

#[test]
fn leaves_a_file_with_syntax_errors_alone() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("broken.muster");
    std::fs::write(&file, "map { area }\n").unwrap();
    muster()
        .arg("fmt")
        .arg(&file)
        .assert()
        .code(1)
        .stderr(contains("cannot format").and(contains("syntax errors")));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "map { area }\n");
}

use predicates::prelude::PredicateBooleanExt;
