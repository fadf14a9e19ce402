//! The balance page of the umpire's sheet: one chart and table per objective,
//! drawn from the umpire's JSON (each side's strength a step a turn, each
//! arrival a triangle at its turn on its side's line), and nowhere on a side's
//! or player's sheet or in a side's JSON, since it counts the enemy.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use muster_render::{build, json, OutputFile, Templates};

fn outputs(scenario: &str) -> (serde_json::Value, Vec<OutputFile>) {
    let (model, analysis) = support::pack::load(scenario);
    let full = serde_json::to_value(json::scenario(&model, &analysis)).unwrap();
    let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
    (full, files)
}

fn file<'a>(files: &'a [OutputFile], name: &str) -> &'a str {
    &files
        .iter()
        .find(|f| f.path.ends_with(&format!("/{name}")))
        .unwrap_or_else(|| panic!("no {name}"))
        .contents
}

/// The value of attribute `name` in the first tag of `tag_text`.
fn attr<'a>(tag_text: &'a str, name: &str) -> &'a str {
    let key = format!(" {name}=\"");
    let start = tag_text.find(&key).unwrap_or_else(|| panic!("no {name}")) + key.len();
    let end = tag_text[start..].find('"').unwrap() + start;
    &tag_text[start..end]
}

/// Every `<path …>…</path>` of an SVG with its `d` and its title.
fn paths(svg: &str) -> Vec<(String, String)> {
    svg.split("<path ")
        .skip(1)
        .filter_map(|p| {
            let body = &p[..p.find("</path>")?];
            let title = body.split("<title>").nth(1)?.split("</title>").next()?;
            Some((
                attr(&format!(" {body}"), "d").to_string(),
                title.to_string(),
            ))
        })
        .collect()
}

/// A step line's turn boundaries on x (`M x0,y H x1 V y H x2 …`: n + 1 for n
/// turns) and its height in each turn.
fn steps(d: &str) -> (Vec<f64>, Vec<f64>) {
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    let rest = d.strip_prefix('M').expect("a step line starts with M");
    let (first, rest) = rest.split_once('H').unwrap();
    let (x0, y0) = first.split_once(',').unwrap();
    xs.push(x0.parse::<f64>().unwrap());
    ys.push(y0.parse::<f64>().unwrap());
    for (i, part) in rest.split('V').enumerate() {
        let (y, x) = if i == 0 {
            (None, part)
        } else {
            let (y, x) = part.split_once('H').unwrap();
            (Some(y), x)
        };
        if let Some(y) = y {
            ys.push(y.parse::<f64>().unwrap());
        }
        xs.push(x.parse::<f64>().unwrap());
    }
    (xs, ys)
}

fn side_name(full: &serde_json::Value, id: &str) -> String {
    full["sides"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .and_then(|s| s["display"].as_str())
        .unwrap_or(id)
        .to_string()
}

#[test]
fn each_objective_charts_every_turn_of_each_side_and_marks_arrivals_at_their_turn() {
    let (full, files) = outputs("pegasus-bridge.muster");
    let b = &full["balance"];
    let turns = b["turns"].as_u64().unwrap() as usize;
    assert_eq!(turns, 18, "Pegasus Bridge is 18 turns");
    let objectives = b["objectives"].as_array().unwrap();
    assert!(objectives.len() >= 3, "Pegasus Bridge names three places");
    let html = file(&files, "umpire.html");
    let page = html.split("id=\"balance\"").nth(1).expect("a balance page");
    let blocks: Vec<&str> = page
        .split("<div class=\"balance-objective\">")
        .skip(1)
        .collect();
    assert_eq!(blocks.len(), objectives.len(), "one chart per objective");
    let mut marks_checked = 0;
    for (o, block) in objectives.iter().zip(&blocks) {
        let name = o["display"].as_str().unwrap_or(o["id"].as_str().unwrap());
        assert!(block.contains(&format!("<h3>{name}")), "{name}: heading");
        let svg = &block[block.find("<svg").unwrap()..block.find("</svg>").unwrap()];
        let drawn = paths(svg);
        for side in o["sides"].as_array().unwrap() {
            let sname = side_name(&full, side["side"].as_str().unwrap());
            let (d, _) = drawn
                .iter()
                .find(|(_, t)| *t == sname)
                .unwrap_or_else(|| panic!("{name}: no line for {sname}"));
            let (xs, ys) = steps(d);
            assert_eq!(xs.len(), turns + 1, "{name}, {sname}: a step a turn");
            assert_eq!(ys.len(), turns, "{name}, {sname}: a height a turn");
            // the line rises exactly where the strength rises
            let weights: Vec<f64> = side["weights"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_f64().unwrap())
                .collect();
            for t in 1..turns {
                let (w0, w1) = (weights[t - 1], weights[t]);
                let (y0, y1) = (ys[t - 1], ys[t]);
                assert_eq!(
                    w1 > w0,
                    y1 < y0,
                    "{name}, {sname}: turn {}: {w0} -> {w1} drawn {y0} -> {y1}",
                    t + 1
                );
            }
            // each arrival of this side: a triangle at the start of its turn,
            // just under the line's height in that turn
            for a in o["arrivals"].as_array().unwrap() {
                if a["side"] != side["side"] {
                    continue;
                }
                let turn = a["turn"].as_u64().unwrap() as usize;
                let at: Vec<(f64, f64)> = drawn
                    .iter()
                    .filter(|(_, t)| t.starts_with(&format!("turn {turn}: ")))
                    .map(|(d, _)| {
                        let (x, y) = d[1..].split(' ').next().unwrap().split_once(',').unwrap();
                        (x.parse().unwrap(), y.parse().unwrap())
                    })
                    .collect();
                // a triangle at the start of the turn, 2 under the line's height
                assert!(
                    at.iter().any(|(x, y)| (x - xs[turn - 1]).abs() < 0.2
                        && (y - ys[turn - 1] - 2.0).abs() < 0.2),
                    "{name}, {sname}: no mark at the start of turn {turn} (x {}) on the line (y {}): {at:?}",
                    xs[turn - 1],
                    ys[turn - 1]
                );
                marks_checked += 1;
            }
        }
        // the table: a row for the first and the last turn, the ratio in words
        let table = &block[block.find("<table").unwrap()..block.find("</table>").unwrap()];
        assert!(table.contains("<tr><td>1</td>"), "{name}: turn 1 row");
        assert!(
            table.contains(&format!("<tr><td>{turns}</td>")),
            "{name}: last turn row"
        );
    }
    assert!(marks_checked > 0, "some arrival is marked");
    // by name: 7th Parachute Battalion's A Company comes on in turn 8 and
    // reaches Horsa Bridge, and its chart says so
    let horsa = blocks
        .iter()
        .find(|b| b.contains("<h3>Horsa Bridge"))
        .expect("a Horsa Bridge chart");
    assert!(
        horsa.contains("<title>turn 8: A Company, 7th Para"),
        "Horsa Bridge marks A Company's arrival in turn 8"
    );
    // clock times under the turn numbers: turn 1 starts at 00:16
    assert!(horsa.contains(">00:16</text>"), "turn 1's clock time");
}

#[test]
fn no_side_or_player_sheet_nor_side_json_carries_the_balance() {
    for scenario in ["pegasus-bridge.muster", "arras-1940.muster"] {
        let (full, files) = outputs(scenario);
        assert!(
            !full["balance"]["objectives"].as_array().unwrap().is_empty(),
            "{scenario}: the umpire's JSON has objectives"
        );
        assert!(
            file(&files, "umpire.html").contains("id=\"balance\""),
            "{scenario}: the umpire's sheet has its balance page"
        );
        let mut looked = 0;
        for f in &files {
            let name = f.path.rsplit('/').next().unwrap();
            if name.starts_with("side-") && name.ends_with(".json") {
                let v: serde_json::Value = serde_json::from_str(&f.contents).unwrap();
                assert!(
                    v["balance"].is_null(),
                    "{}: balance in a side's JSON",
                    f.path
                );
                looked += 1;
            } else if (name.starts_with("side-")
                || name.starts_with("player-")
                || name.starts_with("cards-"))
                && name.ends_with(".html")
            {
                for mark in [
                    "id=\"balance\"",
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"balance-chart\"",
                    "class=\"compact balance-table\"",
                    "doctrinal ratio",
                ] {
                    assert!(!f.contents.contains(mark), "{}: carries {mark}", f.path);
                }
                looked += 1;
            }
        }
        assert!(looked >= 4, "{scenario}: sides' files looked at");
    }
}
