//! Benchmarks of JSON and briefing rendering over a generated 50-scenario pack.
//! Run: `cargo bench --profile dist -p muster-render --bench render`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

#[path = "../tests/it/support/gen.rs"]
mod gen;

use criterion::{criterion_group, criterion_main, Criterion};
use muster_render::{build, json, to_json, Templates};

fn pack() -> Vec<(muster_model::model::Model, muster_model::analysis::Analysis)> {
    (0..50).map(|n| gen::scenario(n, 4)).collect()
}

fn benches(c: &mut Criterion) {
    let pack = pack();
    let templates = Templates::builtin().unwrap();
    c.bench_function("json: 50 scenarios, umpire + side views, serialised", |b| {
        b.iter(|| {
            let mut bytes = 0;
            for (m, a) in &pack {
                let full = json::scenario(m, a);
                bytes += to_json(&full).unwrap().len();
                for s in &full.sides {
                    bytes += to_json(&json::for_side(&full, &s.id)).unwrap().len();
                }
            }
            bytes
        })
    });
    c.bench_function("build: 50 scenarios, all JSON and briefings", |b| {
        b.iter(|| {
            pack.iter()
                .map(|(m, a)| build(m, a, &templates).unwrap().len())
                .sum::<usize>()
        })
    });
}

criterion_group! {
    name = render;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(render);
