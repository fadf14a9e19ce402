//! Properties of `run` over the case files and mangled versions of them: spans stay
//! inside their files, output is deterministic, and comments or blank lines between
//! items move diagnostics without changing them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_check::{run, Outcome};
use muster_model::{MemoryWorld, PackConfig};
use proptest::prelude::*;
use std::path::PathBuf;
use std::sync::OnceLock;

fn corpus() -> &'static Vec<String> {
    static CORPUS: OnceLock<Vec<String>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
        let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "muster"))
            .collect();
        names.sort();
        names
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect()
    })
}

fn run_text(text: &str) -> Outcome {
    let world = MemoryWorld::new().with("case.muster", text.to_string());
    run(&world, "case.muster", &PackConfig::default())
}

/// A case file with a slice cut out and some text put in, at char boundaries.
fn mangled() -> impl Strategy<Value = String> {
    (
        0..corpus().len(),
        any::<prop::sample::Index>(),
        0usize..40,
        "[ -~\n]{0,12}",
    )
        .prop_map(|(i, at, cut, insert)| {
            let text = &corpus()[i];
            let mut start = at.index(text.len().max(1)).min(text.len());
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (start + cut).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            format!("{}{}{}", &text[..start], insert, &text[end..])
        })
}

/// The diagnostics without their positions.
fn positionless(o: &Outcome) -> Vec<String> {
    let mut v: Vec<String> = o
        .diagnostics
        .iter()
        .map(|d| {
            let labels: Vec<&str> = d.labels.iter().map(|l| l.message.as_str()).collect();
            format!(
                "{} {:?} {} {:?} {:?} {:?}",
                d.code, d.severity, d.message, labels, d.help, d.paragraph
            )
        })
        .collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn spans_lie_inside_their_files(text in mangled()) {
        let o = run_text(&text);
        for d in &o.diagnostics {
            for l in &d.labels {
                let file = o.model.files.iter().find(|f| f.id == l.file);
                prop_assert!(file.is_some(), "{}: label in unknown file {:?}", d.code, l.file);
                let t = &file.unwrap().text;
                prop_assert!(l.span.start <= l.span.end && l.span.end <= t.len(), "{}: span {:?} outside {} bytes", d.code, l.span, t.len());
                prop_assert!(t.is_char_boundary(l.span.start) && t.is_char_boundary(l.span.end), "{}: span {:?} splits a character", d.code, l.span);
            }
        }
    }

    #[test]
    fn run_is_deterministic(text in mangled()) {
        let a = format!("{:?}", run_text(&text).diagnostics);
        let b = format!("{:?}", run_text(&text).diagnostics);
        prop_assert_eq!(a, b);
    }

    #[test]
    fn comments_and_blank_lines_between_items_change_only_positions(
        i in 0..corpus().len(),
        at in any::<prop::sample::Index>(),
        filler in prop_oneof![Just("\n"), Just("// a note for the umpire\n"), Just("/* drafted 1944 */\n"), Just("  \n\t\n")],
    ) {
        let text = &corpus()[i];
        // top-level items start at the beginning of a line with a letter
        let starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(p, _)| p + 1))
            .filter(|&p| text[p..].starts_with(|c: char| c.is_ascii_lowercase()))
            .collect();
        prop_assume!(!starts.is_empty());
        let p = starts[at.index(starts.len())];
        let edited = format!("{}{}{}", &text[..p], filler, &text[p..]);
        prop_assert_eq!(positionless(&run_text(text)), positionless(&run_text(&edited)));
    }
}
