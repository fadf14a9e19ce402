//! Every scenario terrain kind a map draws looks like itself: each area and
//! line kind in a style no other kind of the map has, keyed in the legend
//! under its own name, and the legend keys only kinds the map draws.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use muster_model::analysis::analyse;
use muster_model::{resolve, MemoryWorld, PackConfig};
use muster_render::json;
use muster_render::map::{map_view, MapView};
use muster_render::{build, Templates};

/// A scenario whose terrain kinds are the ones given, each defined with
/// clear going, and whose map holds `map` (areas and lines of them).
fn scenario(kinds: &[(&str, &str)], map: &str) -> String {
    let mut text = String::from(
        r#"
scenario "Kinds" {
  start 1944-06-06 06:00
  turns 6
  first-bound red
  table 2400m by 1600m
}
side red "Red" nation british
side blue "Blue" nation german
forces red {
  company a "A" {
    hq a-hq command figures 2 at (200,200)
  }
}
forces blue {
  company b "B" {
    hq b-hq command figures 2 at (2200,1400)
  }
}
"#,
    );
    for (id, name) in kinds {
        text.push_str(&format!(
            "terrain {id} \"{name}\" {{\n  movement foot rough\n}}\n"
        ));
    }
    text.push_str(&format!("map {{\n{map}}}\n"));
    text
}

/// The umpire's map of a scenario text, and its built umpire sheet.
fn drawn(text: &str) -> (MapView, String) {
    let mut world = MemoryWorld::new();
    world.insert("kinds.muster".to_string(), text.to_string());
    let resolved = resolve(&world, "kinds.muster", &PackConfig::default());
    let analysis = analyse(&resolved.model);
    let full = json::scenario(&resolved.model, &analysis);
    let map = map_view(&full, None, &[]);
    let files = build(&resolved.model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let sheet = files
        .into_iter()
        .find(|f| f.path.ends_with("umpire.html"))
        .unwrap()
        .contents;
    (map, sheet)
}

/// The legend of a sheet's first map: its entries, each the swatch's markup
/// and the words after it.
fn legend(sheet: &str) -> Vec<(String, String)> {
    let start = sheet.find("<div class=\"legend\">").expect("a legend");
    let body = &sheet[start..];
    let body = &body[..body.find("</div>").unwrap()];
    body.split("<span>")
        .skip(1)
        .map(|entry| {
            let entry = entry.split("</span>").next().unwrap_or("");
            let (swatch, words) = entry.rsplit_once("</svg>").unwrap_or(("", entry));
            (
                swatch.to_string(),
                support::html::text_of(words).trim().to_string(),
            )
        })
        .collect()
}

/// Seven line kinds (two railways, two that no word names, two walls, a
/// hedge) and three area kinds no word names: seven distinct line styles and
/// three distinct fills, one legend entry each, none for the kind nothing uses.
#[test]
fn every_scenario_kind_on_a_map_has_a_style_of_its_own_keyed_in_the_legend() {
    let kinds = [
        ("railway-line", "Railway line"),
        ("light-railway", "Light railway"),
        ("power-line", "Power line"),
        ("pipeline", "Pipeline"),
        ("field-bank", "Field bank"),
        ("park-wall", "Park wall"),
        ("bocage-hedge", "Bocage hedgerow"),
        ("scrub", "Scrub"),
        ("allotments", "Allotments"),
        ("crater-field", "Crater field"),
        ("tank-ditch", "Tank ditch"),
    ];
    let map = r#"  line rail-1 railway-line line (0,100) (2400,100)
  line rail-2 light-railway line (0,200) (2400,200)
  line power power-line line (0,300) (2400,300)
  line pipe pipeline line (0,400) (2400,400)
  line bank field-bank line (0,500) (2400,500)
  line park park-wall line (0,600) (2400,600)
  line hedge-1 bocage-hedge line (0,700) (2400,700)
  line hedge-2 bocage-hedge line (0,800) (2400,800)
  area scrub-1 scrub rect (100,900) size 300m by 200m
  area allot allotments rect (600,900) size 300m by 200m
  area craters crater-field rect (1100,900) size 300m by 200m
"#;
    let (m, sheet) = drawn(&scenario(&kinds, map));

    // Each kind drawn is listed once, in a style no other kind of its sort has.
    let mut lines: Vec<(&str, &str)> = m
        .scenario_kinds
        .iter()
        .filter(|k| k.line)
        .map(|k| (k.id.as_str(), k.style.as_str()))
        .collect();
    let areas: Vec<(&str, &str)> = m
        .scenario_kinds
        .iter()
        .filter(|k| !k.line)
        .map(|k| (k.id.as_str(), k.style.as_str()))
        .collect();
    assert_eq!(lines.len(), 7, "{lines:?}");
    assert_eq!(areas.len(), 3, "{areas:?}");
    for group in [&lines, &areas] {
        for (i, a) in group.iter().enumerate() {
            for b in group.iter().skip(i + 1) {
                assert_ne!(a.1, b.1, "{} and {} look alike", a.0, b.0);
            }
        }
    }
    // A kind whose words name a style keeps it when it is the first to.
    lines.sort();
    assert!(lines.contains(&("railway-line", "railway")), "{lines:?}");
    assert!(lines.contains(&("bocage-hedge", "hedge")), "{lines:?}");
    // Every line and area is drawn in its kind's style.
    for l in &m.lines {
        let kind = l.terrain.as_deref().unwrap();
        assert!(lines.contains(&(kind, l.style.as_str())), "{}", l.id);
    }
    for a in &m.areas {
        let kind = a.terrain.as_deref().unwrap();
        assert!(areas.contains(&(kind, a.fill.as_str())), "{}", a.id);
    }

    // The legend keys each kind by its name, with a swatch of its own.
    let entries = legend(&sheet);
    let keyed: Vec<&(String, String)> = entries
        .iter()
        .filter(|(_, words)| kinds.iter().any(|(_, name)| name == words))
        .collect();
    let names: Vec<&str> = keyed.iter().map(|(_, w)| w.as_str()).collect();
    assert_eq!(keyed.len(), 10, "{names:?}");
    for (i, a) in keyed.iter().enumerate() {
        for b in keyed.iter().skip(i + 1) {
            assert_ne!(a.0, b.0, "the legend draws {} like {}", a.1, b.1);
        }
    }
    // The kind no area or line is of is not in the legend.
    assert!(!names.contains(&"Tank ditch"), "{names:?}");
}

/// The near miss: kinds whose words name different styles keep them, and
/// the legend keys only the built-in kinds the map draws.
#[test]
fn kinds_that_differ_keep_their_own_styles_and_the_legend_names_only_what_is_drawn() {
    let kinds = [
        ("railway-line", "Railway line"),
        ("sunken-lane", "Sunken lane"),
    ];
    let map = r#"  line rail railway-line line (0,100) (2400,100)
  line lane sunken-lane line (0,400) (2400,400)
  road d514 "D514" width 8m line (0,800) (2400,800)
  area wood dense-woods "Big wood" rect (200,1000) size 400m by 200m
"#;
    let (m, sheet) = drawn(&scenario(&kinds, map));
    let styles: Vec<(&str, &str)> = m
        .scenario_kinds
        .iter()
        .map(|k| (k.id.as_str(), k.style.as_str()))
        .collect();
    assert_eq!(
        styles,
        [("railway-line", "railway"), ("sunken-lane", "sunken")]
    );
    let names: Vec<String> = legend(&sheet).into_iter().map(|(_, w)| w).collect();
    for drawn in ["Railway line", "Sunken lane", "road", "dense-woods"] {
        assert!(names.iter().any(|n| n == drawn), "{drawn}: {names:?}");
    }
    for absent in ["river", "hedge", "water", "open-woods", "bridge", "ford"] {
        assert!(!names.iter().any(|n| n == absent), "{absent}: {names:?}");
    }
}

/// A level crossing is drawn where the road meets the railway, as the road's band
/// between two gate bars, and keyed once; a map with none keys none.
#[test]
fn a_level_crossing_is_drawn_with_its_gates_and_keyed_only_when_drawn() {
    let kinds = [("railway-line", "Railway line")];
    let lines = r#"  line rail railway-line line (0,600) (2400,600)
  road d514 "D514" width 8m line (1200,0) (1200,1600)
"#;
    let with =
        format!("{lines}  level-crossing halt \"Halt\" at (1200,600) over rail carries d514\n");
    let (_, sheet) = drawn(&scenario(&kinds, &with));
    let at = sheet
        .find("data-feature=\"crossing:halt\"")
        .expect("the crossing is drawn");
    let symbol = &sheet[at..at + sheet[at..].find("</g>").unwrap_or(0)];
    assert!(
        symbol.contains("<rect") && symbol.matches(" L").count() == 2,
        "{symbol}"
    );
    let keyed: Vec<(String, String)> = legend(&sheet)
        .into_iter()
        .filter(|(_, w)| w == "level crossing")
        .collect();
    assert_eq!(keyed.len(), 1, "{:?}", legend(&sheet));
    assert!(keyed[0].0.contains("<path"), "{:?}", keyed[0]);

    let (_, without) = drawn(&scenario(&kinds, lines));
    assert!(!without.contains("crossing:halt"));
    assert!(!legend(&without).iter().any(|(_, w)| w == "level crossing"));
}
