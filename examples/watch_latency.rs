//! Watch latency: from a save to its status line, on a generated pack of 50
//! scenarios, reported minus the debounce (see docs/performance/watch.md).
//!
//! Run: `cargo build --release && cargo run --release --example watch_latency`
//! (the `muster` binary is taken from beside this example, or from `MUSTER_BIN`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const SCENARIOS: usize = 50;
const SAVES: usize = 25;
const DEBOUNCE_MS: u64 = 100;
/// Time between saves: well past the debounce so each save is its own burst.
const GAP: Duration = Duration::from_millis(300);

fn main() {
    let bin = binary();
    let pack = tempfile::tempdir().unwrap();
    generate(pack.path());
    let out = tempfile::tempdir().unwrap();
    let mut child = Command::new(&bin)
        .args([
            "watch",
            ".",
            "--debounce",
            &DEBOUNCE_MS.to_string(),
            "--out",
        ])
        .arg(out.path())
        .current_dir(pack.path())
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", bin.display()));
    let lines = reader(child.stdout.take().unwrap());
    let first = status(&lines);
    println!("pack of {SCENARIOS} scenarios, debounce {DEBOUNCE_MS} ms");
    println!("first check: {first}");

    // Each save changes what the briefings show, so every output is really rewritten.
    let one = measure(&lines, SAVES, |n| {
        let i = n % SCENARIOS;
        let base = fixture(if i.is_multiple_of(2) {
            "scenario.muster"
        } else {
            "standalone.muster"
        });
        let text = base.replacen("\"Take the farm", &format!("\"Save {n}: take the farm"), 1);
        fs::write(pack.path().join(format!("s{i:02}.muster")), text).unwrap();
    });
    let library = measure(&lines, SAVES, |n| {
        let base = fixture("lib/units.muster");
        let text = base.replacen("\"Rifle Company\"", &format!("\"Rifle Company {n}\""), 1);
        fs::write(pack.path().join("lib/units.muster"), text).unwrap();
    });
    report("one scenario saved (1 re-checked and rebuilt)", &one);
    report(
        &format!("library saved ({} re-checked and rebuilt)", SCENARIOS / 2),
        &library,
    );
    let _ = child.kill();
    let _ = child.wait();
}

/// Saves `count` times; the latency of each from the write to its status line.
fn measure(lines: &Receiver<String>, count: usize, save: impl Fn(usize)) -> Vec<Duration> {
    let mut latencies = Vec::with_capacity(count);
    for n in 0..count {
        std::thread::sleep(GAP);
        let start = Instant::now();
        save(n);
        let line = status(lines);
        latencies.push(start.elapsed());
        assert!(line.contains("changed"), "{line}");
    }
    latencies
}

fn report(what: &str, latencies: &[Duration]) {
    let mut ms: Vec<f64> = latencies.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() as f64 - 1.0) * q).round() as usize];
    let debounce = DEBOUNCE_MS as f64;
    println!(
        "{what}: {} saves, save to status line p50 {:.0} ms, p95 {:.0} ms; \
         minus the debounce p50 {:.0} ms, p95 {:.0} ms",
        ms.len(),
        at(0.5),
        at(0.95),
        at(0.5) - debounce,
        at(0.95) - debounce
    );
}

/// The next status line (`[HH:MM:SS] …`), within 10 s.
fn status(lines: &Receiver<String>) -> String {
    loop {
        let line = lines
            .recv_timeout(Duration::from_secs(10))
            .expect("no status line in 10 s");
        if line.starts_with('[') && line.get(9..10) == Some("]") {
            return line;
        }
    }
}

fn reader(stdout: std::process::ChildStdout) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

fn fixture(path: &str) -> String {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/watch");
    fs::read_to_string(fixtures.join(path)).unwrap()
}

/// 50 scenarios from the watch test fixtures: half import the library.
fn generate(dir: &Path) {
    fs::create_dir_all(dir.join("lib")).unwrap();
    fs::write(dir.join("lib/units.muster"), fixture("lib/units.muster")).unwrap();
    for i in 0..SCENARIOS {
        let name = if i.is_multiple_of(2) {
            "scenario.muster"
        } else {
            "standalone.muster"
        };
        fs::write(dir.join(format!("s{i:02}.muster")), fixture(name)).unwrap();
    }
}

fn binary() -> PathBuf {
    if let Some(bin) = std::env::var_os("MUSTER_BIN") {
        return PathBuf::from(bin);
    }
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(Path::parent).unwrap();
    dir.join(format!("muster{}", std::env::consts::EXE_SUFFIX))
}
