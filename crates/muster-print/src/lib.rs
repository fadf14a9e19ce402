//! Prints sheets with one headless Chromium per run, sealed: it is handed each
//! sheet's text from memory and reaches no network and no file. `muster build
//! --pdf` and every test that needs a browser start it here and nowhere else, so
//! what is tested is what prints. It starts processes, so it stands beside the
//! pure pipeline (the binary depends on it), not in it.

mod browser;
mod cdp;
mod live;

pub use browser::{SEALED, SHEET_URL};
pub use live::{LivePage, Request, Response};

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

/// The most refused requests remembered (see [`Printer::refused_requests`]): a
/// sheet asks for nothing, so more than this is a hostile one, and memory stays bounded.
const REMEMBERED: usize = 1000;

/// Why Chromium could not be found or could not print: the message, and one line
/// of help (the binary reports both with its code for printing problems).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub message: String,
    pub help: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}

/// A found Chromium, started on the first sheet and shared by every later one,
/// and the private folder its profile lives in (removed when dropped, after the
/// browser is stopped, so nothing of it is left behind).
pub struct Printer {
    chromium: PathBuf,
    /// The Content-Security-Policy every sheet is served with, as a header.
    policy: Arc<str>,
    /// The addresses of the requests the browser failed, oldest first.
    refused: Arc<Mutex<Vec<String>>>,
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
    /// [`Printer::print`]; every sheet is served with the CSP `policy`.
    pub fn new(given: Option<&Path>, policy: &str) -> Result<Printer, Refusal> {
        let chromium = find(given, std::env::var_os("PATH").as_deref())?;
        let scratch = tempfile::Builder::new()
            .prefix("muster-pdf-")
            .tempdir()
            .map_err(|e| Refusal {
                message: format!(
                    "cannot make a private folder for Chromium in {}: {e}",
                    std::env::temp_dir().display()
                ),
                help: "make the temporary folder (TMPDIR) writable".into(),
            })?;
        Ok(Printer {
            chromium,
            policy: policy.into(),
            refused: Arc::default(),
            browser: Mutex::new(Slot::Idle),
            scratch,
        })
    }

    /// Prints the sheet `html` (called `name` in messages) from memory and
    /// returns the PDF's bytes: Chromium is given the text, never a path. Safe to
    /// call from several threads: each sheet prints in a tab of its own.
    pub fn print(&self, name: &str, html: &str) -> Result<Vec<u8>, Refusal> {
        self.with_browser(name, |browser, deadline| browser.print(html, deadline))
    }

    /// Where every map item of the sheet `html` (called `name` in messages)
    /// lands on paper, as JSON (`MAP_GEOMETRY`): what the placement tests read.
    /// The sheet is loaded from memory, sealed exactly as for printing.
    pub fn map_geometry(&self, name: &str, html: &str) -> Result<String, Refusal> {
        self.with_browser(name, |browser, deadline| {
            browser.evaluate(html, MAP_GEOMETRY, deadline)
        })
    }

    /// A PNG of the sheet `html` as it lies on screen, `width` CSS pixels wide
    /// (the whole page, not just the window): for looking at a sheet during work.
    pub fn screenshot(&self, name: &str, html: &str, width: u32) -> Result<Vec<u8>, Refusal> {
        self.with_browser(name, |browser, deadline| {
            browser.screenshot(html, width, deadline)
        })
    }

    /// Opens `url` in a tab of its own whose every request (the page, then its
    /// styles, images, fetches) is handed to `serve`: what it answers is what the
    /// page gets, and a request it answers `None` to fails. Unlike a sheet, the
    /// page may run the scripts its own CSP admits. The browser still reaches
    /// nothing itself: `serve` is the only way anything arrives.
    pub fn open(
        &self,
        url: &str,
        serve: impl FnMut(&Request) -> Option<Response> + Send + 'static,
    ) -> Result<LivePage, Refusal> {
        let browser = self.browser().map_err(|why| self.refused(url, &why))?;
        LivePage::open(browser, url, Box::new(serve), Instant::now() + TIMEOUT)
            .map_err(|e| self.refused(url, &e.to_string()))
    }

    /// Every request the browser failed since this printer was made (its
    /// address, the first [`REMEMBERED`]): a sheet's is empty, since a sheet
    /// holds everything it shows.
    pub fn refused_requests(&self) -> Vec<String> {
        self.refused
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The Chromium this printer starts.
    pub fn chromium(&self) -> &Path {
        &self.chromium
    }

    /// Runs `job` on the shared browser with a deadline; a stuck or broken
    /// browser is stopped and the error names the sheet.
    fn with_browser<T>(
        &self,
        name: &str,
        job: impl FnOnce(&Browser, Instant) -> Result<T, cdp::Error>,
    ) -> Result<T, Refusal> {
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
            browser::Seal {
                policy: Arc::clone(&self.policy),
                refused: Arc::clone(&self.refused),
            },
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

    fn refused(&self, name: &str, why: &str) -> Refusal {
        Refusal {
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
fn find(given: Option<&Path>, path_var: Option<&std::ffi::OsStr>) -> Result<PathBuf, Refusal> {
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

fn missing(why: String) -> Refusal {
    Refusal {
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
        assert!(none.help.contains("apt-get install chromium"));
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
}
