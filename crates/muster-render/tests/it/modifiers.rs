//! APP-6 mobility modifiers: a unit that says `modifier airborne` (or is made
//! from a template that does) carries the arc at the foot of its symbol's
//! frame, keyed in the legend and given in the JSON; a unit that does not
//! carries none.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_model::analysis::analyse;
use muster_model::{resolve, MemoryWorld, PackConfig};
use muster_render::app6::modifier::MODIFIERS;
use muster_render::json;
use muster_render::{build, Templates};

const TEXT: &str = r#"
scenario "Modifiers" {
  start 1944-06-06 06:00
  turns 6
  first-bound red
  table 2400m by 1600m
}
side red "Red" nation british
side blue "Blue" nation german
template para-coy company "Para company" modifier airborne {
  hq coy-hq command figures 2 at (0,-40)
  element pl-1 coherent figures 6 at (0,0)
}
forces red {
  company a "A" from para-coy at (400,400)
  company b "B" from para-coy at (800,400) modifier motorised
  company c "C" at (1200,400) {
    hq c-hq command figures 2
    element pl-1 coherent figures 6 at (1260,400)
  }
}
forces blue {
  company g "G" modifier mountain {
    hq g-hq command figures 2 at (2000,1200)
  }
}
"#;

/// The scenario JSON and the umpire's sheet of the fixture.
fn built() -> (serde_json::Value, String) {
    let mut world = MemoryWorld::new();
    world.insert("m.muster".to_string(), TEXT.to_string());
    let resolved = resolve(&world, "m.muster", &PackConfig::default());
    let analysis = analyse(&resolved.model);
    let full = json::scenario(&resolved.model, &analysis);
    let value = serde_json::to_value(&full).unwrap();
    let files = build(&resolved.model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let sheet = files
        .into_iter()
        .find(|f| f.path.ends_with("umpire.html"))
        .unwrap()
        .contents;
    (value, sheet)
}

/// The markup of one unit's symbol on the first map of a sheet.
fn symbol<'a>(sheet: &'a str, id: &str) -> &'a str {
    let at = sheet
        .find(&format!("data-unit=\"{id}\""))
        .unwrap_or_else(|| panic!("no symbol for {id}"));
    let rest = &sheet[at..];
    &rest[..rest.find("</g>\n").unwrap_or(rest.len())]
}

fn modifier_of(json: &serde_json::Value, side: usize, unit: usize) -> serde_json::Value {
    json["sides"][side]["units"][unit]["modifier"].clone()
}

#[test]
fn a_units_modifier_is_drawn_in_its_symbol_keyed_and_given_in_the_json() {
    let (json, sheet) = built();
    // Made from an airborne template: airborne.
    assert_eq!(modifier_of(&json, 0, 0), "airborne");
    assert!(symbol(&sheet, "red.a").contains("href=\"#m-airborne\""));
    // Its own word wins over its template's.
    assert_eq!(modifier_of(&json, 0, 1), "motorised");
    let b = symbol(&sheet, "red.b");
    assert!(
        b.contains("href=\"#m-motorised\"") && !b.contains("#m-airborne"),
        "{b}"
    );
    // A hostile unit's mark is drawn inside its diamond.
    assert!(symbol(&sheet, "blue.g").contains("href=\"#m-mountain\""));
    // Each mark is defined from the one table and keyed in the legend.
    for m in MODIFIERS {
        let word = m.modifier.keyword();
        let defined = format!(
            "<symbol id=\"m-{word}\" overflow=\"visible\"><path d=\"{}\"",
            m.path
        );
        assert!(sheet.contains(&defined), "{word}");
        let legend = &sheet[sheet.find("<div class=\"legend\">").unwrap()..];
        let legend = &legend[..legend.find("</div>").unwrap()];
        assert!(
            legend.contains(&format!("<use href=\"#m-{word}\"/></svg>{word}</span>")),
            "{word}"
        );
    }
}

#[test]
fn a_unit_without_a_modifier_carries_no_mark() {
    let (json, sheet) = built();
    assert!(modifier_of(&json, 0, 2).is_null());
    assert!(
        !symbol(&sheet, "red.c").contains("#m-"),
        "{}",
        symbol(&sheet, "red.c")
    );
}
