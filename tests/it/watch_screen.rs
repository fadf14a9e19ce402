//! The watch screen in a real terminal (tmux): after a save that breaks a
//! scenario, the first error is on screen even when the pack's clean state has
//! many notes, and the screen ends with one status line that never wraps.
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
        let socket = format!("muster-watch-screen-{}", std::process::id());
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
