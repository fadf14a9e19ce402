//! Printing for the tests: through the sealed printer `muster build --pdf` uses
//! (`muster-print`), never a browser started here, and reading the PDF back with
//! `pdftotext`.
#![allow(clippy::unwrap_used)]

use muster_print::Printer;
use std::process::Command;

/// The sealed printer, serving sheets with their own CSP; `None` (the test is
/// skipped with a note) without Chromium or `pdftotext`, which fails on CI.
pub fn printer() -> Option<Printer> {
    let pdftotext = Command::new("pdftotext").arg("-v").output().is_ok();
    match Printer::new(None, muster_render::SHEET_CSP) {
        Ok(printer) if pdftotext => return Some(printer),
        Ok(_) => {}
        Err(why) => eprintln!("{why}"),
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "chromium or pdftotext is missing on CI: install `chromium poppler-utils`"
    );
    eprintln!("skipped: printing needs `chromium` and `poppler-utils`");
    None
}

/// The text of each page of `pdf` (`-layout` keeps each line's columns together).
pub fn page_texts(pdf: &[u8], layout: bool) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sheet.pdf");
    std::fs::write(&file, pdf).unwrap();
    let mut command = Command::new("pdftotext");
    if layout {
        command.arg("-layout");
    }
    let out = command.arg(&file).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    // pdftotext ends every page with a form feed.
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}
