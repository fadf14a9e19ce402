//! The table-ready map: every map of the pack keeps its labels apart
//! and inside the frame, the set-up sheet gives table centimetres and grid
//! squares, units carry the branch icon their elements imply, and the muster
//! list counts what to bring.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use muster_model::analysis::analyse;
use muster_model::geometry::segments_cross;
use muster_model::model::Model;
use muster_model::model::Pos;
use muster_model::{resolve, MemoryWorld, PackConfig};
use muster_render::json::{self, ScenarioJson};
use muster_render::map::{map_view, MapView, MIN_TEXT_MM, SMALLEST_EM};
use muster_render::sheets::page::page;
use muster_render::sheets::setup::setup;
use muster_render::{build, Paper, Templates};

/// Every map a scenario's build draws: the umpire's, each side's, each
/// player's and the set-up sheet's with its tiles, by name.
fn maps(full: &ScenarioJson) -> Vec<(String, MapView)> {
    let mut out = vec![
        ("umpire".to_string(), map_view(full, None, &[])),
        ("setup".to_string(), setup(full, Paper::A4).0),
        ("setup-a3".to_string(), setup(full, Paper::A3).0),
    ];
    for t in setup(full, Paper::A4).1.tiles {
        out.push((format!("setup tile {}", t.name), t.map));
    }
    for side in &full.sides {
        let view = json::for_side(full, &side.id);
        out.push((
            format!("side {}", side.id),
            map_view(&view, Some(&side.id), &[]),
        ));
        for p in &side.players {
            let pg = page(&view, Some(&side.id), Some(&p.id));
            out.push((format!("player {}", p.id), pg.map));
        }
    }
    out
}

/// Whether two leader lines (from x, y to x, y) cross.
fn cross(a: &[f64; 4], b: &[f64; 4]) -> bool {
    let p = |x: f64, y: f64| Pos { x, y };
    segments_cross(p(a[0], a[1]), p(a[2], a[3]), p(b[0], b[1]), p(b[2], b[3]))
}

/// The labels a map should carry, and whether each was drawn.
fn labels(m: &MapView) -> Vec<(String, bool)> {
    let mut v: Vec<(String, bool)> = Vec::new();
    v.extend(m.places.iter().map(|p| (p.label.clone(), p.shown)));
    v.extend(
        m.crossings
            .iter()
            .filter(|c| !c.label.is_empty())
            .map(|c| (c.label.clone(), c.shown)),
    );
    v.extend(
        m.lines
            .iter()
            .filter(|l| !l.label.is_empty())
            .map(|l| (l.label.clone(), l.shown)),
    );
    v.extend(m.areas.iter().map(|a| (a.label.clone(), a.shown)));
    v.extend(m.units.iter().map(|u| (u.label.clone(), u.shown)));
    v.extend(m.arrivals.iter().map(|a| (a.label.clone(), a.shown)));
    v
}

/// Whether a point is inside a polygon (even-odd rule).
fn within(x: f64, y: f64, poly: &[(f64, f64)]) -> bool {
    let mut c = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + poly.len() - 1) % poly.len()]);
        if (a.1 > y) != (b.1 > y) && x < (b.0 - a.0) * (y - a.1) / (b.1 - a.1) + a.0 {
            c = !c;
        }
    }
    c
}

fn check_map(name: &str, m: &MapView) {
    let eps = 1e-6;
    // A map extract's frame is its window on the table.
    let (fx, fy, fw, fh) = match &m.window {
        Some(w) => {
            assert!(
                w.x >= -eps
                    && w.y >= -eps
                    && w.x + w.w <= m.width + eps
                    && w.y + w.h <= m.height + eps,
                "{name}: the extract's window leaves the table"
            );
            (w.x, w.y, w.w, w.h)
        }
        None => (0.0, 0.0, m.width, m.height),
    };
    for b in &m.label_boxes {
        assert!(
            b.x0 >= fx - eps && b.y0 >= fy - eps && b.x1 <= fx + fw + eps && b.y1 <= fy + fh + eps,
            "{name}: label {:?} leaves the frame",
            b.text
        );
    }
    for (i, a) in m.label_boxes.iter().enumerate() {
        for b in &m.label_boxes[i + 1..] {
            let dx = a.x1.min(b.x1) - a.x0.max(b.x0);
            let dy = a.y1.min(b.y1) - a.y0.max(b.y0);
            assert!(
                dx <= eps || dy <= eps,
                "{name}: labels {:?} and {:?} overlap",
                a.text,
                b.text
            );
        }
    }
    for l in &m.leaders {
        // A leader is short: at most 7 em (about 26 mm printed).
        let len = (l[2] - l[0]).hypot(l[3] - l[1]);
        assert!(
            len <= 7.0 * m.em + eps,
            "{name}: a leader line {len} m long"
        );
    }
    for (i, a) in m.leaders.iter().enumerate() {
        for b in &m.leaders[i + 1..] {
            assert!(!cross(a, b), "{name}: leader lines cross");
        }
    }
    // A unit's symbol is never moved into water or cliffs its unit is not in
    // (Pointe du Hoc's companies stay out of the sea).
    let wet: Vec<&[(f64, f64)]> = m
        .areas
        .iter()
        .filter(|a| matches!(a.kind.as_str(), "water" | "lake" | "cliffs"))
        .map(|a| a.points.as_slice())
        .collect();
    for u in m.units.iter().filter(|u| u.shown) {
        for poly in &wet {
            assert!(
                !within(u.fx, u.fy, poly) || within(u.x, u.y, poly),
                "{name}: {} drawn in water or cliffs it is not in",
                u.label
            );
        }
    }
    // A unit's symbol carries its display name, or a number that the key
    // under the map resolves to it; one left off the map is in the key.
    for u in &m
        .units
        .iter()
        .filter(|u| u.branch != "report")
        .collect::<Vec<_>>()
    {
        let named = if !u.shown {
            m.key.iter().any(|k| k.text.contains(u.name.as_str()))
        } else if u.label == u.name {
            true
        } else {
            m.callouts
                .iter()
                .any(|c| c.on_symbol && c.number == u.label && c.text.starts_with(&u.name))
        };
        assert!(
            named,
            "{name}: {} ({}) is named nowhere on or under the map",
            u.label, u.name
        );
    }
    // Every label is on the map (with a box), numbered at its feature (the
    // number with a box, the name under the map) or in the key.
    let all = labels(m);
    let shown = all.iter().filter(|(_, s)| *s).count();
    // A unit's number is its label under its symbol, counted as shown.
    let drawn_numbers = m.callouts.iter().filter(|c| !c.on_symbol).count();
    assert_eq!(
        shown + drawn_numbers,
        m.label_boxes.len(),
        "{name}: a drawn label has no box"
    );
    for (text, s) in &all {
        if !*s {
            assert!(
                m.key.iter().any(|k| k.text.starts_with(text.as_str()))
                    || m.callouts.iter().any(|c| &c.text == text),
                "{name}: {text:?} is neither on the map nor in the key"
            );
        }
    }
    // No two element marks print on top of each other: each is its square or
    // diamond and the tick of its facing (0.7 em), with a hair between.
    let mark = |el: &muster_render::map::Mark| {
        let (s, c) = el.angle.to_radians().sin_cos();
        let (tx, ty) = (0.7 * m.em * s, -0.7 * m.em * c);
        let half = 0.35 * m.em;
        [
            el.x + tx.min(-half),
            el.y + ty.min(-half),
            el.x + tx.max(half),
            el.y + ty.max(half),
        ]
    };
    let marks: Vec<[f64; 4]> = m.elements.iter().map(mark).collect();
    for (i, a) in marks.iter().enumerate() {
        for (j, b) in marks.iter().enumerate().skip(i + 1) {
            let dx = a[2].min(b[2]) - a[0].max(b[0]);
            let dy = a[3].min(b[3]) - a[1].max(b[1]);
            assert!(
                dx <= eps || dy <= eps,
                "{name}: element marks {} and {} overlap",
                m.elements[i].id,
                m.elements[j].id
            );
        }
    }
    // The smallest text prints at 2.5 mm or more.
    let mm_per_unit = m.print_w_mm / m.vw;
    assert!(
        m.em * SMALLEST_EM * mm_per_unit >= 2.5 - 1e-9 && MIN_TEXT_MM >= 2.5,
        "{name}: text prints at {} mm",
        m.em * SMALLEST_EM * mm_per_unit
    );
}

#[test]
fn every_map_of_the_pack_keeps_its_labels_apart_and_inside_the_frame() {
    let mut checked = 0;
    let mut extracts = 0;
    let mut expected = 0;
    for path in support::pack::scenario_paths() {
        let (model, analysis) = support::pack::load(&path);
        let full = json::scenario(&model, &analysis);
        let players: usize = full.sides.iter().map(|s| s.players.len()).sum();
        let tiles = setup(&full, Paper::A4).1.tiles.len();
        expected += 3 + full.sides.len() + players + tiles;
        for (name, m) in maps(&full) {
            check_map(&format!("{path} {name}"), &m);
            checked += 1;
            extracts += usize::from(m.window.is_some() && !name.starts_with("setup tile"));
        }
    }
    assert_eq!(checked, expected);
    assert!(checked >= 11 * 5, "only {checked} maps checked");
    // Player sheets show an extract around the player's unit where the table is
    // larger than the ground around it.
    assert!(extracts >= 5, "only {extracts} map extracts checked");
}

/// Resolves a scenario from text alone.
fn load_text(text: &str) -> (Model, muster_model::analysis::Analysis) {
    let mut world = MemoryWorld::new();
    world.insert("fixture.muster".to_string(), text.to_string());
    let resolved = resolve(&world, "fixture.muster", &PackConfig::default());
    let analysis = analyse(&resolved.model);
    (resolved.model, analysis)
}

const FIXTURE: &str = r#"
scenario "Set-up fixture" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
  table 2400m by 1600m
}
side red "Red" nation british
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (1100,760)
    element one coherent figures 6 at (1120,760) facing 90 dug-in
    element two coherent at (1180,760)
    element mg heavy-support figures 3 hmg tripod at (1150,700)
  }
  company b "B Company" {
    hq b-hq command figures 3
    element one integrated
    element two integrated
  }
}
forces blue {
  battery atk "Pak battery" {
    hq atk-hq command figures 2 at (400,1400)
    element guns artillery at-gun 75mm models 2 figures 4 at (450,1400)
  }
  company tanks "Panzer company" {
    hq t-hq vehicle command-tank tracked armoured enclosed models 1 at (1800,1200)
    element zug vehicle tank tracked armoured enclosed models 3 at (1850,1200)
  }
}
map {
  area wood dense-woods "Big wood" rect (200,200) size 400m by 200m
  hedge h1 "Hedge" line (0,100) (600,100)
  wall w1 "Wall" line (1000,0) (1000,300)
  place lane "Lane end" at (2300,100)
}
arrival b turn 3 at lane
orders red {
  a attack full atk
}
orders blue {
  tanks attack full a
}
"#;

#[test]
fn setup_sheet_gives_table_centimetres_and_grid_squares() {
    let (model, analysis) = load_text(FIXTURE);
    let full = json::scenario(&model, &analysis);
    let (_, s) = setup(&full, Paper::A4);
    let one = s
        .deployment
        .iter()
        .find(|d| d.element == "one" && d.unit == "A Company")
        .expect("element a.one listed");
    // Ground (1120, 760) at 2 m per mm is 560 mm, 380 mm: 56.0 cm, 38.0 cm.
    assert_eq!((one.x_cm, one.y_cm), (Some(56.0), Some(38.0)));
    assert_eq!(one.position_cm, "56.0, 38.0");
    assert_eq!(one.square, "F4");
    assert_eq!(one.facing, "90°");
    assert_eq!(one.posture, "dug-in");
    let guns = s.deployment.iter().find(|d| d.element == "guns").unwrap();
    assert_eq!(guns.position_cm, "22.5, 70.0");
    assert_eq!(guns.square, "C8");
    // The wood: corner (200, 200), 400 m by 200 m -> 10 cm, 10 cm; 20 by 10 cm.
    let wood = s.terrain.iter().find(|t| t.id == "wood").unwrap();
    assert_eq!(wood.squares, "B2–D3");
    assert!(
        wood.extent
            .contains("corner at 10.0, 10.0 cm; 20.0 cm east by 10.0 cm north"),
        "{}",
        wood.extent
    );
    let later = s.arrivals.first().expect("b arrives");
    assert_eq!(later.when, "turn 3");
    assert_eq!(later.entry, "Lane end, L1");
    assert_eq!(later.elements, 3);
    // The built sheet is written for every scenario and carries the rows.
    let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let sheet = files
        .iter()
        .find(|f| f.path == "fixture/setup.html")
        .unwrap();
    assert!(sheet.contents.contains("56.0, 38.0"));
    assert!(sheet.contents.contains("Umpire only"));
    // A 3 : 2 table fills the width of a portrait page, not of a landscape one.
    assert!(sheet.contents.contains("size: A4 portrait"));
}

#[test]
fn every_shipped_scenario_gets_a_setup_sheet_with_grid() {
    for path in support::pack::scenario_paths() {
        let (model, analysis) = support::pack::load(&path);
        let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
        let stem = path.trim_end_matches(".muster");
        let sheet = files
            .iter()
            .find(|f| f.path == format!("{stem}/setup.html"))
            .unwrap_or_else(|| panic!("{path}: no setup.html"));
        for needle in [
            "Deployment at the start",
            "Terrain",
            "Muster list",
            "Grid squares",
        ] {
            assert!(sheet.contents.contains(needle), "{path}: {needle}");
        }
        // The table is printed in tiles at table scale.
        assert!(sheet.contents.contains("Map tile 1 of "), "{path}");
    }
}

#[test]
fn muster_list_counts_the_fixture_by_hand() {
    let (model, analysis) = load_text(FIXTURE);
    let full = json::scenario(&model, &analysis);
    let m = &full.muster;
    let red = &m.sides[0].troops;
    let line = |t: &json::muster::Troops, ty: &str| {
        t.figures
            .iter()
            .find(|f| f.element_type == ty)
            .map(|f| (f.bases, f.frontage_mm, f.figures))
    };
    // Red: 2 coherent bases (6 + 6 usual), 2 integrated (5 + 5 usual),
    // 2 command bases (2 + 3), 1 heavy-support base of 3.
    assert_eq!(line(red, "coherent foot"), Some((2, 50, 12)));
    assert_eq!(line(red, "integrated foot"), Some((2, 50, 10)));
    assert_eq!(line(red, "command foot"), Some((2, 25, 5)));
    assert_eq!(line(red, "heavy-support foot"), Some((1, 25, 3)));
    let blue = &m.sides[1].troops;
    assert_eq!(line(blue, "command foot"), Some((1, 25, 2)));
    assert_eq!(line(blue, "gun crew"), Some((0, 25, 4)));
    let models = |t: &json::muster::Troops, ty: &str| {
        t.models
            .iter()
            .find(|x| x.model_type == ty)
            .map(|x| (x.elements, x.models))
    };
    assert_eq!(models(blue, "75 mm at-gun"), Some((1, 2)));
    assert_eq!(models(blue, "tracked armoured tank"), Some((1, 3)));
    assert_eq!(models(blue, "tracked armoured command-tank"), Some((1, 1)));
    assert_eq!(line(&m.total, "command foot"), Some((3, 25, 7)));
    // Terrain: one wood, a 600 m hedge (30 cm), a 300 m wall (15 cm).
    let t = |k: &str| {
        m.terrain
            .iter()
            .find(|x| x.kind == k)
            .map(|x| (x.pieces, x.length_cm))
    };
    assert_eq!(t("dense-woods"), Some((1, 0.0)));
    assert_eq!(t("hedge"), Some((1, 30.0)));
    assert_eq!(t("wall"), Some((1, 15.0)));
    // A side's list counts that side alone.
    let red_view = json::for_side(&full, "red");
    assert_eq!(red_view.muster.sides.len(), 1);
    assert_eq!(
        line(&red_view.muster.total, "command foot"),
        Some((2, 25, 5))
    );
    assert!(models(&red_view.muster.total, "75 mm at-gun").is_none());
}

/// Every unit of the pack and its icon, `scenario unit icon` per line.
fn pack_icons() -> String {
    fn walk(stem: &str, u: &json::forces::Unit, out: &mut String) {
        out.push_str(&format!(
            "{stem} {} {}\n",
            u.id,
            muster_render::app6::branch::unit_branch(u)
        ));
        for c in &u.units {
            walk(stem, c, out);
        }
    }
    let mut out = String::new();
    for path in support::pack::scenario_paths() {
        let (model, analysis) = support::pack::load(&path);
        let full = json::scenario(&model, &analysis);
        let stem = path.trim_end_matches(".muster");
        for s in &full.sides {
            for u in &s.units {
                walk(stem, u, &mut out);
            }
        }
    }
    out
}

/// The icon each unit of the pack should carry, written from the scenarios'
/// histories (what the unit was), not from the renderer.
const EXPECTED_ICONS: &str = include_str!("../data/unit_icons.txt");

#[test]
fn every_unit_of_the_pack_has_the_icon_its_history_gives() {
    let got = pack_icons();
    if std::env::var("MUSTER_PRINT_ICONS").is_ok() {
        println!("{got}");
    }
    // A line `s u history  # elements: icon because ...` expects `icon` from the
    // renderer: the scenario's elements do not show what history says.
    let expected: String = EXPECTED_ICONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| match l.split_once("  # elements: ") {
            Some((head, gap)) => {
                let mut w = head.split_whitespace();
                let (s, u) = (w.next().unwrap_or(""), w.next().unwrap_or(""));
                let icon = gap.split_whitespace().next().unwrap_or("");
                format!("{s} {u} {icon}\n")
            }
            None => format!("{}\n", l.trim_end()),
        })
        .collect();
    let diff: Vec<String> = got
        .lines()
        .zip(expected.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("got {a:?}, expected {b:?}"))
        .collect();
    assert!(diff.is_empty(), "{}", diff.join("\n"));
    assert_eq!(got.lines().count(), expected.lines().count());
}

#[test]
fn a_sides_map_draws_no_arrow_toward_an_enemy_it_does_not_know() {
    let (model, analysis) = load_text(FIXTURE);
    let full = json::scenario(&model, &analysis);
    // The umpire sees both attacks.
    let umpire = map_view(&full, None, &[]);
    assert_eq!(umpire.orders.len(), 2);
    assert_eq!(umpire.orders.iter().filter(|o| o.hostile).count(), 1);
    // Red has no intel on the Pak battery: its own attack order stays in its
    // briefing text, but no arrow on its map points at where the guns are.
    let red = json::for_side(&full, "red");
    let red_map = map_view(&red, Some("red"), &[]);
    assert!(red_map.orders.is_empty(), "{:?}", red_map.orders);
    // Blue attacks A Company, which it does not know either.
    let blue = json::for_side(&full, "blue");
    assert!(map_view(&blue, Some("blue"), &[]).orders.is_empty());
}

/// The rectangle a tile's dashed line marks as its own part, from its path.
fn own_part(t: &muster_render::map::setup::Tile) -> [f64; 4] {
    let n: Vec<f64> = t
        .inner
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter_map(|w| w.parse().ok())
        .collect();
    [n[0], n[1], n[2], n[3]]
}

#[test]
fn the_table_is_tiled_at_table_scale_with_only_the_overlap_repeated() {
    // 4800 m by 3200 m at 2 m per mm is a 240 cm by 160 cm table: it prints
    // in tiles at 1 : 4 on A4 and 1 : 2 on A3.
    use muster_render::map::setup::{OVERLAP_TABLE_MM, TILE_RATIO, TILE_RATIO_A3};
    let big = FIXTURE.replace("table 2400m by 1600m", "table 4800m by 3200m");
    let (model, analysis) = load_text(&big);
    let full = json::scenario(&model, &analysis);
    let scale = full.header.ground_scale_m_per_mm;
    // Two tiles that share a side share exactly the overlap: 20 table mm, 40 m.
    let overlap = OVERLAP_TABLE_MM * scale;
    for (paper, ratio) in [(Paper::A4, TILE_RATIO), (Paper::A3, TILE_RATIO_A3)] {
        let (map, s) = setup(&full, paper);
        assert!(s.tiles.len() > 1, "{paper:?}");
        let eps = 1e-6;
        let windows: Vec<_> = s
            .tiles
            .iter()
            .map(|t| t.map.window.expect("a tile is a window"))
            .collect();
        for (t, w) in s.tiles.iter().zip(&windows) {
            // The tile prints at its stated scale against the table.
            let printed = t.map.print_w_mm / t.map.vw * scale;
            assert!((printed - ratio).abs() < 1e-9, "{paper:?}: {printed}");
            assert_eq!(t.ratio, ratio);
            // It stays on the table, and its own part lies inside it.
            assert!(w.x >= -eps && w.y >= -eps);
            assert!(w.x + w.w <= map.width + eps && w.y + w.h <= map.height + eps);
            let [x0, y0, x1, y1] = own_part(t);
            assert!(x0 >= w.x - eps && y0 >= w.y - eps);
            assert!(x1 <= w.x + w.w + eps && y1 <= w.y + w.h + eps);
            // Its grid letters, scale bar and north arrow are its own.
            assert!(!t.map.grid.columns.is_empty() && !t.map.grid.rows.is_empty());
            assert!(t.map.scale.x >= w.x - eps && t.map.nx <= w.x + w.w + eps);
            assert!(!t.ruler.is_empty());
        }
        for (i, a) in windows.iter().enumerate() {
            for b in &windows[i + 1..] {
                let ox = (a.x + a.w).min(b.x + b.w) - a.x.max(b.x);
                let oy = (a.y + a.h).min(b.y + b.h) - a.y.max(b.y);
                let same_row = (a.y - b.y).abs() < eps;
                let same_column = (a.x - b.x).abs() < eps;
                if same_row && ox > 0.0 {
                    assert!((ox - overlap).abs() < 1e-6, "{paper:?}: repeats {ox} m");
                }
                if same_column && oy > 0.0 {
                    assert!((oy - overlap).abs() < 1e-6, "{paper:?}: repeats {oy} m");
                }
            }
        }
        // Together the tiles name all 24 by 16 squares, the first the north-west one.
        let named: std::collections::BTreeSet<&str> = s
            .tiles
            .iter()
            .flat_map(|t| t.squares.iter().map(|g| g.text.as_str()))
            .collect();
        assert_eq!(named.len(), 24 * 16, "{paper:?}");
        assert_eq!(s.tiles[0].squares[0].text, "A16");
        // Every spot of the table is in exactly one tile's own part.
        let (nx, ny) = (48, 32);
        for i in 0..nx {
            for j in 0..ny {
                let (x, y) = (
                    (i as f64 + 0.5) * map.width / nx as f64,
                    (j as f64 + 0.5) * map.height / ny as f64,
                );
                let owners = s
                    .tiles
                    .iter()
                    .filter(|t| {
                        let [x0, y0, x1, y1] = own_part(t);
                        x >= x0 && x < x1 && y >= y0 && y < y1
                    })
                    .count();
                assert_eq!(owners, 1, "{paper:?}: ({x}, {y})");
            }
        }
    }
    // The sheet draws each tile as a map of its own, with the data attributes.
    let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let sheet = &files
        .iter()
        .find(|f| f.path == "fixture/setup.html")
        .unwrap()
        .contents;
    let (_, s) = setup(&full, Paper::A4);
    let n = s.tiles.len();
    assert!(sheet.contains(&format!("Map tile {n} of {n} ")));
    assert_eq!(
        sheet.matches("aria-label=\"Map of the table\"").count(),
        n + 1
    );
    assert!(sheet.contains("data-element=\"red.a.one\""));
    assert!(sheet.matches("data-element=\"red.a.one\"").count() >= 2);
    assert!(sheet.contains("data-number=\"red.a.one\""));
    assert!(sheet.contains("At 1 : 4 of the table"));
}

#[test]
fn a_position_to_defend_away_from_the_unit_gets_a_route_to_it() {
    // A Company stands round (1150, 740); Lane end is at (2300, 100), far off:
    // it must advance there first. B Company's ring is on its own wood.
    let text = FIXTURE.replace(
        "orders red {\n  a attack full atk\n}",
        "orders red {\n  a defend lane\n}",
    );
    let (model, analysis) = load_text(&text);
    let full = json::scenario(&model, &analysis);
    let red = json::for_side(&full, "red");
    let m = map_view(&red, Some("red"), &[]);
    let kinds: Vec<&str> = m.orders.iter().map(|o| o.kind.as_str()).collect();
    assert_eq!(kinds, ["move", "defend"], "{:?}", m.orders);
    assert!(m.order_kinds.iter().any(|k| k == "move"));
    // The route starts at the company and stops at the ring round the lane end.
    let nums: Vec<f64> = m.orders[0]
        .d
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter_map(|w| w.parse().ok())
        .collect();
    let (ex, ey) = (nums[2], m.height - nums[3]);
    let gap = ((ex - 2300.0).powi(2) + (ey - 100.0).powi(2)).sqrt();
    assert!(
        gap > 2.2 * m.em && gap < 3.0 * m.em,
        "gap {gap}, em {}",
        m.em
    );
    // Defending where it stands needs no route.
    let text = FIXTURE.replace(
        "orders red {\n  a attack full atk\n}",
        "orders red {\n  a defend (1150,740)\n}",
    );
    let (model, analysis) = load_text(&text);
    let full = json::scenario(&model, &analysis);
    let m = map_view(&json::for_side(&full, "red"), Some("red"), &[]);
    let kinds: Vec<&str> = m.orders.iter().map(|o| o.kind.as_str()).collect();
    assert_eq!(kinds, ["defend"]);
}

/// Every drawn map item names what it draws (`data-feature="KIND:ID"`,
/// `data-label`, `data-unit="SIDE.UNIT"`, `data-element="SIDE.UNIT.ELEMENT"`),
/// so tests and tools can find it on the page and in the source.
#[test]
fn every_map_item_carries_the_id_of_what_it_draws() {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let umpire = files
        .iter()
        .find(|f| f.path.ends_with("/umpire.html"))
        .unwrap();
    let html = &umpire.contents;
    for item in [
        "data-feature=\"crossing:pegasus\"",
        "data-label=\"crossing:pegasus\"",
        "data-feature=\"place:cafe\"",
        "data-feature=\"area:canal\"",
        "data-feature=\"line:d514\"",
        "data-element=\"british.brotheridge.assault-party\"",
        "data-unit=\"british.brotheridge\"",
    ] {
        assert!(html.contains(item), "{item} on the umpire's map");
    }
    // Every element mark and unit symbol of the map (its legend follows the
    // caption) is named, none without.
    let map = &html[..html.find("<figcaption>").unwrap()];
    let marks = map.matches("<use href=\"#el-tick\"").count();
    assert_eq!(map.matches("data-element=\"").count(), marks);
    let symbols = map.matches("<use href=\"#f-friendly\"").count()
        + map.matches("<use href=\"#f-hostile\"").count();
    assert_eq!(map.matches("data-unit=\"").count(), symbols);
}

/// Where a drawn name stands (its text centre and baseline), by `KIND:ID`.
fn name_at(m: &MapView, id: &str) -> Option<(f64, f64)> {
    let drawn = |shown: bool, x: f64, y: f64| shown.then_some((x, y));
    let by = |kind: &str, mid: &str| format!("{kind}:{mid}") == id;
    m.places
        .iter()
        .find(|p| by("place", &p.id))
        .and_then(|p| drawn(p.shown, p.lx, p.ly))
        .or_else(|| m.callouts.iter().find(|c| c.id == id).map(|c| (c.x, c.y)))
}

#[test]
fn pegasus_names_stay_on_their_bank_of_the_canal() {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let full = json::scenario(&model, &analysis);
    let mut seen = 0;
    for (name, m) in maps(&full) {
        let Some(canal) = m.areas.iter().find(|a| a.id == "canal") else {
            continue; // a set-up tile away from the canal
        };
        let west = canal.points.iter().map(|p| p.0).fold(f64::MAX, f64::min);
        // Café Gondrée and the crossroads stand west of the canal: so do their names.
        for id in ["place:cafe", "place:benouville-x"] {
            if let Some((x, _)) = name_at(&m, id) {
                seen += 1;
                assert!(
                    x < west,
                    "{name}: {id} named at x {x}, east of the canal's west bank {west}"
                );
            }
        }
    }
    assert!(seen >= 8, "only {seen} names checked");
}

/// A place between the west edge of the table and a line close to it: there
/// is room for its name only across the line (or for a number beside it).
fn bank(kind: &str) -> String {
    format!(
        r#"
scenario "Bank" {{
  start 1944-06-06 06:00
  turns 6
  first-bound red
  table 2400m by 1600m
}}
side red "Red" nation british
side blue "Blue" nation german
forces red {{
  company a "A" {{
    hq a-hq command figures 2 at (200,200)
  }}
}}
forces blue {{
  company b "B" {{
    hq b-hq command figures 2 at (2200,1400)
  }}
}}
map {{
  {kind} water-line "Line" width 10m line (60,0) (60,1600)
  place mill "Mill" at (20,800)
}}
"#
    )
}

#[test]
fn a_name_is_not_set_across_a_river_from_its_place() {
    let (model, analysis) = load_text(&bank("river"));
    let full = json::scenario(&model, &analysis);
    let m = map_view(&full, None, &[]);
    let (x, _) = name_at(&m, "place:mill").unwrap();
    assert!(
        x < 60.0,
        "the mill's name stands east of the river, at x {x}"
    );
}

#[test]
fn a_road_does_not_keep_a_name_from_its_best_side() {
    let (model, analysis) = load_text(&bank("road"));
    let full = json::scenario(&model, &analysis);
    let m = map_view(&full, None, &[]);
    let (x, _) = name_at(&m, "place:mill").unwrap();
    assert!(
        x > 60.0,
        "the mill's name should stand east, across the road, at x {x}"
    );
}

/// A scenario whose three elements stand on one spot, or `apart` metres
/// apart from west to east.
fn stack(apart: f64) -> String {
    let x = |i: f64| 1200.0 + i * apart;
    format!(
        r#"
scenario "Stack" {{
  start 1944-06-06 06:00
  turns 6
  first-bound red
  table 2400m by 1600m
}}
side red "Red" nation british
side blue "Blue" nation german
forces red {{
  company a "A" {{
    hq a-hq command figures 2 at ({},800)
    element one coherent figures 6 at ({},800)
    element two coherent figures 6 at ({},800)
  }}
}}
forces blue {{
  company b "B" {{
    hq b-hq command figures 2 at (2200,1400)
  }}
}}
"#,
        x(0.0),
        x(1.0),
        x(2.0)
    )
}

/// The set-up tiles of a scenario text, at table scale and without insets.
fn tiles_of(text: &str) -> Vec<MapView> {
    let (model, analysis) = load_text(text);
    let full = json::scenario(&model, &analysis);
    setup(&full, Paper::A4)
        .1
        .tiles
        .into_iter()
        .map(|t| t.map)
        .collect()
}

#[test]
fn elements_on_one_spot_are_drawn_apart_each_on_a_line_from_where_it_stands() {
    let tiles = tiles_of(&stack(0.0));
    let els: Vec<&muster_render::map::Mark> = tiles.iter().flat_map(|t| &t.elements).collect();
    assert!(els.len() >= 3, "{} element marks on the tiles", els.len());
    let stacked: Vec<_> = els.iter().filter(|e| e.id.starts_with("red.a.")).collect();
    let moved = stacked.iter().filter(|e| e.moved).count();
    // One of each tile's stack keeps its spot; the others are set apart.
    assert!(moved >= 2, "{moved} of the stacked marks moved");
    for e in stacked.iter().filter(|e| e.moved) {
        assert_eq!((e.ax, e.ay), (1200.0, 800.0), "{}", e.id);
        assert!((e.x, e.y) != (1200.0, 800.0), "{}", e.id);
    }
    for (n, t) in tiles.iter().enumerate() {
        check_map(&format!("stack tile {}", n + 1), t);
    }
    assert!(tiles.iter().any(|t| t.spread));
}

#[test]
fn elements_far_enough_apart_keep_their_spots() {
    // 60 m is 30 mm of table, 7.5 mm on a 1 : 4 tile: two marks' widths.
    let tiles = tiles_of(&stack(60.0));
    let els: Vec<_> = tiles
        .iter()
        .flat_map(|t| &t.elements)
        .filter(|e| e.id.starts_with("red.a."))
        .collect();
    assert!(els.len() >= 3);
    assert!(els.iter().all(|e| !e.moved), "a mark moved");
    assert!(tiles.iter().all(|t| !t.spread));
}

#[test]
fn a_tiles_square_names_never_stand_on_a_name_or_a_mark_of_the_map() {
    use muster_render::map::setup::square_name_box;
    let mut named = 0;
    let mut checked = 0;
    for path in support::pack::scenario_paths() {
        let (model, analysis) = support::pack::load(&path);
        let full = json::scenario(&model, &analysis);
        for t in setup(&full, Paper::A4).1.tiles {
            let e = t.map.em;
            for g in &t.squares {
                let b = square_name_box(g.x, g.y, &g.text, e);
                let meets = |c: [f64; 4]| b[0] < c[2] && c[0] < b[2] && b[1] < c[3] && c[1] < b[3];
                for l in &t.map.label_boxes {
                    assert!(
                        !meets([l.x0, l.y0, l.x1, l.y1]),
                        "{path} tile {}: square {} on {:?}",
                        t.name,
                        g.text,
                        l.text
                    );
                }
                named += 1;
            }
            checked += t.map.label_boxes.len();
        }
    }
    assert!(
        named >= 100 && checked >= 100,
        "{named} squares, {checked} labels"
    );
}

/// The absolute points of a path's `M`, `L` and `Q` steps (a dot, `h0`, is its `M`).
fn path_points(d: &str) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for step in d.split(['M', 'L', 'Q']).skip(1) {
        let numbers: Vec<f64> = step
            .split(['a', 'h', 'Z'])
            .next()
            .unwrap_or("")
            .split_whitespace()
            .filter_map(|n| n.parse().ok())
            .collect();
        out.extend(
            numbers
                .chunks(2)
                .filter(|p| p.len() == 2)
                .map(|p| (p[0], p[1])),
        );
    }
    out
}

/// Every map of the pack fills its areas with vector marks made only where
/// it shows the table, and a window (a set-up tile, a player's extract)
/// draws outlines only a little past its edges; no sheet fills with an SVG
/// pattern, which Chromium prints as a raster image.
#[test]
fn area_fills_and_outlines_are_drawn_only_where_a_map_shows_them() {
    let mut hatched = 0;
    let mut cut = 0;
    for path in support::pack::scenario_paths() {
        let (model, analysis) = support::pack::load(&path);
        let full = json::scenario(&model, &analysis);
        for (name, m) in maps(&full) {
            let e = m.em;
            let (x0, y0, x1, y1) = match m.window {
                Some(w) => (w.x, w.y, w.x + w.w, w.y + w.h),
                None => (m.vx, m.vy, m.vx + m.vw, m.vy + m.vh),
            };
            let near = |(x, y): (f64, f64), by: f64| {
                x >= x0 - by && x <= x1 + by && y >= y0 - by && y <= y1 + by
            };
            for a in &m.areas {
                for l in &a.paint.layers {
                    hatched += 1;
                    for p in path_points(&l.d) {
                        assert!(near(p, 4.5 * e), "{path} {name}: {} hatched at {p:?}", a.id);
                    }
                }
                if m.window.is_some() {
                    for p in path_points(&a.d) {
                        assert!(near(p, 4.1 * e), "{path} {name}: {} drawn to {p:?}", a.id);
                    }
                    cut += usize::from(a.points.iter().any(|p| !near(*p, 4.1 * e)));
                }
            }
        }
    }
    assert!(hatched > 100, "only {hatched} hatched areas");
    assert!(cut > 10, "only {cut} outlines cut to a window");
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    for f in build(&model, &analysis, &Templates::builtin().unwrap()).unwrap() {
        if f.path.ends_with(".html") {
            assert!(!f.contents.contains("<pattern"), "{}", f.path);
            assert!(!f.contents.contains("url(#p"), "{}", f.path);
        }
    }
}
