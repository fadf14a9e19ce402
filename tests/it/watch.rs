//! `muster watch` end to end: the real binary on a temporary pack, driven by the
//! save styles editors use. Each test waits (bounded) for the status line it
//! expects, then asserts that the save made exactly one status line and that the
//! watch stays silent afterwards.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How long to wait for an expected line; the wait is not the assertion.
const PATIENCE: Duration = Duration::from_secs(10);
/// Silence that shows nothing more is coming.
const IDLE: Duration = Duration::from_secs(1);
/// Debounce used by the tests.
const DEBOUNCE: &str = "300";

const LIBRARY: &str = "lib/units.muster";

fn fixture(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/watch");
    fs::read_to_string(root.join(path)).unwrap()
}

/// A pack of two clean scenarios importing one library, and one standing alone.
fn pack() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let scenario = fixture("scenario.muster");
    fs::create_dir_all(dir.path().join("lib")).unwrap();
    fs::write(dir.path().join(LIBRARY), fixture(LIBRARY)).unwrap();
    fs::write(dir.path().join("alpha.muster"), &scenario).unwrap();
    fs::write(dir.path().join("bravo.muster"), &scenario).unwrap();
    fs::write(
        dir.path().join("charlie.muster"),
        fixture("standalone.muster"),
    )
    .unwrap();
    dir
}

struct Watch {
    child: Child,
    lines: Receiver<String>,
    /// Every line seen, for failure messages.
    seen: Vec<String>,
}

fn is_status(line: &str) -> bool {
    let b = line.as_bytes();
    b.len() > 11 && b[0] == b'[' && b[3] == b':' && b[6] == b':' && b[9] == b']'
}

impl Watch {
    fn start(dir: &Path, extra: &[&str]) -> Watch {
        Watch::start_on(dir, ".", extra)
    }

    /// Watches `path` (relative to `dir`, the working folder).
    fn start_on(dir: &Path, path: &str, extra: &[&str]) -> Watch {
        Watch::start_with(Command::new(env!("CARGO_BIN_EXE_muster")), dir, path, extra)
    }

    /// Starts `program` (the binary, or a wrapper running it) as `muster watch`.
    fn start_with(mut program: Command, dir: &Path, path: &str, extra: &[&str]) -> Watch {
        let mut child = program
            .arg("watch")
            .arg(path)
            .args(["--debounce", DEBOUNCE])
            .args(extra)
            .current_dir(dir)
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let rx = common::lines_of(stdout);
        let mut watch = Watch {
            child,
            lines: rx,
            seen: Vec::new(),
        };
        watch.expect(|l| l.contains(&format!("watching {path}: ")));
        watch.idle();
        watch
    }

    /// Waits for the next status line and returns it.
    fn next_status(&mut self) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if is_status(&line) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no status line within {PATIENCE:?}; seen: {:#?}", self.seen)
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("watch ended early; seen: {:#?}", self.seen)
                }
            }
        }
    }

    /// Waits for the next status line and checks it with `ok`; returns it.
    fn expect(&mut self, ok: impl Fn(&str) -> bool) -> String {
        let line = self.next_status();
        assert!(
            ok(&line),
            "unexpected status line: {line}\nall: {:#?}",
            self.seen
        );
        line
    }

    /// Waits for a status line that satisfies `ok`, passing over others (the
    /// bursts of a folder swap may be seen as one cycle or two).
    fn expect_eventually(&mut self, ok: impl Fn(&str) -> bool) -> String {
        loop {
            let line = self.next_status();
            if ok(&line) {
                return line;
            }
        }
    }

    /// Reads lines until `quiet` passes without one.
    fn drain(&mut self, quiet: Duration) {
        while let Ok(line) = self.lines.recv_timeout(quiet) {
            self.seen.push(line);
        }
    }

    /// Asserts no status line comes for a while (one line per burst; idle is silent).
    fn idle(&mut self) {
        let deadline = Instant::now() + IDLE;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    assert!(
                        !is_status(&line),
                        "extra status line: {line}\nall: {:#?}",
                        self.seen
                    );
                }
                Err(_) => break,
            }
        }
    }

    /// Runs the steps of one save while watch is stopped (SIGSTOP), so that it
    /// reads all their events at once when it continues: one burst however slow
    /// the machine is between the steps.
    fn burst(&mut self, steps: impl FnOnce()) {
        let pid = i32::try_from(self.child.id()).unwrap();
        // SAFETY: plain kill(2) on our own child.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGSTOP) }, 0);
        let deadline = Instant::now() + PATIENCE;
        while !stopped(self.child.id()) {
            assert!(Instant::now() < deadline, "watch did not stop on SIGSTOP");
            thread::sleep(Duration::from_millis(5));
        }
        steps();
        // SAFETY: as above.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGCONT) }, 0);
    }

    /// Sends SIGINT (Ctrl-C) and waits for the exit.
    fn interrupt(&mut self) -> ExitStatus {
        let pid = i32::try_from(self.child.id()).unwrap();
        // SAFETY: plain kill(2) on our own child.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "watch did not stop on SIGINT");
            thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Whether process `pid` is stopped (state `T` in `/proc/PID/stat`).
fn stopped(pid: u32) -> bool {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    stat.rsplit(')').next().unwrap().split_whitespace().next() == Some("T")
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn append(path: &Path, text: &str) {
    let mut f = fs::OpenOptions::new().append(true).open(path).unwrap();
    f.write_all(text.as_bytes()).unwrap();
}

fn one_checked(name: &str) -> impl Fn(&str) -> bool + '_ {
    move |l: &str| l.contains(&format!("] {name} changed: 1 scenario checked,"))
}

#[test]
fn write_in_place_rechecks_the_scenario_once() {
    let dir = pack();
    let mut w = Watch::start(dir.path(), &[]);
    append(&dir.path().join("alpha.muster"), "// edited in place\n");
    w.expect(one_checked("alpha.muster"));
    w.idle();
}

#[test]
fn write_new_and_rename_over_is_one_save() {
    let dir = pack();
    let mut w = Watch::start(dir.path(), &[]);
    let target = dir.path().join("alpha.muster");
    let text = fs::read_to_string(&target).unwrap() + "// renamed over\n";
    // vim (backupcopy=no): move the original aside, write anew, drop the backup.
    w.burst(|| {
        fs::rename(&target, dir.path().join("alpha.muster~")).unwrap();
        fs::write(&target, &text).unwrap();
        fs::remove_file(dir.path().join("alpha.muster~")).unwrap();
    });
    w.expect(one_checked("alpha.muster"));
    w.idle();
    // Other editors: write a temporary, rename it over the original.
    let temp = dir.path().join(".alpha.muster.new");
    w.burst(|| {
        fs::write(&temp, text + "// again\n").unwrap();
        fs::rename(&temp, &target).unwrap();
    });
    w.expect(one_checked("alpha.muster"));
    w.idle();
}

#[test]
fn jetbrains_safe_write_is_one_save() {
    let dir = pack();
    let mut w = Watch::start(dir.path(), &[]);
    let target = dir.path().join("bravo.muster");
    let tmp = dir.path().join("bravo.muster___jb_tmp___");
    let old = dir.path().join("bravo.muster___jb_old___");
    w.burst(|| {
        fs::write(
            &tmp,
            fs::read_to_string(&target).unwrap() + "// safe write\n",
        )
        .unwrap();
        fs::rename(&target, &old).unwrap();
        fs::rename(&tmp, &target).unwrap();
        fs::remove_file(&old).unwrap();
    });
    w.expect(one_checked("bravo.muster"));
    w.idle();
}

#[test]
fn delete_then_recreate() {
    let dir = pack();
    let mut w = Watch::start(dir.path(), &[]);
    let target = dir.path().join("alpha.muster");
    let text = fs::read_to_string(&target).unwrap();
    // Within one burst: one cycle, the scenario checked as it now is.
    w.burst(|| {
        fs::remove_file(&target).unwrap();
        fs::write(&target, &text).unwrap();
    });
    w.expect(one_checked("alpha.muster"));
    w.idle();
    // Apart: the removal is reported (nothing left to check), then the return.
    fs::remove_file(&target).unwrap();
    w.expect(|l| l.contains("] alpha.muster changed: 0 scenarios checked,"));
    w.idle();
    fs::write(&target, &text).unwrap();
    w.expect(one_checked("alpha.muster"));
    w.idle();
}

#[test]
fn folders_added_renamed_and_removed() {
    let dir = pack();
    let mut w = Watch::start(dir.path(), &[]);
    let text = fs::read_to_string(dir.path().join("charlie.muster")).unwrap();
    fs::create_dir(dir.path().join("extra")).unwrap();
    fs::write(dir.path().join("extra/delta.muster"), &text).unwrap();
    w.expect(|l| l.contains("scenario checked") && l.contains("extra"));
    w.idle();
    fs::rename(dir.path().join("extra"), dir.path().join("more")).unwrap();
    w.expect(|l| l.contains("] extra and more changed: 1 scenario checked,"));
    w.idle();
    fs::remove_dir_all(dir.path().join("more")).unwrap();
    w.expect(|l| l.contains("] more changed: 0 scenarios checked,"));
    w.idle();
    // Folders and files that hold no scenario are not news.
    fs::create_dir(dir.path().join("empty")).unwrap();
    fs::write(dir.path().join("README"), "notes\n").unwrap();
    fs::write(dir.path().join("notes.txt"), "notes\n").unwrap();
    w.idle();
}

#[test]
fn a_library_edit_rechecks_every_importing_scenario() {
    let dir = pack();
    let mut w = Watch::start(dir.path(), &[]);
    append(&dir.path().join(LIBRARY), "// a library note\n");
    w.expect(|l| l.contains(&format!("] {LIBRARY} changed: 2 scenarios checked,")));
    w.idle();
}

#[test]
fn a_template_edit_rebuilds_with_out() {
    let dir = pack();
    fs::write(
        dir.path().join("muster.toml"),
        "templates = \"templates\"\n",
    )
    .unwrap();
    fs::create_dir(dir.path().join("templates")).unwrap();
    let css = dir.path().join("templates/briefing.css");
    fs::write(&css, "/* house style 1 */ body { color: black }\n").unwrap();
    let out = tempfile::tempdir().unwrap();
    let mut w = Watch::start(dir.path(), &["--out", out.path().to_str().unwrap()]);
    fs::write(&css, "/* house style 2 */ body { color: navy }\n").unwrap();
    let line = w.expect(|l| l.contains("] templates/briefing.css changed: 3 scenarios checked,"));
    assert!(
        line.contains(" 0 errors") && line.contains("3 built"),
        "{line}"
    );
    w.idle();
    let rebuilt = snapshot(&out.path().join("alpha"));
    assert!(
        rebuilt
            .iter()
            .any(|(_, text)| String::from_utf8_lossy(text).contains("house style 2")),
        "the briefings carry the edited template"
    );
}

#[test]
fn a_broken_save_keeps_the_last_good_outputs_until_fixed() {
    let dir = pack();
    let out = tempfile::tempdir().unwrap();
    let mut w = Watch::start(dir.path(), &["--out", out.path().to_str().unwrap()]);
    let built = out.path().join("alpha");
    let before = snapshot(&built);
    assert!(!before.is_empty(), "alpha was built at start");
    let target = dir.path().join("alpha.muster");
    let good = fs::read_to_string(&target).unwrap();
    fs::write(&target, format!("{good}\nBROKEN {{{{ half typed\n")).unwrap();
    let line = w.expect(one_checked("alpha.muster"));
    assert!(!line.contains(" 0 errors"), "{line}");
    assert!(
        line.contains("0 built, 1 kept from the last good build"),
        "{line}"
    );
    w.idle();
    assert_eq!(snapshot(&built), before, "the last good outputs stay");
    fs::write(&target, &good).unwrap();
    let line = w.expect(one_checked("alpha.muster"));
    assert!(line.contains(", 1 built"), "{line}");
    w.idle();
}

/// Every file under `dir` with its contents.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(snapshot(&path));
        } else {
            files.push((path.clone(), fs::read(&path).unwrap()));
        }
    }
    files.sort();
    files
}

#[test]
fn an_output_folder_inside_the_pack_causes_no_rebuild_loop() {
    let dir = pack();
    // Watch::start already asserts a second of silence after the first build.
    let mut w = Watch::start(dir.path(), &["--out", "site"]);
    assert!(dir.path().join("site/alpha").is_dir());
    append(&dir.path().join("alpha.muster"), "// edited\n");
    let line = w.expect(one_checked("alpha.muster"));
    assert!(line.contains("1 built"), "{line}");
    w.idle();
    w.idle();
}

#[test]
fn a_removed_pack_folder_is_reported_and_watched_again_when_back() {
    let dir = tempfile::tempdir().unwrap();
    let pack = pack();
    let root = dir.path().join("pack");
    fs::rename(pack.path(), &root).unwrap();
    let mut w = Watch::start_on(dir.path(), "pack", &[]);
    fs::rename(&root, dir.path().join("elsewhere")).unwrap();
    w.expect(|l| l.contains("was removed; waiting for it to come back"));
    w.idle();
    fs::rename(dir.path().join("elsewhere"), &root).unwrap();
    w.expect(|l| l.contains("is back: 3 scenarios checked,"));
    w.idle();
    append(&root.join("alpha.muster"), "// after the return\n");
    w.expect(one_checked("alpha.muster"));
    w.idle();
}

#[test]
fn ctrl_c_exits_cleanly() {
    let dir = pack();
    let mut w = Watch::start(dir.path(), &[]);
    let status = w.interrupt();
    assert_eq!(status.code(), Some(0));
}

#[test]
fn serve_shows_briefings_and_reloads_after_a_rebuild() {
    let dir = pack();
    let out = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args([
            "watch",
            ".",
            "--debounce",
            DEBOUNCE,
            "--serve",
            "--port",
            "0",
            "--out",
        ])
        .arg(out.path())
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    let url = first.split_whitespace().nth(1).unwrap().to_string();
    let address = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut status = String::new();
    reader.read_line(&mut status).unwrap();
    assert!(is_status(&status), "{status}");
    let get = |path: &str| {
        let mut s = TcpStream::connect(&address).unwrap();
        write!(s, "GET {path} HTTP/1.1\r\nHost: {address}\r\n\r\n").unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        text
    };
    let index = get("/");
    assert!(index.contains("href=\"/alpha/umpire.html\""), "{index}");
    let briefing = get("/alpha/umpire.html");
    assert!(briefing.starts_with("HTTP/1.1 200") && briefing.contains("/__muster/version"));
    let on_disk = fs::read_to_string(out.path().join("alpha/umpire.html")).unwrap();
    assert!(
        !on_disk.contains("<script"),
        "files on disk stay script-free"
    );
    assert!(get("/../muster.toml").starts_with("HTTP/1.1 404"));
    assert!(get("/%2e%2e/alpha.muster").starts_with("HTTP/1.1 404"));
    let version = |t: String| t.rsplit("\r\n\r\n").next().unwrap().to_string();
    let before = version(get("/__muster/version"));
    append(&dir.path().join("alpha.muster"), "// reload me\n");
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    assert!(line.contains("alpha.muster changed"), "{line}");
    assert_ne!(version(get("/__muster/version")), before);
    let _ = child.kill();
    let _ = child.wait();
}

/// Copies a folder tree (files and folders only).
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap().flatten() {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&path, &target);
        } else {
            fs::copy(&path, &target).unwrap();
        }
    }
}

#[test]
fn a_pack_folder_replaced_with_no_pause_is_watched_again_10_times() {
    let dir = tempfile::tempdir().unwrap();
    let source = pack();
    let root = dir.path().join("pack");
    copy_tree(source.path(), &root);
    let mut w = Watch::start_on(dir.path(), "pack", &[]);
    for round in 0..10 {
        if round % 2 == 0 {
            // `rm -rf p && cp -r src p`
            fs::remove_dir_all(&root).unwrap();
            copy_tree(source.path(), &root);
        } else {
            // `mv p p.old && mv p.new p`
            let new = dir.path().join("pack.new");
            copy_tree(source.path(), &new);
            let old = dir.path().join("pack.old");
            fs::rename(&root, &old).unwrap();
            fs::rename(&new, &root).unwrap();
            fs::remove_dir_all(&old).unwrap();
        }
        w.expect_eventually(|l| l.contains("was replaced") || l.contains("is back"));
        w.drain(IDLE);
        append(&root.join("alpha.muster"), &format!("// round {round}\n"));
        w.expect_eventually(one_checked("alpha.muster"));
        w.drain(IDLE);
    }
}

#[test]
fn an_output_folder_holding_the_sources_is_refused() {
    let dir = pack();
    for out in [".", "..", "lib"] {
        let output = Command::new(env!("CARGO_BIN_EXE_muster"))
            .args(["watch", ".", "--out", out])
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{out}: {stderr}");
        assert!(
            stderr.contains("error[MC117]: cannot use")
                && (stderr.contains("is the pack")
                    || stderr.contains("contains the pack")
                    || stderr.contains("holds the source file")),
            "{out}: {stderr}"
        );
    }
}

/// inotify watches the process holds, from /proc.
fn inotify_watches(pid: u32) -> usize {
    let mut count = 0;
    for fd in fs::read_dir(format!("/proc/{pid}/fdinfo"))
        .unwrap()
        .flatten()
    {
        if let Ok(info) = fs::read_to_string(fd.path()) {
            count += info
                .lines()
                .filter(|l| l.starts_with("inotify wd:"))
                .count();
        }
    }
    count
}

#[test]
fn symlinks_out_of_the_pack_are_not_followed() {
    let dir = pack();
    let outside = tempfile::tempdir().unwrap();
    for i in 0..50 {
        fs::create_dir_all(outside.path().join(format!("d{i}/e"))).unwrap();
    }
    fs::write(
        outside.path().join("d0/far.muster"),
        fixture("standalone.muster"),
    )
    .unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("outside-link")).unwrap();
    std::os::unix::fs::symlink("/usr", dir.path().join("usr-link")).unwrap();
    let mut w = Watch::start(dir.path(), &[]);
    let watches = inotify_watches(w.child.id());
    // The pack has two folders (root and lib); the links add nothing.
    assert!(watches <= 4, "{watches} inotify watches");
    append(&outside.path().join("d0/far.muster"), "// edited outside\n");
    w.idle();
}

#[test]
fn messages_a_new_broken_file_is_not_kept_from_a_build_it_never_had() {
    let dir = pack();
    let out = tempfile::tempdir().unwrap();
    let mut w = Watch::start(dir.path(), &["--out", out.path().to_str().unwrap()]);
    fs::write(dir.path().join("delta.muster"), "BROKEN {{ half typed\n").unwrap();
    let line = w.expect(one_checked("delta.muster"));
    assert!(line.contains("0 built"), "{line}");
    assert!(!line.contains("kept from the last good build"), "{line}");
    w.idle();
}

#[test]
fn watch_reports_an_unreadable_folder_and_checks_the_rest() {
    use std::os::unix::fs::PermissionsExt;
    let dir = pack();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o777)).unwrap();
    fs::create_dir(dir.path().join("locked")).unwrap();
    fs::write(
        dir.path().join("locked/delta.muster"),
        fixture("standalone.muster"),
    )
    .unwrap();
    for entry in ["alpha.muster", "bravo.muster", "charlie.muster", LIBRARY] {
        fs::set_permissions(dir.path().join(entry), fs::Permissions::from_mode(0o666)).unwrap();
    }
    fs::set_permissions(dir.path().join("lib"), fs::Permissions::from_mode(0o777)).unwrap();
    fs::set_permissions(dir.path().join("locked"), fs::Permissions::from_mode(0o000)).unwrap();
    // Root reads mode-000 folders: run as nobody, from a copy anyone may run.
    let binary = dir.path().join(".muster-bin");
    common::copy_binary_for_anyone(&binary);
    // SAFETY: geteuid(2) has no preconditions.
    let program = if unsafe { libc::geteuid() } == 0 {
        if !Path::new("/usr/bin/setpriv").exists() {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "setpriv is needed to drop privileges under CI"
            );
            eprintln!("skipped: setpriv is missing, cannot drop root's privileges");
            return;
        }
        let mut cmd = Command::new("/usr/bin/setpriv");
        cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&binary);
        cmd
    } else {
        Command::new(&binary)
    };
    let mut child = program;
    child.env("RAYON_NUM_THREADS", "2");
    let mut w = Watch::start_with(child, dir.path(), ".", &[]);
    assert!(
        w.seen
            .iter()
            .any(|l| l.contains("watching .: 3 scenarios checked, 1 error,")),
        "{:#?}",
        w.seen
    );
    assert!(
        w.seen
            .iter()
            .any(|l| l.contains("cannot read the folder `locked`: permission denied")),
        "{:#?}",
        w.seen
    );
    append(&dir.path().join("alpha.muster"), "// still watched\n");
    w.expect_eventually(|l| l.contains("alpha.muster changed: 1 scenario checked"));
    fs::set_permissions(dir.path().join("locked"), fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn watch_writes_nothing_while_muster_toml_is_broken() {
    let dir = pack();
    fs::write(
        dir.path().join("muster.toml"),
        "nmae = \"typo\"\n[severity]\nMC802 = \"deny\"\n",
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let w = Watch::start(dir.path(), &["--out", out.path().to_str().unwrap()]);
    let first = w.seen.iter().find(|l| is_status(l)).unwrap();
    assert!(
        first.contains("0 built") && first.contains("`muster.toml` has problems; nothing written"),
        "{first}"
    );
    assert!(
        w.seen.iter().any(|l| l.contains("unknown key `nmae`")),
        "{:#?}",
        w.seen
    );
    let written: Vec<PathBuf> = snapshot(out.path())
        .into_iter()
        .map(|(p, _)| p)
        .filter(|p| !p.ends_with(".muster-lock"))
        .collect();
    assert!(written.is_empty(), "outputs were written: {written:?}");
}

#[test]
fn plain_watch_builds_into_the_out_of_muster_toml() {
    let dir = pack();
    fs::write(dir.path().join("muster.toml"), "out = \"site\"\n").unwrap();
    let w = Watch::start(dir.path(), &[]);
    let first = w.seen.iter().find(|l| is_status(l)).unwrap();
    assert!(first.contains(", 3 built"), "{first}");
    assert!(
        dir.path().join("site/alpha").is_dir(),
        "{:?}",
        snapshot(dir.path())
    );
}

/// A pack folder replaced by a fresh copy (a checkout: `mv p p.old && mv p.new p`)
/// whose `out` lies inside it: the watch builds again into the new pack's
/// output folder, not only checks.
#[test]
fn a_replaced_pack_with_its_output_inside_is_built_again() {
    let dir = tempfile::tempdir().unwrap();
    let source = pack();
    fs::write(source.path().join("muster.toml"), "out = \"site\"\n").unwrap();
    let root = dir.path().join("pack");
    copy_tree(source.path(), &root);
    let mut w = Watch::start_on(dir.path(), "pack", &[]);
    assert!(root.join("site/alpha/umpire.html").exists());
    let new = dir.path().join("pack.new");
    copy_tree(source.path(), &new);
    fs::rename(&root, dir.path().join("pack.old")).unwrap();
    fs::rename(&new, &root).unwrap();
    w.expect_eventually(|l| l.contains("was replaced") || l.contains("is back"));
    w.drain(IDLE);
    append(&root.join("alpha.muster"), "// edited after the checkout\n");
    let line = w.expect_eventually(one_checked("alpha.muster"));
    assert!(line.contains("1 built"), "{line}");
    assert!(
        root.join("site/alpha/umpire.html").exists(),
        "nothing built in the new pack"
    );
}
