//! Parse throughput: a generated scenario of over 1 MB, against serde_json
//! parsing the same data written as JSON, in the same run.
//!
//! `cargo bench --profile dist -p muster-syntax --bench parse -- --warm-up-time 1 --measurement-time 3`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use muster_syntax::{parse, FileId};
use serde_json::{json, Value};
use std::hint::black_box;

/// The same scenario as muster text and as a JSON document.
fn generate(target: usize) -> (String, String) {
    let mut text = String::from("scenario \"Generated\" {\n  start 1944-06-06 00:16\n  turns 18\n  weather clear\n  light night\n  table 2400m by 1600m\n}\n\nmap {\n");
    let mut areas = Vec::new();
    let mut units = Vec::new();
    let mut orders = Vec::new();
    let mut i = 0usize;
    while text.len() < target / 3 {
        let (x, y) = (i % 2400, (i * 7) % 1600);
        text.push_str(&format!(
            "  area a{i} dense-woods \"Wood {i}\" rect ({x},{y}) size 200m by 100m\n"
        ));
        text.push_str(&format!(
            "  road r{i} width 8m line ({x},{y}) ({},{}) ({},{})\n",
            x + 100,
            y,
            x + 200,
            y + 50
        ));
        areas.push(
            json!({"id": format!("a{i}"), "kind": "dense-woods", "name": format!("Wood {i}"),
            "shape": {"rect": {"corner": [x, y], "width": 200.0, "depth": 100.0}}}),
        );
        areas.push(json!({"id": format!("r{i}"), "kind": "road", "width": 8.0,
            "points": [[x, y], [x + 100, y], [x + 200, y + 50]]}));
        i += 1;
    }
    text.push_str("}\n\nforces british {\n");
    let mut j = 0usize;
    while text.len() < target * 5 / 6 {
        text.push_str(&format!(
            "  company c{j} \"Company {j}\" at ({},{}) facing 90 {{\n",
            j % 2400,
            j % 1600
        ));
        text.push_str(&format!(
            "    hq c{j}-hq command figures 3 radio short at (0,-60)\n"
        ));
        let mut elements = vec![
            json!({"id": format!("c{j}-hq"), "hq": true, "type": "command", "figures": 3, "radio": "short", "at": [0, -60]}),
        ];
        for k in 0..3 {
            text.push_str(&format!(
                "    element c{j}-p{k} coherent figures 6 lmg at ({},0) dug-in\n",
                k * 100
            ));
            elements.push(json!({"id": format!("c{j}-p{k}"), "type": "coherent", "figures": 6, "weapons": ["lmg"], "at": [k * 100, 0], "posture": "dug-in"}));
        }
        text.push_str("    element mortar light-support mortar 2in figures 2 at (0,-40)\n  }\n");
        elements.push(json!({"id": "mortar", "type": "light-support", "weapons": [{"kind": "mortar", "calibre": "2in"}], "figures": 2, "at": [0, -40]}));
        units.push(
            json!({"echelon": "company", "id": format!("c{j}"), "name": format!("Company {j}"),
            "placement": {"at": [j % 2400, j % 1600], "facing": 90.0}, "elements": elements}),
        );
        j += 1;
    }
    text.push_str("}\n\norders british {\n");
    let mut k = 0usize;
    while text.len() < target {
        let u = k % j.max(1);
        text.push_str(&format!(
            "  c{u} attack all-out a{} by turn 2 \"Seize the wood and hold it.\"\n",
            k % i.max(1)
        ));
        orders.push(json!({"unit": format!("c{u}"), "stance": "attack", "intensity": "all-out",
            "objective": format!("a{}", k % i.max(1)), "timing": [{"by": 2}], "prose": "Seize the wood and hold it."}));
        k += 1;
    }
    text.push_str("}\n");
    let doc: Value = json!({
        "scenario": {"title": "Generated", "start": "1944-06-06", "time": "00:16", "turns": 18, "weather": "clear", "light": "night", "table": [2400.0, 1600.0]},
        "map": areas, "forces": {"british": units}, "orders": {"british": orders},
    });
    (text, serde_json::to_string_pretty(&doc).unwrap_or_default())
}

fn bench(c: &mut Criterion) {
    let (text, json) = generate(1 << 20);
    assert!(
        parse(FileId(0), &text).diagnostics.is_empty(),
        "generated scenario must be clean"
    );
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("muster", |b| b.iter(|| parse(FileId(0), black_box(&text))));
    g.throughput(Throughput::Bytes(json.len() as u64));
    g.bench_function("serde_json", |b| {
        b.iter(|| serde_json::from_str::<Value>(black_box(&json)))
    });
    g.finish();

    // Hostile input: 64 KB of blocks that never close.
    let mut unclosed = String::new();
    while unclosed.len() < 64 * 1024 {
        unclosed.push_str("map {\n  area a brush rect (0,0) size 1m by 1m\n  place p at (1,\n");
    }
    let mut g = c.benchmark_group("hostile");
    g.throughput(Throughput::Bytes(unclosed.len() as u64));
    g.bench_function("unclosed-64k", |b| {
        b.iter(|| parse(FileId(0), black_box(&unclosed)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
