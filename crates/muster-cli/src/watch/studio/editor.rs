//! `muster lsp --studio ADDRESS`: the language server's end of the studio link.
//! Two threads talk to the studio over loopback HTTP: one posts the line under
//! the editor's cursor (only the latest, when they come fast), the other waits
//! for clicks on the map and hands each on as a `window/showDocument` request.

use super::{Place, LINK_CURSOR_PATH, LINK_OPEN_PATH};
use crate::watch::page::encode;
use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Sender};
use std::time::Duration;

/// How long to wait for the studio to answer at all.
const CONNECT: Duration = Duration::from_secs(1);
/// Longer than the studio holds a wait for a click open.
const WAIT: Duration = Duration::from_secs(30);
/// The pause before asking again when no studio answers.
const RETRY: Duration = Duration::from_secs(2);

/// The studio's address from `PORT`, `127.0.0.1:PORT` or `localhost:PORT`:
/// loopback only, since the studio listens nowhere else.
pub fn address(text: &str) -> Result<SocketAddr, String> {
    let port = text
        .strip_prefix("localhost:")
        .or_else(|| text.strip_prefix("127.0.0.1:"))
        .or_else(|| text.strip_prefix("http://127.0.0.1:"))
        .or_else(|| text.strip_prefix("http://localhost:"))
        .unwrap_or(text);
    // The page's address names the port too (`…:8047/__muster/studio/`).
    let port = port.split('/').next().unwrap_or(port);
    let port: u16 = port.parse().map_err(|_| {
        format!("`{text}` is not a studio address on this machine (`127.0.0.1:PORT`)")
    })?;
    Ok(SocketAddr::from((Ipv4Addr::LOCALHOST, port)))
}

/// Where the language server reports the editor's cursor.
#[derive(Debug)]
pub struct Cursors(Sender<(PathBuf, u32)>);

impl Cursors {
    /// The cursor stands on `line` (1-based) of `file`.
    pub fn moved(&self, file: &Path, line: u32) {
        let _ = self.0.send((file.to_path_buf(), line));
    }
}

/// Starts both threads; `show` writes a request to the editor.
pub fn link(studio: SocketAddr, show: impl Fn(serde_json::Value) + Send + 'static) -> Cursors {
    let (tx, rx) = channel::<(PathBuf, u32)>();
    std::thread::spawn(move || {
        while let Ok(mut latest) = rx.recv() {
            while let Ok(newer) = rx.try_recv() {
                latest = newer;
            }
            let (file, line) = latest;
            let target = format!(
                "{LINK_CURSOR_PATH}?file={}&line={line}",
                encode(&file.display().to_string())
            );
            let _ = call(studio, "POST", &target);
        }
    });
    std::thread::spawn(move || {
        let mut serial = 0;
        loop {
            match call(studio, "GET", LINK_OPEN_PATH) {
                Some((200, body)) => {
                    let Ok(place) = serde_json::from_str::<Place>(&body) else {
                        continue;
                    };
                    serial += 1;
                    let line = u32::try_from(place.line).unwrap_or(u32::MAX);
                    if let Some(request) =
                        muster_lsp::show_document(serial, Path::new(&place.file), line)
                    {
                        show(request);
                    }
                }
                Some((204, _)) => {}
                _ => std::thread::sleep(RETRY),
            }
        }
    });
    Cursors(tx)
}

/// One request to the studio with no body: its status and body, `None` when it
/// does not answer.
fn call(studio: SocketAddr, method: &str, target: &str) -> Option<(u16, String)> {
    let mut stream = TcpStream::connect_timeout(&studio, CONNECT).ok()?;
    stream.set_read_timeout(Some(WAIT)).ok()?;
    stream.set_write_timeout(Some(CONNECT)).ok()?;
    write!(
        stream,
        "{method} {target} HTTP/1.1\r\nHost: {studio}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    let status = answer.split_whitespace().nth(1)?.parse().ok()?;
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    Some((status, body.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_studio_is_on_this_machine_only() {
        let here = SocketAddr::from((Ipv4Addr::LOCALHOST, 8047));
        for ok in [
            "8047",
            "127.0.0.1:8047",
            "localhost:8047",
            "http://127.0.0.1:8047/__muster/studio/",
        ] {
            assert_eq!(address(ok), Ok(here), "{ok}");
        }
        for bad in ["10.0.0.2:8047", "example.com:80", "[::1]:8047", ""] {
            assert!(address(bad).is_err(), "{bad}");
        }
    }
}
