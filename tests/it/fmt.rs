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

/// Runs `muster ARGS` in `dir`; a run still going after a minute is killed and
/// fails the test (a FIFO read or a link loop would never end).
fn bounded(dir: &std::path::Path, args: &[&str]) -> (i32, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        let hung = started.elapsed() > std::time::Duration::from_secs(60);
        if hung {
            let _ = child.kill();
            let _ = child.wait();
        }
        assert!(!hung, "`muster {}` did not finish", args.join(" "));
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn mkfifo(path: &std::path::Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

/// `fmt` on a folder formats what is in it and nothing else: a link to a
/// folder outside, a link to `..` and a link to `/usr` are not entered, so no
/// file outside is rewritten and the walk ends.
#[test]
fn formatting_a_folder_follows_no_folder_link() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::create_dir_all(dir.path().join("outside")).unwrap();
    std::fs::write(pack.join("a.muster"), MESSY).unwrap();
    std::fs::write(dir.path().join("outside/x.muster"), MESSY).unwrap();
    std::os::unix::fs::symlink(dir.path().join("outside"), pack.join("linked")).unwrap();
    std::os::unix::fs::symlink("..", pack.join("up")).unwrap();
    std::os::unix::fs::symlink("/usr", pack.join("usr")).unwrap();
    let (code, stderr) = bounded(dir.path(), &["fmt", "pack"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(pack.join("a.muster")).unwrap(),
        TIDY
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("outside/x.muster")).unwrap(),
        MESSY,
        "a file outside the folder was rewritten"
    );
}

/// A FIFO named on its own is refused at once with MC120, never opened; in a
/// folder it is reported the same way and the other files are formatted.
#[test]
fn formatting_a_fifo_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.muster"), MESSY).unwrap();
    mkfifo(&dir.path().join("pipe.muster"));
    let (code, stderr) = bounded(dir.path(), &["fmt", "pipe.muster"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("error[MC120]") && stderr.contains("FIFO"),
        "{stderr}"
    );
    let (code, stderr) = bounded(dir.path(), &["fmt", "."]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("pipe.muster"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.muster")).unwrap(),
        TIDY
    );
}

/// The shipped pack is written in the canonical layout, so a writer who copies
/// a scenario starts from what `muster fmt` keeps (CI checks it as well).
#[test]
fn the_shipped_pack_is_in_the_canonical_layout() {
    let pack = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    muster()
        .arg("fmt")
        .arg("--check")
        .arg(&pack)
        .assert()
        .success();
}
