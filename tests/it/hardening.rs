//! `build` and `check` on a hostile pack: the output root never leaves its pack
//! through a symlink, nothing is written or deleted outside it, house rules are
//! never dropped by a broken `muster.toml`, output folders never collide, builds
//! take turns, and an unreadable file or folder is reported while the rest is
//! checked.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{run, TempPack, CLEAN};
use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every entry below `dir` (not following symlinks) with its kind, mode and bytes.
fn tree(dir: &Path) -> BTreeMap<PathBuf, (String, u32, Vec<u8>)> {
    let mut found = BTreeMap::new();
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        let meta = fs::symlink_metadata(&path).unwrap();
        let rel = path.strip_prefix(dir).unwrap().to_path_buf();
        if meta.file_type().is_symlink() {
            let target = fs::read_link(&path).unwrap();
            found.insert(
                rel,
                (
                    "link".into(),
                    0,
                    target.into_os_string().into_encoded_bytes(),
                ),
            );
        } else if meta.is_dir() {
            found.insert(rel.clone(), ("dir".into(), meta.mode(), Vec::new()));
            for (p, v) in tree(&path) {
                found.insert(rel.join(p), v);
            }
        } else {
            found.insert(rel, ("file".into(), meta.mode(), fs::read(&path).unwrap()));
        }
    }
    found
}

/// The id of a process that has ended.
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

/// A canary folder beside the pack: the user's files, a briefing folder with the
/// name a scenario would build into, and temporary-looking files of a dead process
/// (which a clean-up following symlinks would delete).
fn canary(pack: &TempPack) -> PathBuf {
    let canary = pack.path().join("canary");
    let dead = dead_pid();
    pack.write("canary/precious.txt", "the user's own file\n");
    pack.write("canary/crossroads/umpire.html", "<p>not muster's</p>\n");
    pack.write(
        &format!("canary/.muster-tmp-{dead}-abcdef"),
        "not ours to delete\n",
    );
    pack.write(
        &format!("canary/crossroads/.muster-tmp-{dead}-xyz"),
        "nor this\n",
    );
    canary
}

#[test]
fn an_out_symlinked_out_of_the_pack_is_refused_and_the_canary_untouched() {
    let pack = TempPack::new();
    pack.write("pack/crossroads.muster", CLEAN);
    pack.write("pack/muster.toml", "out = \"site\"\n");
    let canary = canary(&pack);
    let before = tree(&canary);
    symlink(&canary, pack.root().join("site")).unwrap();
    let (code, _, stderr) = run(&mut pack.muster(&["build", "pack"]));
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("error[MC117]: cannot use `site` as the output folder")
            && stderr.contains("leaves the pack through a symlink"),
        "{stderr}"
    );
    assert_eq!(tree(&canary), before, "the canary folder changed");
    // A folder further down the `out` path may not be a way out either.
    fs::remove_file(pack.root().join("site")).unwrap();
    pack.write("pack/muster.toml", "out = \"build/site\"\n");
    symlink(&canary, pack.root().join("build")).unwrap();
    let (code, _, stderr) = run(&mut pack.muster(&["build", "pack"]));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("error[MC117]"), "{stderr}");
    assert_eq!(tree(&canary), before, "the canary folder changed");
}

/// `build` with symlinks inside the output folder leading to the canary: through
/// `--out` and through `out` in muster.toml, nothing there is written or deleted.
#[test]
fn build_never_writes_or_deletes_outside_the_output_root() {
    for configured in [false, true] {
        let pack = TempPack::new();
        pack.write("pack/crossroads.muster", CLEAN);
        pack.write("pack/other.muster", &CLEAN.replace("Crossroads", "Other"));
        let canary = canary(&pack);
        let before = tree(&canary);
        let out = if configured {
            pack.write("pack/muster.toml", "out = \"site\"\n");
            pack.root().join("site")
        } else {
            pack.path().join("out")
        };
        fs::create_dir_all(&out).unwrap();
        // The scenario's own folder, and a folder inside another, lead out.
        symlink(canary.join("crossroads"), out.join("crossroads")).unwrap();
        fs::create_dir_all(out.join("other")).unwrap();
        symlink(&canary, out.join("other/deeper")).unwrap();
        symlink(canary.join("precious.txt"), out.join("other/scenario.json")).unwrap();
        let args: &[&str] = if configured {
            &["build", "pack"]
        } else {
            &["build", "pack", "--out", "out"]
        };
        let (code, _, stderr) = run(&mut pack.muster(args));
        assert_eq!(code, 1, "configured {configured}: {stderr}");
        assert!(
            stderr.contains("cannot build `pack/crossroads.muster`")
                && stderr.contains("would leave the output folder"),
            "{stderr}"
        );
        assert_eq!(
            tree(&canary),
            before,
            "configured {configured}: canary changed"
        );
        // The file symlink was replaced by a real file inside the output, not followed.
        let meta = fs::symlink_metadata(out.join("other/scenario.json")).unwrap();
        assert!(meta.is_file(), "configured {configured}");
    }
}

#[test]
fn a_typo_in_muster_toml_is_an_error_and_build_writes_nothing() {
    let pack = TempPack::new();
    pack.write(
        "pack/muster.toml",
        "nmae = \"typo\"\n[severity]\nMC802 = \"deny\"\n",
    );
    pack.write("pack/crossroads.muster", CLEAN);
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack"]));
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("unknown key `nmae` in `muster.toml`"),
        "{stdout}"
    );
    let (code, stdout, stderr) = run(&mut pack.muster(&["build", "pack", "--out", "out"]));
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("unknown key `nmae`"), "{stdout}");
    assert!(stderr.contains("nothing written"), "{stderr}");
    assert!(
        tree(&pack.path().join("out")).is_empty(),
        "outputs were written"
    );
}

#[test]
fn messages_out_dot_names_the_reason_not_a_missing_folder() {
    let pack = TempPack::new();
    pack.write("pack/muster.toml", "out = \".\"\n");
    pack.write("pack/crossroads.muster", CLEAN);
    let (code, stdout, stderr) = run(&mut pack.muster(&["build", "pack"]));
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.contains("MC117") && stdout.contains("is the pack itself"),
        "{stdout}"
    );
    assert!(!stderr.contains("no output folder given"), "{stderr}");
    assert!(!pack.root().join("crossroads").exists());
}

#[test]
fn scenarios_building_into_one_folder_are_an_error_naming_both() {
    for (a, b, folder) in [
        ("east/op.muster", "west/op.muster", "op"),
        ("my op.muster", "my_op.muster", "my_op"),
    ] {
        let pack = TempPack::new();
        pack.write(&format!("pack/{a}"), CLEAN);
        pack.write(&format!("pack/{b}"), CLEAN);
        let (code, stdout, stderr) =
            run(&mut pack.muster(&["build", "pack", "--out", "out", "--format", "json"]));
        assert_eq!(code, 1, "{stdout}{stderr}");
        let message = format!(
            "`pack/{a}` and `pack/{b}` would both be built into the output folder `{folder}`"
        );
        assert!(stdout.contains(&message), "{stdout}");
        let swapped = format!("`pack/{b}` and `pack/{a}` would both");
        assert!(stdout.contains(&swapped), "{stdout}");
        assert!(!pack.path().join("out").join(folder).exists());
        let (code, _, _) = run(&mut pack.muster(&["check", "pack"]));
        assert_eq!(code, 1);
    }
    // Different names: no collision.
    let pack = TempPack::new();
    pack.write("pack/east/op.muster", CLEAN);
    pack.write("pack/west/op-west.muster", CLEAN);
    let (code, stdout, _) = run(&mut pack.muster(&["build", "pack", "--out", "out"]));
    assert_eq!(code, 0, "{stdout}");
}

#[test]
fn concurrent_builds_take_turns_and_keep_each_others_temporaries() {
    let pack = TempPack::new();
    for i in 0..40 {
        let text = CLEAN.replace("\"Crossroads\"", &format!("\"Crossroads {i}\""));
        pack.write(&format!("pack/s{i:02}.muster"), &text);
    }
    let out = pack.path().join("out");
    fs::create_dir_all(&out).unwrap();
    // A temporary of a live process (this test) stays; one of a dead one goes.
    let mine = format!(".muster-tmp-{}-live", std::process::id());
    let dead = format!(".muster-tmp-{}-gone", dead_pid());
    fs::write(out.join(&mine), "in flight").unwrap();
    fs::write(out.join(&dead), "stale").unwrap();
    let children: Vec<_> = (0..4)
        .map(|_| {
            Command::new(assert_cmd::cargo::cargo_bin("muster"))
                .current_dir(pack.path())
                .env("NO_COLOR", "1")
                .args(["build", "pack", "--out", "out", "--format", "json"])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{stderr}");
        assert!(!stderr.contains("No such file"), "{stderr}");
    }
    assert!(
        out.join(&mine).is_file(),
        "a live process's temporary was deleted"
    );
    assert!(!out.join(&dead).exists(), "a stale temporary was kept");
    let temporaries: Vec<_> = tree(&out)
        .into_keys()
        .filter(|p| p.to_string_lossy().contains(".muster-tmp-") && !p.ends_with(&mine))
        .collect();
    assert!(temporaries.is_empty(), "{temporaries:?}");
    let mode = fs::metadata(out.join("s00/umpire.html")).unwrap().mode();
    assert_eq!(
        mode & 0o044,
        0o044,
        "outputs are readable by others: {mode:o}"
    );
}

/// Runs `muster ARGS` in `dir` as an unprivileged user when we are root (root
/// reads mode-000 folders), from a copy of the binary anyone may run.
fn muster_unprivileged(dir: &Path, args: &[&str]) -> Option<(i32, String, String)> {
    let binary = dir.join("muster-bin");
    common::copy_binary_for_anyone(&binary);
    // SAFETY: geteuid(2) has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    let mut cmd = if root {
        let setpriv = Path::new("/usr/bin/setpriv");
        if !setpriv.exists() {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "setpriv is needed to drop privileges under CI"
            );
            eprintln!("skipped: setpriv is missing, cannot drop root's privileges");
            return None;
        }
        let mut cmd = Command::new(setpriv);
        cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&binary);
        cmd
    } else {
        Command::new(&binary)
    };
    cmd.args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("RAYON_NUM_THREADS", "2");
    let out = cmd.output().unwrap();
    Some((
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

/// A pack in a world-readable temporary folder, for the unprivileged runs.
fn open_pack() -> TempPack {
    let pack = TempPack::new();
    fs::set_permissions(pack.path(), fs::Permissions::from_mode(0o777)).unwrap();
    pack
}

fn open_up(dir: &Path) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if entry.file_type().unwrap().is_dir() {
            fs::set_permissions(&path, fs::Permissions::from_mode(0o777)).unwrap();
            open_up(&path);
        } else {
            fs::set_permissions(&path, fs::Permissions::from_mode(0o666)).unwrap();
        }
    }
}

/// An open pack holding `files` (clean scenarios), with `locked` made mode 000.
fn pack_with_locked(files: &[&str], locked: &str) -> TempPack {
    let pack = open_pack();
    for file in files {
        let title = file.trim_end_matches(".muster").replace('/', " ");
        pack.write(
            &format!("pack/{file}"),
            &CLEAN.replace("Crossroads", &title),
        );
    }
    open_up(pack.path());
    fs::set_permissions(pack.root().join(locked), fs::Permissions::from_mode(0o000)).unwrap();
    pack
}

#[test]
fn an_unreadable_folder_is_reported_and_the_rest_checked() {
    let files = [
        "crossroads.muster",
        "more/other.muster",
        "locked/hidden.muster",
    ];
    let pack = pack_with_locked(&files, "locked");
    let Some((code, stdout, stderr)) = muster_unprivileged(pack.path(), &["check", "pack"]) else {
        return;
    };
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.contains("error[MC116]")
            && stdout.contains("cannot read the folder `pack/locked`: permission denied"),
        "{stdout}"
    );
    assert!(stdout.contains("checked 2 scenarios"), "{stdout}");
    let Some((code, stdout, stderr)) =
        muster_unprivileged(pack.path(), &["build", "pack", "--out", "out"])
    else {
        return;
    };
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        pack.path().join("out/crossroads/umpire.html").is_file(),
        "{stderr}"
    );
    assert!(
        pack.path().join("out/other/umpire.html").is_file(),
        "{stderr}"
    );
    fs::set_permissions(
        pack.root().join("locked"),
        fs::Permissions::from_mode(0o755),
    )
    .unwrap();
}

#[test]
fn messages_an_unreadable_scenario_reports_only_that() {
    let pack = pack_with_locked(&["crossroads.muster", "locked.muster"], "locked.muster");
    let Some((code, stdout, stderr)) = muster_unprivileged(pack.path(), &["check", "pack"]) else {
        return;
    };
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.contains("cannot read the file `pack/locked.muster`: permission denied"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("MC104") && !stdout.contains("MC106"),
        "{stdout}"
    );
    assert!(stdout.contains("checked 2 scenarios in"), "{stdout}");
    assert!(stdout.contains("s: 1 error, 0 warnings"), "{stdout}");
}

#[test]
fn messages_a_huge_single_token_gives_a_bounded_report() {
    let pack = TempPack::new();
    pack.write("pack/huge.muster", &"x".repeat(3 * 1024 * 1024));
    let (code, stdout, stderr) = run(&mut pack.muster(&["check", "pack"]));
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.len() < 16 * 1024, "{} bytes of report", stdout.len());
    assert!(
        stdout.contains("MC001"),
        "{}",
        &stdout[..stdout.len().min(2000)]
    );
}

/// The case files of the codes the `muster` command emits (not `run`): each is
/// placed in a pack as its `// files:` line says (with its `.toml` as
/// `muster.toml`, its `// unreadable:` path locked, each `// template: NAME TEXT`
/// as `templates/NAME`, each `// fifo: NAME` a named pipe), checked by the real binary,
/// and every `// cli-expect: CODE text` must be met by a finding of that code
/// whose message or help contains the text; a near miss must report nothing.
#[test]
fn cli_cases_report_what_their_files_expect() {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut ran = 0;
    for code in ["MC115", "MC116", "MC117", "MC118", "MC119", "MC120"] {
        for (name, text) in common::case_files(code) {
            let directive = |key: &str| -> Vec<String> {
                text.lines()
                    .filter_map(|l| l.strip_prefix(&format!("// {key}: ")))
                    .map(str::to_string)
                    .collect()
            };
            let pack = open_pack();
            let files = directive("files");
            let files: Vec<&str> = match files.first() {
                Some(list) => list.split_whitespace().collect(),
                None => vec![name.as_str()],
            };
            for file in files {
                pack.write(&format!("pack/{file}"), &text);
            }
            for fifo in directive("fifo") {
                let made = Command::new("mkfifo")
                    .arg(pack.root().join(fifo))
                    .status()
                    .unwrap();
                assert!(made.success());
            }
            for line in directive("template") {
                let (file, content) = line.split_once(' ').unwrap();
                pack.write(&format!("pack/templates/{file}"), content);
            }
            let toml = cases.join(name.replace(".muster", ".toml"));
            if let Ok(config) = fs::read_to_string(toml) {
                pack.write("pack/muster.toml", &config);
            }
            open_up(pack.path());
            // A refusal before checking (`// args:` given): read from stderr.
            if let Some(args) = directive("args").first() {
                let mut argv = vec!["build", "pack", "--out", "out"];
                argv.extend(args.split_whitespace().filter(|a| *a != "(none)"));
                let mut cmd = pack.muster(&argv);
                cmd.env("PATH", "");
                let (code, _, stderr) = run(&mut cmd);
                let expected = directive("cli-expect");
                if expected.is_empty() {
                    assert_eq!(code, 0, "{name}: {stderr}");
                    assert!(!stderr.contains("error"), "{name}: {stderr}");
                }
                for want in expected {
                    let (want_code, fragment) = want.split_once(' ').unwrap();
                    assert_eq!(code, 2, "{name}: {stderr}");
                    assert!(
                        stderr.contains(&format!("error[{want_code}]"))
                            && stderr.contains(fragment),
                        "{name}: no {want_code} saying `{fragment}` in {stderr}"
                    );
                }
                ran += 1;
                continue;
            }
            for locked in directive("unreadable") {
                fs::set_permissions(pack.root().join(locked), fs::Permissions::from_mode(0o000))
                    .unwrap();
            }
            let Some((_, stdout, stderr)) = muster_unprivileged(
                pack.path(),
                &["build", "pack", "--out", "out", "--format", "json"],
            ) else {
                return;
            };
            let report: serde_json::Value = serde_json::from_str(&stdout)
                .unwrap_or_else(|e| panic!("{name}: {e}\n{stdout}\n{stderr}"));
            let found: Vec<(String, String)> = report["files"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|f| f["diagnostics"].as_array().unwrap().clone())
                .map(|d| {
                    let text = format!(
                        "{}\n{}",
                        d["message"].as_str().unwrap_or(""),
                        d["help"].as_str().unwrap_or("")
                    );
                    (d["code"].as_str().unwrap().to_string(), text)
                })
                .collect();
            let expected = directive("cli-expect");
            if expected.is_empty() {
                assert!(found.is_empty(), "{name}: {found:?}");
            }
            for want in expected {
                let (want_code, fragment) = want.split_once(' ').unwrap();
                assert!(
                    found
                        .iter()
                        .any(|(c, t)| c == want_code && t.contains(fragment)),
                    "{name}: no {want_code} saying `{fragment}` in {found:?}"
                );
            }
            ran += 1;
        }
    }
    assert_eq!(ran, 12, "cases ran");
}

/// `muster check` with a timeout: a run still going after a minute is killed and
/// fails the test (reading a FIFO waits for a writer that never comes).
fn check_bounded(pack: &TempPack, args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(args)
        .current_dir(pack.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`muster {}` did not finish", args.join(" "));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// A FIFO named on the command line is refused at once (MC120), never opened;
/// the near miss, a regular scenario named the same way, is checked.
#[test]
fn a_fifo_named_explicitly_is_refused_at_once() {
    let pack = TempPack::new();
    pack.write("pack/a.muster", CLEAN);
    let fifo = pack.root().join("pipe.muster");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let (code, stdout) = check_bounded(&pack, &["check", "pack/pipe.muster"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("MC120"), "{stdout}");
    assert!(
        stdout.contains("muster does not read `pack/pipe.muster`: it is a FIFO (named pipe)"),
        "{stdout}"
    );
    let (code, stdout) = check_bounded(&pack, &["check", "pack/a.muster"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(!stdout.contains("MC120"), "{stdout}");
    // Found in a folder, it is reported the same way and the rest is checked.
    let (_, stdout) = check_bounded(&pack, &["check", "pack"]);
    assert!(stdout.contains("pack/pipe.muster"), "{stdout}");
    assert!(stdout.contains("MC120"), "{stdout}");
}

/// On Unix a backslash is an ordinary character in a file name: `a\b.muster`
/// is refused (MC120) rather than read as `a/b.muster`, which here holds a
/// scenario with an error that must not be reported twice.
#[test]
fn a_backslash_in_a_file_name_is_refused_not_read_as_a_folder() {
    let pack = TempPack::new();
    pack.write("pack/a\\b.muster", CLEAN);
    pack.write("pack/a/b.muster", &common::broken());
    let (code, stdout) = check_bounded(&pack, &["check", "pack"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("muster does not read `pack/a\\b.muster`: its name holds a backslash"),
        "{stdout}"
    );
    let named = check_bounded(&pack, &["check", "pack/a\\b.muster"]).1;
    assert!(named.contains("MC120"), "{named}");
}
