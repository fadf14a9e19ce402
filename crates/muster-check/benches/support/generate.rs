//! A generated pack of 50 realistic scenarios (about 12,000 lines: header, map,
//! two battalions with companies, platoons and guns, nets, orders, signals,
//! arrivals, victory conditions, intel), shared by the benchmark and the profiler.

use muster_model::MemoryWorld;
use std::fmt::Write as _;

/// A small deterministic generator so every run measures the same pack.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
}

const KINDS: &[&str] = &[
    "brush",
    "open-woods",
    "dense-woods",
    "rocky",
    "buildings medium normal",
    "swamp",
    "gentle-slope",
];

fn side_forces(s: &mut String, rng: &mut Lcg, side: &str, p: &str, y0: i64, dir: i64) {
    let _ = writeln!(s, "forces {side} {{");
    let _ = writeln!(s, "  battalion {p}bn \"{p} Battalion\" {{");
    let _ = writeln!(
        s,
        "    hq {p}bn-hq command figures 3 radio long at (1500,{y0})"
    );
    for c in 0..3 {
        let cx = 600 + c * 900;
        let cy = y0 + dir * 300;
        let _ = writeln!(s, "    company {p}c{c} \"{c} Company\" {{");
        let _ = writeln!(
            s,
            "      hq {p}c{c}-hq command figures 3 radio long at ({cx},{cy})"
        );
        for q in 0..3 {
            let qx = cx - 250 + q * 250;
            let qy = cy + dir * 150;
            let _ = writeln!(s, "      platoon {p}c{c}p{q} \"{q} Platoon\" {{");
            let _ = writeln!(
                s,
                "        hq {p}c{c}p{q}-hq command figures 2 radio short at ({qx},{qy})"
            );
            let _ = writeln!(
                s,
                "        element s1 coherent figures 6 commander at ({},{})",
                qx - 60,
                qy + dir * 40
            );
            let _ = writeln!(
                s,
                "        element s2 integrated lmg figures 5 at ({},{}) dug-in",
                qx,
                qy + dir * 40
            );
            match rng.next(3) {
                0 => {
                    let _ = writeln!(s, "        element s3 heavy-support hmg tripod figures 3 at ({},{}) overwatch", qx + 60, qy + dir * 40);
                    let _ = writeln!(
                        s,
                        "          hmg-zone bearing {} spread 30 range 800m",
                        if dir > 0 { 0 } else { 180 }
                    );
                }
                1 => {
                    let _ = writeln!(
                        s,
                        "        element s3 light-support mortar 2in figures 2 at ({},{})",
                        qx + 60,
                        qy + dir * 20
                    );
                }
                _ => {
                    let _ = writeln!(s, "        element s3 vehicle half-track half-tracked armoured open-topped models 1 at ({},{})", qx + 60, qy);
                }
            }
            let _ = writeln!(s, "      }}");
        }
        let _ = writeln!(s, "    }}");
    }
    let _ = writeln!(s, "    battery {p}guns \"Guns\" {{");
    let _ = writeln!(
        s,
        "      hq {p}guns-hq command figures 2 radio long at (1500,{})",
        y0 - dir * 150
    );
    let _ = writeln!(
        s,
        "      element g1 artillery howitzer 105mm models 1 at (1450,{})",
        y0 - dir * 150
    );
    let _ = writeln!(
        s,
        "      element g2 artillery howitzer 105mm models 1 at (1550,{})",
        y0 - dir * 150
    );
    let _ = writeln!(s, "    }}");
    let _ = writeln!(s, "  }}\n}}");
}

pub fn scenario(i: u64) -> String {
    let mut rng = Lcg(i * 7919 + 1);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// Generated scenario {i} for the benchmark\nscenario \"Exercise {i}\" {{"
    );
    let _ = writeln!(
        s,
        "  start 1944-07-{:02} 05:30\n  turns 16\n  first-bound red\n  weather clear\n  light day",
        1 + i % 28
    );
    let _ = writeln!(
        s,
        "  table 3000m by 3000m\n  notes \"a meeting engagement across the valley\"\n}}"
    );
    let _ = writeln!(
        s,
        "side red \"Red Force\" nation british {{\n  player p1 \"First player\" commands rbn\n}}"
    );
    let _ = writeln!(
        s,
        "side blue \"Blue Force\" nation german {{\n  player p2 \"Second player\" commands bbn\n}}"
    );
    map_section(&mut s, &mut rng);
    side_forces(&mut s, &mut rng, "red", "r", 300, 1);
    side_forces(&mut s, &mut rng, "blue", "b", 2700, -1);
    let _ = writeln!(
        s,
        "nets red {{\n  net rnet \"Battalion net\" seniority rbn-hq rc0-hq rc1-hq rc2-hq\n}}"
    );
    for (side, p, tgt) in [("red", "r", 1), ("blue", "b", 5)] {
        let _ = writeln!(s, "orders {side} {{");
        let _ = writeln!(
            s,
            "  {p}bn attack full obj{tgt} by turn 8 \"Take the crossing and hold it\""
        );
        for c in 0..3 {
            let _ = writeln!(
                s,
                "  {p}c{c} attack probe obj{} after turn {} \"Advance on the objective\"",
                (tgt + c) % 8,
                1 + c
            );
        }
        let _ = writeln!(s, "  {p}c1p2 defend obj{} until turn 12", (tgt + 3) % 8);
        let _ = writeln!(s, "  {p}guns support {p}c0 immediately");
        let _ = writeln!(s, "}}");
    }
    let _ = writeln!(
        s,
        "signal go flare \"begin the assault\" from rbn.rbn-hq on command affects rc0 rc1"
    );
    let _ = writeln!(
        s,
        "signal halt shell-burst \"stop and dig in\" on capture obj1 affects rbn"
    );
    let _ = writeln!(
        s,
        "arrival rc2 turn 3 at south-edge \"the reserve company arrives\""
    );
    let _ = writeln!(s, "arrival bc2 06:10 at north-edge");
    let _ = writeln!(
        s,
        "event rain turn 6 \"a shower lowers visibility for one turn\""
    );
    let _ = writeln!(
        s,
        "victory red \"Hold the crossing at the end\" holds obj1 at end"
    );
    let _ = writeln!(
        s,
        "victory blue \"Hold the crossing at the end\" holds obj5 at end destroys rc0"
    );
    let _ = writeln!(s, "intel red {{\n  bbn seen at obj5 approximate \"a German battalion is dug in north of the brook\"\n}}");
    let _ = writeln!(
        s,
        "intel blue {{\n  rbn known \"British infantry are expected from the south\"\n}}"
    );
    let _ = writeln!(
        s,
        "umpire \"the bridge will not take vehicles heavier than a half-track\""
    );
    s
}

/// The map: two dozen areas of every kind, the brook and its bridge, objectives
/// and the edges.
fn map_section(s: &mut String, rng: &mut Lcg) {
    let _ = writeln!(s, "map {{");
    for a in 0..24u64 {
        let (gx, gy) = (a % 6, a / 6);
        let x = 100 + gx as i64 * 480 + rng.next(60) as i64;
        let y = 1050 + gy as i64 * 230 + rng.next(20) as i64;
        let kind = KINDS[rng.next(KINDS.len() as u64) as usize];
        match rng.next(3) {
            0 => {
                let _ = writeln!(
                    s,
                    "  area a{a} {kind} \"Area {a}\" rect ({x},{y}) size 300m by 150m"
                );
            }
            1 => {
                let _ = writeln!(
                    s,
                    "  area a{a} {kind} circle ({},{}) radius 80m",
                    x + 150,
                    y + 75
                );
            }
            _ => {
                let _ = writeln!(
                    s,
                    "  area a{a} {kind} polygon ({x},{y}) ({},{y}) ({},{}) ({},{})",
                    x + 300,
                    x + 250,
                    y + 150,
                    x + 40,
                    y + 120
                );
            }
        }
    }
    let _ = writeln!(
        s,
        "  road main \"Main road\" width 8m line (0,1500) (1500,1480) (3000,1500)"
    );
    let _ = writeln!(s, "  track lane line (1500,0) (1500,3000)");
    let _ = writeln!(
        s,
        "  river brook \"The brook\" width 10m line (0,2000) (3000,2050)"
    );
    let _ = writeln!(s, "  bridge span at (1500,2025) over brook carries lane");
    for p in 0..8 {
        let _ = writeln!(
            s,
            "  place obj{p} \"Objective {p}\" at ({},{})",
            300 + p * 340,
            1400 + (p % 3) * 100
        );
    }
    let _ = writeln!(s, "  place north-edge \"North edge\" edge north\n  place south-edge \"South edge\" edge south\n}}");
}

/// The pack: 50 scenario files in memory.
pub fn pack() -> (MemoryWorld, Vec<String>) {
    let mut world = MemoryWorld::new();
    let mut paths = Vec::new();
    for i in 0..50 {
        let path = format!("exercise-{i:02}.muster");
        world.insert(path.clone(), scenario(i));
        paths.push(path);
    }
    (world, paths)
}
