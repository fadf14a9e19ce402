//! Live reload in a real browser: the sealed headless Chromium of `muster-print`
//! opens a briefing served by `muster watch --serve`, the scenario changes, and
//! the page reloads itself with no Content-Security-Policy violation in the
//! browser's log. The browser reaches nothing itself: each request it makes is
//! handed to this test, which asks the preview server over loopback and gives
//! the browser the server's status, headers (its CSP among them) and body.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use muster_print::{Printer, Request, Response};
use serde_json::{json, Value};
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::thread;
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// How long to wait for each step; the wait is not the assertion.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A child process killed on drop.
pub struct Killed(pub Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `METHOD path` to the preview server over HTTP/1.1 (no body): its status,
/// headers and body (read by its length).
pub fn http(address: &str, method: &str, path: &str) -> Response {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Length: 0\r\n\
         Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut status_line = String::new();
    reader.read_line(&mut status_line).unwrap();
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status in {status_line:?}"));
    let mut headers = Vec::new();
    let mut length = 0;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap();
            }
            headers.push((name.to_string(), value.trim().to_string()));
        }
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).unwrap();
    Response {
        status,
        headers,
        body,
    }
}

/// Entries of a live page's log (console messages, exceptions, the browser's
/// log) that mention the CSP.
fn csp_violations(log: &[Value]) -> Vec<String> {
    log.iter()
        .map(Value::to_string)
        .filter(|m| m.contains("Content Security Policy") || m.contains("Content-Security-Policy"))
        .collect()
}

/// Starts `muster ARGS` in `dir` and reads the address it serves on from its
/// first line: the process (killed on drop), its further lines and the address.
pub fn serving(dir: &Path, args: &[&str]) -> (Killed, Receiver<String>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let child = Killed(child);
    let rx = common::lines_of(stdout);
    let first = rx.recv_timeout(PATIENCE).unwrap();
    let url = first.split_whitespace().nth(1).unwrap().to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{first}");
    (child, rx, url)
}

/// The sealed browser and a folder holding `pack/NAME.muster` with `text`
/// (and the scenario's path); `None` where no Chromium is installed.
pub fn browser_and_pack(name: &str, text: &str) -> Option<(Printer, TempDir, PathBuf)> {
    if !common::tool_present("chromium", "--version") {
        return None;
    }
    let printer = Printer::new(None, muster_render::SHEET_CSP).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack");
    fs::create_dir_all(&pack).unwrap();
    let scenario = pack.join(format!("{name}.muster"));
    fs::write(&scenario, text).unwrap();
    Some((printer, dir, scenario))
}

fn fixture(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/watch");
    fs::read_to_string(root.join(path)).unwrap()
}

#[test]
fn a_served_briefing_reloads_in_chromium_after_a_change_without_csp_violations() {
    let Some((printer, dir, scenario)) = browser_and_pack("charlie", &fixture("standalone.muster"))
    else {
        return;
    };
    let (_watch, rx, base) = serving(
        dir.path(),
        &[
            "watch",
            "pack",
            "--out",
            "site",
            "--serve",
            "--port",
            "0",
            "--debounce",
            "200",
        ],
    );
    let built = rx.recv_timeout(PATIENCE).unwrap();
    assert!(built.contains("1 built"), "{built}");
    let briefing = fs::read_dir(dir.path().join("site/charlie"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".html"))
        .min()
        .expect("no briefing built");

    // Every request of the page goes to the preview server through this test.
    let address = base
        .strip_prefix("http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap()
        .to_string();
    let origin = base.trim_end_matches('/').to_string();
    let url = format!("{base}charlie/{briefing}");
    let page = printer
        .open(&url, move |request: &Request| {
            let path = request.url.strip_prefix(&origin)?;
            (request.method == "GET").then(|| http(&address, "GET", path))
        })
        .unwrap();
    let evaluate = |expression: &str| page.evaluate(expression).unwrap();

    // Loaded, with the reload script admitted; then mark this page instance.
    let deadline = Instant::now() + PATIENCE;
    while evaluate("document.readyState") != json!("complete") {
        assert!(Instant::now() < deadline, "the briefing never loaded");
        thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(evaluate("document.title.length > 0"), json!(true));
    evaluate("window.__musterMarker = 1");

    let text = fs::read_to_string(&scenario).unwrap();
    fs::write(
        &scenario,
        text.replace(
            "scenario \"Watch Test\"",
            "scenario \"Watch Test Reloaded\"",
        ),
    )
    .unwrap();

    let deadline = Instant::now() + PATIENCE;
    loop {
        let reloaded = evaluate(
            "typeof window.__musterMarker === 'undefined' && document.readyState === 'complete' \
             && document.documentElement.outerHTML.includes('Watch Test Reloaded')",
        );
        if reloaded == json!(true) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the page did not reload; browser log: {:#?}",
            page.log()
        );
        thread::sleep(Duration::from_millis(200));
    }
    let violations = csp_violations(&page.log());
    assert!(violations.is_empty(), "CSP violations: {violations:#?}");
}
