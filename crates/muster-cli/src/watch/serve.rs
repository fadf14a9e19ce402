//! `--serve`: a small read-only HTTP server on 127.0.0.1 for the output folder,
//! with an index page and a version endpoint the injected reload script polls.
//!
//! Hardened by hand rather than replaced by a crate (ARCHITECTURE.md says why):
//! a fixed pool of workers behind a bounded queue (busy: 503), one deadline for
//! the whole request head, back-off when `accept` fails, a `Host` check against
//! DNS rebinding, a CSP that admits only the reload script (by nonce), and the
//! output root verified on every request.

use super::page;
use super::studio::{self, link::Link, Place};
use crate::beneath::Dir;
use crate::out_root::OutRoot;
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Longest request head read; anything longer is refused.
const MAX_HEAD: usize = 8 * 1024;
/// Workers answering requests; every connection beyond them waits in the queue.
pub const WORKERS: usize = 8;
/// Connections accepted but not yet answered; more get 503 at once.
const QUEUE: usize = 16;
/// Time a client has to send its whole request head (a byte every few seconds
/// does not extend it).
pub const HEAD_DEADLINE: Duration = Duration::from_secs(5);
/// Time to send a response.
const WRITE_DEADLINE: Duration = Duration::from_secs(10);
/// Pauses after failed `accept`s (out of file descriptors): doubling to the cap.
const BACKOFF_FIRST: Duration = Duration::from_millis(10);
const BACKOFF_CAP: Duration = Duration::from_secs(1);

/// What the server shares with the watch loop.
#[derive(Debug, Default)]
pub struct Shared {
    /// Bumped after each rebuild; pages reload when it changes.
    pub version: AtomicU64,
    /// The last status line, shown on the index page.
    pub status: Mutex<String>,
    /// The folder served: the watch reopens it when it was replaced in place.
    root: Mutex<Option<OutRoot>>,
    /// What the studio page knows of each scenario, by output folder.
    pub studio: Mutex<BTreeMap<String, studio::Index>>,
    /// The studio's link to an editor.
    pub link: Link,
}

impl Shared {
    pub fn rebuilt(&self, status: &str) {
        self.version.fetch_add(1, Ordering::SeqCst);
        self.set_status(status);
    }

    /// Serves `root` from now on.
    pub fn set_root(&self, root: &OutRoot) {
        if let Ok(mut r) = self.root.lock() {
            *r = Some(root.clone());
        }
    }

    fn root(&self) -> Option<OutRoot> {
        self.root.lock().ok().and_then(|r| r.clone())
    }

    /// Takes the studio's view of the scenarios just checked; a scenario whose
    /// model was not kept keeps the items it had.
    pub fn studied(&self, fresh: Vec<studio::Index>) {
        let mut all = self.studio.lock().unwrap_or_else(PoisonError::into_inner);
        for mut index in fresh {
            if let (true, Some(old)) = (index.items.is_empty(), all.get(&index.folder)) {
                index.items.clone_from(&old.items);
                index.sides.clone_from(&old.sides);
            }
            all.insert(index.folder.clone(), index);
        }
    }

    /// Whether `file` is a source the studio indexed: the only files a click
    /// may ask an editor to open.
    fn knows_file(&self, file: &str) -> bool {
        let all = self.studio.lock().unwrap_or_else(PoisonError::into_inner);
        all.values()
            .any(|i| i.items.iter().any(|item| item.at.file == file))
    }

    pub fn set_status(&self, status: &str) {
        if let Ok(mut s) = self.status.lock() {
            *s = status.to_string();
        }
    }
}

/// A bound listener, not yet serving: bound before anything else happens, so a
/// port in use is reported before the output folder is created.
pub struct Bound {
    listener: TcpListener,
    address: SocketAddr,
}

/// Binds 127.0.0.1:`port` (0: any free port).
pub fn bind(port: u16) -> Result<Bound, String> {
    let fail = |e: std::io::Error| format!("cannot listen on 127.0.0.1:{port}: {e}");
    let listener = TcpListener::bind(("127.0.0.1", port)).map_err(fail)?;
    let address = listener.local_addr().map_err(fail)?;
    Ok(Bound { listener, address })
}

/// Everything a worker needs to answer.
struct Site {
    shared: Arc<Shared>,
    /// The `Host` values accepted: the address listened on, by number or as `localhost`.
    hosts: [String; 2],
}

/// Serves `root` on the bound address in background threads; returns the URL.
pub fn start(bound: Bound, root: OutRoot, shared: Arc<Shared>) -> String {
    let Bound { listener, address } = bound;
    let port = address.port();
    shared.set_root(&root);
    let site = Arc::new(Site {
        shared,
        hosts: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
    });
    let (tx, rx) = sync_channel::<TcpStream>(QUEUE);
    let rx = Arc::new(Mutex::new(rx));
    for _ in 0..WORKERS {
        let rx = Arc::clone(&rx);
        let site = Arc::clone(&site);
        std::thread::spawn(move || work(&rx, &site));
    }
    std::thread::spawn(move || {
        accept_loop(
            || listener.accept().map(|(stream, _)| stream),
            std::thread::sleep,
            |stream| match tx.try_send(stream) {
                Ok(()) => true,
                Err(TrySendError::Full(mut stream)) => {
                    let _ = stream.set_write_timeout(Some(Duration::from_millis(200)));
                    let _ = respond(&mut stream, &busy());
                    true
                }
                Err(TrySendError::Disconnected(_)) => false,
            },
        );
    });
    format!("http://{address}/")
}

/// Accepts connections and hands each to `hand` until it returns `false`. After a
/// failed `accept` (out of descriptors, say) it pauses, doubling the pause up to
/// [`BACKOFF_CAP`], since retrying at once would spin a core until a descriptor frees.
fn accept_loop<S>(
    mut accept: impl FnMut() -> std::io::Result<S>,
    mut pause: impl FnMut(Duration),
    mut hand: impl FnMut(S) -> bool,
) {
    let mut backoff = BACKOFF_FIRST;
    loop {
        match accept() {
            Ok(stream) => {
                backoff = BACKOFF_FIRST;
                if !hand(stream) {
                    return;
                }
            }
            Err(_) => {
                pause(backoff);
                backoff = (backoff * 2).min(BACKOFF_CAP);
            }
        }
    }
}

fn work(rx: &Mutex<Receiver<TcpStream>>, site: &Site) {
    loop {
        let next = match rx.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(mut stream) = next else { return };
        let _ = stream.set_write_timeout(Some(WRITE_DEADLINE));
        let response = match read_head(&mut stream) {
            Ok(head) => answer(&head, site),
            Err(HeadError::TimedOut) => plain(408, "the request head took too long\n"),
            Err(HeadError::Closed) => continue,
            Err(HeadError::Bad(why)) => plain(400, why),
        };
        let _ = respond(&mut stream, &response);
    }
}

/// A response before it is sent.
struct Response {
    code: u16,
    kind: &'static str,
    body: Vec<u8>,
    head_only: bool,
    /// Extra header lines (`Allow: ...`), each ending in `\r\n`.
    extra: String,
    /// The nonce the page's reload script carries, for its CSP.
    nonce: Option<String>,
    /// The studio page: scripts from this server only.
    own_scripts: bool,
}

fn plain(code: u16, text: &str) -> Response {
    Response {
        code,
        kind: "text/plain; charset=utf-8",
        body: text.as_bytes().to_vec(),
        head_only: false,
        extra: String::new(),
        nonce: None,
        own_scripts: false,
    }
}

fn busy() -> Response {
    let mut r = plain(503, "busy, try again\n");
    r.extra = "Retry-After: 1\r\n".into();
    r
}

/// The request line and the `Host` and `Origin` headers.
struct Head {
    method: String,
    target: String,
    host: Option<String>,
    origin: Option<String>,
}

enum HeadError {
    TimedOut,
    /// The client went away before sending anything.
    Closed,
    Bad(&'static str),
}

/// Reads the request head within [`HEAD_DEADLINE`] and at most [`MAX_HEAD`] bytes.
fn read_head(stream: &mut TcpStream) -> Result<Head, HeadError> {
    let deadline = Instant::now() + HEAD_DEADLINE;
    let mut bytes = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    let end = loop {
        if let Some(end) = head_end(&bytes) {
            break end;
        }
        if bytes.len() >= MAX_HEAD {
            return Err(HeadError::Bad("request head too long\n"));
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            return Err(HeadError::TimedOut);
        }
        match stream.read(&mut chunk) {
            Ok(0) if bytes.is_empty() => return Err(HeadError::Closed),
            Ok(0) => return Err(HeadError::Bad("incomplete request head\n")),
            Ok(n) => bytes.extend_from_slice(&chunk[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return Err(HeadError::TimedOut)
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Err(HeadError::Closed),
        }
    };
    let text = std::str::from_utf8(&bytes[..end])
        .map_err(|_| HeadError::Bad("the request head is not UTF-8\n"))?;
    let mut lines = text.lines();
    let mut parts = lines.next().unwrap_or("").split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(HeadError::Bad("malformed request line\n"));
    };
    if !target.starts_with('/') || !version.starts_with("HTTP/1.") {
        return Err(HeadError::Bad("malformed request line\n"));
    }
    let (mut host, mut origin) = (None, None);
    for line in lines {
        if let Some((name, value)) = line.split_once(':') {
            let name = name.trim();
            if name.eq_ignore_ascii_case("host") {
                if host.is_some() {
                    return Err(HeadError::Bad("more than one Host header\n"));
                }
                host = Some(value.trim().to_ascii_lowercase());
            } else if name.eq_ignore_ascii_case("origin") {
                origin = Some(value.trim().to_ascii_lowercase());
            }
        }
    }
    Ok(Head {
        method: method.to_string(),
        target: target.to_string(),
        host,
        origin,
    })
}

/// Where the head ends (the blank line), if it has.
fn head_end(bytes: &[u8]) -> Option<usize> {
    let crlf = bytes.windows(4).position(|w| w == b"\r\n\r\n");
    let lf = bytes.windows(2).position(|w| w == b"\n\n");
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn answer(head: &Head, site: &Site) -> Response {
    if !head
        .host
        .as_ref()
        .is_some_and(|h| site.hosts.iter().any(|ok| ok == h))
    {
        return plain(
            421,
            "this server answers only to the address it listens on (Host header)\n",
        );
    }
    let head_only = head.method == "HEAD";
    if head.method == "POST" {
        return post(head, site);
    }
    if head.method != "GET" && !head_only {
        let mut r = plain(405, "read-only: GET and HEAD only\n");
        r.extra = "Allow: GET, HEAD\r\n".into();
        return r;
    }
    let mut r = serve(head, site);
    r.head_only = head_only;
    r
}

fn serve(head: &Head, site: &Site) -> Response {
    let Some(root) = site.shared.root().filter(OutRoot::verify) else {
        return plain(
            503,
            "the output folder was replaced or moved; restart muster watch\n",
        );
    };
    let version = site.shared.version.load(Ordering::SeqCst);
    let path = head.target.split(['?', '#']).next().unwrap_or("/");
    if path == page::VERSION_PATH {
        return plain(200, &version.to_string());
    }
    if let Some(r) = studio_get(path, site, version) {
        return r;
    }
    if path == "/" || path == "/index.html" {
        // The index `muster build` wrote, when there is one; else the listing.
        if let Some(built) = open(root.dir(), "/index.html").and_then(|(mut f, _)| {
            let mut text = String::new();
            f.read_to_string(&mut text).ok().map(|_| text)
        }) {
            let nonce = nonce();
            return html(page::inject(&built, version, &nonce), nonce);
        }
        let status = site
            .shared
            .status
            .lock()
            .map(|s| s.clone())
            .unwrap_or_default();
        let nonce = nonce();
        let body = page::index(root.dir(), &status, version, &nonce);
        return html(body, nonce);
    }
    let Some((mut file, name)) = open(root.dir(), path) else {
        return plain(404, "not found\n");
    };
    let mut bytes = Vec::new();
    match file.read_to_end(&mut bytes) {
        Ok(_) => {
            let kind = content_type(Path::new(&name));
            if kind == HTML {
                let nonce = nonce();
                html(
                    page::inject(&String::from_utf8_lossy(&bytes), version, &nonce),
                    nonce,
                )
            } else {
                let mut r = plain(200, "");
                r.kind = kind;
                r.body = bytes;
                r
            }
        }
        Err(_) => plain(404, "not found\n"),
    }
}

fn html(body: String, nonce: String) -> Response {
    Response {
        code: 200,
        kind: HTML,
        body: body.into_bytes(),
        head_only: false,
        extra: String::new(),
        nonce: Some(nonce),
        own_scripts: false,
    }
}

/// How long the editor's wait for a click is held open.
const EDITOR_WAIT: Duration = Duration::from_secs(20);

/// The studio's pages and data, if `path` is one of them.
fn studio_get(path: &str, site: &Site, version: u64) -> Option<Response> {
    let shared = &site.shared;
    let typed = |kind: &'static str, body: String| {
        let mut r = plain(200, "");
        r.kind = kind;
        r.body = body.into_bytes();
        r.own_scripts = kind == HTML;
        r
    };
    Some(match path {
        studio::PAGE_PATH => typed(HTML, studio::PAGE.to_string()),
        studio::SCRIPT_PATH => typed("text/javascript; charset=utf-8", studio::SCRIPT.into()),
        studio::STYLE_PATH => typed("text/css; charset=utf-8", studio::STYLE.into()),
        studio::INDEX_PATH => {
            let all = shared.studio.lock().unwrap_or_else(PoisonError::into_inner);
            let list: Vec<&studio::Index> = all.values().collect();
            typed(
                "application/json",
                serde_json::to_string(&list).unwrap_or_default(),
            )
        }
        studio::STATE_PATH => typed("application/json", shared.link.state(version)),
        studio::LINK_OPEN_PATH => match shared.link.next_open(EDITOR_WAIT) {
            Some(place) => typed(
                "application/json",
                serde_json::to_string(&place).unwrap_or_default(),
            ),
            None => plain(204, ""),
        },
        _ => return None,
    })
}

/// The studio's two messages: the page asks the editor to open a line, the
/// language server reports the editor's cursor. Only a request with no
/// `Origin` (the language server) or this server's own (the page) is taken,
/// so no other web page can post here; only indexed files are named.
fn post(head: &Head, site: &Site) -> Response {
    let (path, query) = head.target.split_once('?').unwrap_or((&head.target, ""));
    if path != studio::OPEN_PATH && path != studio::LINK_CURSOR_PATH {
        let mut r = plain(405, "read-only: GET and HEAD only\n");
        r.extra = "Allow: GET, HEAD\r\n".into();
        return r;
    }
    let own = head
        .origin
        .as_ref()
        .is_none_or(|o| site.hosts.iter().any(|h| *o == format!("http://{h}")));
    if !own {
        return plain(403, "only the studio page may post here\n");
    }
    let Some(place) = place_of(query).filter(|p| site.shared.knows_file(&p.file)) else {
        return plain(400, "give the file and line of an item the studio knows\n");
    };
    if path == studio::LINK_CURSOR_PATH {
        site.shared.link.set_cursor(place);
        return plain(200, "");
    }
    match site.shared.link.request_open(place) {
        true => plain(200, "sent to the editor\n"),
        false => plain(202, "no editor connected\n"),
    }
}

/// `file=…&line=…` of a query string.
fn place_of(query: &str) -> Option<Place> {
    let (mut file, mut line) = (None, None);
    for pair in query.split('&') {
        match pair.split_once('=') {
            Some(("file", v)) => file = percent_decode(&v.replace('+', " ")),
            Some(("line", v)) => line = v.parse().ok(),
            _ => {}
        }
    }
    Some(Place {
        file: file?,
        line: line?,
    })
}

const HTML: &str = "text/html; charset=utf-8";

/// A fresh value for a page's script nonce: 128 bits from the system's random
/// source (hash-seeded randomness if that cannot be read).
fn nonce() -> String {
    let mut bytes = [0u8; 16];
    let read = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
    if read.is_err() {
        use std::hash::{BuildHasher, Hasher};
        for half in bytes.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u128(Instant::now().elapsed().as_nanos());
            half.copy_from_slice(&h.finish().to_le_bytes());
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The file a request path names below the served folder, opened through its
/// handle one name at a time, and its path: `None` for `..`, hidden names,
/// backslashes, a symlink anywhere on the way, or anything but a regular file.
/// Nothing is resolved by path, so swapping a folder for a link mid-request
/// cannot send the read elsewhere.
pub fn open(root: &Dir, path: &str) -> Option<(std::fs::File, String)> {
    let decoded = percent_decode(path)?;
    if decoded.contains('\\') || decoded.contains('\0') {
        return None;
    }
    let relative = decoded.trim_start_matches('/');
    let plain = relative
        .split('/')
        .all(|part| !part.is_empty() && !part.starts_with('.'));
    if !plain || relative.is_empty() {
        return None;
    }
    let (dir, name) = root.parent_of(relative, false).ok()?;
    let file = dir.read_file(std::ffi::OsStr::new(name)).ok()?;
    Some((file, relative.to_string()))
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html" | "htm") => HTML,
        Some("json") => "application/json",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("js") => "text/javascript; charset=utf-8",
        Some("txt" | "md") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The Content-Security-Policy of every response: nothing may load but the
/// page's own styles, images and the one reload script carrying `nonce`; no
/// page may frame it.
fn csp(nonce: Option<&str>, own_scripts: bool) -> String {
    let script = match (nonce, own_scripts) {
        (_, true) => "'self'".to_string(),
        (Some(n), false) => format!("'nonce-{n}'"),
        (None, false) => "'none'".to_string(),
    };
    format!(
        "default-src 'none'; script-src {script}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; \
         base-uri 'none'; form-action 'none'"
    )
}

fn respond(stream: &mut TcpStream, r: &Response) -> std::io::Result<()> {
    let reason = match r.code {
        200 => "OK",
        202 => "Accepted",
        204 => "No Content",
        403 => "Forbidden",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        421 => "Misdirected Request",
        _ => "Service Unavailable",
    };
    let head = format!(
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
         X-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\n\
         Cross-Origin-Resource-Policy: same-origin\r\n\
         Content-Security-Policy: {}\r\n{}Connection: close\r\n\r\n",
        r.code,
        r.kind,
        r.body.len(),
        csp(r.nonce.as_deref(), r.own_scripts),
        r.extra,
    );
    stream.write_all(head.as_bytes())?;
    if !r.head_only {
        stream.write_all(&r.body)?;
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::fs;

    /// Out of descriptors, the loop tries `accept` about once a second after a short
    /// ramp instead of spinning; the first connection after that resets the pause.
    #[test]
    fn failed_accepts_back_off_to_one_a_second() {
        let mut results: Vec<std::io::Result<u32>> = Vec::new();
        results.extend((0..60).map(|_| Err(std::io::Error::from_raw_os_error(24))));
        results.push(Ok(1));
        results.push(Err(std::io::Error::from_raw_os_error(24)));
        results.push(Ok(2));
        results.reverse();
        let (mut attempts, mut pauses) = (0, Vec::new());
        let mut handed = Vec::new();
        accept_loop(
            || {
                attempts += 1;
                results.pop().unwrap()
            },
            |d| pauses.push(d),
            |n| {
                handed.push(n);
                n < 2
            },
        );
        assert_eq!(attempts, 63);
        assert_eq!(handed, [1, 2]);
        let ramp: Vec<u128> = pauses.iter().take(8).map(Duration::as_millis).collect();
        assert_eq!(ramp, [10, 20, 40, 80, 160, 320, 640, 1000]);
        let slept: Duration = pauses[..60].iter().sum();
        assert!(
            slept >= Duration::from_secs(50),
            "{slept:?} over 60 failed accepts"
        );
        // after the connection, the pause starts short again
        assert_eq!(pauses[60], BACKOFF_FIRST);
    }

    #[test]
    fn serves_only_files_inside_the_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = fs::canonicalize(dir.path()).unwrap().join("out");
        fs::create_dir_all(out.join("a")).unwrap();
        fs::write(out.join("a/umpire.html"), "x").unwrap();
        fs::write(dir.path().join("secret.txt"), "s").unwrap();
        fs::write(out.join(".hidden"), "h").unwrap();
        let root = Dir::open(&out).unwrap();
        assert!(open(&root, "/a/umpire.html").is_some());
        assert!(open(&root, "/a/umpire%2Ehtml").is_some());
        for bad in [
            "/../secret.txt",
            "/a/../../secret.txt",
            "/%2e%2e/secret.txt",
            "/a/..%2F..%2Fsecret.txt",
            "/.hidden",
            "/a",
            "/",
            "/a\\umpire.html",
            "/%zz",
        ] {
            assert!(open(&root, bad).is_none(), "{bad}");
        }
        std::os::unix::fs::symlink(dir.path().join("secret.txt"), out.join("link.txt")).unwrap();
        assert!(open(&root, "/link.txt").is_none());
        std::os::unix::fs::symlink(dir.path(), out.join("up")).unwrap();
        assert!(open(&root, "/up/secret.txt").is_none());
    }

    #[test]
    fn heads_end_at_the_first_blank_line() {
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: x\r\n\r\nrest"), Some(23));
        assert_eq!(head_end(b"GET / HTTP/1.1\n\n"), Some(14));
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: x\r\n"), None);
    }

    #[test]
    fn nonces_differ() {
        let (a, b) = (nonce(), nonce());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
    }
}
