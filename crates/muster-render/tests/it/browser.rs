//! Prints briefings through the sealed printer `muster build --pdf` uses: the PDF
//! exists, has more than one page, and the sheet asked the browser for nothing
//! (every request but the sheet's own is failed and written down). Without
//! Chromium and pdftotext the tests are skipped locally and fail on CI (`CI=true`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;
use crate::support::print::{page_texts, printer};

use std::path::Path;

use muster_render::{build, OutputFile, Templates};

/// Pegasus Bridge's outputs.
fn pegasus_outputs() -> Vec<OutputFile> {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    build(&model, &analysis, &Templates::builtin().unwrap()).unwrap()
}

fn sheet<'a>(files: &'a [OutputFile], name: &str) -> &'a str {
    let path = format!("pegasus-bridge/{name}");
    &files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("no {path}"))
        .contents
}

fn pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

#[test]
fn briefings_print_to_pdf_offline() {
    let Some(printer) = printer() else {
        return;
    };
    let files = pegasus_outputs();
    let shots = std::env::var("MUSTER_RENDER_SCREENSHOTS").ok();
    for (file, breaks) in [
        ("umpire.html", 6),
        ("side-british.html", 4),
        ("player-gren-cdr.html", 0),
    ] {
        let html = sheet(&files, file);
        assert_eq!(
            html.matches("class=\"major").count(),
            breaks,
            "{file}: section breaks"
        );
        let pdf = printer.print(file, html).unwrap();
        assert!(pdf.starts_with(b"%PDF"), "{file}: not a PDF");
        let n = pages(&pdf);
        // On paper the sections flow on (no forced break would leave a page
        // mostly blank), so a sheet needs fewer pages than it has sections.
        assert!(n >= 2, "{file}: {n} pages for {breaks} sections");
        assert_eq!(
            printer.refused_requests(),
            Vec::<String>::new(),
            "{file}: the sheet asked for something it does not hold"
        );
        eprintln!("{file}: {n} pages, no request");
        if let Some(out) = &shots {
            let png = Path::new(out).join(format!("{file}.png"));
            std::fs::write(png, printer.screenshot(file, html, 1200).unwrap()).unwrap();
        }
    }
}

/// Every printed page of every sheet type says whose it is, the scenario, and
/// `page N of M`, so a loose page on game night is never handed to the wrong
/// reader (docs/output.md, "Marked pages").
#[test]
fn every_printed_page_is_marked_with_its_audience() {
    let Some(printer) = printer() else {
        return;
    };
    let files = pegasus_outputs();
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
        let pdf = printer.print(file, sheet(&files, file)).unwrap();
        let texts = page_texts(&pdf, true);
        let n = texts.len();
        assert_eq!(n, pages(&pdf), "{file}: pages read back");
        // A player sheet fits one page where it can; the others run to several.
        assert!(
            n >= 2 || file.starts_with("player-"),
            "{file}: {n} pages; the test needs more than one"
        );
        for (i, text) in texts.iter().enumerate() {
            let p = i + 1;
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
