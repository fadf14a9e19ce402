//! Complexity guards (issue 10): eight times the input may cost at most twelve
//! times the work, for map areas, elements, orders, signals, nets and a library
//! shared by many scenarios. Work is counted, never timed, so a loaded machine
//! cannot fail or pass a guard: heap allocations (a counting allocator, per
//! thread) and exact geometric tests (`muster_model::work`). A pairwise loop over
//! areas or elements costs about 64 times for 8 times the input and fails.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_model::{work, MemoryWorld, PackConfig};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::Write as _;

/// The system allocator, counting allocations made on each thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded unchanged to the system allocator; the count is
// a const-initialised thread-local that never allocates itself.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's pointer and layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's pointer, layout and size.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The work of one call: (allocations, geometric tests, bytes parsed).
fn measure(f: impl FnOnce()) -> [u64; 3] {
    let before = [
        ALLOCATIONS.with(Cell::get),
        work::geometry_tests(),
        work::parsed_bytes(),
    ];
    f();
    [
        ALLOCATIONS.with(Cell::get) - before[0],
        work::geometry_tests() - before[1],
        work::parsed_bytes() - before[2],
    ]
}

const HEADER: &str = "scenario \"G\" {\n  start 1944-06-06 06:00\n  turns 18\n  first-bound british\n  table 9000m by 20000m\n}\nside british \"B\" nation british\nside german \"G\" nation german\n";

/// `count` companies of a headquarters and two platoons, in a column (one x), so a
/// sweep along x meets every pair.
fn companies(t: &mut String, count: usize) {
    t.push_str("forces british {\n");
    for j in 0..count {
        let (x, y) = (4000, 100 + j * 40);
        let _ = writeln!(
            t,
            "  company c{j} \"C {j}\" at ({x},{y}) {{\n    hq c{j}-hq command figures 3 radio long at (0,0)\n    element c{j}-a coherent figures 6 at (0,13)\n    element c{j}-b coherent figures 6 at (0,26)\n  }}"
        );
    }
    t.push_str("}\n");
}

fn areas(n: usize) -> String {
    let mut t = String::from(HEADER);
    t.push_str("map {\n");
    let side = (n as f64).sqrt().ceil() as usize;
    let kinds = ["brush", "open-woods", "dense-woods", "rocky", "swamp"];
    for a in 0..n {
        let (x, y) = (
            100 + (a % side) * 8800 / side,
            100 + (a / side) * 8800 / side,
        );
        let kind = kinds[a % kinds.len()];
        let _ = writeln!(t, "  area a{a} {kind} rect ({x},{y}) size 60m by 60m");
    }
    t.push_str("  road main width 8m line (0,4500) (9000,4500)\n}\n");
    companies(&mut t, 20);
    t
}

fn elements(n: usize) -> String {
    let mut t = String::from(HEADER);
    t.push_str("map {\n  area wood dense-woods rect (1000,1000) size 500m by 500m\n  road main width 8m line (0,4500) (9000,4500)\n}\n");
    companies(&mut t, n);
    t
}

fn orders(n: usize) -> String {
    let mut t = String::from(HEADER);
    companies(&mut t, 50);
    t.push_str("orders british {\n");
    for k in 0..n {
        let _ = writeln!(
            t,
            "  c{} attack all-out ({},{}) by turn 2 \"Seize it.\"",
            k % 50,
            k % 2000,
            k % 1500
        );
    }
    t.push_str("}\n");
    t
}

fn signals(n: usize) -> String {
    let mut t = String::from(HEADER);
    companies(&mut t, 50);
    for k in 0..n {
        let _ = writeln!(
            t,
            "signal s{k} flare \"go {k}\" from c{0}.c{0}-hq on command affects c{1}",
            k % 50,
            (k + 1) % 50
        );
    }
    t
}

fn nets(n: usize) -> String {
    let mut t = String::from(HEADER);
    companies(&mut t, 50);
    t.push_str("nets british {\n");
    for k in 0..n {
        let _ = writeln!(
            t,
            "  net n{k} \"Net {k}\" seniority c{}-hq c{}-hq c{}-hq",
            k % 50,
            (k + 7) % 50,
            (k + 19) % 50
        );
    }
    t.push_str("}\n");
    t
}

/// Work of checking one generated scenario.
fn check_one(text: String) -> [u64; 3] {
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
    for (i, unit) in ["allocations", "geometric tests"].iter().enumerate() {
        let ratio = large[i] as f64 / (small[i] as f64).max(1.0);
        eprintln!(
            "{what}: {unit} {} → {} for 8× ({ratio:.1}×)",
            small[i], large[i]
        );
        assert!(
            ratio <= 12.0,
            "{what}: 8× the input cost {ratio:.1}× the {unit} ({} → {})",
            small[i],
            large[i]
        );
    }
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

/// A pack of `n` scenarios sharing one library of `n` templates: the pack and its
/// library grow together, so parsing the library once per scenario is quadratic.
fn library_pack(n: usize) -> (MemoryWorld, Vec<String>) {
    let mut world = MemoryWorld::new();
    let mut lib = String::new();
    for k in 0..n {
        let _ = writeln!(
            lib,
            "template coy-{k} company \"Company {k}\" nation british {{\n  hq coy-hq command figures 3 radio long at (0,-40)\n  element pl-1 coherent rifles lmg figures 6 at (-90,0)\n  element pl-2 coherent rifles lmg figures 6 at (90,0)\n}}"
        );
    }
    world.insert("lib/shared.muster".to_string(), lib);
    let mut paths = Vec::new();
    for i in 0..n {
        let mut t = format!("use \"lib/shared.muster\"\n{HEADER}");
        let _ = writeln!(
            t,
            "forces british {{\n  company c \"C\" from coy-{i} at (1000,1000)\n}}"
        );
        let path = format!("s{i}.muster");
        world.insert(path.clone(), t);
        paths.push(path);
    }
    (world, paths)
}

/// Parsing done by checking every scenario of a shared-library pack in one run.
fn check_pack(n: usize) -> u64 {
    let (world, paths) = library_pack(n);
    let pack = PackConfig::default();
    let cache = muster_model::SourceCache::new();
    measure(|| {
        for p in &paths {
            std::hint::black_box(muster_check::run_cached(&world, p, &pack, &cache));
        }
    })[2]
}

#[test]
fn eight_times_the_scenarios_sharing_a_library_cost_at_most_twelve_times_the_parsing() {
    let (small, large) = (check_pack(10), check_pack(80));
    let ratio = large as f64 / (small as f64).max(1.0);
    eprintln!("library: bytes parsed {small} → {large} for 8× ({ratio:.1}×)");
    assert!(
        ratio <= 12.0,
        "8× the scenarios and library parsed {ratio:.1}× the bytes ({small} → {large})"
    );
}
