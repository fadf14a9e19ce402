//! Live reload in a real browser: headless Chromium, driven over the DevTools
//! protocol (a minimal WebSocket client below, so no crate is needed), loads a
//! briefing served by `muster watch --serve`, the scenario changes, and the page
//! reloads itself with no Content-Security-Policy violation in the browser's log.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use serde_json::{json, Value};
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How long to wait for each step; the wait is not the assertion.
const PATIENCE: Duration = Duration::from_secs(30);
const CHROMIUM: &str = "chromium";

/// A child process killed on drop.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The first line of `reader` (a child's output) containing `needle`.
fn line_with(reader: impl Read + Send + 'static, needle: &str) -> String {
    let lines = common::lines_of(reader);
    let deadline = Instant::now() + PATIENCE;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) if line.contains(needle) => return line,
            Ok(_) => {}
            Err(_) => panic!("no line with `{needle}`"),
        }
    }
}

/// `GET path` over HTTP/1.1 (Chromium ignores HTTP/1.0); the body, by its length.
fn http_get(address: &str, path: &str) -> String {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
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
        }
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).unwrap();
    String::from_utf8(body).unwrap()
}

/// A DevTools protocol session over one WebSocket; events are kept in `log`.
struct Devtools {
    stream: TcpStream,
    next_id: u64,
    log: Vec<Value>,
}

impl Devtools {
    fn connect(address: &str, path: &str) -> Devtools {
        let mut stream = TcpStream::connect(address).unwrap();
        stream.set_read_timeout(Some(PATIENCE)).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Sec-WebSocket-Version: 13\r\n\r\n"
        )
        .unwrap();
        let mut head = Vec::new();
        let mut byte = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            stream.read_exact(&mut byte).unwrap();
            head.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&head);
        assert!(head.starts_with("HTTP/1.1 101"), "{head}");
        Devtools {
            stream,
            next_id: 0,
            log: Vec::new(),
        }
    }

    /// Sends one masked text frame (the mask key is zero, which leaves the bytes as they are).
    fn send(&mut self, text: &str) {
        let bytes = text.as_bytes();
        let mut frame = vec![0x81u8];
        match bytes.len() {
            n if n < 126 => frame.push(0x80 | u8::try_from(n).unwrap()),
            n if n < 65536 => {
                frame.push(0x80 | 126);
                frame.extend(u16::try_from(n).unwrap().to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend(u64::try_from(n).unwrap().to_be_bytes());
            }
        }
        frame.extend([0u8; 4]);
        frame.extend(bytes);
        self.stream.write_all(&frame).unwrap();
    }

    /// Reads one whole message (joining continuation frames).
    fn receive(&mut self) -> Value {
        let mut message = Vec::new();
        loop {
            let mut head = [0u8; 2];
            self.stream.read_exact(&mut head).unwrap();
            let mut len = u64::from(head[1] & 0x7f);
            if len == 126 {
                let mut b = [0u8; 2];
                self.stream.read_exact(&mut b).unwrap();
                len = u64::from(u16::from_be_bytes(b));
            } else if len == 127 {
                let mut b = [0u8; 8];
                self.stream.read_exact(&mut b).unwrap();
                len = u64::from_be_bytes(b);
            }
            let mut payload = vec![0u8; usize::try_from(len).unwrap()];
            self.stream.read_exact(&mut payload).unwrap();
            let opcode = head[0] & 0x0f;
            if opcode == 0x1 || opcode == 0x0 {
                message.extend(payload);
            }
            if head[0] & 0x80 != 0 && opcode != 0x9 && opcode != 0xA {
                return serde_json::from_slice(&message).unwrap();
            }
        }
    }

    /// Calls `method` and returns its result; events meanwhile go to the log.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"id": id, "method": method, "params": params}).to_string());
        loop {
            let message = self.receive();
            if message["id"] == json!(id) {
                assert!(message.get("error").is_none(), "{method}: {message}");
                return message["result"].clone();
            }
            self.log.push(message);
        }
    }

    /// The value of a JavaScript expression in the page.
    fn evaluate(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        result["result"]["value"].clone()
    }

    /// Log entries, console messages and exceptions that mention the CSP.
    fn csp_violations(&self) -> Vec<String> {
        self.log
            .iter()
            .filter(|m| {
                matches!(
                    m["method"].as_str(),
                    Some("Log.entryAdded" | "Runtime.consoleAPICalled" | "Runtime.exceptionThrown")
                )
            })
            .map(Value::to_string)
            .filter(|m| {
                m.contains("Content Security Policy") || m.contains("Content-Security-Policy")
            })
            .collect()
    }
}

fn fixture(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/watch");
    fs::read_to_string(root.join(path)).unwrap()
}

#[test]
fn a_served_briefing_reloads_in_chromium_after_a_change_without_csp_violations() {
    if !common::tool_present(CHROMIUM, "--version") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack");
    fs::create_dir_all(&pack).unwrap();
    let scenario = pack.join("charlie.muster");
    fs::write(&scenario, fixture("standalone.muster")).unwrap();
    let mut watch = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["watch", "pack", "--out", "site", "--serve", "--port", "0"])
        .args(["--debounce", "200"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = watch.stdout.take().unwrap();
    let _watch = Killed(watch);
    let rx = common::lines_of(stdout);
    let serving = rx.recv_timeout(PATIENCE).unwrap();
    let base = serving.split_whitespace().nth(1).unwrap().to_string();
    assert!(base.starts_with("http://127.0.0.1:"), "{serving}");
    let built = rx.recv_timeout(PATIENCE).unwrap();
    assert!(built.contains("1 built"), "{built}");
    let briefing = fs::read_dir(dir.path().join("site/charlie"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".html"))
        .min()
        .expect("no briefing built");

    let profile = tempfile::tempdir().unwrap();
    let mut chromium = Command::new(CHROMIUM)
        .args([
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--remote-debugging-port=0",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("about:blank")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = chromium.stderr.take().unwrap();
    let _chromium = Killed(chromium);
    let listening = line_with(stderr, "DevTools listening on ws://");
    let address = listening
        .split("ws://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap()
        .to_string();
    let targets: Value = serde_json::from_str(&http_get(&address, "/json/list")).unwrap();
    let page = targets
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["type"] == "page")
        .expect("no page target");
    let ws = page["webSocketDebuggerUrl"].as_str().unwrap();
    let path = &ws[ws.find("/devtools/").unwrap()..];
    let mut tools = Devtools::connect(&address, path);
    tools.call("Runtime.enable", json!({}));
    tools.call("Log.enable", json!({}));
    tools.call("Page.enable", json!({}));
    let url = format!("{base}charlie/{briefing}");
    tools.call("Page.navigate", json!({ "url": url }));

    // Loaded, with the reload script admitted; then mark this page instance.
    let deadline = Instant::now() + PATIENCE;
    while tools.evaluate("document.readyState") != json!("complete") {
        assert!(Instant::now() < deadline, "the briefing never loaded");
        thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(tools.evaluate("document.title.length > 0"), json!(true));
    tools.evaluate("window.__musterMarker = 1");

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
        let reloaded = tools.evaluate(
            "typeof window.__musterMarker === 'undefined' && document.readyState === 'complete' \
             && document.documentElement.outerHTML.includes('Watch Test Reloaded')",
        );
        if reloaded == json!(true) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the page did not reload; browser log: {:#?}",
            tools.log
        );
        thread::sleep(Duration::from_millis(200));
    }
    let violations = tools.csp_violations();
    assert!(violations.is_empty(), "CSP violations: {violations:#?}");
}
