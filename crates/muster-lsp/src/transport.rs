//! The wire format (`Content-Length` headers, a JSON body) read with limits that
//! hold before anything is allocated, so no input can make the server panic,
//! abort or grow without bound.
//!
//! `lsp-server`'s own reader allocates whatever length a header names and ends the
//! connection on the first bad header or body; this one answers each bad message
//! with a JSON-RPC error and reads on. It works on any `BufRead`, so the binary
//! gives it standard input and the fuzz target a byte slice.

use lsp_server::{ErrorCode, Message};
use serde_json::{json, Value};
use std::io::{self, BufRead, Read, Write};

/// The longest header line kept; a longer one is refused without being stored.
pub const MAX_HEADER_LINE: usize = 1024;

/// The most header lines in one message (the protocol defines two).
pub const MAX_HEADER_LINES: usize = 16;

/// The largest body read: twice the largest document muster reads
/// ([`muster_syntax::MAX_FILE_BYTES`], 4 MB), room for the JSON escapes of its
/// text, plus 64 KB for the rest of the message. A longer body is skipped
/// unread and answered with an error.
pub const MAX_BODY: u64 = 2 * muster_syntax::MAX_FILE_BYTES as u64 + 64 * 1024;

/// What one read of the stream gives.
#[derive(Debug)]
pub enum Incoming {
    /// A well-formed message.
    Message(Message),
    /// Something that is not a message: the error to answer it with (JSON-RPC
    /// `id` null unless the body had a readable one). Reading goes on.
    Bad(Value),
}

/// What the reader must do before the next header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pending {
    Nothing,
    /// Skip this many bytes: the body of a message that was too long.
    Skip(u64),
    /// The headers were unreadable, so where the body ends is unknown: skip to
    /// the next `Content-Length:`.
    Resync,
}

/// Reads messages from a stream, one at a time.
pub struct Reader<R> {
    inner: R,
    pending: Pending,
}

/// What the headers of one message said.
enum Head {
    Length(u64),
    Bad(String),
    End,
}

const CONTENT_LENGTH: &[u8] = b"Content-Length:";

impl<R: BufRead> Reader<R> {
    pub fn new(inner: R) -> Self {
        Reader {
            inner,
            pending: Pending::Nothing,
        }
    }

    /// The next message, a bad one to answer, or `None` at the end of the stream.
    pub fn read(&mut self) -> io::Result<Option<Incoming>> {
        let resumed = match std::mem::replace(&mut self.pending, Pending::Nothing) {
            Pending::Nothing => false,
            Pending::Skip(n) => {
                if !self.skip(n)? {
                    return Ok(None);
                }
                false
            }
            Pending::Resync => {
                if !self.resync()? {
                    return Ok(None);
                }
                true
            }
        };
        let length = match self.head(resumed)? {
            Head::End => return Ok(None),
            Head::Bad(why) => {
                self.pending = Pending::Resync;
                return Ok(Some(Incoming::Bad(error(
                    Value::Null,
                    ErrorCode::ParseError,
                    &why,
                ))));
            }
            Head::Length(n) if n > MAX_BODY => {
                self.pending = Pending::Skip(n);
                return Ok(Some(Incoming::Bad(error(
                    Value::Null,
                    ErrorCode::InvalidRequest,
                    &format!(
                        "a message of {n} bytes is over the limit of {MAX_BODY} bytes \
                         (documents may hold at most {} bytes); it was skipped",
                        muster_syntax::MAX_FILE_BYTES
                    ),
                ))));
            }
            Head::Length(n) => n,
        };
        // At most `MAX_BODY` bytes, checked above.
        let mut body = Vec::with_capacity(length as usize);
        let read = (&mut self.inner).take(length).read_to_end(&mut body)?;
        if (read as u64) < length {
            return Ok(None);
        }
        Ok(Some(parse(&body)))
    }

    /// Reads the header lines up to the blank line that ends them. `resumed`:
    /// `Content-Length:` has just been read by a resync.
    fn head(&mut self, resumed: bool) -> io::Result<Head> {
        let mut length = None;
        let mut lines = 0;
        let mut first = resumed;
        loop {
            let Some((line, whole)) = self.line()? else {
                return Ok(Head::End);
            };
            if !whole {
                return Ok(Head::Bad(format!(
                    "a header line is longer than {MAX_HEADER_LINE} bytes"
                )));
            }
            let line = trim_line_end(&line);
            if first {
                first = false;
                match content_length(line) {
                    Ok(n) => length = Some(n),
                    Err(why) => return Ok(Head::Bad(why)),
                }
                lines += 1;
                continue;
            }
            if line.is_empty() {
                if lines == 0 {
                    continue;
                }
                break;
            }
            lines += 1;
            if lines > MAX_HEADER_LINES {
                return Ok(Head::Bad(format!(
                    "a message has more than {MAX_HEADER_LINES} header lines"
                )));
            }
            let Some(colon) = line.iter().position(|&b| b == b':') else {
                return Ok(Head::Bad(format!(
                    "`{}` is not a header (`Name: value`)",
                    shown(line)
                )));
            };
            let (name, value) = line.split_at(colon);
            if name.eq_ignore_ascii_case(b"Content-Length") {
                match content_length(&value[1..]) {
                    Ok(n) => length = Some(n),
                    Err(why) => return Ok(Head::Bad(why)),
                }
            }
        }
        Ok(match length {
            Some(n) => Head::Length(n),
            None => Head::Bad("a message has no `Content-Length` header".into()),
        })
    }

    /// One line up to `\n`, keeping at most [`MAX_HEADER_LINE`] bytes; `whole` is
    /// false when it was longer (the rest is read and dropped). `None` at the end.
    fn line(&mut self) -> io::Result<Option<(Vec<u8>, bool)>> {
        let mut line = Vec::new();
        let mut whole = true;
        let mut any = false;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(any.then_some((line, whole)));
            }
            any = true;
            let (part, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..=i], true),
                None => (buf, false),
            };
            let room = (MAX_HEADER_LINE + 2).saturating_sub(line.len());
            if part.len() > room {
                whole = false;
            }
            line.extend_from_slice(&part[..part.len().min(room)]);
            let used = part.len();
            self.inner.consume(used);
            if done {
                return Ok(Some((line, whole)));
            }
        }
    }

    /// Drops `n` bytes; false when the stream ends first.
    fn skip(&mut self, n: u64) -> io::Result<bool> {
        let skipped = io::copy(&mut (&mut self.inner).take(n), &mut io::sink())?;
        Ok(skipped == n)
    }

    /// Drops bytes up to and including the next `Content-Length:`; false when
    /// the stream ends first.
    fn resync(&mut self) -> io::Result<bool> {
        let mut matched = 0;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(false);
            }
            let mut used = 0;
            let mut found = false;
            for &b in buf {
                used += 1;
                // No proper prefix of the pattern recurs inside it, so a mismatch
                // restarts the match at this byte.
                matched = if b == CONTENT_LENGTH[matched] {
                    matched + 1
                } else {
                    usize::from(b == CONTENT_LENGTH[0])
                };
                if matched == CONTENT_LENGTH.len() {
                    found = true;
                    break;
                }
            }
            self.inner.consume(used);
            if found {
                return Ok(true);
            }
        }
    }
}

/// A line without its `\r\n` or `\n`.
fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The value of a `Content-Length` header: decimal digits only.
fn content_length(value: &[u8]) -> Result<u64, String> {
    let value = value.trim_ascii();
    let bad = || {
        format!(
            "`Content-Length: {}` is not a length in bytes",
            shown(value)
        )
    };
    if value.is_empty() || !value.iter().all(u8::is_ascii_digit) {
        return Err(bad());
    }
    value.iter().try_fold(0u64, |n, &d| {
        n.checked_mul(10)
            .and_then(|n| n.checked_add(u64::from(d - b'0')))
            .ok_or_else(bad)
    })
}

/// The most characters of a bad header quoted back in an error.
const SHOWN_CHARS: usize = 64;

/// The start of a header, for a message.
fn shown(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .chars()
        .take(SHOWN_CHARS)
        .collect()
}

/// A body as a message, or the error that answers it.
fn parse(body: &[u8]) -> Incoming {
    let value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => {
            return Incoming::Bad(error(
                Value::Null,
                ErrorCode::ParseError,
                &format!("the message is not JSON: {e}"),
            ))
        }
    };
    if !value.is_object() {
        return Incoming::Bad(error(
            Value::Null,
            ErrorCode::InvalidRequest,
            "the message is not a JSON object",
        ));
    }
    let id = match value.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    // A body with a `method` that is not a string would otherwise pass as a
    // response with neither result nor error.
    let has_method = value.get("method").is_some();
    match serde_json::from_value::<Message>(value) {
        Ok(Message::Response(_)) if has_method => Incoming::Bad(error(
            id,
            ErrorCode::InvalidRequest,
            "the message's `method` is not a string",
        )),
        Ok(m) => Incoming::Message(m),
        Err(e) => Incoming::Bad(error(
            id,
            ErrorCode::InvalidRequest,
            &format!("the message is not a request, response or notification: {e}"),
        )),
    }
}

/// A JSON-RPC error response.
fn error(id: Value, code: ErrorCode, message: &str) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code as i32, "message": message },
    })
}

/// Writes one JSON value framed as a message.
pub fn write_value(w: &mut impl Write, value: &Value) -> io::Result<()> {
    let body = value.to_string();
    write!(w, "Content-Length: {}\r\n\r\n", body.len())?;
    w.write_all(body.as_bytes())?;
    w.flush()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<Incoming> {
        let mut r = Reader::new(input);
        let mut out = Vec::new();
        while let Some(m) = r.read().unwrap() {
            out.push(m);
        }
        out
    }

    fn framed(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    const EXIT: &str = r#"{"jsonrpc":"2.0","method":"exit"}"#;

    fn kinds(msgs: &[Incoming]) -> Vec<String> {
        msgs.iter()
            .map(|m| match m {
                Incoming::Message(Message::Notification(n)) => n.method.clone(),
                Incoming::Message(_) => "message".into(),
                Incoming::Bad(v) => format!("error {}", v["error"]["code"]),
            })
            .collect()
    }

    #[test]
    fn a_length_past_the_limit_is_answered_and_skipped_unread() {
        let input = format!(
            "Content-Length: 18446744073709551615\r\n\r\n{{}}{}",
            framed(EXIT)
        );
        let msgs = all(input.as_bytes());
        assert_eq!(kinds(&msgs), vec!["error -32600"]);
        let Incoming::Bad(v) = &msgs[0] else { panic!() };
        assert!(v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("a message of 18446744073709551615 bytes is over the limit"));
        assert_eq!(v["id"], Value::Null);
    }

    #[test]
    fn a_long_body_is_skipped_and_the_next_message_read() {
        let n = MAX_BODY + 1;
        let mut input = format!("Content-Length: {n}\r\n\r\n").into_bytes();
        input.extend(std::iter::repeat_n(b' ', n as usize));
        input.extend(framed(EXIT).bytes());
        assert_eq!(kinds(&all(&input)), vec!["error -32600", "exit"]);
    }

    #[test]
    fn bad_headers_are_answered_and_reading_resumes_at_the_next_message() {
        for head in [
            "Content-Length: abc\r\n\r\n{}",
            "Content-Length: -5\r\n\r\n{}",
            "Content-Length: 99999999999999999999999\r\n\r\n{}",
            "Content-Length 12\r\n\r\n{}",
            "Content-Type: json\r\n\r\n{}",
            "\u{0}\u{1}garbage\r\n\r\n",
        ] {
            let input = format!("{head}{}", framed(EXIT));
            assert_eq!(
                kinds(&all(input.as_bytes())),
                vec!["error -32700", "exit"],
                "{head:?}"
            );
        }
        let long = format!("X-{}: 1\r\n\r\n{}", "a".repeat(100_000), framed(EXIT));
        assert_eq!(kinds(&all(long.as_bytes())), vec!["error -32700", "exit"]);
        let many = format!("{}\r\n{}", "X-A: 1\r\n".repeat(40), framed(EXIT));
        assert_eq!(kinds(&all(many.as_bytes())), vec!["error -32700", "exit"]);
    }

    #[test]
    fn bad_bodies_are_answered_with_their_id_when_they_have_one() {
        let input = [
            framed("{not json"),
            framed(r#"{"jsonrpc":"2.0","id":7,"method":5}"#),
            framed("[1,2]"),
            framed(&format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000))),
            framed(EXIT),
        ]
        .concat();
        let msgs = all(input.as_bytes());
        assert_eq!(
            kinds(&msgs),
            vec![
                "error -32700",
                "error -32600",
                "error -32600",
                "error -32700",
                "exit"
            ]
        );
        let Incoming::Bad(v) = &msgs[1] else { panic!() };
        assert_eq!(v["id"], 7);
    }

    #[test]
    fn a_stream_cut_short_ends_quietly() {
        for input in ["Content-Length: 10\r\n\r\n{}", "Content-Length: 10", ""] {
            assert!(all(input.as_bytes()).is_empty(), "{input:?}");
        }
    }

    #[test]
    fn bare_line_feeds_and_blank_lines_between_messages_are_accepted() {
        let body = EXIT;
        let input = format!(
            "\r\nContent-Length: {}\n\n{body}\r\ncontent-length:{}\r\nContent-Type: x\r\n\r\n{body}",
            body.len(),
            body.len()
        );
        assert_eq!(kinds(&all(input.as_bytes())), vec!["exit", "exit"]);
    }
}
