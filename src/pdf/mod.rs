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

    /// Prints the HTML file at `html` and returns the PDF's bytes. Safe to call
    /// from several threads: each sheet prints in a tab of its own.
    pub fn print(&self, html: &Path) -> Result<Vec<u8>, CliError> {
        self.with_browser(html, |browser, url, deadline| browser.print(url, deadline))
    }

    /// Where every map item of the sheet at `html` lands on paper, as JSON
    /// (`MAP_GEOMETRY`): what the studio and the placement tests read.
    pub fn map_geometry(&self, html: &Path) -> Result<String, CliError> {
        self.with_browser(html, |browser, url, deadline| {
            browser.evaluate(url, MAP_GEOMETRY, deadline)
        })
    }

    /// Runs `job` on the shared browser with the sheet's URL and a deadline; a
    /// stuck or broken browser is stopped and the error names the sheet.
    fn with_browser<T>(
        &self,
        html: &Path,
        job: impl FnOnce(&Browser, &str, Instant) -> Result<T, cdp::Error>,
    ) -> Result<T, CliError> {
        let browser = self.browser().map_err(|why| self.refused(html, &why))?;
        let deadline = Instant::now() + TIMEOUT;
        job(&browser, &file_url(html), deadline).map_err(|e| {
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
            self.refused(html, &format!("{why}{}", said_suffix(&browser.last_said())))
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

    fn refused(&self, html: &Path, why: &str) -> CliError {
        CliError::Refused {
            code: CANNOT_PRINT,
            message: format!(
                "Chromium (`{}`) could not print `{}`: {why}",
                self.chromium.display(),
                html.display()
            ),
            help: "run the same build without `--pdf` to get the HTML sheets, and print them from a browser".into(),
        }
    }
}

/// A `file://` URL for an absolute path, each byte outside the safe set escaped.
fn file_url(path: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut url = String::from("file://");
    for &b in path.as_os_str().as_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                url.push(char::from(b));
            }
            _ => url.push_str(&format!("%{b:02X}")),
        }
    }
    url
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

    #[test]
    fn file_urls_escape_what_a_url_cannot_hold() {
        assert_eq!(
            file_url(Path::new("/tmp/a b/#1.html")),
            "file:///tmp/a%20b/%231.html"
        );
    }
}
