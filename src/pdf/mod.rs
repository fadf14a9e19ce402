//! `build --pdf`: prints each built sheet with one headless Chromium per run,
//! driven over the DevTools protocol on a pipe, and hands the PDFs to the writer.
//! Only the binary spawns processes; the sheets themselves stay pure HTML from
//! `muster-render`.

mod browser;
mod cdp;

use crate::error::CliError;
use browser::{said_suffix, Browser};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The names Chromium goes by on PATH, most common first.
const NAMES: &[&str] = &[
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
];

/// How many sheets print at once, each in its own tab: Chromium lays out one
/// while it waits on another, but each takes memory.
pub const AT_ONCE: usize = 3;

/// How long one sheet may take to print before Chromium is stopped.
const TIMEOUT: Duration = Duration::from_secs(90);

/// How long Chromium may take to start and answer before it is stopped.
const STARTUP: Duration = Duration::from_secs(30);

/// The script that measures a sheet's maps: for every SVG map, each item with a
/// `data-*` attribute (feature, label, leader, unit, element) and its box in
/// millimetres of paper (96 CSS px = 25.4 mm), paths also as points about a
/// millimetre apart.
const MAP_GEOMETRY: &str = include_str!("map_geometry.js");

/// The code of every refusal to print (Chromium missing, failing or too slow).
pub const CANNOT_PRINT: muster_syntax::Code = muster_syntax::Code::MC118;

/// A found Chromium, started on the first sheet and shared by every later one,
/// and the private folder its profile lives in (removed when dropped, after the
/// browser is stopped, so nothing of it is left behind).
pub struct Printer {
    chromium: PathBuf,
    // Declared before `scratch`, so dropped (and Chromium stopped) first.
    browser: Mutex<Slot>,
    scratch: tempfile::TempDir,
}

/// The shared browser: not started yet, running, or unable to start (then every
/// sheet is refused with the same reason rather than trying again and again).
enum Slot {
    Idle,
    Running(Arc<Browser>),
    CannotStart(String),
}

impl Printer {
    /// Finds Chromium (`--chromium PATH`, else on PATH) and makes the private
    /// folder (`0700`, like every temporary folder). Chromium starts on the first
    /// [`Printer::print`].
    pub fn new(given: Option<&Path>) -> Result<Printer, CliError> {
        let chromium = find(given, std::env::var_os("PATH").as_deref())?;
        let scratch = tempfile::Builder::new()
            .prefix("muster-pdf-")
            .tempdir()
            .map_err(|e| CliError::write(&std::env::temp_dir(), &e))?;
        Ok(Printer {
            chromium,
            browser: Mutex::new(Slot::Idle),
            scratch,
        })
    }

    /// Prints the sheet `html` (called `name` in messages) from memory and
    /// returns the PDF's bytes: Chromium is given the text, never a path. Safe to
    /// call from several threads: each sheet prints in a tab of its own.
    pub fn print(&self, name: &str, html: &str) -> Result<Vec<u8>, CliError> {
        self.with_browser(name, |browser, deadline| browser.print(html, deadline))
    }

    /// Where every map item of the sheet `html` (called `name` in messages)
    /// lands on paper, as JSON (`MAP_GEOMETRY`): what the placement tests read.
    /// The sheet is loaded from memory, sealed exactly as for printing.
    pub fn map_geometry(&self, name: &str, html: &str) -> Result<String, CliError> {
        self.with_browser(name, |browser, deadline| {
            browser.evaluate(html, MAP_GEOMETRY, deadline)
        })
    }

    /// Runs `job` on the shared browser with a deadline; a stuck or broken
    /// browser is stopped and the error names the sheet.
    fn with_browser<T>(
        &self,
        name: &str,
        job: impl FnOnce(&Browser, Instant) -> Result<T, cdp::Error>,
    ) -> Result<T, CliError> {
        let browser = self.browser().map_err(|why| self.refused(name, &why))?;
        let deadline = Instant::now() + TIMEOUT;
        job(&browser, deadline).map_err(|e| {
            if e.is_fatal() {
                // A stuck or broken browser is stopped (its other sheets fail
                // too) and the next sheet starts a fresh one.
                browser.stop();
                self.forget(&browser);
            }
            let why = match &e {
                cdp::Error::TimedOut => format!("it took more than {} s", TIMEOUT.as_secs()),
                cdp::Error::Broken(why) => format!("Chromium stopped ({why})"),
                cdp::Error::Refused(why) => why.clone(),
            };
            self.refused(name, &format!("{why}{}", said_suffix(&browser.last_said())))
        })
    }

    /// The running browser, started now if there is none.
    fn browser(&self) -> Result<Arc<Browser>, String> {
        let mut slot = self.browser.lock().unwrap_or_else(PoisonError::into_inner);
        match &*slot {
            Slot::Running(browser) => return Ok(Arc::clone(browser)),
            Slot::CannotStart(why) => return Err(why.clone()),
            Slot::Idle => {}
        }
        // Other sheets wait for the start-up rather than starting their own.
        match Browser::launch(
            &self.chromium,
            self.scratch.path(),
            Instant::now() + STARTUP,
        ) {
            Ok(browser) => {
                let browser = Arc::new(browser);
                *slot = Slot::Running(Arc::clone(&browser));
                Ok(browser)
            }
            Err(why) => {
                *slot = Slot::CannotStart(why.clone());
                Err(why)
            }
        }
    }

    /// Lets go of `browser` if it is still the shared one (it is dropped, and
    /// reaped, once its last sheet lets go too).
    fn forget(&self, browser: &Arc<Browser>) {
        let mut slot = self.browser.lock().unwrap_or_else(PoisonError::into_inner);
        if matches!(&*slot, Slot::Running(b) if Arc::ptr_eq(b, browser)) {
            *slot = Slot::Idle;
        }
    }

    fn refused(&self, name: &str, why: &str) -> CliError {
        CliError::Refused {
            code: CANNOT_PRINT,
            message: format!(
                "Chromium (`{}`) could not print `{name}`: {why}",
                self.chromium.display(),
            ),
            help: "run the same build without `--pdf` to get the HTML sheets, and print them from a browser".into(),
        }
    }
}

/// Chromium: the given path when it is an executable file, else the first of
/// [`NAMES`] on `path_var`. The refusal names the package to install.
fn find(given: Option<&Path>, path_var: Option<&std::ffi::OsStr>) -> Result<PathBuf, CliError> {
    if let Some(given) = given {
        if is_executable(given) {
            return Ok(given.to_path_buf());
        }
        return Err(missing(format!(
            "`--chromium {}` is not an executable file",
            given.display()
        )));
    }
    let folders: Vec<PathBuf> = path_var
        .map(|p| std::env::split_paths(p).collect())
        .unwrap_or_default();
    for name in NAMES {
        for folder in &folders {
            let candidate = folder.join(name);
            if is_executable(&candidate) {
                return Ok(candidate);
            }
        }
    }
    Err(missing(format!(
        "no Chromium on PATH (looked for {})",
        NAMES
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    )))
}

fn missing(why: String) -> CliError {
    CliError::Refused {
        code: CANNOT_PRINT,
        message: format!("cannot print PDFs: {why}"),
        help: "install Chromium (Debian and Ubuntu: `apt-get install chromium`), or pass `--chromium PATH`; \
without `--pdf` the HTML sheets are built as before"
            .into(),
    }
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn finds_chromium_on_path_or_names_the_package() {
        let dir = tempfile::tempdir().unwrap();
        let none = find(None, Some(dir.path().as_os_str())).unwrap_err();
        assert!(none.to_string().contains("no Chromium on PATH"), "{none}");
        assert!(none.help().unwrap().contains("apt-get install chromium"));
        assert_eq!(none.code(), Some(CANNOT_PRINT));
        let browser = dir.path().join("chromium-browser");
        std::fs::write(&browser, "#!/bin/sh\n").unwrap();
        assert!(
            find(None, Some(dir.path().as_os_str())).is_err(),
            "not executable"
        );
        std::fs::set_permissions(&browser, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(find(None, Some(dir.path().as_os_str())).unwrap(), browser);
        let given = find(Some(Path::new("/nonexistent")), None).unwrap_err();
        assert!(
            given.to_string().contains("`--chromium /nonexistent`"),
            "{given}"
        );
    }

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
    fn printing_tools() -> bool {
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
        let printer = Printer::new(None).unwrap();
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

    #[test]
    fn a_hostile_sheet_prints_without_running_or_loading_anything() {
        if !printing_tools() {
            return;
        }
        let listener = Listener::start();
        let dir = tempfile::tempdir().unwrap();
        let canary = dir.path().join("canary.txt");
        std::fs::write(&canary, "canary-3f9d2 must never be printed").unwrap();
        let printer = Printer::new(None).unwrap();
        let pdf = printer
            .print("hostile.html", &hostile_sheet(listener.port, &canary))
            .unwrap();
        // What was asked for but refused can no longer arrive: the tab is closed.
        drop(printer);
        let text = pdf_text(&pdf);
        assert!(text.contains("printed sheet"), "{text}");
        assert!(!text.contains("script ran"), "{text}");
        assert!(!text.contains("canary-3f9d2"), "{text}");
        assert_eq!(listener.accepted(), 0, "connections to the listener");
        // The listener does count: a plain connection is seen.
        drop(std::net::TcpStream::connect(("127.0.0.1", listener.port)).unwrap());
        let waited = Instant::now();
        while listener.accepted() == 0 && waited.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(listener.accepted(), 1);
    }
}
