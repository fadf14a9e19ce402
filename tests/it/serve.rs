//! The preview server: the real binary (`muster watch --serve`) driven
//! over 127.0.0.1 only, with a bounded number of connections and bounded waits.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{TempPack, CLEAN};
use std::fs;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::thread;
use std::time::{Duration, Instant};

/// How long to wait for the server to say where it listens.
const PATIENCE: Duration = Duration::from_secs(20);

/// A running `muster watch --serve` on a pack of one clean scenario.
struct Server {
    child: Child,
    address: String,
    pack: TempPack,
    _lines: Receiver<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn pack() -> TempPack {
    let pack = TempPack::new();
    pack.write("pack/crossroads.muster", CLEAN);
    pack
}

/// Starts the server on a free port, with `limit` open files when given.
fn serve(pack: TempPack, limit: Option<u64>) -> Server {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_muster"));
    cmd.args(["watch", "pack", "--out", "site", "--serve", "--port", "0"])
        .current_dir(pack.path())
        .env("NO_COLOR", "1")
        .env("RAYON_NUM_THREADS", "2")
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if let Some(limit) = limit {
        // SAFETY: setrlimit(2) only, between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                let l = libc::rlimit {
                    rlim_cur: limit,
                    rlim_max: limit,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &l) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let mut child = cmd.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let rx = common::lines_of(stdout);
    let first = rx.recv_timeout(PATIENCE).expect("the server said nothing");
    let url = first.split_whitespace().nth(1).unwrap().to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{first}");
    // The first build's status line: the briefings are there.
    rx.recv_timeout(PATIENCE).expect("no first build");
    Server {
        child,
        address: url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string(),
        pack,
        _lines: rx,
    }
}

/// Sends `request` as is and reads the whole response (bounded by a timeout).
fn raw(address: &str, request: &[u8]) -> String {
    let mut s = TcpStream::connect(address).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
    s.write_all(request).unwrap();
    let mut bytes = Vec::new();
    let _ = s.read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

fn get(server: &Server, path: &str, host: &str) -> String {
    raw(
        &server.address,
        format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes(),
    )
}

fn header<'a>(response: &'a str, name: &str) -> Option<&'a str> {
    let head = response.split("\r\n\r\n").next()?;
    head.lines().find_map(|l| {
        let (n, v) = l.split_once(':')?;
        n.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

fn body(response: &str) -> &str {
    response.split_once("\r\n\r\n").map_or("", |(_, b)| b)
}

#[test]
fn a_symlink_swapped_in_for_the_output_folder_is_not_followed() {
    let server = serve(pack(), None);
    let host = server.address.clone();
    assert!(get(&server, "/crossroads/umpire.html", &host).starts_with("HTTP/1.1 200"));
    let dir = server.pack.path();
    fs::create_dir_all(dir.join("elsewhere/private")).unwrap();
    fs::write(dir.join("elsewhere/passwd"), "root:x:0:0:canary\n").unwrap();
    fs::rename(dir.join("site"), dir.join("site.real")).unwrap();
    std::os::unix::fs::symlink(dir.join("elsewhere"), dir.join("site")).unwrap();
    let file = get(&server, "/passwd", &host);
    assert!(
        !file.starts_with("HTTP/1.1 200") && !file.contains("canary"),
        "{file}"
    );
    let index = get(&server, "/", &host);
    assert!(
        !index.contains("private") && !index.contains("passwd"),
        "{index}"
    );
    assert!(!get(&server, "/crossroads/umpire.html", &host).starts_with("HTTP/1.1 200"));
}

#[test]
fn only_the_listening_host_is_served_with_a_csp_admitting_the_reload_script() {
    let server = serve(pack(), None);
    let port = server.address.rsplit(':').next().unwrap().to_string();
    for host in [
        "evil.example.com",
        "evil.example.com:80",
        &format!("127.0.0.2:{port}"),
    ] {
        let r = get(&server, "/crossroads/umpire.html", host);
        assert!(r.starts_with("HTTP/1.1 421"), "{host}: {r}");
        assert!(!r.contains("<html"), "{host}");
    }
    let r = raw(&server.address, b"GET / HTTP/1.1\r\n\r\n");
    assert!(r.starts_with("HTTP/1.1 421"), "no Host: {r}");
    for host in [server.address.clone(), format!("localhost:{port}")] {
        let r = get(&server, "/crossroads/umpire.html", &host);
        assert!(r.starts_with("HTTP/1.1 200"), "{host}: {r}");
        let csp = header(&r, "Content-Security-Policy").unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(csp.contains("default-src 'none'"), "{csp}");
        assert_eq!(header(&r, "X-Frame-Options"), Some("DENY"));
        let nonce = csp
            .split("'nonce-")
            .nth(1)
            .and_then(|n| n.split('\'').next())
            .unwrap();
        assert!(nonce.len() >= 16, "{csp}");
        assert!(r.contains(&format!("<script nonce=\"{nonce}\">")), "{r}");
        assert_eq!(
            r.matches("<script").count(),
            1,
            "one script, the reload one"
        );
    }
    // Pages served one after another carry fresh nonces.
    let a = get(&server, "/", &server.address);
    let b = get(&server, "/", &server.address);
    assert_ne!(
        header(&a, "Content-Security-Policy"),
        header(&b, "Content-Security-Policy")
    );
}

/// Threads of a running process.
fn threads(pid: u32) -> usize {
    fs::read_dir(format!("/proc/{pid}/task")).unwrap().count()
}

/// Connections waiting for the server to accept them: the accept queue of its
/// listening socket (`rx_queue` of a LISTEN line in `/proc/PID/net/tcp`).
fn waiting_to_be_accepted(pid: u32, address: &str) -> usize {
    let port = address.rsplit(':').next().unwrap().parse::<u16>().unwrap();
    let local = format!(":{port:04X}");
    let table = fs::read_to_string(format!("/proc/{pid}/net/tcp")).unwrap();
    table
        .lines()
        .skip(1)
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .find(|f| f[1].ends_with(&local) && f[3] == "0A")
        .map(|f| {
            let queue = f[4].split(':').nth(1).unwrap();
            usize::from_str_radix(queue, 16).unwrap()
        })
        .unwrap_or_else(|| panic!("no listening socket on {address}:\n{table}"))
}

#[test]
fn connections_are_capped_and_a_slow_head_times_out() {
    let server = serve(pack(), None);
    let pid = server.child.id();
    let before = threads(pid);
    let idle: Vec<TcpStream> = (0..200)
        .map(|_| TcpStream::connect(&server.address).unwrap())
        .collect();
    // Count the threads once the server has taken every connection.
    let deadline = Instant::now() + PATIENCE;
    while waiting_to_be_accepted(pid, &server.address) > 0 {
        assert!(Instant::now() < deadline, "the server stopped accepting");
        thread::sleep(Duration::from_millis(20));
    }
    let during = threads(pid);
    assert!(
        during <= before + 2,
        "threads grew from {before} to {during} with 200 idle connections"
    );
    drop(idle);
    // The server sees the idle connections close in its own time; until then
    // it is still full and answers 503.
    let deadline = Instant::now() + PATIENCE;
    while get(&server, "/", &server.address).starts_with("HTTP/1.1 503") {
        assert!(
            Instant::now() < deadline,
            "the server stayed full after the idle connections closed"
        );
        thread::sleep(Duration::from_millis(100));
    }
    // A client trickling a byte every 400 ms is cut off at the head deadline,
    // long before its 40 bytes (16 s) are sent.
    let mut slow = TcpStream::connect(&server.address).unwrap();
    slow.set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    let started = Instant::now();
    let request = format!("GET / HTTP/1.1\r\nHost: {}\r\nX-Slow: ", server.address);
    let mut closed = false;
    for byte in request.bytes().chain(std::iter::repeat(b'a')).take(40) {
        if slow.write_all(&[byte]).is_err() {
            closed = true;
            break;
        }
        let mut reply = [0u8; 512];
        match slow.read(&mut reply) {
            Ok(0) => {
                closed = true;
                break;
            }
            Ok(n) => {
                let text = String::from_utf8_lossy(&reply[..n]).into_owned();
                assert!(text.starts_with("HTTP/1.1 408"), "{text}");
                closed = true;
                break;
            }
            Err(_) => {}
        }
        thread::sleep(Duration::from_millis(400));
    }
    assert!(
        closed,
        "a slow client kept its connection for {:?}",
        started.elapsed()
    );
    // The server still answers afterwards (busy answers are 503, retried).
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let r = get(&server, "/", &server.address);
        if r.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < deadline, "no answer after the flood: {r}");
        thread::sleep(Duration::from_millis(200));
    }
}

/// Out of descriptors, the server keeps running and answers again once they are
/// free (how often it retries `accept` meanwhile is counted in its unit test).
#[test]
fn out_of_file_descriptors_the_server_recovers() {
    let server = serve(pack(), Some(20));
    let held: Vec<TcpStream> = (0..100)
        .filter_map(|_| TcpStream::connect(&server.address).ok())
        .collect();
    assert!(held.len() > 50, "could not open connections");
    thread::sleep(Duration::from_millis(300));
    drop(held);
    let deadline = Instant::now() + PATIENCE;
    loop {
        let r = get(&server, "/", &server.address);
        if r.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no answer once descriptors were free: {r}"
        );
        thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn http_errors_are_well_formed() {
    let server = serve(pack(), None);
    let host = server.address.clone();
    // A 400 sends the body its Content-Length declares.
    for request in [
        b"NONSENSE\r\n\r\n".to_vec(),
        b"GET /\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(),
        b"\xff\xff\xff\r\n\r\n".to_vec(),
    ] {
        let r = raw(&server.address, &request);
        assert!(r.starts_with("HTTP/1.1 400"), "{request:?}: {r}");
        let length: usize = header(&r, "Content-Length").unwrap().parse().unwrap();
        assert!(length > 0);
        assert_eq!(body(&r).len(), length, "{r}");
    }
    let r = raw(
        &server.address,
        format!("POST / HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\n\r\n").as_bytes(),
    );
    assert!(r.starts_with("HTTP/1.1 405"), "{r}");
    assert_eq!(header(&r, "Allow"), Some("GET, HEAD"));
    let r = raw(
        &server.address,
        format!("HEAD /crossroads/umpire.html HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes(),
    );
    assert!(r.starts_with("HTTP/1.1 200") && body(&r).is_empty(), "{r}");
}

/// Waits (bounded) for a child to end.
fn wait(child: &mut Child) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + PATIENCE;
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        thread::sleep(Duration::from_millis(20));
    }
    None
}

#[test]
fn a_port_in_use_is_reported_before_anything_is_created() {
    let pack = pack();
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args([
            "watch", "pack", "--out", "site2", "--serve", "--port", &port,
        ])
        .current_dir(pack.path())
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait(&mut child);
    let _ = child.kill();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!(status.and_then(|s| s.code()), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{stderr}"
    );
    assert!(!stderr.contains("cannot read"), "{stderr}");
    assert!(
        !Path::new(&pack.path().join("site2")).exists(),
        "the output folder was created"
    );
}

/// `/` serves the index `muster build` wrote when the output holds one (with the
/// reload script), else the server's own listing.
#[test]
fn root_serves_the_built_index_when_there_is_one() {
    let server = serve(pack(), None);
    let host = server.address.clone();
    let listing = get(&server, "/", &host);
    assert!(body(&listing).contains("crossroads"), "{listing}");
    fs::write(
        server.pack.path().join("site/index.html"),
        "<html><body><h1>Built index &amp; sheets</h1></body></html>",
    )
    .unwrap();
    let built = get(&server, "/", &host);
    assert!(body(&built).contains("Built index &amp; sheets"), "{built}");
    assert!(body(&built).contains("__muster/version"), "{built}");
}

/// Swaps `folder` for a link to `elsewhere` and back, as fast as it can, until
/// `stop` is set or `most` swaps are done; returns how many it made. The real
/// folder is back in place when it returns.
fn swap_in_a_loop(
    folder: &Path,
    elsewhere: &Path,
    stop: &std::sync::atomic::AtomicBool,
    most: usize,
) -> usize {
    let real = folder.with_extension("real");
    let mut swaps = 0;
    while swaps < most && !stop.load(std::sync::atomic::Ordering::Relaxed) {
        if fs::rename(folder, &real).is_err() {
            continue;
        }
        let _ = std::os::unix::fs::symlink(elsewhere, folder);
        thread::yield_now();
        let _ = fs::remove_file(folder);
        fs::rename(&real, folder).unwrap();
        swaps += 1;
    }
    swaps
}

/// The served folder swapped for a link to another folder in a tight loop while
/// requests keep coming: no request is ever answered from that folder. Each
/// read goes through the handle opened at the start, one name at a time, so a
/// swap between the check and the read cannot redirect it.
#[test]
fn a_served_folder_swapped_for_a_link_in_a_loop_never_serves_outside() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let server = serve(pack(), None);
    let host = server.address.clone();
    let dir = server.pack.path().to_path_buf();
    fs::create_dir_all(dir.join("elsewhere/crossroads")).unwrap();
    fs::write(dir.join("elsewhere/passwd"), "root:x:0:0:canary\n").unwrap();
    fs::write(dir.join("elsewhere/crossroads/umpire.html"), "canary\n").unwrap();
    let stop = AtomicBool::new(false);
    let (mut asked, mut served, mut leaked) = (0, 0, Vec::new());
    let swaps = thread::scope(|scope| {
        let swapper = scope
            .spawn(|| swap_in_a_loop(&dir.join("site"), &dir.join("elsewhere"), &stop, 200_000));
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(4) && asked < 4_000 {
            for path in ["/passwd", "/crossroads/umpire.html"] {
                let response = get(&server, path, &host);
                asked += 1;
                if response.contains("canary") {
                    leaked.push(path);
                } else if response.starts_with("HTTP/1.1 200") {
                    served += 1;
                }
            }
        }
        stop.store(true, Ordering::Relaxed);
        swapper.join().unwrap()
    });
    assert!(
        leaked.is_empty(),
        "{} of {asked} served from outside",
        leaked.len()
    );
    assert!(swaps > 100, "only {swaps} swaps");
    assert!(served > 0, "nothing served in {asked} requests");
}

/// The studio's messages: only from the studio's own page or a client with no
/// `Origin` (the language server), only naming a file the studio indexed.
#[test]
fn the_studio_takes_posts_only_from_itself_about_its_own_files() {
    let server = serve(pack(), None);
    let host = server.address.clone();
    let index = get(&server, "/__muster/studio.json", &host);
    assert!(index.starts_with("HTTP/1.1 200"), "{index}");
    let scenario = fs::canonicalize(server.pack.path().join("pack/crossroads.muster")).unwrap();
    let file = scenario.display().to_string();
    assert!(
        body(&index).contains(&format!("\"file\":\"{file}\"")),
        "{index}"
    );
    let post = |path: &str, origin: Option<&str>| {
        let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
        raw(
            &server.address,
            format!("POST {path} HTTP/1.1\r\nHost: {host}\r\n{origin}Content-Length: 0\r\n\r\n")
                .as_bytes(),
        )
    };
    let cursor = format!("/__muster/link/cursor?file={file}&line=3");
    let r = post(&cursor, Some("http://evil.example"));
    assert!(r.starts_with("HTTP/1.1 403"), "{r}");
    let r = post("/__muster/link/cursor?file=/etc/passwd&line=1", None);
    assert!(r.starts_with("HTTP/1.1 400"), "{r}");
    // The page asks for a line before any editor waits: it shows a link instead.
    let r = post(
        &format!("/__muster/open?file={file}&line=3"),
        Some(&format!("http://{host}")),
    );
    assert!(r.starts_with("HTTP/1.1 202"), "{r}");
    let r = post(&cursor, None);
    assert!(r.starts_with("HTTP/1.1 200"), "{r}");
    let state = get(&server, "/__muster/studio/state", &host);
    assert!(
        body(&state).contains(&format!("\"cursor\":{{\"file\":\"{file}\",\"line\":3}}")),
        "{state}"
    );
}
