//! The umpire's reference tables read as a reference: elements that start off
//! the table are folded into one line per side instead of a row each.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;
use support::html::text_of;

use muster_render::{build, Templates};

/// At Pegasus Bridge the 7th Battalion and the grenadiers come on later: the
/// umpire's command-status tables give none of their elements a row, and one
/// line a side names them all by unit.
#[test]
fn elements_off_the_table_fold_into_one_line_per_side() {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let files = build(&model, &analysis, &Templates::builtin().unwrap()).unwrap();
    let umpire = &files
        .iter()
        .find(|f| f.path.ends_with("/umpire.html"))
        .unwrap()
        .contents;
    let section = &umpire[umpire.find("id=\"command\"").unwrap()..];
    let section = &section[..section.find("</section>").unwrap()];
    let tables: Vec<&str> = section
        .split("<table class=\"compact status\">")
        .skip(1)
        .map(|t| &t[..t.find("</table>").unwrap()])
        .collect();
    assert_eq!(tables.len(), model.sides.len(), "one status table a side");
    for t in &tables {
        assert!(
            !t.contains("not on the table"),
            "a row for an element off the table: {t}"
        );
    }
    let runs: Vec<&str> = section
        .split("<p class=\"runs\">")
        .skip(1)
        .map(|p| &p[..p.find("</p>").unwrap()])
        .filter(|p| p.contains("Not on the table at the start"))
        .collect();
    // Both sides have a battalion coming later: one line each, in side order.
    assert_eq!(runs.len(), model.sides.len(), "{runs:?}");
    for (side, line) in runs.iter().enumerate() {
        let off: Vec<_> = model
            .elements
            .iter()
            .filter(|e| e.side.0 == side && e.pos.is_none())
            .collect();
        assert!(off.len() >= 4, "a battalion starts off the table");
        // Every one of them, each with its id for the umpire's reference.
        let ids: Vec<String> = line
            .split("<span class=\"id\">")
            .skip(1)
            .map(|t| {
                let mut id = String::new();
                let mut in_tag = false;
                for c in t.split(", ").next().unwrap_or_default().chars() {
                    match c {
                        '<' => in_tag = true,
                        '>' => in_tag = false,
                        ';' | ' ' if !in_tag => break,
                        _ if !in_tag => id.push(c),
                        _ => {}
                    }
                }
                // the line's full stop follows its last id
                id.trim_end_matches('.').to_string()
            })
            .collect();
        for e in &off {
            assert!(
                ids.contains(&e.qualified),
                "{} missing: {ids:?}",
                e.qualified
            );
        }
        assert_eq!(line.matches("class=\"id\"").count(), off.len(), "{line}");
    }
    // By unit, with the title the writer gave.
    let text = text_of(runs[0]);
    assert!(
        text.contains(
            "7th Parachute Battalion: Pine-Coffin's battalion HQ para-7.bn-hq; A Company, 7th Para:"
        ),
        "{text}"
    );
}
