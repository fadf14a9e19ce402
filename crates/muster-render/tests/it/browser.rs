//! Prints briefings with headless Chromium: the PDF exists, has more than one
//! page, and Chromium made no network request. Without
//! /usr/bin/chromium the test is skipped locally and fails on CI (`CI=true`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use std::path::Path;
use std::process::Command;

use muster_render::{build, Templates};

const CHROMIUM: &str = "/usr/bin/chromium";

/// Runs Chromium headless on `html` with one extra argument; returns its stderr.
fn chromium(html: &Path, profile: &Path, arg: &str) -> String {
    let out = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
            "--no-pdf-header-footer",
            "--window-size=1200,1600",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(arg)
        .arg(format!("file://{}", html.display()))
        .output()
        .expect("chromium runs");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Pegasus Bridge's outputs written to a temporary folder.
fn pegasus_outputs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
    for f in &files {
        let p = dir.path().join(&f.path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, &f.contents).unwrap();
    }
    dir
}

fn pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

#[test]
fn briefings_print_to_pdf_offline() {
    if !Path::new(CHROMIUM).exists() {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("{CHROMIUM} is missing on CI: install Debian's `chromium` package");
        }
        eprintln!("skipping the browser test: {CHROMIUM} not found (install `chromium`)");
        return;
    }
    let dir = pegasus_outputs();
    let shots = std::env::var("MUSTER_RENDER_SCREENSHOTS").ok();
    for (file, breaks) in [
        ("umpire.html", 5),
        ("side-british.html", 4),
        ("player-gren-cdr.html", 0),
    ] {
        let html = dir.path().join("pegasus-bridge").join(file);
        let contents = std::fs::read_to_string(&html).unwrap();
        assert_eq!(
            contents.matches("class=\"major").count(),
            breaks,
            "{file}: section breaks"
        );
        let pdf = dir.path().join(format!("{file}.pdf"));
        let log = chromium(
            &html,
            &dir.path().join("profile"),
            &format!("--print-to-pdf={}", pdf.display()),
        );
        let bytes = std::fs::read(&pdf)
            .unwrap_or_else(|_| panic!("{file}: no PDF written; chromium said:\n{log}"));
        assert!(bytes.starts_with(b"%PDF"), "{file}: not a PDF");
        let n = pages(&bytes);
        // On paper the sections flow on (no forced break would leave a page
        // mostly blank), so a sheet needs fewer pages than it has sections.
        assert!(n >= 2, "{file}: {n} pages for {breaks} sections");
        for bad in ["net::ERR", "Refused to", "Failed to load resource"] {
            assert!(
                !log.contains(bad),
                "{file}: chromium logged `{bad}`:\n{log}"
            );
        }
        eprintln!("{file}: {n} pages, no network request");
        if let Some(out) = &shots {
            let png = Path::new(out).join(format!("{file}.png"));
            chromium(
                &html,
                &dir.path().join("profile"),
                &format!("--screenshot={}", png.display()),
            );
        }
    }
}

/// The text of one page of a PDF, by `pdftotext -f N -l N`.
fn page_text(pdf: &Path, n: usize) -> String {
    let out = Command::new("pdftotext")
        .args(["-layout", "-f", &n.to_string(), "-l", &n.to_string()])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Whether both tools are here; fails on CI when one is missing.
fn tools_present() -> bool {
    let pdftotext = Command::new("pdftotext").arg("-v").output().is_ok();
    if Path::new(CHROMIUM).exists() && pdftotext {
        return true;
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("chromium or pdftotext is missing on CI: install `chromium poppler-utils`");
    }
    eprintln!("skipping the page-marking test: install `chromium` and `poppler-utils`");
    false
}

/// Every printed page of every sheet type says whose it is, the scenario, and
/// `page N of M`, so a loose page on game night is never handed to the wrong
/// reader (docs/output.md, "Marked pages").
#[test]
fn every_printed_page_is_marked_with_its_audience() {
    if !tools_present() {
        return;
    }
    let dir = pegasus_outputs();
    let mut total = 0;
    for (file, audience) in [
        ("umpire.html", "UMPIRE ONLY"),
        ("side-british.html", "BRITISH SIDE"),
        ("side-german.html", "GERMAN SIDE"),
        ("player-howard.html", "PLAYER: Maj. John Howard"),
        (
            "player-gren-cdr.html",
            "PLAYER: Commander, II./Panzergrenadier-Regiment 192",
        ),
    ] {
        let html = dir.path().join("pegasus-bridge").join(file);
        let pdf = dir.path().join(format!("{file}.pdf"));
        let log = chromium(
            &html,
            &dir.path().join("profile"),
            &format!("--print-to-pdf={}", pdf.display()),
        );
        let bytes = std::fs::read(&pdf)
            .unwrap_or_else(|_| panic!("{file}: no PDF written; chromium said:\n{log}"));
        let n = pages(&bytes);
        // A player sheet fits one page where it can; the others run to several.
        assert!(
            n >= 2 || file.starts_with("player-"),
            "{file}: {n} pages; the test needs more than one"
        );
        for p in 1..=n {
            let text = page_text(&pdf, p);
            for want in [
                audience.to_string(),
                "Pegasus Bridge".to_string(),
                format!("page {p} of {n}"),
            ] {
                assert!(
                    text.contains(&want),
                    "{file}: page {p} of {n} lacks `{want}`:\n{text}"
                );
            }
            // A side's page never says it is the umpire's, nor the other side's.
            if audience != "UMPIRE ONLY" {
                assert!(!text.contains("UMPIRE ONLY"), "{file}: page {p}");
            }
        }
        total += n;
        eprintln!("{file}: {n} pages, each marked `{audience}`");
    }
    eprintln!("{total} printed pages checked for their marks");
}
