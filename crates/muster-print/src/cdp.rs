//! The Chrome DevTools protocol over a pipe (`--remote-debugging-pipe`): each
//! message is one JSON object ended by a NUL byte. One reader thread routes the
//! browser's replies to the caller waiting on their `id`, and its events to the
//! queue of their session, so several sheets can print side by side over one pipe.
//! Nothing here starts or stops a process (`browser.rs` does).

use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// The longest message accepted. A printed sheet comes back base64-encoded in one
/// reply (a few MB); anything near this is a broken peer, and reading stops there
/// rather than filling memory.
pub const MAX_MESSAGE: usize = 256 << 20;

/// Why a command or a wait failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The connection is unusable (pipe closed, unreadable, malformed or
    /// oversized message): nothing more will come, so the browser must be stopped.
    Broken(String),
    /// No answer before the deadline: the browser is stuck and must be stopped.
    TimedOut,
    /// The browser answered with an error: only this command (or sheet) failed.
    Refused(String),
}

impl Error {
    /// Whether the browser can no longer be used (and should be stopped).
    pub fn is_fatal(&self) -> bool {
        !matches!(self, Error::Refused(_))
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Broken(why) | Error::Refused(why) => f.write_str(why),
            Error::TimedOut => f.write_str("no answer in time"),
        }
    }
}

/// An event the browser sent, with the session it belongs to (`None`: the browser's).
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub session: Option<String>,
    pub method: String,
    pub params: Value,
}

/// One message from the browser.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// The answer to the command with this `id`: its `result`, or its `error` as text.
    Reply {
        id: u64,
        result: Result<Value, String>,
    },
    Event(Event),
}

/// Reads one NUL-terminated message (without its NUL); `Ok(None)` at a clean end
/// of the stream. A message longer than `max` bytes, or one the stream ends in the
/// middle of, is an error.
pub fn read_frame(reader: &mut impl BufRead, max: usize) -> Result<Option<Vec<u8>>, String> {
    let mut frame = Vec::new();
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    let read = (&mut *reader)
        .take(limit)
        .read_until(0, &mut frame)
        .map_err(|e| format!("cannot read from Chromium: {e}"))?;
    if read == 0 {
        return Ok(None);
    }
    if frame.last() == Some(&0) {
        frame.pop();
        return Ok(Some(frame));
    }
    if frame.len() > max {
        Err(format!(
            "Chromium sent a message longer than {} MiB",
            max >> 20
        ))
    } else {
        Err("Chromium's output ended in the middle of a message".into())
    }
}

/// Reads one message: a reply (it has an `id`) or an event (it has a `method`).
pub fn parse(frame: &[u8]) -> Result<Message, String> {
    let value: Value = serde_json::from_slice(frame)
        .map_err(|e| format!("Chromium sent a message that is not JSON ({e})"))?;
    let Value::Object(mut object) = value else {
        return Err("Chromium sent a message that is not a JSON object".into());
    };
    let session = object
        .get("sessionId")
        .and_then(Value::as_str)
        .map(str::to_owned);
    if let Some(id) = object.get("id") {
        let id = id
            .as_u64()
            .ok_or("Chromium sent a reply whose `id` is not a number")?;
        if let Some(error) = object.get("error") {
            return Ok(Message::Reply {
                id,
                result: Err(error_text(error)),
            });
        }
        let result = object.remove("result").unwrap_or(Value::Object(Map::new()));
        return Ok(Message::Reply {
            id,
            result: Ok(result),
        });
    }
    let method = object
        .get("method")
        .and_then(Value::as_str)
        .ok_or("Chromium sent a message with neither `id` nor `method`")?
        .to_owned();
    let params = object.remove("params").unwrap_or(Value::Null);
    Ok(Message::Event(Event {
        session,
        method,
        params,
    }))
}

/// A protocol error as one line: `message (code N): data`.
fn error_text(error: &Value) -> String {
    let message = error
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("an error without a message");
    let mut text = message.to_string();
    if let Some(code) = error.get("code").and_then(Value::as_i64) {
        text.push_str(&format!(" (code {code})"));
    }
    if let Some(data) = error.get("data").and_then(Value::as_str) {
        text.push_str(&format!(": {data}"));
    }
    text
}

/// The command as the browser reads it: one JSON object, then NUL.
pub fn frame_command(id: u64, session: Option<&str>, method: &str, params: Value) -> Vec<u8> {
    let mut object = Map::new();
    object.insert("id".into(), id.into());
    object.insert("method".into(), method.into());
    object.insert("params".into(), params);
    if let Some(session) = session {
        object.insert("sessionId".into(), session.into());
    }
    // Serialising a `Value` cannot fail (its keys are strings).
    let mut bytes = serde_json::to_vec(&Value::Object(object)).unwrap_or_default();
    bytes.push(0);
    bytes
}

/// What the reader thread has routed and not yet been taken.
#[derive(Default)]
struct State {
    /// Ids of commands someone waits for: replies to others are dropped.
    waiting: HashSet<u64>,
    replies: HashMap<u64, Result<Value, String>>,
    /// Queued events of the sessions someone listens to, in arrival order.
    sessions: HashMap<String, VecDeque<Event>>,
    /// Why the reader stopped (then nothing more will arrive).
    broken: Option<String>,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The reader thread: routes every message until the stream ends or breaks.
    fn read_all(&self, mut reader: impl BufRead) {
        let why = loop {
            match read_frame(&mut reader, MAX_MESSAGE)
                .and_then(|f| f.map(|f| parse(&f)).transpose())
            {
                Ok(Some(message)) => self.route(message),
                Ok(None) => break "Chromium closed its end of the pipe".to_string(),
                Err(why) => break why,
            }
        };
        self.lock().broken = Some(why);
        self.changed.notify_all();
    }

    fn route(&self, message: Message) {
        let mut state = self.lock();
        match message {
            Message::Reply { id, result } => {
                if state.waiting.remove(&id) {
                    state.replies.insert(id, result);
                }
            }
            Message::Event(event) => {
                // A detached session hears of it on the browser's session: tell
                // its listener, who would otherwise wait for its page to load.
                let session = match (&event.session, event.method.as_str()) {
                    (Some(s), _) => Some(s.clone()),
                    (None, "Target.detachedFromTarget") => event
                        .params
                        .get("sessionId")
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                    (None, _) => None,
                };
                match session.and_then(|s| state.sessions.get_mut(&s)) {
                    Some(queue) => queue.push_back(event),
                    None => return,
                }
            }
        }
        drop(state);
        self.changed.notify_all();
    }
}

/// One connection to a browser: commands are written under a lock, answers are
/// routed by the reader thread, so it may be shared between threads.
pub struct Connection {
    writer: Mutex<Box<dyn Write + Send>>,
    next_id: AtomicU64,
    shared: Arc<Shared>,
}

impl Connection {
    /// Starts the reader thread on `reader`; commands go to `writer`. The thread
    /// ends when `reader` ends (the browser exited or was stopped).
    pub fn new(
        reader: impl Read + Send + 'static,
        writer: impl Write + Send + 'static,
    ) -> Result<Connection, String> {
        let shared = Arc::new(Shared::default());
        let routing = Arc::clone(&shared);
        std::thread::Builder::new()
            .name("chromium-pipe".into())
            .spawn(move || routing.read_all(BufReader::with_capacity(1 << 16, reader)))
            .map_err(|e| format!("cannot start a thread to read Chromium: {e}"))?;
        Ok(Connection {
            writer: Mutex::new(Box::new(writer)),
            next_id: AtomicU64::new(1),
            shared,
        })
    }

    /// Sends a command (to `session`, else to the browser) and waits for its
    /// reply until `deadline`.
    pub fn call(
        &self,
        session: Option<&str>,
        method: &str,
        params: Value,
        deadline: Instant,
    ) -> Result<Value, Error> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        self.shared.lock().waiting.insert(id);
        let frame = frame_command(id, session, method, params);
        let written = {
            let mut writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
            writer.write_all(&frame).and_then(|()| writer.flush())
        };
        let reply = match written {
            Ok(()) => self.wait(deadline, |state| state.replies.remove(&id)),
            Err(e) => Err(Error::Broken(format!("cannot write to Chromium: {e}"))),
        };
        if reply.is_err() {
            let mut state = self.shared.lock();
            state.waiting.remove(&id);
            state.replies.remove(&id);
        }
        reply?.map_err(|e| Error::Refused(format!("{method}: {e}")))
    }

    /// Queues the events of `session` from now on, for [`Connection::next_event`].
    pub fn listen(&self, session: &str) {
        self.shared
            .lock()
            .sessions
            .entry(session.to_string())
            .or_default();
    }

    /// Stops queueing the events of `session` and drops those not taken.
    pub fn forget(&self, session: &str) {
        self.shared.lock().sessions.remove(session);
    }

    /// The next queued event of `session` (one [`Connection::listen`]ed to),
    /// waiting for one until `deadline`.
    pub fn next_event(&self, session: &str, deadline: Instant) -> Result<Event, Error> {
        self.wait(deadline, |state| {
            state
                .sessions
                .get_mut(session)
                .and_then(VecDeque::pop_front)
        })
    }

    /// Waits until `take` finds something, the reader stops or `deadline` passes.
    /// What arrived before the reader stopped is still taken.
    fn wait<T>(
        &self,
        deadline: Instant,
        mut take: impl FnMut(&mut State) -> Option<T>,
    ) -> Result<T, Error> {
        let mut state = self.shared.lock();
        loop {
            if let Some(found) = take(&mut state) {
                return Ok(found);
            }
            if let Some(why) = &state.broken {
                return Err(Error::Broken(why.clone()));
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(Error::TimedOut);
            }
            state = self
                .shared
                .changed
                .wait_timeout(state, deadline - now)
                .map_or_else(|e| e.into_inner().0, |(guard, _)| guard);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use serde_json::json;
    use std::io::Cursor;
    use std::os::unix::net::UnixStream;
    use std::time::Duration;

    fn frames(bytes: &[u8], max: usize) -> Vec<Result<Option<Vec<u8>>, String>> {
        let mut reader = Cursor::new(bytes.to_vec());
        let mut out = Vec::new();
        loop {
            let next = read_frame(&mut reader, max);
            let end = !matches!(next, Ok(Some(_)));
            out.push(next);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn splits_nul_terminated_messages() {
        assert_eq!(
            frames(b"{\"a\":1}\0\0{}\0", 100),
            vec![
                Ok(Some(b"{\"a\":1}".to_vec())),
                Ok(Some(Vec::new())),
                Ok(Some(b"{}".to_vec())),
                Ok(None)
            ]
        );
        assert_eq!(frames(b"", 100), vec![Ok(None)]);
    }

    #[test]
    fn refuses_an_oversized_or_cut_off_message() {
        // Exactly the limit is fine; one byte more is refused.
        assert_eq!(frames(b"12345\0", 5)[0], Ok(Some(b"12345".to_vec())));
        let too_long = frames(b"123456\0", 5);
        assert!(too_long[0].as_ref().unwrap_err().contains("longer than"));
        let cut = frames(b"{}\0{\"id\"", 100);
        assert_eq!(cut[0], Ok(Some(b"{}".to_vec())));
        assert!(cut[1].as_ref().unwrap_err().contains("middle of a message"));
    }

    #[test]
    fn parses_replies_errors_and_events() {
        assert_eq!(
            parse(br#"{"id":7,"result":{"targetId":"T"}}"#),
            Ok(Message::Reply {
                id: 7,
                result: Ok(json!({"targetId": "T"}))
            })
        );
        assert_eq!(
            parse(br#"{"id":8,"error":{"code":-32000,"message":"No target","data":"T"}}"#),
            Ok(Message::Reply {
                id: 8,
                result: Err("No target (code -32000): T".into())
            })
        );
        assert_eq!(
            parse(br#"{"method":"Page.loadEventFired","params":{"timestamp":1},"sessionId":"S"}"#),
            Ok(Message::Event(Event {
                session: Some("S".into()),
                method: "Page.loadEventFired".into(),
                params: json!({"timestamp": 1})
            }))
        );
        for bad in [&b"not json"[..], b"[1]", b"{}", br#"{"id":"x"}"#, b"\xff"] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn frames_a_command_with_its_session() {
        let bytes = frame_command(3, Some("S"), "Page.enable", json!({}));
        assert_eq!(bytes.last(), Some(&0));
        let value: Value = serde_json::from_slice(&bytes[..bytes.len() - 1]).unwrap();
        assert_eq!(
            value,
            json!({"id": 3, "method": "Page.enable", "params": {}, "sessionId": "S"})
        );
        assert!(!frame_command(4, None, "Browser.close", json!({}))
            .windows(9)
            .any(|w| w == b"sessionId"));
    }

    /// A connection to a fake browser: `answer` gets each command and returns the
    /// raw bytes to send back.
    fn fake(
        answer: impl Fn(&Value) -> Vec<u8> + Send + 'static,
    ) -> (Connection, std::thread::JoinHandle<()>) {
        let (ours, theirs) = UnixStream::pair().unwrap();
        let browser = std::thread::spawn(move || {
            let mut reader = BufReader::new(theirs.try_clone().unwrap());
            let mut writer = theirs;
            while let Ok(Some(frame)) = read_frame(&mut reader, MAX_MESSAGE) {
                let command: Value = serde_json::from_slice(&frame).unwrap();
                if writer.write_all(&answer(&command)).is_err() {
                    return;
                }
            }
        });
        let connection = Connection::new(ours.try_clone().unwrap(), ours).unwrap();
        (connection, browser)
    }

    fn soon() -> Instant {
        Instant::now() + Duration::from_secs(10)
    }

    #[test]
    fn routes_replies_by_id_and_events_by_session() {
        let (connection, _browser) = fake(|command| {
            let id = command["id"].as_u64().unwrap();
            let session = command["sessionId"].as_str().unwrap_or("");
            match command["method"].as_str().unwrap() {
                // An event of another session, one of this session, then the reply.
                "Page.navigate" => format!(
                    "{{\"method\":\"Page.loadEventFired\",\"params\":{{}},\"sessionId\":\"other\"}}\0\
                     {{\"method\":\"Page.loadEventFired\",\"params\":{{\"n\":1}},\"sessionId\":\"{session}\"}}\0\
                     {{\"id\":{id},\"result\":{{\"frameId\":\"F\"}}}}\0"
                )
                .into_bytes(),
                "Fail" => format!(
                    "{{\"id\":{id},\"error\":{{\"code\":-32601,\"message\":\"'Fail' wasn't found\"}}}}\0"
                )
                .into_bytes(),
                _ => format!("{{\"id\":{id},\"result\":{{}}}}\0").into_bytes(),
            }
        });
        connection.listen("S");
        let reply = connection
            .call(
                Some("S"),
                "Page.navigate",
                json!({"url": "about:blank"}),
                soon(),
            )
            .unwrap();
        assert_eq!(reply, json!({"frameId": "F"}));
        let event = connection.next_event("S", soon()).unwrap();
        assert_eq!(event.method, "Page.loadEventFired");
        assert_eq!(event.params, json!({"n": 1}));
        // The other session's event was not queued for this one.
        let nothing = connection.next_event("S", Instant::now() + Duration::from_millis(50));
        assert_eq!(nothing, Err(Error::TimedOut));
        // A reply with `error` is an error of that command only.
        let refused = connection
            .call(None, "Fail", json!({}), soon())
            .unwrap_err();
        assert_eq!(
            refused,
            Error::Refused("Fail: 'Fail' wasn't found (code -32601)".into())
        );
        assert!(!refused.is_fatal());
        assert_eq!(
            connection.call(None, "Ok", json!({}), soon()),
            Ok(json!({}))
        );
    }

    #[test]
    fn concurrent_callers_each_get_their_own_reply() {
        // Two callers each send their own number; the browser echoes it in the
        // reply and answers the second command before the first.
        let held = Arc::new(Mutex::new(Vec::<u8>::new()));
        let (connection, _browser) = fake(move |command| {
            let id = command["id"].as_u64().unwrap();
            let caller = command["params"]["caller"].as_u64().unwrap();
            let reply =
                format!("{{\"id\":{id},\"result\":{{\"caller\":{caller}}}}}\0").into_bytes();
            let mut held = held.lock().unwrap();
            if held.is_empty() {
                *held = reply;
                Vec::new()
            } else {
                let mut both = reply;
                both.extend(std::mem::take(&mut *held));
                both
            }
        });
        std::thread::scope(|scope| {
            let calls: Vec<_> = (0..2u64)
                .map(|caller| {
                    let connection = &connection;
                    scope.spawn(move || {
                        let reply = connection.call(None, "X", json!({ "caller": caller }), soon());
                        (caller, reply.unwrap()["caller"].as_u64().unwrap())
                    })
                })
                .collect();
            for call in calls {
                let (caller, answered) = call.join().unwrap();
                assert_eq!(
                    answered, caller,
                    "caller {caller} got another caller's reply"
                );
            }
        });
    }

    #[test]
    fn a_closed_or_garbled_pipe_breaks_every_wait() {
        let (connection, browser) = fake(|_| b"{\"id\":\0".to_vec());
        let broken = connection.call(None, "X", json!({}), soon()).unwrap_err();
        assert!(broken.is_fatal());
        assert!(broken.to_string().contains("not JSON"), "{broken}");
        connection.listen("S");
        assert!(matches!(
            connection.next_event("S", soon()),
            Err(Error::Broken(_))
        ));
        drop(connection);
        browser.join().unwrap();
        // A browser that exits without a word.
        let (ours, theirs) = UnixStream::pair().unwrap();
        drop(theirs);
        let connection = Connection::new(ours.try_clone().unwrap(), ours).unwrap();
        let closed = connection.call(None, "X", json!({}), soon()).unwrap_err();
        assert!(matches!(closed, Error::Broken(_)), "{closed:?}");
    }

    #[test]
    fn a_silent_browser_times_out() {
        let (connection, _browser) = fake(|_| Vec::new());
        // The call runs on its own thread so that a wait that ignores its deadline
        // fails the test (after a bound far beyond the deadline) instead of hanging it.
        let (sent, answer) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let deadline = Instant::now() + Duration::from_millis(100);
            let _ = sent.send(connection.call(None, "X", json!({}), deadline));
        });
        let late = answer.recv_timeout(Duration::from_secs(60));
        assert_eq!(late, Ok(Err(Error::TimedOut)));
    }
}
