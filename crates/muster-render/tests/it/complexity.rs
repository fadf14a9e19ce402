//! Complexity guards: building every output of a scenario (JSON, every sheet,
//! every map and inset) with eight times the placed units, or a road of eight
//! times the points, may cost at most twelve times the work. Work is counted,
//! never timed, so a loaded machine cannot fail or pass a guard: allocations,
//! the bytes they ask for and the most bytes held at once (a counting
//! allocator, per thread), candidates compared by searches, label spots tested
//! and shape segments measured (`muster_render::work`). A loop over every pair
//! of units, an inset that rebuilds the whole map for each dense spot, a note
//! that searches every element for where it points, or a label that measures
//! every segment of its line at each spot costs about 64 times for 8 times the
//! input and fails. For units the spots and
//! segments are printed but not bounded: a crowded map tries more of each
//! label's fixed list of spots, so they grow faster than the units while each
//! label's stays bounded. `scripts/many-units.sh` writes the same kind of files
//! for the benchmark in docs/performance.md.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_model::analysis::analyse;
use muster_model::{resolve, MemoryWorld, PackConfig};
use muster_render::{build, work, Templates};
use std::fmt::Write as _;

#[path = "../../../muster-syntax/tests/it/counting.rs"]
mod counting;

const HEADER: &str = "scenario \"Many units\" {\n  start 1944-06-06 08:00\n  turns 12\n  first-bound british\n  table 20000m by 20000m\n}\nside british \"British\" nation british {\n  player north \"Commander, northern wing\" commands b0\n}\nside german \"German\" nation german {\n  player south \"Commander, southern wing\" commands g0\n}\n";

/// `count` companies of `side` on a grid over its half of the table, each a
/// headquarters and two elements.
fn companies(t: &mut String, side: &str, id: &str, count: usize) {
    let cols = (count as f64).sqrt() as usize + 1;
    let y0 = if side == "british" { 300 } else { 10300 };
    let _ = writeln!(t, "forces {side} {{");
    for j in 0..count {
        let (x, y) = (
            300 + (j % cols) * (19400 / cols),
            y0 + (j / cols) * (9400 / cols),
        );
        let _ = writeln!(
            t,
            "  company {id}{j} \"{side} company {j}\" at ({x},{y}) facing 90 {{\n    hq {id}{j}-hq command figures 3 radio long at (0,0)\n    element {id}{j}-a coherent figures 6 at (-20,15)\n    element {id}{j}-b coherent figures 6 at (20,15)\n  }}"
        );
    }
    t.push_str("}\n");
}

/// A scenario of `n` placed companies, half a side each.
fn units(n: usize) -> String {
    let mut t = String::from(HEADER);
    companies(&mut t, "british", "b", n.div_ceil(2));
    companies(&mut t, "german", "g", n / 2);
    t
}

/// A scenario of one company a side and a road of `n` points winding across
/// the table, a zigzag 100 m wide from west to east.
fn road(n: usize) -> String {
    let mut t = String::from(HEADER);
    t.push_str("map {\n  road long \"The long road\" width 6m line");
    for i in 0..n {
        let x = 200 + 19600 * i / (n - 1);
        let y = 10000 + (i % 2) * 100;
        let _ = write!(t, " ({x},{y})");
    }
    t.push_str("\n}\n");
    companies(&mut t, "british", "b", 1);
    companies(&mut t, "german", "g", 1);
    t
}

/// What building one scenario's outputs cost.
const MEASURES: [&str; 6] = [
    "allocations",
    "bytes allocated",
    "peak bytes held",
    "candidates compared",
    "label spots tested",
    "shape segments measured",
];

/// The work of building every output of `text` (resolved and analysed first,
/// uncounted).
fn build_one(text: String) -> [u64; 6] {
    let mut world = MemoryWorld::new();
    world.insert("g.muster".to_string(), text);
    let resolved = resolve(&world, "g.muster", &PackConfig::default());
    assert!(
        resolved
            .diagnostics
            .iter()
            .all(|d| d.severity != muster_syntax::Severity::Error),
        "{:?}",
        resolved.diagnostics
    );
    let analysis = analyse(&resolved.model);
    let templates = Templates::builtin().unwrap();
    let now = || {
        [
            counting::allocations(),
            counting::bytes(),
            0,
            work::candidates_compared(),
            work::spots_tested(),
            work::segments_measured(),
        ]
    };
    let before = now();
    let base = counting::start_peak();
    let files = build(&resolved.model, &analysis, &templates).unwrap();
    let mut after = now();
    after[2] = counting::peak_held(base);
    assert!(files.len() > 4, "{} files built", files.len());
    std::array::from_fn(|i| after[i] - before[i])
}

/// Builds the outputs of `generate(n)` and of `generate(8 * n)` and bounds the
/// growth of the first `bounded` measures.
fn assert_linear(what: &str, n: usize, bounded: usize, generate: impl Fn(usize) -> String) {
    let small = build_one(generate(n));
    let large = build_one(generate(8 * n));
    let counts = std::array::from_fn::<_, 6, _>(|i| counting::Grown {
        unit: MEASURES[i],
        small: small[i],
        large: large[i],
        bounded: i < bounded,
    });
    counting::assert_about_linear(what, &counts);
}

#[test]
fn eight_times_the_placed_units_cost_at_most_twelve_times_the_work_to_build() {
    assert_linear("units", 100, 4, units);
}

#[test]
fn a_road_of_eight_times_the_points_costs_at_most_twelve_times_the_work_to_build() {
    assert_linear("road", 40, MEASURES.len(), road);
}
