//! Complexity guards: eight times the input may cost at most twelve
//! times the work, for map areas, elements, the members of one group, orders, signals, nets, a side's texts
//! against the enemy names they must not hold, and a library shared by many
//! scenarios. Work is counted, never timed, so a loaded machine cannot fail or
//! pass a guard: heap allocations (a counting allocator, per thread), exact
//! geometric tests (`muster_model::work`) and bytes of text searched for secret
//! names (`muster_check::work`). A pairwise loop over areas or elements, or over
//! texts and names, costs about 64 times for 8 times the input and fails.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_model::{work, MemoryWorld, PackConfig};

#[path = "../../benches/support/grow.rs"]
mod grow;
use grow::{areas, balance, elements, fog, library_pack, nets, one_group, orders, signals};

#[path = "../../../muster-syntax/tests/it/counting.rs"]
mod counting;

/// The work of one call: (allocations, geometric tests, bytes parsed, bytes of
/// text searched for names).
fn measure(f: impl FnOnce()) -> [u64; 4] {
    let before = [
        counting::allocations(),
        work::geometry_tests(),
        work::parsed_bytes(),
        muster_check::work::text_bytes_scanned(),
    ];
    f();
    [
        counting::allocations() - before[0],
        work::geometry_tests() - before[1],
        work::parsed_bytes() - before[2],
        muster_check::work::text_bytes_scanned() - before[3],
    ]
}

/// Work of checking one generated scenario.
fn check_one(text: String) -> [u64; 4] {
    let mut world = MemoryWorld::new();
    world.insert("g.muster".to_string(), text);
    let pack = PackConfig::default();
    measure(|| {
        std::hint::black_box(muster_check::run(&world, "g.muster", &pack));
    })
}

fn assert_linear(what: &str, n: usize, generate: impl Fn(usize) -> String) {
    let small = check_one(generate(n));
    let large = check_one(generate(8 * n));
    let counts = [
        (0, "allocations"),
        (1, "geometric tests"),
        (3, "bytes of text searched for names"),
    ]
    .map(|(i, unit)| counting::Grown {
        unit,
        small: small[i],
        large: large[i],
        bounded: true,
    });
    counting::assert_about_linear(what, &counts);
}

#[test]
fn eight_times_the_map_areas_cost_at_most_twelve_times_the_work() {
    assert_linear("areas", 200, areas);
}

#[test]
fn eight_times_the_elements_cost_at_most_twelve_times_the_work() {
    assert_linear("elements", 60, elements);
}

#[test]
fn eight_times_one_groups_members_cost_at_most_twelve_times_the_work() {
    assert_linear("one group", 60, one_group);
}

#[test]
fn eight_times_the_orders_cost_at_most_twelve_times_the_work() {
    assert_linear("orders", 150, orders);
}

#[test]
fn eight_times_the_signals_cost_at_most_twelve_times_the_work() {
    assert_linear("signals", 100, signals);
}

#[test]
fn eight_times_the_nets_cost_at_most_twelve_times_the_work() {
    assert_linear("nets", 100, nets);
}

/// Today's fog rules searched every text once per secret name: 64× for 8×.
#[test]
fn eight_times_the_side_texts_and_enemy_names_cost_at_most_twelve_times_the_work() {
    assert_linear("fog texts", 50, fog);
}

/// Work of checking every scenario of a shared-library pack in one run:
/// (bytes parsed, library items resolved, allocations).
fn check_pack(n: usize) -> [u64; 3] {
    let (world, paths) = library_pack(n);
    let pack = PackConfig::default();
    let cache = muster_model::SourceCache::new();
    let resolved = work::library_items_resolved();
    let [allocations, _, parsed, _] = measure(|| {
        for p in &paths {
            std::hint::black_box(muster_check::run_cached(&world, p, &pack, &cache));
        }
    });
    [
        parsed,
        work::library_items_resolved() - resolved,
        allocations,
    ]
}

#[test]
fn eight_times_the_scenarios_sharing_a_library_cost_at_most_twelve_times_the_parsing() {
    let (small, large) = (check_pack(10)[0], check_pack(80)[0]);
    let ratio = large as f64 / (small as f64).max(1.0);
    eprintln!("library: bytes parsed {small} → {large} for 8× ({ratio:.1}×)");
    assert!(
        ratio <= 12.0,
        "8× the scenarios and library parsed {ratio:.1}× the bytes ({small} → {large})"
    );
}

/// The library's own items (its templates, terrain kinds, nations) are resolved
/// once per run, not once per scenario that imports it: with 8× the scenarios
/// and 8× the library, about 8× the items (once per importer it is 64×).
#[test]
fn eight_times_the_scenarios_sharing_a_library_cost_at_most_twelve_times_the_resolution() {
    let (small, large) = (check_pack(10), check_pack(80));
    let ratio = large[1] as f64 / (small[1] as f64).max(1.0);
    let allocations = large[2] as f64 / (small[2] as f64).max(1.0);
    eprintln!(
        "library: items resolved {} → {} for 8× ({ratio:.1}×); allocations {} → {} ({allocations:.1}×)",
        small[1], large[1], small[2], large[2]
    );
    assert!(
        ratio <= 12.0,
        "8× the scenarios and library resolved {ratio:.1}× the library items ({} → {})",
        small[1],
        large[1]
    );
}

/// The balance report of one generated scenario: its own work, resolution and
/// analysis left out.
fn balance_one(text: String) -> [u64; 4] {
    let mut world = MemoryWorld::new();
    world.insert("g.muster".to_string(), text);
    let resolved = muster_model::resolve(&world, "g.muster", &PackConfig::default());
    let analysis = muster_model::analyse(&resolved.model);
    measure(|| {
        let b = muster_model::balance::report(&resolved.model, &analysis);
        assert_eq!(b.objectives.len(), 3);
        assert!(b.objectives.iter().all(|o| !o.reach.is_empty()));
        std::hint::black_box(b);
    })
}

#[test]
fn eight_times_the_elements_cost_the_balance_report_at_most_twelve_times_the_work() {
    let small = balance_one(balance(20));
    let large = balance_one(balance(160));
    let counts = [(0, "allocations"), (1, "geometric tests")].map(|(i, unit)| counting::Grown {
        unit,
        small: small[i],
        large: large[i],
        bounded: true,
    });
    counting::assert_about_linear("balance report", &counts);
}
