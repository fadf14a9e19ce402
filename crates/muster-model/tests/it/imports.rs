//! Import confinement: every refused `use` is an MC104 pointing at its path string,
//! and nothing outside the pack is ever read.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use common::*;

const CANARY: &str = "template stolen company { element x bare figures 4 }";

fn main_with(uses: &str) -> String {
    format!("{uses}\n{PRELUDE}")
}

#[test]
fn parent_escape_is_refused_and_never_read() {
    let text = main_with(r#"use "../outside.muster""#);
    let (r, w) = resolve_files(&[("main.muster", &text), ("../outside.muster", CANARY)]);
    assert_eq!(
        render(&r),
        vec![
            "MC104 `../outside.muster` leaves the pack's root folder [\"../outside.muster\"] \
             (help: a pack may only import files inside its own folder)"
        ]
    );
    assert_eq!(w.reads(), vec!["main.muster"]);
    assert_eq!(r.model.files.len(), 1);
}

#[test]
fn deep_escape_from_a_subfolder_is_refused() {
    let lib = r#"use "../../secret.muster""#;
    let text = main_with(r#"use "lib/a.muster""#);
    let (r, w) = resolve_files(&[("main.muster", &text), ("lib/a.muster", lib)]);
    let all = render(&r);
    assert_eq!(all.len(), 1, "{all:?}");
    assert!(all[0].starts_with(
        "MC104 `../../secret.muster` leaves the pack's root folder [\"../../secret.muster\"]"
    ));
    assert_eq!(w.reads(), vec!["main.muster", "lib/a.muster"]);
}

#[test]
fn absolute_paths_are_refused() {
    for path in [
        "/etc/canary.muster",
        "C:\\canary.muster",
        "\\\\server\\canary.muster",
    ] {
        let text = main_with(&format!("use {path:?}"));
        let (r, w) = resolve_files(&[("main.muster", &text), (path, CANARY)]);
        let all = render(&r);
        assert_eq!(all.len(), 1, "{all:?}");
        assert!(
            all[0].starts_with(&format!("MC104 `{path}` is an absolute path")),
            "{all:?}"
        );
        assert_eq!(w.reads(), vec!["main.muster"]);
    }
}

#[test]
fn self_import_is_reported() {
    let text = main_with(r#"use "./main.muster""#);
    let (r, _) = resolve_files(&[("main.muster", &text)]);
    assert_eq!(
        render(&r),
        vec!["MC104 `./main.muster` imports itself [\"./main.muster\"] (help: remove this `use`)"]
    );
}

#[test]
fn cycles_are_reported_at_the_closing_use() {
    let text = main_with(r#"use "lib/a.muster""#);
    let (r, w) = resolve_files(&[
        ("main.muster", &text),
        ("lib/a.muster", r#"use "b.muster""#),
        ("lib/b.muster", r#"use "a.muster""#),
    ]);
    let all = render(&r);
    assert_eq!(all.len(), 1, "{all:?}");
    assert!(
        all[0].starts_with(
            "MC104 import cycle: `lib/a.muster` -> `lib/b.muster` -> `lib/a.muster` [\"a.muster\"]"
        ),
        "{all:?}"
    );
    assert_eq!(
        r.model.files[r.diagnostics[0].labels[0].file.0 as usize].path,
        "lib/b.muster"
    );
    assert_eq!(
        w.reads(),
        vec!["main.muster", "lib/a.muster", "lib/b.muster"]
    );
}

#[test]
fn missing_files_are_reported() {
    let text = main_with(r#"use "lib/nope.muster""#);
    let (r, _) = resolve_files(&[("main.muster", &text)]);
    assert_eq!(
        render(&r),
        vec![
            "MC104 cannot find `lib/nope.muster` [\"lib/nope.muster\"] \
             (help: paths are relative to the importing file)"
        ]
    );
}

#[test]
fn a_diamond_is_loaded_once_and_library_items_merge() {
    let lib = r#"template rifles platoon { element a bare figures 4 at (0,0) }"#;
    let text = main_with(
        r#"use "lib/x.muster"
use "lib/y.muster"
forces blue { platoon p1 from rifles at (100,100) }"#,
    );
    let (r, w) = resolve_files(&[
        ("main.muster", &text),
        ("lib/x.muster", r#"use "common.muster""#),
        ("lib/y.muster", r#"use "./common.muster""#),
        ("lib/common.muster", lib),
    ]);
    assert_clean(&r);
    assert_eq!(
        w.reads(),
        vec![
            "main.muster",
            "lib/x.muster",
            "lib/common.muster",
            "lib/y.muster"
        ]
    );
    let paths: Vec<_> = r
        .model
        .files
        .iter()
        .map(|f| (f.path.as_str(), f.is_library))
        .collect();
    assert_eq!(
        paths,
        vec![
            ("main.muster", false),
            ("lib/x.muster", true),
            ("lib/common.muster", true),
            ("lib/y.muster", true)
        ]
    );
    assert_eq!(r.model.templates[0].used_by.len(), 1);
}

#[test]
fn a_file_that_fails_to_parse_still_contributes_what_parsed() {
    let lib = "template good platoon { element a bare figures 4 }\n\
               template ??? broken\n";
    let text = main_with(
        r#"use "lib.muster"
forces blue { platoon p1 from good at (10,10) }"#,
    );
    let (r, _) = resolve_files(&[("main.muster", &text), ("lib.muster", lib)]);
    assert!(
        r.diagnostics.iter().any(|d| d.code == "MC001"),
        "{:?}",
        render(&r)
    );
    assert!(
        r.diagnostics.iter().all(|d| d.code != "MC102"),
        "{:?}",
        render(&r)
    );
    assert_eq!(r.model.units.len(), 1);
}

#[test]
fn an_unreadable_scenario_gives_an_empty_model() {
    let w = muster_model::MemoryWorld::new();
    let r = muster_model::resolve(&w, "../x.muster", &muster_model::PackConfig::default());
    assert_eq!(r.diagnostics[0].code, "MC104");
    assert!(r.model.files.is_empty());
}
