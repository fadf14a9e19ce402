//! A library resolved once and shared through the cache gives every importer
//! exactly what a fresh resolution gives: the same model and diagnostics, its
//! locations and MC110s stamped with that importer's file id, wherever the
//! library falls in its import order.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use common::PRELUDE;
use muster_model::{resolve, resolve_cached, work, MemoryWorld, PackConfig, SourceCache};

/// A library with what it resolves on its own (a template, a terrain kind, an
/// unknown nation, a template repeated) and what it cannot (forces naming the
/// importer's side).
const LIB: &str = r#"
terrain ditch "Ditch" {
  movement foot difficult vehicles impassable
  observation open
  cover good
}
template coy company "Company" nation britsh {
  hq coy-hq command figures 3 at (0,-40)
  element pl-1 coherent rifles lmg figures 6 at (-90,0)
}
template coy company "Again" {
  element pl-9 coherent rifles lmg figures 6
}
forces red {
  company guard "Guard" at (3000,3000) {
    element g1 coherent rifles figures 6
  }
}
"#;

const OTHER: &str = r#"
template pl platoon "Platoon" nation german {
  element s1 coherent rifles figures 6
}
"#;

fn world() -> MemoryWorld {
    let mut w = MemoryWorld::new();
    w.insert("lib/a.muster", LIB);
    w.insert("lib/b.muster", OTHER);
    // the library is file 1 here and file 2 there
    w.insert(
        "one.muster",
        format!(
            "use \"lib/a.muster\"\n{PRELUDE}\nforces blue {{\n  company c \"C\" from coy at (1000,1000)\n}}\n"
        ),
    );
    w.insert(
        "two.muster",
        format!(
            "use \"lib/b.muster\"\nuse \"lib/a.muster\"\n{PRELUDE}\nforces blue {{\n  company c \"C\" from coy at (1000,1000)\n  platoon p \"P\" from pl at (500,500)\n}}\n"
        ),
    );
    w
}

#[test]
fn a_cached_library_resolves_as_a_fresh_one_for_every_importer() {
    let w = world();
    let pack = PackConfig::default();
    let cache = SourceCache::new();
    let before = work::library_items_resolved();
    for _ in 0..3 {
        for path in ["one.muster", "two.muster", "one.muster"] {
            let fresh = resolve(&w, path, &pack);
            let cached = resolve_cached(&w, path, &pack, &cache);
            assert_eq!(cached, fresh, "{path}");
            assert!(
                cached
                    .diagnostics
                    .iter()
                    .any(|d| d.message.contains("britsh")),
                "{:?}",
                cached.diagnostics
            );
        }
    }
    // a fresh resolution resolves each library it imports: `a`'s four items and
    // its forces again as the importer's, `b`'s one item; the cached ones resolve
    // each library text once, then only `a`'s forces item per import
    let fresh_work = 3 * ((4 + 1) + (1 + 4 + 1) + (4 + 1));
    let cached_work = (4 + 1) + 9;
    assert_eq!(
        work::library_items_resolved() - before,
        (fresh_work + cached_work) as u64
    );
}
