//! `--serve`: a small read-only HTTP server on 127.0.0.1 for the output folder,
//! with an index page and a version endpoint the injected reload script polls.

use super::page;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Longest request head read; anything longer is refused.
const MAX_HEAD: usize = 8 * 1024;

/// What the server shares with the watch loop.
#[derive(Debug, Default)]
pub struct Shared {
    /// Bumped after each rebuild; pages reload when it changes.
    pub version: AtomicU64,
    /// The last status line, shown on the index page.
    pub status: Mutex<String>,
}

impl Shared {
    pub fn rebuilt(&self, status: &str) {
        self.version.fetch_add(1, Ordering::SeqCst);
        self.set_status(status);
    }

    pub fn set_status(&self, status: &str) {
        if let Ok(mut s) = self.status.lock() {
            *s = status.to_string();
        }
    }
}

/// Binds 127.0.0.1:`port` (0: any free port) and serves `out` in a thread.
/// Returns the address actually bound.
pub fn start(out: PathBuf, port: u16, shared: Arc<Shared>) -> Result<String, String> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let out = out.clone();
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || {
                let _ = handle(stream, &out, &shared);
            });
        }
    });
    Ok(format!("http://{address}/"))
}

fn handle(mut stream: TcpStream, out: &Path, shared: &Shared) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    let Some((method, target)) = read_head(&stream)? else {
        return respond(&mut stream, 400, "text/plain", b"bad request\n", true);
    };
    let head_only = method == "HEAD";
    if method != "GET" && !head_only {
        return respond(&mut stream, 405, "text/plain", b"read-only\n", head_only);
    }
    let version = shared.version.load(Ordering::SeqCst);
    let path = target.split(['?', '#']).next().unwrap_or("/");
    if path == page::VERSION_PATH {
        let body = version.to_string();
        return respond(&mut stream, 200, "text/plain", body.as_bytes(), head_only);
    }
    if path == "/" || path == "/index.html" {
        let status = shared.status.lock().map(|s| s.clone()).unwrap_or_default();
        let body = page::index(out, &status, version);
        return respond(&mut stream, 200, HTML, body.as_bytes(), head_only);
    }
    let Some(file) = resolve(out, path) else {
        return respond(&mut stream, 404, "text/plain", b"not found\n", head_only);
    };
    match std::fs::read(&file) {
        Ok(bytes) => {
            let kind = content_type(&file);
            if kind == HTML {
                let html = page::inject(&String::from_utf8_lossy(&bytes), version);
                respond(&mut stream, 200, kind, html.as_bytes(), head_only)
            } else {
                respond(&mut stream, 200, kind, &bytes, head_only)
            }
        }
        Err(_) => respond(&mut stream, 404, "text/plain", b"not found\n", head_only),
    }
}

const HTML: &str = "text/html; charset=utf-8";

/// Reads the request line and the headers; `None` when malformed or too long.
fn read_head(stream: &TcpStream) -> std::io::Result<Option<(String, String)>> {
    let mut reader = BufReader::new(stream).take(MAX_HEAD as u64);
    let mut first = String::new();
    reader.read_line(&mut first)?;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        if line == "\r\n" || line == "\n" {
            break;
        }
    }
    let mut parts = first.split_whitespace();
    match (parts.next(), parts.next()) {
        (Some(m), Some(t)) if t.starts_with('/') => Ok(Some((m.to_string(), t.to_string()))),
        _ => Ok(None),
    }
}

use std::io::Read as _;

/// The file a request path names inside `out`, or `None`: no `..`, no hidden
/// names, no backslashes, and (after resolving symbolic links) still inside `out`.
pub fn resolve(out: &Path, path: &str) -> Option<PathBuf> {
    let decoded = percent_decode(path)?;
    if decoded.contains('\\') || decoded.contains('\0') {
        return None;
    }
    let relative = Path::new(decoded.trim_start_matches('/'));
    let plain = relative.components().all(|c| match c {
        Component::Normal(part) => !part.to_string_lossy().starts_with('.'),
        _ => false,
    });
    if !plain || relative.as_os_str().is_empty() {
        return None;
    }
    let root = std::fs::canonicalize(out).ok()?;
    let file = std::fs::canonicalize(root.join(relative)).ok()?;
    (file.starts_with(&root) && file.is_file()).then_some(file)
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

fn respond(
    stream: &mut TcpStream,
    code: u16,
    kind: &str,
    body: &[u8],
    head_only: bool,
) -> std::io::Result<()> {
    let reason = match code {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        _ => "Method Not Allowed",
    };
    let head = format!(
        "HTTP/1.1 {code} {reason}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(body)?;
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::fs;

    #[test]
    fn serves_only_files_inside_the_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        fs::create_dir_all(out.join("a")).unwrap();
        fs::write(out.join("a/umpire.html"), "x").unwrap();
        fs::write(dir.path().join("secret.txt"), "s").unwrap();
        fs::write(out.join(".hidden"), "h").unwrap();
        assert!(resolve(&out, "/a/umpire.html").is_some());
        assert!(resolve(&out, "/a/umpire%2Ehtml").is_some());
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
            assert_eq!(resolve(&out, bad), None, "{bad}");
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("secret.txt"), out.join("link.txt"))
                .unwrap();
            assert_eq!(resolve(&out, "/link.txt"), None);
        }
    }

    #[test]
    fn answers_over_http_with_the_reload_script_injected() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("s")).unwrap();
        fs::write(dir.path().join("s/umpire.html"), "<body>hi</body>").unwrap();
        let shared = Arc::new(Shared::default());
        let url = start(dir.path().to_path_buf(), 0, Arc::clone(&shared)).unwrap();
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        let get = |path: &str| {
            let mut s = TcpStream::connect(&addr).unwrap();
            write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
            let mut text = String::new();
            s.read_to_string(&mut text).unwrap();
            text
        };
        let briefing = get("/s/umpire.html");
        assert!(briefing.starts_with("HTTP/1.1 200"));
        assert!(briefing.contains("hi<script>"));
        assert!(get("/__muster/version").ends_with("\r\n\r\n0"));
        shared.rebuilt("ok");
        assert!(get("/__muster/version").ends_with("\r\n\r\n1"));
        assert!(get("/").contains("/s/umpire.html"));
        assert!(get("/../etc/passwd").starts_with("HTTP/1.1 404"));
        assert!(fs::read_to_string(dir.path().join("s/umpire.html")).unwrap() == "<body>hi</body>");
    }
}
