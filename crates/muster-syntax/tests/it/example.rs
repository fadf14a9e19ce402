//! The example scenario and its library parse with no diagnostics.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_syntax::{parse, FileId};

fn clean(path: &str) -> muster_syntax::Parsed {
    let text =
        std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let parsed = parse(FileId(0), &text);
    for d in &parsed.diagnostics {
        let l = d.primary().unwrap();
        eprintln!(
            "{} {} at {:?}: `{}` help {:?}",
            d.code,
            d.message,
            l.span,
            &text[l.span.start..l.span.end],
            d.help
        );
    }
    assert!(parsed.diagnostics.is_empty(), "{path} has diagnostics");
    parsed
}

#[test]
fn pegasus_bridge_parses_clean() {
    let p = clean("scenarios/pegasus-bridge.muster");
    // The pack owns the scenario and may extend it; it must stay a full example.
    assert!(p.file.items.len() >= 20);
    assert!(!p.file.comments.is_empty());
}

#[test]
fn british_library_parses_clean() {
    let p = clean("scenarios/lib/british-airborne-1944.muster");
    assert_eq!(p.file.items.len(), 5);
}

#[test]
fn language_sketch_parses_clean() {
    // The illustrative sketch of the design brief, which our syntax adopts as is.
    let p = clean("crates/muster-syntax/tests/fixtures/language-sketch.muster");
    assert_eq!(p.file.items.len(), 13);
}
