//! Generated scenarios that grow along one dimension each (map areas, elements,
//! the members of one group, orders, signals, nets, a side's texts with the enemy names they must not
//! hold, and a library shared by many scenarios), shared by the
//! complexity guards (`tests/it/complexity.rs`) and the benchmark (`benches/grow.rs`).

#![allow(dead_code)]

use muster_model::MemoryWorld;
use std::fmt::Write as _;

const HEADER: &str = "scenario \"G\" {\n  start 1944-06-06 06:00\n  turns 18\n  first-bound british\n  table 9000m by 20000m\n}\nside british \"B\" nation british\nside german \"G\" nation german\n";

/// `count` companies of a headquarters and two platoons, in a column (one x), so a
/// sweep along x meets every pair.
pub fn companies(t: &mut String, count: usize) {
    forces(t, "british", ("c", "C"), 4000, count);
}

/// `count` companies of `side` in a column at `x`, named `{id}{j}` and `"{display} {j}"`.
fn forces(t: &mut String, side: &str, (id, display): (&str, &str), x: usize, count: usize) {
    let _ = writeln!(t, "forces {side} {{");
    for j in 0..count {
        let y = 100 + j * 40;
        let _ = writeln!(
            t,
            "  company {id}{j} \"{display} {j}\" at ({x},{y}) {{\n    hq {id}{j}-hq command figures 3 radio long at (0,0)\n    element {id}{j}-a coherent figures 6 at (0,13)\n    element {id}{j}-b coherent figures 6 at (0,26)\n  }}"
        );
    }
    t.push_str("}\n");
}

/// `n` companies a side on either bank of a river with two bridges, three
/// objectives the victory conditions name, and every fourth company of each side
/// arriving later by an edge: the balance report measures every element against
/// every objective, over water by a bridge.
pub fn balance(n: usize) -> String {
    let mut t = String::from(HEADER);
    t.push_str("map {\n  river r width 40m line (5000,0) (5000,20000)\n  area wood dense-woods rect (3000,1000) size 500m by 500m\n  bridge b1 at (5000,1000) over r\n  bridge b2 at (5000,9000) over r\n  place p1 at (4800,1000)\n  place p2 at (5200,5000)\n  place p3 at (3000,8000)\n  place west edge west\n  place east edge east\n}\n");
    companies(&mut t, n);
    forces(&mut t, "german", ("g", "G"), 6000, n);
    for j in (0..n).step_by(4) {
        let _ = writeln!(t, "arrival c{j} turn {} at west", 2 + j % 10);
        let _ = writeln!(t, "arrival g{j} turn {} at east", 2 + j % 10);
    }
    t.push_str("victory british \"Take the crossings\" all {\n  holds p1 at end\n  holds p2 at end\n}\nvictory german \"Hold the woods\" all {\n  holds p3 at end\n}\n");
    t
}

pub fn areas(n: usize) -> String {
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

pub fn elements(n: usize) -> String {
    let mut t = String::from(HEADER);
    t.push_str("map {\n  area wood dense-woods rect (1000,1000) size 500m by 500m\n  road main width 8m line (0,4500) (9000,4500)\n}\n");
    companies(&mut t, n);
    t
}

/// One company of a headquarters and `n` elements in a line 40 m apart, without
/// radios: each reaches only its neighbours by voice (100 m, §88), so command runs
/// down a chain of `n` links (§87b), which a search measuring every pair of the
/// group in every round makes quadratic.
pub fn one_group(n: usize) -> String {
    let mut t = String::from(HEADER);
    t.push_str("forces british {\n  company c \"C\" at (4000,100) {\n    hq c-hq command figures 3 at (0,0)\n");
    for k in 1..=n {
        let _ = writeln!(t, "    element c-{k} coherent figures 6 at (0,{})", k * 40);
    }
    t.push_str("  }\n}\n");
    t
}

pub fn orders(n: usize) -> String {
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

pub fn signals(n: usize) -> String {
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

pub fn nets(n: usize) -> String {
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

/// `n` companies a side whose orders carry prose, so a side's texts and the enemy
/// names it must not be told both grow with `n` (fog of war, MC802/MC805): every
/// eighth German company is revealed by intel, and every sixteenth British order
/// names an unrevealed one.
pub fn fog(n: usize) -> String {
    let mut t = String::from(HEADER);
    companies(&mut t, n);
    forces(&mut t, "german", ("kg", "Kampfgruppe Nummer"), 6000, n);
    t.push_str("orders british {\n");
    for j in 0..n {
        let words = if j % 16 == 5 {
            format!("Drive Kampfgruppe Nummer {} off the ridge.", j + 1)
        } else {
            "Seize the ridge before the enemy can reinforce it, then dig in.".to_string()
        };
        let _ = writeln!(
            t,
            "  c{j} attack all-out (5000,{}) \"{words}\"",
            100 + j * 40
        );
    }
    t.push_str("}\norders german {\n");
    for j in 0..n {
        let _ = writeln!(
            t,
            "  kg{j} defend (6000,{}) \"Hold the ridge; C Company will come at dawn.\"",
            100 + j * 40
        );
    }
    t.push_str("}\nintel british {\n");
    for j in (0..n).step_by(8) {
        let _ = writeln!(
            t,
            "  kg{j} seen at (6000,{}) approximate \"a battlegroup dug in\"",
            100 + j * 40
        );
    }
    t.push_str("}\n");
    t
}

/// A pack of `n` scenarios sharing one library of `n` templates: the pack and its
/// library grow together, so parsing the library once per scenario is quadratic.
pub fn library_pack(n: usize) -> (MemoryWorld, Vec<String>) {
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
