//! End-to-end speed of `run` on a generated pack of 50 realistic scenarios (about
//! 12,000 lines). Run with `cargo bench --profile dist -p muster-check --bench pack`; results are
//! recorded in docs/performance/check.md.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{criterion_group, criterion_main, Criterion};
use muster_model::PackConfig;

#[path = "support/generate.rs"]
mod generate;
use generate::{pack, scenario};

fn bench(c: &mut Criterion) {
    let (world, paths) = pack();
    let config = PackConfig::default();
    let lines: usize = (0..50).map(|i| scenario(i).lines().count()).sum();
    let mut codes = std::collections::BTreeMap::new();
    for p in &paths {
        for d in muster_check::run(&world, p, &config).diagnostics {
            assert!(
                !d.code.phase().applies_to_library(),
                "generated pack is broken: {} {}",
                d.code,
                d.message
            );
            *codes.entry(d.code).or_insert(0) += 1;
        }
    }
    eprintln!("pack: 50 scenarios, {lines} lines; diagnostics by code: {codes:?}");
    c.bench_function("run on a pack of 50 scenarios", |b| {
        b.iter(|| {
            for p in &paths {
                std::hint::black_box(muster_check::run(&world, p, &config));
            }
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
