//! `build --pdf`: prints each built sheet with headless Chromium into a private
//! temporary folder, then hands the PDFs to the writer. Only the binary spawns
//! processes; the sheets themselves stay pure HTML from `muster-render`.

use crate::error::CliError;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The names Chromium goes by on PATH, most common first.
const NAMES: &[&str] = &[
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
];

/// How many sheets print at once: Chromium mostly waits, but each takes memory.
pub const AT_ONCE: usize = 3;

/// How long one sheet may take to print before Chromium is stopped.
const TIMEOUT: Duration = Duration::from_secs(90);

/// The code of every refusal to print (Chromium missing, failing or too slow).
pub const CANNOT_PRINT: muster_syntax::Code = muster_syntax::Code::MC118;

/// A found Chromium and the private folder its profile and PDFs live in (removed
/// when dropped, so nothing of the browser is left behind).
pub struct Printer {
    chromium: PathBuf,
    scratch: tempfile::TempDir,
}

impl Printer {
    /// Finds Chromium (`--chromium PATH`, else on PATH) and makes the private
    /// folder (`0700`, like every temporary folder).
    pub fn new(given: Option<&Path>) -> Result<Printer, CliError> {
        let chromium = find(given, std::env::var_os("PATH").as_deref())?;
        let scratch = tempfile::Builder::new()
            .prefix("muster-pdf-")
            .tempdir()
            .map_err(|e| CliError::write(&std::env::temp_dir(), &e))?;
        Ok(Printer { chromium, scratch })
    }

    /// Prints the HTML file at `html` and returns the PDF's bytes.
    pub fn print(&self, html: &Path) -> Result<Vec<u8>, CliError> {
        // A folder of its own per print: Chromium locks its profile, and sheets
        // print side by side.
        let own = tempfile::Builder::new()
            .prefix("sheet-")
            .tempdir_in(self.scratch.path())
            .map_err(|e| CliError::write(self.scratch.path(), &e))?;
        let pdf = own.path().join("sheet.pdf");
        let profile = own.path().join("profile");
        let log = own.path().join("chromium.log");
        let log_file = std::fs::File::create(&log).map_err(|e| CliError::write(&log, &e))?;
        let mut command = Command::new(&self.chromium);
        command
            .args([
                "--headless",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--mute-audio",
                // Nothing written outside the private folder.
                "--disable-breakpad",
                "--disable-crash-reporter",
                // No date, title, URL or page number of the browser's own: each
                // sheet prints its marks in its page margins (CSS paged media).
                "--no-pdf-header-footer",
                "--print-to-pdf-no-header",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(format!("--print-to-pdf={}", pdf.display()))
            .arg(file_url(html))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log_file)
            // Its own process group, so a timeout stops its helpers too.
            .process_group(0);
        // SAFETY: geteuid(2) only reads the process's user id.
        if unsafe { libc::geteuid() } == 0 {
            // Chromium refuses to start its sandbox as root (CI runs as root). The
            // sheets hold no script (their CSP forbids it) and load nothing.
            command.arg("--no-sandbox");
        }
        let mut child = command
            .spawn()
            .map_err(|e| self.refused(html, &e.to_string()))?;
        let started = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if started.elapsed() > TIMEOUT => {
                    stop_group(child.id());
                    let _ = child.wait();
                    return Err(
                        self.refused(html, &format!("it took more than {} s", TIMEOUT.as_secs()))
                    );
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(50)),
                Err(e) => return Err(self.refused(html, &e.to_string())),
            }
        };
        let bytes = std::fs::read(&pdf).unwrap_or_default();
        if !bytes.starts_with(b"%PDF") {
            let said = std::fs::read_to_string(&log).unwrap_or_default();
            let last = said
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("");
            return Err(self.refused(
                html,
                &format!(
                    "it wrote no PDF (exit status {status}){}",
                    said_suffix(last)
                ),
            ));
        }
        Ok(bytes)
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

fn said_suffix(last: &str) -> String {
    if last.is_empty() {
        String::new()
    } else {
        format!("; it said: {last}")
    }
}

/// Stops Chromium and every helper it started (they share its process group).
fn stop_group(pid: u32) {
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        // SAFETY: kill(2) on the process group this module created for the child.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
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
