//! One headless Chromium for a whole build, driven over `--remote-debugging-pipe`:
//! starting it costs about a second and a half of CPU, printing a sheet in a new
//! tab a fraction of that. It runs in its own process group with a private
//! profile, and is stopped (group and all) when dropped or when it fails.

use super::cdp::{self, Connection};
use base64::Engine as _;
use serde_json::{json, Value};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Reads the text area of a sheet's printed page from its `@page` rules.
const PAGE_BOX: &str = include_str!("page_box.js");
/// How long Chromium may take to exit after `Browser.close` before it is killed.
const CLOSING: Duration = Duration::from_secs(5);

/// How Chromium is started: headless, with no background service that could
/// reach the network, no host name that resolves, and no extension. Each flag is
/// one Debian's `chromium` (and Google's builds) honour; what they miss, the
/// request interception in [`Browser::print`] catches for the sheet itself.
pub const SEALED: &[&str] = &[
    "--headless",
    "--disable-gpu",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-breakpad",
    "--disable-crash-reporter",
    "--no-pings",
    "--no-service-autorun",
    "--dns-prefetch-disable",
    "--metrics-recording-only",
    "--password-store=basic",
    "--mute-audio",
    // Every host name fails to resolve, so nothing that slips past the flags
    // above can find a server.
    "--host-resolver-rules=MAP * ^NOTFOUND",
    // Nor may it use a proxy from the system's settings.
    "--no-proxy-server",
    // Services that still call home on their own in some versions.
    "--disable-features=Translate,OptimizationHints,OptimizationGuideModelDownloading,\
MediaRouter,DialMediaRouteProvider,AutofillServerCommunication,NetworkTimeServiceQuerying,\
CertificateTransparencyComponentUpdater,InterestFeedContentSuggestions,SafeBrowsing,\
PrivacySandboxSettings4,HttpsUpgrades,LensOverlay,NetworkPrediction",
    // Commands on fd 3, replies on fd 4: no port another user could reach.
    "--remote-debugging-pipe",
];

/// The address the sheet is served at, from memory by the interception: no file
/// path is ever handed to Chromium, and `.invalid` never resolves anywhere.
pub const SHEET_URL: &str = "http://sheet.invalid/";

/// The fds Chromium reads commands from and writes replies to (its pipe protocol).
const COMMANDS_FD: i32 = 3;
const REPLIES_FD: i32 = 4;

/// What every tab of a browser is held to beyond its flags: the CSP its sheets
/// are served with, and the list every failed request is written to.
pub struct Seal {
    pub policy: Arc<str>,
    pub refused: Arc<Mutex<Vec<String>>>,
}

impl Seal {
    /// Writes down a request that was failed (up to [`super::REMEMBERED`]).
    pub fn refuse(&self, url: &str) {
        let mut refused = self.refused.lock().unwrap_or_else(PoisonError::into_inner);
        if refused.len() < super::REMEMBERED {
            refused.push(url.to_string());
        }
    }
}

/// A running Chromium: its process (group leader), the connection to it, and its
/// private folder (profile and log), removed after the process is gone.
pub struct Browser {
    child: Child,
    pub(crate) connection: Connection,
    pub(crate) seal: Seal,
    log: PathBuf,
    // Dropped last: Chromium writes into it until it exits.
    _folder: tempfile::TempDir,
}

impl Browser {
    /// Starts Chromium with a fresh profile in a folder of its own under `scratch`,
    /// and waits (until `deadline`) for it to answer on the pipe.
    pub fn launch(
        chromium: &Path,
        scratch: &Path,
        seal: Seal,
        deadline: Instant,
    ) -> Result<Browser, String> {
        let folder = tempfile::Builder::new()
            .prefix("chromium-")
            .tempdir_in(scratch)
            .map_err(|e| format!("cannot make its folder in {}: {e}", scratch.display()))?;
        let log = folder.path().join("chromium.log");
        let log_file = std::fs::File::create(&log)
            .map_err(|e| format!("cannot create {}: {e}", log.display()))?;
        let pipe = |what| move |e: io::Error| format!("cannot make {what}: {e}");
        // std makes both pipes close-on-exec: no other child inherits our ends.
        let (replies, child_replies) = io::pipe().map_err(pipe("a pipe"))?;
        let (child_commands, commands) = io::pipe().map_err(pipe("a pipe"))?;
        let child_commands = above_four(child_commands.into()).map_err(pipe("a pipe"))?;
        let child_replies = above_four(child_replies.into()).map_err(pipe("a pipe"))?;
        let (commands_fd, replies_fd) = (child_commands.as_raw_fd(), child_replies.as_raw_fd());
        let mut command = Command::new(chromium);
        command
            .args(SEALED)
            .arg(format!(
                "--user-data-dir={}",
                folder.path().join("profile").display()
            ))
            .arg("about:blank")
            // Nothing of our environment reaches it (proxy variables would send it
            // to a proxy, API keys wake Google services): only a search path for
            // the launcher script, and a home and TMPDIR in the private folder.
            // Chromium keeps its singleton socket under TMPDIR and never removes
            // it: ours goes away with the folder.
            .env_clear()
            .env("PATH", "/usr/local/bin:/usr/bin:/bin")
            .env("HOME", folder.path())
            .env("TMPDIR", folder.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log_file)
            // Its own process group, so stopping it stops its helpers too.
            .process_group(0);
        if !sandbox_possible() {
            // Chromium refuses to start its sandbox as root (CI runs as root).
            // The sheet still runs no script and loads nothing: scripts are off,
            // its CSP forbids them, and every request is failed (see `print`).
            command.arg("--no-sandbox");
        }
        // SAFETY: between fork and exec the closure only calls dup2(2), which is
        // async-signal-safe. Both sources are above fd 4 (see `above_four`), so
        // neither is overwritten before it is copied, and dup2 onto another fd
        // clears close-on-exec on fds 3 and 4 only.
        unsafe {
            command.pre_exec(move || {
                if libc::dup2(commands_fd, COMMANDS_FD) < 0
                    || libc::dup2(replies_fd, REPLIES_FD) < 0
                {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().map_err(|e| e.to_string())?;
        // Only Chromium holds the other ends now: when it exits, the reader sees
        // the end of the stream instead of waiting forever.
        drop((child_commands, child_replies));
        let connection = match Connection::new(replies, commands) {
            Ok(connection) => connection,
            Err(why) => {
                let mut child = child;
                stop_group(child.id());
                let _ = child.wait();
                return Err(why);
            }
        };
        let browser = Browser {
            child,
            connection,
            seal,
            log,
            _folder: folder,
        };
        // Chromium answers once it is ready; a program that is not Chromium exits
        // (closing the pipe) or stays silent until the deadline. Dropping the
        // browser on failure stops it.
        match browser
            .connection
            .call(None, "Browser.getVersion", json!({}), deadline)
        {
            Ok(_) => Ok(browser),
            Err(cdp::Error::TimedOut) => Err(format!(
                "it did not answer within {} s of starting{}",
                super::STARTUP.as_secs(),
                said_suffix(&browser.last_said())
            )),
            Err(e) => Err(format!(
                "it did not start ({e}){}",
                said_suffix(&browser.last_said())
            )),
        }
    }

    /// Prints the sheet `html` in a new tab and returns the PDF's bytes; the tab
    /// is closed afterwards whatever happened.
    pub fn print(&self, html: &str, deadline: Instant) -> Result<Vec<u8>, cdp::Error> {
        self.in_tab(html, deadline, |session| {
            self.print_loaded(session, deadline)
        })
    }

    /// Loads the sheet `html` in a new tab, sealed as for printing and laid out
    /// for print, and returns what `expression` (our own script, ending in a
    /// string) evaluates to there: the sheet's scripts stay off, only the
    /// debugger's evaluation runs. The tab is closed afterwards whatever happened.
    pub fn evaluate(
        &self,
        html: &str,
        expression: &str,
        deadline: Instant,
    ) -> Result<String, cdp::Error> {
        self.in_tab(html, deadline, |session| {
            let call = |method: &str, params: Value| {
                self.connection
                    .call(Some(session), method, params, deadline)
            };
            call("Emulation.setEmulatedMedia", json!({"media": "print"}))?;
            // Lay the sheet out at its printed page's text width, so what is
            // measured is where it lands on paper.
            let page = call(
                "Runtime.evaluate",
                json!({"expression": PAGE_BOX, "returnByValue": true}),
            )?;
            let text_box: Option<[f64; 2]> = page
                .get("result")
                .and_then(|r| r.get("value"))
                .and_then(Value::as_str)
                .and_then(|v| serde_json::from_str(v).ok());
            if let Some([w, h]) = text_box.filter(|[w, h]| *w >= 1.0 && *h >= 1.0) {
                // Paper has no scroll bar to take its width.
                call("Emulation.setScrollbarsHidden", json!({"hidden": true}))?;
                call(
                    "Emulation.setDeviceMetricsOverride",
                    json!({"width": w.round(), "height": h.round(), "deviceScaleFactor": 1, "mobile": false}),
                )?;
            }
            let reply = call(
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true}),
            )?;
            if let Some(thrown) = reply.get("exceptionDetails") {
                return Err(cdp::Error::Refused(format!("the script failed: {thrown}")));
            }
            reply
                .get("result")
                .and_then(|r| r.get("value"))
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| cdp::Error::Refused("the script returned no text".into()))
        })
    }

    /// A PNG of the sheet `html` laid out `width` CSS pixels wide, whole.
    pub fn screenshot(
        &self,
        html: &str,
        width: u32,
        deadline: Instant,
    ) -> Result<Vec<u8>, cdp::Error> {
        self.in_tab(html, deadline, |session| {
            let call = |method: &str, params: Value| {
                self.connection
                    .call(Some(session), method, params, deadline)
            };
            call(
                "Emulation.setDeviceMetricsOverride",
                json!({"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": false}),
            )?;
            let metrics = call("Page.getLayoutMetrics", json!({}))?;
            let height = metrics
                .get("cssContentSize")
                .and_then(|s| s.get("height"))
                .and_then(Value::as_f64)
                .unwrap_or(800.0);
            let shot = call(
                "Page.captureScreenshot",
                json!({
                    "format": "png",
                    "captureBeyondViewport": true,
                    "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
                }),
            )?;
            let data = shot.get("data").and_then(Value::as_str).ok_or_else(|| {
                cdp::Error::Refused("Page.captureScreenshot returned no data".into())
            })?;
            base64::engine::general_purpose::STANDARD
                .decode(data)
                .map_err(|e| cdp::Error::Refused(format!("a screenshot in bad base64 ({e})")))
        })
    }

    /// Opens a blank tab and returns its target id.
    pub(crate) fn new_tab(&self, deadline: Instant) -> Result<String, cdp::Error> {
        let created = self.connection.call(
            None,
            "Target.createTarget",
            json!({"url": "about:blank"}),
            deadline,
        )?;
        text(&created, "targetId")
    }

    /// Attaches to the tab `target` and queues its events from now on; returns
    /// the session's id.
    pub(crate) fn attach(&self, target: &str, deadline: Instant) -> Result<String, cdp::Error> {
        let attached = self.connection.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
            deadline,
        )?;
        let session = text(&attached, "sessionId")?;
        self.connection.listen(&session);
        Ok(session)
    }

    /// Opens a tab, loads the sheet `html` in it, runs `then` on its session and
    /// closes it.
    fn in_tab<T>(
        &self,
        html: &str,
        deadline: Instant,
        then: impl FnOnce(&str) -> Result<T, cdp::Error>,
    ) -> Result<T, cdp::Error> {
        let target = self.new_tab(deadline)?;
        let done = self.attached(&target, html, deadline, then);
        if done.as_ref().is_err_and(cdp::Error::is_fatal) {
            return done;
        }
        let closed = self.connection.call(
            None,
            "Target.closeTarget",
            json!({"targetId": target}),
            deadline,
        );
        let done = done?;
        closed?;
        Ok(done)
    }

    /// Attaches to the tab `target`, loads the sheet and runs `then` on it.
    fn attached<T>(
        &self,
        target: &str,
        html: &str,
        deadline: Instant,
        then: impl FnOnce(&str) -> Result<T, cdp::Error>,
    ) -> Result<T, cdp::Error> {
        let session = self.attach(target, deadline)?;
        let done = self
            .load(&session, html, deadline)
            .and_then(|()| then(&session));
        self.connection.forget(&session);
        done
    }

    /// Serves the sheet from memory at [`SHEET_URL`] with scripts off and every
    /// other request failed, and waits for its load event.
    fn load(&self, session: &str, html: &str, deadline: Instant) -> Result<(), cdp::Error> {
        let call = |method: &str, params: Value| {
            self.connection
                .call(Some(session), method, params, deadline)
        };
        // Every request of this tab stops for us to answer before it is sent.
        call(
            "Fetch.enable",
            json!({"patterns": [{"urlPattern": "*", "requestStage": "Request"}]}),
        )?;
        call(
            "Emulation.setScriptExecutionDisabled",
            json!({"value": true}),
        )?;
        call("Page.enable", json!({}))?;
        // The navigation's reply comes only once its request was answered, and
        // requests are answered here, by the events: it waits on a thread of its own.
        let mut sheet = Some(html);
        let (navigated, loaded) = std::thread::scope(|scope| {
            let navigating = scope.spawn(|| call("Page.navigate", json!({"url": SHEET_URL})));
            let loaded = self.wait_for_load(session, &mut sheet, deadline);
            let navigated = navigating.join().unwrap_or_else(|_| {
                Err(cdp::Error::Broken("the navigating thread stopped".into()))
            });
            (navigated, loaded)
        });
        if let Some(error) = navigated?.get("errorText").and_then(Value::as_str) {
            return Err(cdp::Error::Refused(format!("it cannot load it ({error})")));
        }
        loaded
    }

    /// Prints the sheet loaded in the tab of `session`.
    fn print_loaded(&self, session: &str, deadline: Instant) -> Result<Vec<u8>, cdp::Error> {
        let call = |method: &str, params: Value| {
            self.connection
                .call(Some(session), method, params, deadline)
        };
        // The settings `--print-to-pdf` used: the sheet's CSS `@page` rules decide
        // paper size and margins, and its margin boxes hold its own marks, so none
        // of the browser's header and footer.
        let printed = call(
            "Page.printToPDF",
            json!({
                "printBackground": true,
                "preferCSSPageSize": true,
                "displayHeaderFooter": false,
            }),
        )?;
        let data = printed
            .get("data")
            .and_then(Value::as_str)
            .ok_or_else(|| cdp::Error::Refused("Page.printToPDF returned no data".into()))?;
        let pdf = base64::engine::general_purpose::STANDARD
            .decode(data)
            .map_err(|e| {
                cdp::Error::Refused(format!("Page.printToPDF returned bad base64 ({e})"))
            })?;
        if !pdf.starts_with(b"%PDF") {
            return Err(cdp::Error::Refused(
                "Page.printToPDF returned something that is not a PDF".into(),
            ));
        }
        Ok(pdf)
    }

    /// Answers the tab's requests until the load event of the sheet: the first
    /// request for [`SHEET_URL`] gets `sheet` (taken, so it is served once) with
    /// the sheets' CSP as a header the page cannot remove; every other request
    /// fails before it leaves the browser. Events before the main frame navigates
    /// to the sheet belong to the tab's first `about:blank`, so a load event
    /// counts only after that.
    fn wait_for_load(
        &self,
        session: &str,
        sheet: &mut Option<&str>,
        deadline: Instant,
    ) -> Result<(), cdp::Error> {
        let mut ours = false;
        loop {
            let event = self.connection.next_event(session, deadline)?;
            match event.method.as_str() {
                "Fetch.requestPaused" => self.answer(session, &event.params, sheet, deadline)?,
                "Page.frameNavigated" => {
                    let frame = event.params.get("frame");
                    let main = frame.and_then(|f| f.get("parentId")).is_none();
                    let url = frame.and_then(|f| f.get("url")).and_then(Value::as_str);
                    if main && url == Some(SHEET_URL) {
                        ours = true;
                    }
                }
                "Page.loadEventFired" if ours => return Ok(()),
                "Inspector.targetCrashed" => {
                    return Err(cdp::Error::Refused("its tab crashed".into()))
                }
                "Target.detachedFromTarget" => {
                    return Err(cdp::Error::Refused("its tab was closed".into()))
                }
                _ => {}
            }
        }
    }

    /// Serves the sheet for its own request, fails any other.
    fn answer(
        &self,
        session: &str,
        paused: &Value,
        sheet: &mut Option<&str>,
        deadline: Instant,
    ) -> Result<(), cdp::Error> {
        let id = text(paused, "requestId")?;
        let url = paused
            .get("request")
            .and_then(|r| r.get("url"))
            .and_then(Value::as_str);
        let document = paused.get("resourceType").and_then(Value::as_str) == Some("Document");
        let (method, params) = match (url == Some(SHEET_URL) && document, sheet.take()) {
            (true, Some(html)) => (
                "Fetch.fulfillRequest",
                json!({
                    "requestId": id,
                    "responseCode": 200,
                    "responseHeaders": [
                        {"name": "Content-Type", "value": "text/html; charset=utf-8"},
                        {"name": "Content-Security-Policy", "value": &*self.seal.policy},
                    ],
                    "body": base64::engine::general_purpose::STANDARD.encode(html),
                }),
            ),
            (_, taken) => {
                *sheet = taken;
                self.seal.refuse(url.unwrap_or(""));
                (
                    "Fetch.failRequest",
                    json!({"requestId": id, "errorReason": "BlockedByClient"}),
                )
            }
        };
        // A request that went away meanwhile (its frame closed) is not an error.
        match self
            .connection
            .call(Some(session), method, params, deadline)
        {
            Ok(_) | Err(cdp::Error::Refused(_)) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Kills Chromium and its helpers (idempotent). The process is reaped only
    /// when the browser is dropped, so its group id cannot be reused before.
    pub fn stop(&self) {
        stop_group(self.child.id());
    }

    /// The last line Chromium wrote to its log (stderr), for error messages.
    pub fn last_said(&self) -> String {
        let said = std::fs::read_to_string(&self.log).unwrap_or_default();
        said.lines()
            .rev()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("")
            .to_string()
    }
}

impl Drop for Browser {
    /// Asks Chromium to close, gives it a few seconds, then kills its group (a
    /// browser that ignored the request, or helpers left behind) and reaps it.
    fn drop(&mut self) {
        let deadline = Instant::now() + CLOSING;
        let _ = self
            .connection
            .call(None, "Browser.close", json!({}), deadline);
        while !has_exited(self.child.id()) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        self.stop();
        let _ = self.child.wait();
    }
}

/// `; it said: LINE`, or nothing when Chromium said nothing.
pub fn said_suffix(last: &str) -> String {
    if last.is_empty() {
        String::new()
    } else {
        format!("; it said: {last}")
    }
}

/// The string field `name` of a reply; its absence is the browser's error.
pub(crate) fn text(reply: &Value, name: &str) -> Result<String, cdp::Error> {
    reply
        .get(name)
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| cdp::Error::Broken(format!("Chromium's reply has no `{name}`")))
}

/// A copy of `fd` numbered 5 or more (close-on-exec), so that placing the child's
/// ends on fds 3 and 4 never overwrites one with the other.
fn above_four(fd: OwnedFd) -> io::Result<OwnedFd> {
    // SAFETY: fcntl(2) F_DUPFD_CLOEXEC on an fd we own returns a new fd or -1.
    let copy = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, 5) };
    if copy < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `copy` is a fresh fd that nothing else owns.
    Ok(unsafe { OwnedFd::from_raw_fd(copy) })
}

/// Whether the child `pid` has exited, without reaping it (so its process group id
/// stays reserved until [`Browser`]'s drop waits for it).
fn has_exited(pid: u32) -> bool {
    // SAFETY: waitid(2) with WNOWAIT only reports on our own child; `info` is a
    // zeroed plain C struct it fills in.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let found = libc::waitid(
            libc::P_PID,
            libc::id_t::from(pid),
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        );
        found != 0 || info.si_pid() != 0
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

/// Whether Chromium can keep its sandbox: not as root, where it refuses to start
/// with one.
fn sandbox_possible() -> bool {
    // SAFETY: geteuid(2) only reads the process's user id.
    let euid = unsafe { libc::geteuid() };
    euid != 0
}
