//! Where the time of `run` goes, stage by stage and check by check, on the
//! benchmark's generated pack: `cargo run --release -p muster-check --example profile`.

#![allow(clippy::unwrap_used, clippy::print_stderr)]

use muster_model::{MemoryWorld, PackConfig, World};

#[path = "../benches/support/generate.rs"]
mod generate;
use generate::pack;

fn main() {
    let (world, paths) = pack();
    let config = PackConfig::default();
    let t = std::time::Instant::now();
    let mut models = Vec::new();
    for _ in 0..5 {
        models.clear();
        for p in &paths {
            models.push(muster_model::resolve(&world, p, &config).model);
        }
    }
    eprintln!("resolve: {:?}", t.elapsed() / 5);
    let t = std::time::Instant::now();
    let mut an = Vec::new();
    for _ in 0..5 {
        an.clear();
        for m in &models {
            an.push(muster_model::analyse(m));
        }
    }
    eprintln!("analyse: {:?}", t.elapsed() / 5);
    let t = std::time::Instant::now();
    for _ in 0..5 {
        for (m, a) in models.iter().zip(&an) {
            std::hint::black_box(muster_check::check(m, a));
        }
    }
    eprintln!("check: {:?}", t.elapsed() / 5);
    let mut tot = std::collections::BTreeMap::new();
    for (m, a) in models.iter().zip(&an) {
        for (c, d) in muster_check::time_checks(m, a) {
            *tot.entry(c).or_insert(std::time::Duration::ZERO) += d;
        }
    }
    let mut v: Vec<_> = tot.into_iter().collect();
    v.sort_by_key(|x| std::cmp::Reverse(x.1));
    eprintln!("{:?}", &v[..8]);
    let t = std::time::Instant::now();
    for _ in 0..5 {
        for p in &paths {
            let text = world_text(&world, p);
            std::hint::black_box(muster_syntax::parse(muster_syntax::FileId(0), &text));
        }
    }
    eprintln!("parse: {:?}", t.elapsed() / 5);
}
fn world_text(w: &MemoryWorld, p: &str) -> String {
    w.read(p).unwrap()
}
