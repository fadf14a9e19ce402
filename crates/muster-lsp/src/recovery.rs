//! A syntax error costs only the statement or item it is in: on broken variants
//! of a shipped scenario the outline and go-to-definition still answer for every
//! item the error does not touch.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::index::FileIndex;
use crate::line_index::LineIndex;
use crate::state::{Disk, Workspace};
use muster_model::{MemoryWorld, World};
use muster_syntax::Span;
use std::path::{Path, PathBuf};

const ROOT: &str = "/pack";
const SCENARIO: &str = "pegasus-bridge.muster";

/// The shipped pack's files, pack-relative.
fn pack_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut out = Vec::new();
    for dir in ["", "lib/"] {
        let entries = std::fs::read_dir(root.join(dir)).unwrap(); // ok: test-only module (cfg(test) in lib.rs); a panic is the failed test
        for entry in entries {
            let path = entry.unwrap().path(); // ok: test-only module (cfg(test) in lib.rs); a panic is the failed test
            if path.extension().is_some_and(|e| e == "muster") {
                let name = path.file_name().unwrap().to_string_lossy().into_owned(); // ok: test-only module (cfg(test) in lib.rs); a panic is the failed test
                out.push((
                    format!("{dir}{name}"),
                    std::fs::read_to_string(&path).unwrap(), // ok: test-only module (cfg(test) in lib.rs); a panic is the failed test
                ));
            }
        }
    }
    out
}

struct Pack(Vec<(String, String)>);

impl Disk for Pack {
    fn pack_root(&self, _file: &Path, _folder: &Path) -> Option<PathBuf> {
        Some(PathBuf::from(ROOT))
    }
    fn world(&self, _root: &Path) -> Box<dyn World> {
        let mut w = MemoryWorld::new();
        for (p, t) in &self.0 {
            w.insert(p.clone(), t.clone());
        }
        Box::new(w)
    }
    fn config(&self, _root: &Path) -> Option<String> {
        None
    }
}

/// One broken variant: the text, the bytes it changed (in the clean text) and
/// how far what follows moved.
struct Variant {
    text: String,
    changed: Span,
    shift: isize,
}

/// Twenty ways to break the scenario: a stray line inside each of ten blocks,
/// and the first word of a statement in ten others made unreadable.
fn variants(clean: &str) -> Vec<Variant> {
    let lines: Vec<(usize, &str)> = clean
        .split_inclusive('\n')
        .scan(0, |at, l| {
            let start = *at;
            *at += l.len();
            Some((start, l))
        })
        .collect();
    let mut out = Vec::new();
    // a stray line right after a line that opens a block
    for (start, line) in lines.iter().filter(|(_, l)| l.trim_end().ends_with('{')) {
        if out.len() == 10 {
            break;
        }
        let at = start + line.len();
        let stray = "  ?? this is not muster ??\n";
        let mut text = clean.to_string();
        text.insert_str(at, stray);
        out.push(Variant {
            text,
            changed: Span::new(at, at),
            shift: stray.len() as isize,
        });
    }
    // a one-line statement inside a block whose first word becomes punctuation
    const LEAVES: &[&str] = &[
        "area", "place", "road", "hq", "element", "player", "turns", "weather", "light", "table",
        "stream", "hedge", "wall", "crossing",
    ];
    let statements = lines.iter().filter(|(_, l)| {
        l.starts_with("  ")
            && !l.trim_end().ends_with('{')
            && l.split_whitespace()
                .next()
                .is_some_and(|w| LEAVES.contains(&w))
    });
    for (start, line) in statements.step_by(3).take(10) {
        let indent = line.len() - line.trim_start().len();
        let word = line.split_whitespace().next().unwrap_or("");
        let at = start + indent;
        let mut text = clean.to_string();
        text.replace_range(at..at + word.len(), &"?".repeat(word.len()));
        out.push(Variant {
            text,
            changed: Span::new(at, start + line.len()),
            shift: 0,
        });
    }
    assert_eq!(out.len(), 20);
    out
}

fn moved(offset: usize, v: &Variant) -> usize {
    if offset >= v.changed.end {
        offset.checked_add_signed(v.shift).unwrap() // ok: test-only module (cfg(test) in lib.rs); a panic is the failed test
    } else {
        offset
    }
}

fn touches(span: Span, v: &Variant) -> bool {
    span.start <= v.changed.end && v.changed.start <= span.end
}

#[test]
fn outline_and_definition_survive_twenty_broken_variants_of_a_shipped_scenario() {
    let files = pack_files();
    let clean = files.iter().find(|(p, _)| p == SCENARIO).unwrap().1.clone(); // ok: test-only module (cfg(test) in lib.rs); a panic is the failed test
    let clean_tree = muster_syntax::cst::parse(&clean).expect("the shipped scenario parses"); // ok: test-only module (cfg(test) in lib.rs); a panic is the failed test
    let clean_index = FileIndex::new(&clean, &clean_tree);
    let mut defined = std::collections::HashMap::<&str, usize>::new();
    for d in clean_index.all_defs() {
        *defined.entry(d.name.as_str()).or_default() += 1;
    }
    let path = PathBuf::from(ROOT).join(SCENARIO);
    for (n, v) in variants(&clean).iter().enumerate() {
        let mut ws = Workspace::new(Box::new(Pack(files.clone())), vec![PathBuf::from(ROOT)]);
        ws.set(path.clone(), v.text.clone(), 1);
        let doc = ws.doc(&path).unwrap(); // ok: test-only module (cfg(test) in lib.rs); a panic is the failed test
        assert!(!doc.tree.broken.is_empty(), "variant {n} is not broken");
        let broken_index = FileIndex::new(&doc.text, &doc.tree);
        let have: Vec<(String, usize)> = broken_index
            .all_defs()
            .iter()
            .map(|d| (d.name.clone(), d.name_span.start))
            .collect();
        // the outline keeps every definition the error does not touch
        let untouched: Vec<_> = clean_index
            .all_defs()
            .into_iter()
            .filter(|d| !touches(d.span, v))
            .collect();
        assert!(untouched.len() > 20, "variant {n}");
        for d in &untouched {
            let want = (d.name.clone(), moved(d.name_span.start, v));
            assert!(
                have.contains(&want),
                "variant {n}: `{}` is missing from the outline",
                d.name
            );
        }
        let outline = crate::outline::symbols(&doc.text, &doc.index, &doc.tree);
        assert!(!outline.is_empty(), "variant {n}");
        // go to definition from every name written outside the error, to a
        // definition in this file outside it
        // (each name once: every request indexes the whole pack again)
        let index = LineIndex::new(&doc.text);
        let mut asked = 0;
        let mut names = std::collections::HashSet::new();
        for m in clean_index.mentions.iter().filter(|m| !m.is_def) {
            let Some(def) = untouched.iter().find(|d| d.name == m.name) else {
                continue;
            };
            if touches(m.span, v)
                || defined.get(m.name.as_str()) != Some(&1)
                || !names.insert(&m.name)
            {
                continue;
            }
            let pos = index.position(&doc.text, moved(m.span.start, v));
            let got = crate::navigate::definition(&ws, &path, pos)
                .unwrap_or_else(|| panic!("variant {n}: no definition for `{}`", m.name));
            let want = index.range(
                &doc.text,
                Span::new(moved(def.name_span.start, v), moved(def.name_span.end, v)),
            );
            assert!(
                got.iter().any(|l| l.range == want),
                "variant {n}: `{}` goes to {got:?}",
                m.name
            );
            asked += 1;
        }
        assert!(asked > 10, "variant {n}: only {asked} names asked");
    }
}

#[test]
fn one_parse_gives_the_same_tree_as_the_concrete_parse() {
    let files = pack_files();
    let clean = files.iter().find(|(p, _)| p == SCENARIO).unwrap().1.clone(); // ok: test-only module (cfg(test) in lib.rs); a panic is the failed test
    for v in variants(&clean) {
        let (_, tree) = muster_syntax::parse_with_tree(muster_syntax::FileId(0), &v.text);
        assert_eq!(tree, muster_syntax::cst::parse_recovering(&v.text));
    }
}
