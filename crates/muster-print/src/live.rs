//! A page that stays open, for tests of pages that change (the preview server's
//! live reload): every request it makes is paused and handed to the caller's
//! `serve`, who fetches the answer itself, so the browser stays as sealed as for
//! printing and reaches nothing on its own. A thread answers the page's requests
//! and keeps its console and log while the caller looks at it.

use crate::browser::{text, Browser};
use crate::cdp;
use base64::Engine as _;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A request the page made, as `serve` sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub method: String,
    pub url: String,
}

/// What `serve` answers: status, headers (a CSP among them is enforced by the
/// browser as if a server had sent it) and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// The caller's answer to each request.
pub type Serve = Box<dyn FnMut(&Request) -> Option<Response> + Send>;

/// How often the answering thread looks whether it should stop.
const TICK: Duration = Duration::from_millis(100);

/// How long one evaluation in the page may take.
const EVALUATION: Duration = Duration::from_secs(30);

/// An open tab: closed, and its answering thread stopped, when dropped.
pub struct LivePage {
    browser: Arc<Browser>,
    target: String,
    session: String,
    stop: Arc<AtomicBool>,
    log: Arc<Mutex<Vec<Value>>>,
    answering: Option<JoinHandle<()>>,
}

impl LivePage {
    /// Opens a tab on `browser`, starts answering its requests with `serve`, and
    /// navigates it to `url` (the navigation returns once its document was answered).
    pub(crate) fn open(
        browser: Arc<Browser>,
        url: &str,
        serve: Serve,
        deadline: Instant,
    ) -> Result<LivePage, cdp::Error> {
        let target = browser.new_tab(deadline)?;
        let session = browser.attach(&target, deadline)?;
        let mut page = LivePage {
            browser: Arc::clone(&browser),
            target,
            session,
            stop: Arc::default(),
            log: Arc::default(),
            answering: None,
        };
        // From here on, dropping `page` closes the tab.
        for method in ["Runtime.enable", "Log.enable", "Page.enable"] {
            page.call(method, json!({}), deadline)?;
        }
        page.call(
            "Fetch.enable",
            json!({"patterns": [{"urlPattern": "*", "requestStage": "Request"}]}),
            deadline,
        )?;
        let answering = Answering {
            browser: Arc::clone(&browser),
            session: page.session.clone(),
            stop: Arc::clone(&page.stop),
            log: Arc::clone(&page.log),
            serve,
        };
        page.answering = Some(
            std::thread::Builder::new()
                .name("live-page".into())
                .spawn(move || answering.run())
                .map_err(|e| cdp::Error::Broken(format!("cannot start a thread: {e}")))?,
        );
        let navigated = page.call("Page.navigate", json!({"url": url}), deadline)?;
        if let Some(error) = navigated.get("errorText").and_then(Value::as_str) {
            return Err(cdp::Error::Refused(format!(
                "it cannot load {url} ({error})"
            )));
        }
        Ok(page)
    }

    fn call(&self, method: &str, params: Value, deadline: Instant) -> Result<Value, cdp::Error> {
        self.browser
            .connection
            .call(Some(&self.session), method, params, deadline)
    }

    /// The value of the JavaScript `expression` in the page now (`null` when it
    /// has none, an error when it throws or the browser fails).
    pub fn evaluate(&self, expression: &str) -> Result<Value, String> {
        let reply = self
            .call(
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true}),
                Instant::now() + EVALUATION,
            )
            .map_err(|e| e.to_string())?;
        if let Some(thrown) = reply.get("exceptionDetails") {
            return Err(format!("the script failed: {thrown}"));
        }
        Ok(reply
            .get("result")
            .and_then(|r| r.get("value"))
            .cloned()
            .unwrap_or(Value::Null))
    }

    /// Moves, presses or releases the mouse (`mouseMoved`, `mousePressed`,
    /// `mouseReleased`) at (`x`, `y`) CSS pixels of the window, as a user's
    /// hand would: the page gets real events, not ones a script made up.
    pub fn mouse(&self, kind: &str, x: f64, y: f64) -> Result<(), String> {
        let pressing = kind != "mouseMoved";
        self.call(
            "Input.dispatchMouseEvent",
            json!({
                "type": kind, "x": x, "y": y,
                "button": if pressing { "left" } else { "none" },
                "buttons": i32::from(kind == "mousePressed"),
                "clickCount": i32::from(pressing),
            }),
            Instant::now() + EVALUATION,
        )
        .map(|_| ())
        .map_err(|e| e.to_string())
    }

    /// A PNG of the window as it is now, `width` by `height` CSS pixels.
    pub fn screenshot(&self, width: u32, height: u32) -> Result<Vec<u8>, String> {
        self.resize(width, height)?;
        let shot = self
            .call(
                "Page.captureScreenshot",
                json!({"format": "png"}),
                Instant::now() + EVALUATION,
            )
            .map_err(|e| e.to_string())?;
        let data = shot
            .get("data")
            .and_then(Value::as_str)
            .ok_or("Page.captureScreenshot returned no data")?;
        base64::engine::general_purpose::STANDARD
            .decode(data)
            .map_err(|e| format!("a screenshot in bad base64 ({e})"))
    }

    /// Sets the window's size in CSS pixels (the layout the page is laid out for).
    pub fn resize(&self, width: u32, height: u32) -> Result<(), String> {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
            Instant::now() + EVALUATION,
        )
        .map(|_| ())
        .map_err(|e| e.to_string())
    }

    /// What the page said so far: its console messages, exceptions and the
    /// browser's log entries about it (CSP violations among them), each as
    /// `{"method": …, "params": …}`.
    pub fn log(&self) -> Vec<Value> {
        self.log
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

impl Drop for LivePage {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(answering) = self.answering.take() {
            let _ = answering.join();
        }
        let connection = &self.browser.connection;
        connection.forget(&self.session);
        let _ = connection.call(
            None,
            "Target.closeTarget",
            json!({"targetId": self.target}),
            Instant::now() + EVALUATION,
        );
    }
}

/// The thread that answers a live page's requests and keeps its log.
struct Answering {
    browser: Arc<Browser>,
    session: String,
    stop: Arc<AtomicBool>,
    log: Arc<Mutex<Vec<Value>>>,
    serve: Serve,
}

impl Answering {
    fn run(mut self) {
        while !self.stop.load(Ordering::Relaxed) {
            let event = match self
                .browser
                .connection
                .next_event(&self.session, Instant::now() + TICK)
            {
                Ok(event) => event,
                Err(cdp::Error::TimedOut) => continue,
                Err(_) => return,
            };
            let answered = match event.method.as_str() {
                "Fetch.requestPaused" => self.answer(&event.params),
                "Log.entryAdded" | "Runtime.consoleAPICalled" | "Runtime.exceptionThrown" => {
                    self.log
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(json!({"method": event.method, "params": event.params}));
                    Ok(())
                }
                _ => Ok(()),
            };
            if answered.is_err_and(|e| e.is_fatal()) {
                return;
            }
        }
    }

    /// Hands one paused request to `serve` and gives the page its answer, or
    /// fails the request (and writes it down) when there is none.
    fn answer(&mut self, paused: &Value) -> Result<(), cdp::Error> {
        let id = text(paused, "requestId")?;
        let request = paused.get("request");
        let field = |name: &str| {
            request
                .and_then(|r| r.get(name))
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string()
        };
        let request = Request {
            method: field("method"),
            url: field("url"),
        };
        let (method, params) = match (self.serve)(&request) {
            Some(response) => (
                "Fetch.fulfillRequest",
                json!({
                    "requestId": id,
                    "responseCode": response.status,
                    "responseHeaders": response
                        .headers
                        .iter()
                        .map(|(name, value)| json!({"name": name, "value": value}))
                        .collect::<Vec<_>>(),
                    "body": base64::engine::general_purpose::STANDARD.encode(&response.body),
                }),
            ),
            None => {
                self.browser.seal.refuse(&request.url);
                (
                    "Fetch.failRequest",
                    json!({"requestId": id, "errorReason": "BlockedByClient"}),
                )
            }
        };
        match self.browser.connection.call(
            Some(&self.session),
            method,
            params,
            Instant::now() + EVALUATION,
        ) {
            Ok(_) | Err(cdp::Error::Refused(_)) => Ok(()),
            Err(e) => Err(e),
        }
    }
}
