//! The watch screen in a real terminal (tmux): after a save that breaks a
//! scenario, the first error is on screen even when the pack's clean state has
//! many notes; the pack's standing errors stay on screen and counted whichever
//! file is saved next; the screen ends with one status line that never wraps.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::fs;
use std::path::Path;
use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

const COLS: usize = 100;
const ROWS: usize = 30;
/// How long to wait for a screen; the wait is not the assertion.
const PATIENCE: Duration = Duration::from_secs(20);

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A tmux server of its own (its own socket), killed on drop.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(dir: &Path, command: &str) -> Tmux {
        // Tests run in parallel in one process: each gets a server of its own.
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let socket = format!("muster-watch-screen-{}-{n}", std::process::id());
        let ok = Command::new("tmux")
            .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", &COLS.to_string(), "-y", &ROWS.to_string()])
            .arg("-c")
            .arg(dir)
            .arg(command)
            .status()
            .unwrap();
        assert!(ok.success(), "tmux did not start");
        Tmux { socket }
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen's last line satisfies `ok`; returns the screen.
    fn wait_for(&self, ok: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let screen = self.screen();
            if ok(last_line(&screen)) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "the screen never showed it:\n{screen}"
            );
            thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}

fn last_line(screen: &str) -> &str {
    screen.lines().rfind(|l| !l.trim().is_empty()).unwrap_or("")
}

/// The number before `word` in a status line (`32 notes`).
fn count(line: &str, word: &str) -> usize {
    let at = line.find(&format!(" {word}")).unwrap();
    let digits: String = line[..at]
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.chars().rev().collect::<String>().parse().unwrap()
}

#[test]
fn the_first_error_is_on_screen_after_a_breaking_save_in_a_noisy_pack() {
    if !common::tool_present("tmux", "-V") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("scenarios");
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"),
        &pack,
    );
    let command = format!(
        "env -u COLUMNS -u LINES NO_COLOR=1 '{}' watch . --debounce 200",
        env!("CARGO_BIN_EXE_muster")
    );
    let tmux = Tmux::start(&pack, &command);
    let clean = tmux.wait_for(|l| l.contains("watching .: "));
    let status = last_line(&clean).to_string();
    assert!(count(&status, "notes") >= 20, "{status}");
    // the pack's own errors (the Pegasus arrivals, MC410, until the pack is
    // rebuilt) are counted; what matters is that the new error shows first
    let errors_before = count(&status, "errors");
    // Notes are folded into the count: none is printed.
    assert!(!clean.contains("note["), "{clean}");

    let scenario = pack.join("pegasus-bridge.muster");
    let text = fs::read_to_string(&scenario).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[9] = "  this is not muster {";
    fs::write(&scenario, lines.join("\n")).unwrap();

    let broken = tmux.wait_for(|l| l.contains("pegasus-bridge.muster changed: "));
    assert!(
        broken.lines().any(|l| l.trim_start().starts_with("error[")),
        "no error on screen:\n{broken}"
    );
    assert!(
        broken.contains("pegasus-bridge.muster:10:"),
        "the broken line's error is not on screen:\n{broken}"
    );
    let status = last_line(&broken);
    assert!(count(status, "error") > errors_before, "{status}");
    assert!(broken.lines().count() <= ROWS, "{broken}");
    assert!(
        broken.lines().all(|l| l.chars().count() <= COLS),
        "{broken}"
    );
    // Only this cycle is on screen: the first status line was cleared away.
    assert!(!broken.contains("watching .: "), "{broken}");
}

#[test]
fn a_standing_error_stays_on_screen_and_counted_after_an_unrelated_save() {
    if !common::tool_present("tmux", "-V") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/watch");
    copy_tree(&fixtures, dir.path());
    let scenario = fs::read_to_string(fixtures.join("scenario.muster")).unwrap();
    fs::write(dir.path().join("alpha.muster"), &scenario).unwrap();
    fs::write(dir.path().join("bravo.muster"), &scenario).unwrap();
    let command = format!(
        "env -u COLUMNS -u LINES NO_COLOR=1 '{}' watch . --debounce 200",
        env!("CARGO_BIN_EXE_muster")
    );
    let tmux = Tmux::start(dir.path(), &command);
    let clean = tmux.wait_for(|l| l.contains("watching .: "));
    assert_eq!(count(last_line(&clean), "errors"), 0, "{clean}");

    // One slip in alpha: one error, on screen.
    let broken = scenario.replace("  turns 6\n", "  turns six\n");
    assert_ne!(broken, scenario);
    fs::write(dir.path().join("alpha.muster"), broken).unwrap();
    let screen = tmux.wait_for(|l| l.contains("alpha.muster changed: "));
    assert_eq!(count(last_line(&screen), "error"), 1, "{screen}");
    assert!(screen.contains("alpha.muster:6:"), "{screen}");

    // A new, unrelated file: the pack still has that error, and says so.
    fs::create_dir_all(dir.path().join("lib")).unwrap();
    fs::write(dir.path().join("lib/spare.muster"), "// spare parts\n").unwrap();
    let screen = tmux.wait_for(|l| l.contains("lib/spare.muster changed: "));
    let status = last_line(&screen);
    assert_eq!(count(status, "error"), 1, "{screen}");
    assert!(
        screen.lines().any(|l| l.trim_start().starts_with("error[")),
        "the standing error left the screen:\n{screen}"
    );
    assert!(screen.contains("alpha.muster:6:"), "{screen}");

    // Fixed: the pack is clean again and the screen says so.
    fs::write(dir.path().join("alpha.muster"), &scenario).unwrap();
    let screen = tmux.wait_for(|l| l.contains("alpha.muster changed: "));
    assert_eq!(count(last_line(&screen), "errors"), 0, "{screen}");
    assert!(!screen.contains("error["), "{screen}");
}
