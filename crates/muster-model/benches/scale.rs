//! How resolution and analysis grow with the number of elements: generated
//! scenarios of 15 and 60 battalions a side (four times the elements). Linear
//! work takes about four times as long for the larger one; quadratic, sixteen.
//!
//! `cargo bench --profile dist -p muster-model --bench scale`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use muster_model::{analyse, resolve, MemoryWorld, PackConfig};
use std::fmt::Write as _;

/// Two sides of `battalions` battalions (in a division with no HQ on the table),
/// each a long-radio HQ with four companies
/// (a command element and nine platoons strung out in a chain), plus a battery
/// supporting the first battalion and one long group of 100 elements 90 m apart
/// that links to its command element only through its neighbours.
fn scenario(battalions: usize) -> String {
    let mut s = String::from(
        "scenario \"Scale\" {\n  turns 12\n  first-bound blue\n  table 60000m by 60000m\n}\nside blue \"Blue\" nation british\nside red \"Red\" nation german\n",
    );
    for (side, y0) in [("blue", 1000), ("red", 1400)] {
        let _ = writeln!(s, "forces {side} {{\n  division {side}-div {{");
        for b in 0..battalions {
            let bx = 100 + (b as i64 % 25) * 2000;
            let by = y0 + (b as i64 / 25) * 3000;
            let _ = writeln!(
                s,
                "    battalion {side}-b{b} {{\n      hq bh command radio long at ({bx},{by})"
            );
            for c in 0..4 {
                let x = bx + c * 450;
                let _ = writeln!(
                    s,
                    "      company {side}-b{b}c{c} {{\n        hq h command radio long at ({x},{})",
                    by + 100
                );
                for p in 0..9 {
                    let _ = writeln!(
                        s,
                        "        element p{p} coherent figures 6 at ({},{})",
                        x + 40 * (p + 1),
                        by + 100
                    );
                }
                let _ = writeln!(s, "      }}");
            }
            let _ = writeln!(s, "    }}");
        }
        let _ = writeln!(s, "    battery {side}-guns {{\n      hq gh command radio long at (20000,20000)\n      element fo specialist foo figures 2 radio short at (150,{})\n    }}", y0 + 100);
        let _ = writeln!(
            s,
            "    group {side}-long {{\n      hq lh command radio long at (0,{})",
            y0 + 200
        );
        for e in 0..100 {
            let _ = writeln!(
                s,
                "      element e{e} coherent figures 6 at ({},{})",
                90 * (e + 1),
                y0 + 200
            );
        }
        let _ = writeln!(s, "    }}\n  }}\n}}");
    }
    s.push_str("orders blue {\n  blue-div defend (100,1000)\n  blue-guns support blue-b0\n}\norders red {\n  red-div defend (100,1400)\n  red-guns support red-b0\n}\n");
    s
}

fn scale(c: &mut Criterion) {
    let mut group = c.benchmark_group("scale");
    group.sample_size(10);
    for battalions in [15usize, 60] {
        let world = MemoryWorld::new().with("main.muster", scenario(battalions));
        group.bench_with_input(BenchmarkId::new("resolve", battalions), &world, |b, w| {
            b.iter(|| resolve(w, "main.muster", &PackConfig::default()))
        });
        let resolved = resolve(&world, "main.muster", &PackConfig::default());
        group.bench_with_input(
            BenchmarkId::new("analyse", battalions),
            &resolved.model,
            |b, m| b.iter(|| analyse(m)),
        );
    }
    group.finish();
}

criterion_group!(benches, scale);
criterion_main!(benches);
