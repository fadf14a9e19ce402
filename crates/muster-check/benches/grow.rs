//! How checking grows with each dimension of the input: map areas, elements,
//! orders, signals, nets, side texts against enemy names, and a library shared
//! by many scenarios, each at 1×, 4× and 16× (generators in `support/grow.rs`,
//! shared with the complexity guards).
//!
//! `cargo bench --profile dist -p muster-check --bench grow -- --warm-up-time 1 --measurement-time 3 --sample-size 10`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use muster_model::{MemoryWorld, PackConfig, SourceCache};
use std::hint::black_box;

#[path = "support/grow.rs"]
mod grow;

fn one(c: &mut Criterion, what: &str, base: usize, generate: fn(usize) -> String) {
    let mut g = c.benchmark_group(what);
    let pack = PackConfig::default();
    for times in [1, 4, 16] {
        let mut world = MemoryWorld::new();
        world.insert("g.muster".to_string(), generate(base * times));
        g.bench_function(BenchmarkId::from_parameter(format!("{times}x")), |b| {
            b.iter(|| muster_check::run(black_box(&world), "g.muster", &pack))
        });
    }
    g.finish();
}

fn bench(c: &mut Criterion) {
    one(c, "areas", 200, grow::areas);
    one(c, "elements", 60, grow::elements);
    one(c, "orders", 150, grow::orders);
    one(c, "signals", 100, grow::signals);
    one(c, "nets", 100, grow::nets);
    one(c, "fog", 50, grow::fog);
    let mut g = c.benchmark_group("library-shared");
    let pack = PackConfig::default();
    for times in [1, 4, 16] {
        let (world, paths) = grow::library_pack(10 * times);
        g.bench_function(BenchmarkId::from_parameter(format!("{times}x")), |b| {
            b.iter(|| {
                // one run: one cache shared by every scenario, as `muster check` does
                let cache = SourceCache::new();
                for p in &paths {
                    black_box(muster_check::run_cached(&world, p, &pack, &cache));
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
