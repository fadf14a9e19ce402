//! The sealed printer: a hostile sheet (script, images, frames, CSS imports,
//! fonts, `file://`) prints and is measured without anything running or loading,
//! a live page gets only what its caller serves, and a loopback listener and a
//! canary file prove it. Run in a network namespace with only loopback, as
//! every test that starts Chromium is.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_print::{Printer, Request, Response};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The policy every sheet is printed with.
const POLICY: &str = muster_render::SHEET_CSP;

/// The sheet a hostile template could make: script, images, frames, CSS
/// imports and fonts from a loopback listener, and a local file, with a
/// policy of its own that would allow them all.
fn hostile_sheet(port: u16, canary: &Path) -> String {
    let web = format!("http://127.0.0.1:{port}");
    let file = format!("file://{}", canary.display());
    format!(
        "<!DOCTYPE html><html><head>\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src * file: data: 'unsafe-inline'\">\
<link rel=\"stylesheet\" href=\"{web}/link.css\"><link rel=\"prefetch\" href=\"{web}/prefetch\">\
<style>@import url(\"{web}/import.css\"); body {{ background: url({web}/background.png) }}\
@font-face {{ font-family: far; src: url({web}/font.woff) }} h1 {{ font-family: far }}</style>\
</head><body><h1 id=\"said\">printed sheet</h1>\
<script>document.getElementById('said').textContent = 'script ran'; fetch('{web}/fetch');</script>\
<img src=\"{web}/image.png\"><img src=\"{file}\"><iframe src=\"{web}/frame\"></iframe>\
<iframe src=\"{file}\"></iframe><object data=\"{file}\"></object><embed src=\"{file}\">\
<iframe srcdoc=\"<script>fetch('{web}/srcdoc')</script>\"></iframe>\
<svg><image href=\"{web}/svg-image.png\"/></svg></body></html>"
    )
}

/// Counts the connections a loopback listener accepts until dropped.
struct Listener {
    port: u16,
    accepted: Arc<std::sync::atomic::AtomicUsize>,
    stop: Arc<std::sync::atomic::AtomicBool>,
}

impl Listener {
    fn start() -> Listener {
        use std::sync::atomic::Ordering;
        let socket = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        socket.set_nonblocking(true).unwrap();
        let port = socket.local_addr().unwrap().port();
        let accepted = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (count, done) = (Arc::clone(&accepted), Arc::clone(&stop));
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                match socket.accept() {
                    Ok(_) => {
                        count.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(10)),
                }
            }
        });
        Listener {
            port,
            accepted,
            stop,
        }
    }

    fn accepted(&self) -> usize {
        self.accepted.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

fn pdf_text(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sheet.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .arg(&file)
        .arg("-")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Chromium and pdftotext on PATH, else skipped with a note (failed on CI).
pub fn printing_tools() -> bool {
    let present = |program: &str| {
        std::process::Command::new(program)
            .arg("-v")
            .output()
            .is_ok()
    };
    if present("chromium") && present("pdftotext") {
        return true;
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "CI must have `chromium` and `poppler-utils`"
    );
    eprintln!("skipped: install `chromium` and `poppler-utils` to print");
    false
}

#[test]
fn measuring_a_hostile_sheet_loads_nothing_and_runs_only_the_measurement() {
    if !printing_tools() {
        return;
    }
    let listener = Listener::start();
    let dir = tempfile::tempdir().unwrap();
    let canary = dir.path().join("canary.txt");
    std::fs::write(&canary, "canary-3f9d2").unwrap();
    let sheet = hostile_sheet(listener.port, &canary).replace(
        "<svg>",
        "<svg width=\"96\" height=\"96\"><rect data-feature=\"place:p\" width=\"96\" height=\"48\"/>",
    );
    let printer = Printer::new(None, POLICY).unwrap();
    let measured = printer.map_geometry("hostile.html", &sheet).unwrap();
    drop(printer);
    // One map, its one feature 25.4 mm wide: the measurement ran, in paper mm.
    let maps: serde_json::Value = serde_json::from_str(&measured).unwrap();
    let item = &maps[0]["items"][0];
    assert_eq!(item["id"], "place:p", "{measured}");
    let width = item["box"][2].as_f64().unwrap() - item["box"][0].as_f64().unwrap();
    assert!((width - 25.4).abs() < 0.01, "{measured}");
    assert_eq!(listener.accepted(), 0, "connections to the listener");
}

/// The sheets' own policy stops the loads before they are requests; with a
/// policy that admits everything, the interception alone still fails each one
/// before it leaves the browser, and the printer lists it.
#[test]
fn a_hostile_sheet_prints_without_running_or_loading_anything() {
    if !printing_tools() {
        return;
    }
    let listener = Listener::start();
    let dir = tempfile::tempdir().unwrap();
    let canary = dir.path().join("canary.txt");
    std::fs::write(&canary, "canary-3f9d2 must never be printed").unwrap();
    for policy in [POLICY, "default-src * file: data: 'unsafe-inline'"] {
        let printer = Printer::new(None, policy).unwrap();
        let pdf = printer
            .print("hostile.html", &hostile_sheet(listener.port, &canary))
            .unwrap();
        let refused = printer.refused_requests();
        // What was asked for but refused can no longer arrive: the tab is closed.
        drop(printer);
        let text = pdf_text(&pdf);
        assert!(text.contains("printed sheet"), "{policy}: {text}");
        assert!(!text.contains("script ran"), "{policy}: {text}");
        assert!(!text.contains("canary-3f9d2"), "{policy}: {text}");
        assert_eq!(
            listener.accepted(),
            0,
            "{policy}: connections to the listener"
        );
        if policy != POLICY {
            for asked in ["/link.css", "/image.png", "/frame", "/svg-image.png"] {
                assert!(
                    refused.iter().any(|r| r.ends_with(asked)),
                    "{asked} not among the refused: {refused:?}"
                );
            }
        }
    }
    // The listener does count: a plain connection is seen.
    drop(std::net::TcpStream::connect(("127.0.0.1", listener.port)).unwrap());
    let waited = Instant::now();
    while listener.accepted() == 0 && waited.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(listener.accepted(), 1);
}

/// A live page (the preview server's test opens one) gets only what its caller
/// serves: the page loads at a loopback address nobody listens on for the
/// browser, its script runs as its own CSP allows, and the image it asks a real
/// listener for (its CSP admits images from anywhere) is refused before any
/// connection is made.
#[test]
fn a_live_page_gets_only_what_its_caller_serves() {
    if !printing_tools() {
        return;
    }
    let listener = Listener::start();
    let page_url = format!("http://127.0.0.1:{}/page.html", listener.port);
    let image = format!("http://127.0.0.1:{}/image.png", listener.port);
    let html = format!(
        "<!DOCTYPE html><title>live</title><p id=\"said\">served</p><img src=\"{image}\">\
<script nonce=\"n1\">document.getElementById('said').textContent = 'script ran';</script>"
    );
    let served = Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = Arc::clone(&served);
    let wanted = page_url.clone();
    let printer = Printer::new(None, POLICY).unwrap();
    let page = printer
        .open(&page_url, move |request: &Request| {
            seen.lock().unwrap().push(request.url.clone());
            (request.url == wanted).then(|| Response {
                status: 200,
                headers: vec![
                    ("Content-Type".into(), "text/html; charset=utf-8".into()),
                    (
                        "Content-Security-Policy".into(),
                        "default-src 'none'; script-src 'nonce-n1'; img-src *".into(),
                    ),
                ],
                body: html.clone().into_bytes(),
            })
        })
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let said = page
            .evaluate(
                "document.readyState === 'complete' && document.getElementById('said').textContent",
            )
            .unwrap();
        if said == "script ran" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the page never ran its script: {said}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(page);
    let refused = printer.refused_requests();
    drop(printer);
    assert!(refused.contains(&image), "{refused:?}");
    assert!(served.lock().unwrap().contains(&page_url));
    assert_eq!(listener.accepted(), 0, "connections to the listener");
}
