//! `muster new`: the pack it writes checks clean and is formatted, and it never
//! writes into a folder that exists.

#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::str::contains;

fn muster() -> Command {
    Command::cargo_bin("muster").unwrap()
}

#[test]
fn a_new_pack_checks_clean_and_is_formatted() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("normandy");
    muster()
        .arg("new")
        .arg(&pack)
        .assert()
        .success()
        .stdout(contains("created pack"));
    for f in [
        "muster.toml",
        "scenario.muster",
        "lib/units.muster",
        ".gitignore",
        ".github/workflows/muster.yml",
    ] {
        assert!(pack.join(f).is_file(), "{f} missing");
    }
    assert!(std::fs::read_to_string(pack.join("muster.toml"))
        .unwrap()
        .contains("name = \"normandy\""));
    assert!(
        std::fs::read_to_string(pack.join(".github/workflows/muster.yml"))
            .unwrap()
            .contains("--format github")
    );
    muster()
        .args(["check", "--deny-warnings"])
        .current_dir(&pack)
        .assert()
        .success()
        .stdout(contains("0 errors, 0 warnings, 0 notes"));
    muster()
        .args(["fmt", "--check", "."])
        .current_dir(&pack)
        .assert()
        .success();
}

#[test]
fn refuses_an_existing_folder() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("keep.txt"), "mine").unwrap();
    muster()
        .arg("new")
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(contains("already exists"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("keep.txt")).unwrap(),
        "mine"
    );
    assert!(!dir.path().join("muster.toml").exists());
}
