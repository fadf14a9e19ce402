//! `muster build --pdf` end to end: every sheet printed by headless Chromium, one
//! `game-pack.pdf` per scenario in game-pack order, no page holding only its
//! marks and footer, the page counts docs/output.md records, and a coded refusal
//! (exit 2) naming the package when Chromium is missing. Tests that print need
//! `chromium` and `pdftotext`: they fail under `CI=true` without them and are
//! skipped with a note elsewhere.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use crate::printed::{can_print, printed_pack};

use common::{run, tool_present};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// The scenario whose sheets are read one by one.
const SCENARIO: &str = "pegasus-bridge";

/// The Pegasus umpire sheet's page budget: seven pages of reference (the order of
/// battle at 8 pt takes three) behind the one-page front sheet that runs the game,
/// and two for the balance page (a chart and a table for each of its three
/// objectives).
const UMPIRE_PAGES_AT_MOST: usize = 10;

/// Where the page counts are recorded, between these two lines.
const DOC: &str = "docs/output.md";
const BEGIN: &str = "<!-- page counts: begin -->";
const END: &str = "<!-- page counts: end -->";

/// The number of pages of a PDF, as poppler reads it.
fn pages(pdf: &Path) -> usize {
    let out = std::process::Command::new("pdfinfo")
        .arg(pdf)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no page count for {}", pdf.display()))
}

/// The text of page `n`, by `pdftotext -f N -l N`.
fn page_text(pdf: &Path, n: usize) -> String {
    let out = std::process::Command::new("pdftotext")
        .args(["-f", &n.to_string(), "-l", &n.to_string()])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What a page holds besides its margin marks (audience, title, `page N of M`)
/// and the sheet's footer line.
fn body_of(text: &str, title: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .filter(|l| *l != title)
        .filter(|l| !(l.starts_with("page ") && l.contains(" of ")))
        .filter(|l| !(l.starts_with("UMPIRE ONLY") || l.starts_with("PLAYER:")))
        .filter(|l| !l.ends_with(" SIDE"))
        .filter(|l| !l.contains("built by muster"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The sheets of one scenario's folder, by kind in game-pack order, each kind's
/// sheets by name: `[("umpire", [("umpire", 6)]), ("side", [("british", 4), …])]`.
fn page_counts(folder: &Path) -> Vec<(&'static str, Vec<(String, usize)>)> {
    let mut kinds: Vec<(&'static str, Vec<(String, usize)>)> =
        ["umpire", "setup", "side", "player", "cards"]
            .iter()
            .map(|k| (*k, Vec::new()))
            .collect();
    let mut names: Vec<String> = fs::read_dir(folder)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pdf") && n != "game-pack.pdf")
        .collect();
    names.sort();
    for name in names {
        let stem = name.trim_end_matches(".pdf");
        let (kind, who) = stem.split_once('-').unwrap_or((stem, stem));
        let n = pages(&folder.join(&name));
        let slot = kinds
            .iter_mut()
            .find(|(k, _)| *k == kind)
            .unwrap_or_else(|| panic!("unknown sheet {name}"));
        slot.1.push((who.to_string(), n));
    }
    kinds
}

/// One row of the recorded table.
fn row(scenario: &str, folder: &Path) -> String {
    let cells: Vec<String> = page_counts(folder)
        .into_iter()
        .map(|(kind, sheets)| {
            if kind == "umpire" || kind == "setup" {
                sheets
                    .iter()
                    .map(|(_, n)| n.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                sheets
                    .iter()
                    .map(|(who, n)| format!("{who} {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        })
        .collect();
    format!(
        "| {scenario} | {} | {} |",
        cells.join(" | "),
        pages(&folder.join("game-pack.pdf"))
    )
}

/// The recorded rows of docs/output.md by scenario.
fn recorded() -> BTreeMap<String, String> {
    let doc = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(DOC)).unwrap();
    let start = doc.find(BEGIN).expect("the page-count table's begin mark");
    let end = doc.find(END).expect("the page-count table's end mark");
    doc[start..end]
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| scenario") && !l.starts_with("|--"))
        .map(|l| {
            let name = l.trim_start_matches("| ").split(' ').next().unwrap_or("");
            (name.to_string(), l.to_string())
        })
        .collect()
}

/// Every page of every sheet of the built scenarios holds more than its marks
/// and footer; returns how many pages were read.
fn assert_no_page_is_only_a_footer(out: &Path, scenario: &str) -> usize {
    let folder = out.join(scenario);
    let pack = folder.join("game-pack.pdf");
    let title = page_text(&pack, 1)
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("UMPIRE ONLY"))
        .unwrap_or("")
        .to_string();
    let n = pages(&pack);
    for p in 1..=n {
        let text = page_text(&pack, p);
        let body = body_of(&text, &title);
        assert!(
            body.chars().filter(|c| !c.is_whitespace()).count() > 40,
            "{scenario}: game-pack page {p} of {n} holds only its marks or footer:\n{text}"
        );
    }
    n
}

#[test]
fn build_pdf_prints_every_sheet_and_the_game_pack() {
    use std::os::unix::fs::PermissionsExt;
    if !can_print() {
        return;
    }
    let out = printed_pack();
    let folder = out.join(SCENARIO);
    let mut sheets = 0;
    let mut total = 0;
    for entry in fs::read_dir(&folder).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".html") else {
            continue;
        };
        let pdf = folder.join(format!("{stem}.pdf"));
        let bytes = fs::read(&pdf).unwrap_or_else(|_| panic!("no {stem}.pdf"));
        assert!(bytes.starts_with(b"%PDF"), "{stem}.pdf is not a PDF");
        let mode = fs::metadata(&pdf).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644, "{stem}.pdf is {mode:o}");
        sheets += 1;
        total += pages(&pdf);
    }
    assert!(sheets >= 8, "{sheets} sheets printed");
    let pack = folder.join("game-pack.pdf");
    assert_eq!(
        pages(&pack),
        total,
        "the game pack holds every sheet's pages"
    );
    // Game-pack order: the umpire's sheet first, the cards last.
    assert!(page_text(&pack, 1).contains("UMPIRE ONLY"));
    assert!(page_text(&pack, total).contains("Commander"), "cards last");
    let umpire = pages(&folder.join("umpire.pdf"));
    assert!(
        umpire <= UMPIRE_PAGES_AT_MOST,
        "the Pegasus umpire sheet prints on {umpire} pages, more than {UMPIRE_PAGES_AT_MOST}"
    );
    let read = assert_no_page_is_only_a_footer(out, SCENARIO);
    eprintln!("{sheets} sheets, {read} game-pack pages read back");
    // The page counts docs/output.md records for this scenario.
    let want = recorded();
    assert_eq!(
        want.get(SCENARIO).map(String::as_str),
        Some(row(SCENARIO, &folder).as_str()),
        "page counts differ from {DOC}; regenerate the table with \
         `MUSTER_BLESS=1 cargo test --test it pdf::page_counts_of_the_whole_pack`"
    );
}

/// A game pack small enough to mail to the players or print from a phone.
const GAME_PACK_BYTES_AT_MOST: u64 = 3_000_000;

/// Every scenario's game pack of the printed pack is under 3 MB (maps drawn
/// in vectors, fonts subset), and the output's `index.html` links every
/// sheet's HTML and PDF and every game pack.
#[test]
fn every_game_pack_is_under_three_megabytes_and_the_index_links_every_file() {
    if !can_print() {
        return;
    }
    let out = printed_pack();
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    let mut packs = 0;
    let mut linked = 0;
    let mut too_big = Vec::new();
    for scenario in fs::read_dir(out).unwrap().flatten() {
        let folder = scenario.path();
        let pack = folder.join("game-pack.pdf");
        if !pack.exists() {
            continue;
        }
        let name = scenario.file_name().to_string_lossy().into_owned();
        let bytes = fs::metadata(&pack).unwrap().len();
        if bytes > GAME_PACK_BYTES_AT_MOST {
            too_big.push(format!("{name}: {bytes} bytes"));
        }
        packs += 1;
        for file in fs::read_dir(&folder).unwrap().flatten() {
            let file = file.file_name().to_string_lossy().into_owned();
            if !(file.ends_with(".html") || file.ends_with(".pdf")) {
                continue;
            }
            let href = format!("href=\"{name}/{file}\"");
            assert!(index.contains(&href), "index.html has no {href}");
            linked += 1;
        }
    }
    assert!(packs >= 12, "only {packs} game packs printed");
    assert!(linked > 150, "only {linked} files linked");
    assert!(
        too_big.is_empty(),
        "game packs over {GAME_PACK_BYTES_AT_MOST} bytes:\n{}",
        too_big.join("\n")
    );
}

/// `muster build pack --out out --pdf --chromium <chromium>`'s arguments.
fn build_pdf_with(chromium: &str) -> [&str; 7] {
    [
        "build",
        "pack",
        "--out",
        "out",
        "--pdf",
        "--chromium",
        chromium,
    ]
}

#[test]
fn build_pdf_without_chromium_exits_2_naming_the_package() {
    let pack = common::TempPack::new();
    pack.write("pack/crossroads.muster", common::CLEAN);
    for args in [
        build_pdf_with("/nonexistent").to_vec(),
        vec!["build", "pack", "--out", "out", "--pdf"],
    ] {
        let mut cmd = pack.muster(&args);
        cmd.env("PATH", "");
        let (code, _stdout, stderr) = run(&mut cmd);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(
            stderr.contains("error[MC118]: cannot print PDFs"),
            "{stderr}"
        );
        assert!(stderr.contains("apt-get install chromium"), "{stderr}");
        assert!(
            !pack.path().join("out").exists(),
            "nothing written: {args:?}"
        );
    }
    // Without --pdf nothing changes: no browser is looked for.
    let mut cmd = pack.muster(&["build", "pack", "--out", "out"]);
    cmd.env("PATH", "");
    let (code, _stdout, stderr) = run(&mut cmd);
    assert_eq!(code, 0, "{stderr}");
    assert!(pack.path().join("out/crossroads/umpire.html").exists());
    assert!(!pack.path().join("out/crossroads/umpire.pdf").exists());
}

/// A `--chromium` that is no browser (it exits at once, or answers with garbage
/// and then hangs) is refused with MC118 and exit status 1 per sheet, naming the
/// sheet and why; nothing waits for that browser, hangs or panics.
#[test]
fn build_pdf_with_a_chromium_that_is_no_browser_refuses_each_sheet() {
    use std::os::unix::fs::PermissionsExt;
    let pack = common::TempPack::new();
    pack.write("pack/crossroads.muster", common::CLEAN);
    let garbage = pack.path().join("garbage-chromium");
    fs::write(
        &garbage,
        "#!/bin/sh\nprintf 'not json\\000' >&4\nexec sleep 600\n",
    )
    .unwrap();
    fs::set_permissions(&garbage, fs::Permissions::from_mode(0o755)).unwrap();
    for (chromium, why) in [
        ("/bin/true", "Chromium (`/bin/true`) could not print"),
        (garbage.to_str().unwrap(), "not JSON"),
    ] {
        // A refusal that waited for this browser would wait its 600 s: cut off
        // (exit -1) after a bound that only a hang reaches.
        let mut cmd = pack.muster(&build_pdf_with(chromium));
        cmd.timeout(std::time::Duration::from_secs(180));
        let (code, _stdout, stderr) = run(&mut cmd);
        assert_ne!(code, -1, "{chromium}: still running after 180 s: {stderr}");
        assert_eq!(code, 1, "{chromium}: {stderr}");
        assert!(stderr.contains("error: cannot print `"), "{stderr}");
        assert!(stderr.contains("could not print `"), "{stderr}");
        assert!(
            stderr.contains("umpire.html`: it did not start"),
            "{stderr}"
        );
        assert!(stderr.contains(why), "{chromium}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        // The HTML is written regardless.
        assert!(pack.path().join("out/crossroads/umpire.html").exists());
        assert!(!pack.path().join("out/crossroads/umpire.pdf").exists());
    }
}

/// Reads every scenario's `game-pack.pdf` of the shared print of the pack, checks that no page of any of them holds only its
/// marks or footer, and checks or, with `MUSTER_BLESS=1`, rewrites the page-count
/// table of docs/output.md.
#[test]
fn page_counts_of_the_whole_pack() {
    if !can_print() {
        return;
    }
    let out = printed_pack();
    let mut scenarios: Vec<String> = fs::read_dir(out)
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("game-pack.pdf").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    scenarios.sort();
    let mut table = String::from(
        "| scenario | umpire | set-up | side briefings | player sheets | command cards | game pack |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for s in &scenarios {
        assert_no_page_is_only_a_footer(out, s);
        table.push_str(&row(s, &out.join(s)));
        table.push('\n');
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(DOC);
    let doc = fs::read_to_string(&path).unwrap();
    let start = doc.find(BEGIN).unwrap() + BEGIN.len();
    let end = doc.find(END).unwrap();
    let fresh = format!("{}\n{table}{}", &doc[..start], &doc[end..]);
    if std::env::var("MUSTER_BLESS").as_deref() == Ok("1") {
        fs::write(&path, fresh).unwrap();
    } else {
        assert_eq!(
            &doc[start..end],
            &fresh[start..fresh.len() - (doc.len() - end)],
            "page counts differ from {DOC}; rerun with MUSTER_BLESS=1"
        );
    }
}

/// Runs `program args…` in a network namespace of its own (only loopback up)
/// under `strace -f`, which writes every `connect`, `sendto` and `sendmsg` of it
/// and of every process it starts to the returned log; `None` (skipped, failed on
/// CI) where the namespace or strace is not available.
fn traced_offline(dir: &Path, program: &str, args: &[&str]) -> Option<(bool, String)> {
    if !tool_present("strace", "-V") || !tool_present("unshare", "--version") {
        return None;
    }
    let log = dir.join("connections.log");
    let status = std::process::Command::new("unshare")
        .args(["-n", "sh", "-c"])
        .arg(
            "ip link set lo up 2>/dev/null; log=\"$1\"; shift; \
             exec strace -f -qq -e trace=connect,sendto,sendmsg -o \"$log\" \"$@\"",
        )
        .arg("sh")
        .arg(&log)
        .arg(program)
        .args(args)
        .current_dir(dir)
        .status()
        .unwrap();
    let traced = fs::read_to_string(&log).unwrap_or_default();
    if traced.is_empty() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "no trace under CI: `unshare -n` and strace must work"
        );
        eprintln!("skipped: `unshare -n` or strace does not work here");
        return None;
    }
    Some((status.success(), traced))
}

/// The traced calls that name an internet address (IPv4 or IPv6).
fn internet_attempts(traced: &str) -> Vec<&str> {
    traced
        .lines()
        .filter(|l| l.contains("sa_family=AF_INET"))
        .collect()
}

/// Chromium started by `muster build --pdf` tries no connection at all: not to
/// a resolver, not to a public address, not even to loopback. The build runs in a
/// network namespace with only loopback, so nothing could leave anyway; strace
/// records the attempts, and there must be none. The same recorder around a
/// program that resolves a name sees its attempt (so the method can fail).
#[test]
fn chromium_started_by_muster_tries_no_connection() {
    if !can_print() {
        return;
    }
    let pack = common::TempPack::new();
    pack.write("pack/crossroads.muster", common::CLEAN);
    let Some((_, control)) = traced_offline(pack.path(), "getent", &["hosts", "example.org"])
    else {
        return;
    };
    assert!(
        !internet_attempts(&control).is_empty(),
        "the recorder saw no attempt of a name lookup: {control}"
    );
    let muster = env!("CARGO_BIN_EXE_muster");
    let (built, traced) = traced_offline(
        pack.path(),
        muster,
        &["build", "pack", "--out", "out", "--pdf"],
    )
    .unwrap();
    assert!(built, "{traced}");
    assert!(pack.path().join("out/crossroads/game-pack.pdf").exists());
    let attempts = internet_attempts(&traced);
    assert!(attempts.is_empty(), "{}", attempts.join("\n"));
}
