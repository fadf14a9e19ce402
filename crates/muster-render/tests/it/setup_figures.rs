//! The set-up sheet's figures worked out by hand from two shipped scenarios:
//! terrain, elements and a fire arc in table centimetres, from the scenario
//! source and its ground scale, found in the built sheet where an umpire reads
//! them, with each element's number on a tile printed at 1 : 4.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;
use support::html::text_of;

use muster_render::{build, Templates};

/// The built set-up sheet of a shipped scenario.
fn sheet(file: &str) -> String {
    let (model, analysis) = support::pack::load(file);
    let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let stem = file.trim_end_matches(".muster");
    files
        .into_iter()
        .find(|f| f.path == format!("{stem}/setup.html"))
        .unwrap_or_else(|| panic!("{file}: no set-up sheet"))
        .contents
}

/// The one table row holding every one of `needles`.
fn row<'a>(sheet: &'a str, needles: &[&str]) -> &'a str {
    let rows: Vec<&str> = sheet
        .split("<tr>")
        .map(|r| r.split("</tr>").next().unwrap_or(""))
        .filter(|r| needles.iter().all(|n| r.contains(n)))
        .collect();
    assert_eq!(rows.len(), 1, "rows with {needles:?}: {rows:?}");
    rows[0]
}

/// The cells of a row, as text.
fn cells(row: &str) -> Vec<String> {
    row.split("<td")
        .skip(1)
        .map(|c| {
            let c = &c[c.find('>').map_or(0, |i| i + 1)..];
            text_of(c.split("</td>").next().unwrap_or(""))
        })
        .collect()
}

/// An element's row: its number and the cells from the side onwards.
fn element(sheet: &str, unit: &str, name: &str) -> (usize, Vec<String>) {
    let r = row(sheet, &[unit, &format!("<td>{name}</td>")]);
    let c = cells(r);
    (c[0].parse().expect("a number on the table"), c)
}

/// Whether a tile of the sheet draws the element `id` with number `n`.
fn numbered_on_a_tile(sheet: &str, id: &str, n: usize) -> bool {
    sheet.split("<section class=\"tile\">").skip(1).any(|tile| {
        tile.contains("At 1 : 4 of the table")
            && tile.contains(&format!("data-element=\"{id}\""))
            && tile
                .split(&format!("data-number=\"{id}\""))
                .nth(1)
                .is_some_and(|rest| {
                    rest.split("</text>")
                        .next()
                        .unwrap_or("")
                        .ends_with(&format!(">{n}"))
                })
    })
}

#[test]
fn pegasus_bridge_set_up_figures_match_a_hand_count() {
    // `ground-scale 2m`: 2 m of ground per table mm, so a table cm is 20 m
    // and every figure below is metres / 20.
    let s = sheet("pegasus-bridge.muster");
    // The table: 2400 m by 1600 m -> 2400 / 20 = 120 cm by 1600 / 20 = 80 cm.
    assert!(s.contains(
        "west edge 0 cm and east edge 120 cm (2400 m); south edge 0 cm and north edge 80 cm (1600 m)"
    ));

    // Terrain 1: `area benouville … rect (450,420) size 350m by 280m`.
    // Corner 450 / 20 = 22.5, 420 / 20 = 21.0; 350 / 20 = 17.5 by 280 / 20 = 14.0.
    // Squares are 200 m (10 cm): 450 / 200 = 2.25 -> C, 420 / 200 = 2.1 -> row 3;
    // the north-east corner (800, 700): 800 / 200 = 4 -> E (a line belongs to
    // the square east of it), 700 / 200 = 3.5 -> row 4.
    let c = cells(row(&s, &["<span class=\"id\">benouville</span>"]));
    assert_eq!(c[2], "C3–E4");
    assert_eq!(
        c[4],
        "corner at 22.5, 21.0 cm; 17.5 cm east by 14.0 cm north"
    );

    // Terrain 2: `river orne "River Orne" width 60m line (1400,0) (1400,1600)`.
    // Width 60 / 20 = 3.0 cm; length 1600 / 20 = 80.0 cm; 1400 / 200 = 7 -> H;
    // the north end 1600 / 200 = 8 would be row 9, which the grid (rows 1-8) has
    // not: a point on the north edge is in row 8.
    let c = cells(row(&s, &["<span class=\"id\">orne</span>"]));
    assert_eq!(c[2], "H1–H8");
    assert_eq!(c[3], "3.0 cm (60 m)");
    assert!(c[4].starts_with("80.0 cm long through (70.0, 0.0) (70.0, 80.0)"));

    // Terrain 3: `road d514 "D514" width 8m line (0,800) (2400,800)`.
    // Width 8 / 20 = 0.4 cm; 2400 / 20 = 120.0 cm long at 800 / 20 = 40.0 cm north;
    // 800 / 200 = 4 -> row 5; the east end 2400 / 200 = 12 would be column M,
    // past the grid's L: it is in L.
    let c = cells(row(&s, &["<span class=\"id\">d514</span>"]));
    assert_eq!(c[2], "A5–L5");
    assert_eq!(c[3], "0.4 cm (8 m)");
    assert!(c[4].starts_with("120.0 cm long through (0.0, 40.0) (120.0, 40.0)"));

    // Element 1: `hq coy-hq "Howard's company HQ" command figures 2 radio long at (1120,740) facing 270`.
    // 1120 / 20 = 56.0, 740 / 20 = 37.0; 1120 / 200 = 5.6 -> F, 740 / 200 = 3.7 -> row 4.
    // Cells: number, unit, element, type, pieces, position, facing, posture,
    // square, fire arc (the side's name heads its rows).
    let (n, c) = element(&s, "Coup-de-main force", "Howard&#x27;s company HQ");
    assert_eq!(
        (&c[4][..], &c[5][..], &c[6][..], &c[8][..]),
        ("2 figures", "56.0, 37.0", "270°", "F4")
    );
    assert!(numbered_on_a_tile(&s, "british.coup-de-main.coy-hq", n));

    // Element 2: `element re-canal "Capt. Neilson's sappers" specialist engineers … at (1070,740)`.
    // 1070 / 20 = 53.5, 740 / 20 = 37.0; 1070 / 200 = 5.35 -> F, row 4.
    let (n, c) = element(&s, "Coup-de-main force", "Capt. Neilson&#x27;s sappers");
    assert_eq!(
        (&c[4][..], &c[5][..], &c[8][..]),
        ("2 figures", "53.5, 37.0", "F4")
    );
    assert!(numbered_on_a_tile(&s, "british.coup-de-main.re-canal", n));

    // Element 3: `hq guard-hq "Guard HQ" command figures 2 telephone at (1050,790) dug-in static`.
    // 1050 / 20 = 52.5, 790 / 20 = 39.5; 1050 / 200 = 5.25 -> F, 790 / 200 = 3.95 -> row 4.
    let (n, c) = element(&s, "Brückenwache", "Guard HQ");
    assert_eq!(
        (&c[4][..], &c[5][..], &c[7][..], &c[8][..]),
        ("2 figures", "52.5, 39.5", "dug-in, static", "F4")
    );
    assert!(numbered_on_a_tile(&s, "german.bridge-guard.guard-hq", n));

    // The fire arc: the pillbox's `hmg-zone bearing 90 spread 40 range 600m`:
    // 600 / 20 = 30.0 cm of table.
    let (_, c) = element(&s, "Brückenwache", "MG pit by the canal bridge");
    assert_eq!(c[9], "bearing 90°, spread 40°, range 30.0 cm (600 m)");
}

#[test]
fn merville_battery_set_up_figures_match_a_hand_count() {
    // No `ground-scale`: §1's 2 m per table mm, so again a table cm is 20 m.
    let s = sheet("merville-battery.muster");
    // The table: 1600 m by 1200 m -> 80 cm by 60 cm, six rows of squares.
    assert!(s.contains(
        "west edge 0 cm and east edge 80 cm (1600 m); south edge 0 cm and north edge 60 cm (1200 m)"
    ));

    // Terrain 1: `area battery-site … rect (500,600) size 500m by 400m`.
    // Corner 500 / 20 = 25.0, 600 / 20 = 30.0; 500 / 20 = 25.0 by 400 / 20 = 20.0.
    let c = cells(row(&s, &["<span class=\"id\">battery-site</span>"]));
    assert_eq!(
        c[4],
        "corner at 25.0, 30.0 cm; 25.0 cm east by 20.0 cm north"
    );
    // 500 / 200 = 2.5 -> C, 600 / 200 = 3 -> row 4; (1000, 1000): 5 -> F, 5 -> row 6.
    assert_eq!(c[2], "C4–F6");

    // Terrain 2: `area orchard open-woods "Orchard" rect (100,700) size 250m by 200m`.
    // 100 / 20 = 5.0, 700 / 20 = 35.0; 250 / 20 = 12.5 by 200 / 20 = 10.0.
    let c = cells(row(&s, &["<span class=\"id\">orchard</span>"]));
    assert_eq!(
        c[4],
        "corner at 5.0, 35.0 cm; 12.5 cm east by 10.0 cm north"
    );

    // Terrain 3: `road merville-road … width 6m line (1050,0) (1050,1200)`.
    // Width 6 / 20 = 0.3 cm; 1200 / 20 = 60.0 cm long; 1050 / 200 = 5.25 -> F;
    // the north end is on the table's north edge: row 6, not 7.
    let c = cells(row(&s, &["<span class=\"id\">merville-road</span>"]));
    assert_eq!(c[2], "F1–F6");
    assert_eq!(c[3], "0.3 cm (6 m)");
    assert!(c[4].starts_with("60.0 cm long"));

    // Element 1: `element mg-west "West MG position" heavy-support hmg tripod figures 3 at (560,700)
    // fortified … hmg-zone bearing 180 spread 40 range 700m`.
    // 560 / 20 = 28.0, 700 / 20 = 35.0; 560 / 200 = 2.8 -> C, 700 / 200 = 3.5 -> row 4;
    // the arc's range 700 / 20 = 35.0 cm.
    let (n, c) = element(&s, "Batterie Merville", "West MG position");
    assert_eq!(
        (&c[4][..], &c[5][..], &c[8][..]),
        ("3 figures", "28.0, 35.0", "C4")
    );
    assert_eq!(c[9], "bearing 180°, spread 40°, range 35.0 cm (700 m)");
    assert!(numbered_on_a_tile(&s, "german.batterie.mg-west", n));

    // Element 2: `element flak "2-cm-Flak" artillery aa-gun 20mm models 1 at (880,820) dug-in overwatch`.
    // 880 / 20 = 44.0, 820 / 20 = 41.0; 880 / 200 = 4.4 -> E, 820 / 200 = 4.1 -> row 5.
    let (n, c) = element(&s, "Batterie Merville", "2-cm-Flak");
    assert_eq!(
        (&c[4][..], &c[5][..], &c[8][..]),
        ("1 model", "44.0, 41.0", "E5")
    );
    assert!(numbered_on_a_tile(&s, "german.batterie.flak", n));

    // Element 3: `element gunners-1 "Gunners (west)" bare rifles figures 4 at (640,850) dug-in`.
    // 640 / 20 = 32.0, 850 / 20 = 42.5; 640 / 200 = 3.2 -> D, 850 / 200 = 4.25 -> row 5.
    let (n, c) = element(&s, "Batterie Merville", "Gunners (west)");
    assert_eq!(
        (&c[4][..], &c[5][..], &c[7][..], &c[8][..]),
        ("4 figures", "32.0, 42.5", "dug-in", "D5")
    );
    assert!(numbered_on_a_tile(&s, "german.batterie.gunners-1", n));
}
