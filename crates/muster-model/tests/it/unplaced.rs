//! A template instance with no placement (arriving later, off table, or simply not
//! yet placed) leaves the template's elements unplaced: their offsets are relative
//! and have nothing to be relative to. An `at` written at the use site is then an
//! absolute table position, as in a plain unit.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use common::*;
use muster_model::analysis::CommandStatus;
use muster_model::model::{Model, Pos};

const TEMPLATES: &str = r#"
template rifles company "Rifle Company" {
  hq coy-hq command figures 3 radio short at (0,-60) facing 30
  element pl-1 coherent figures 6 commander at (-100,0)
  element pl-2 coherent figures 6 at (0,0)
  platoon sup at (0,-200) { element mg heavy-support hmg tripod figures 3 at (0,-100) }
}
template bn battalion {
  hq bn-hq command radio long at (0,0)
  company x from rifles at (0,100)
}
"#;

fn resolved(forces: &str, rest: &str) -> Model {
    let r = resolve_body(&format!(
        "{TEMPLATES}\nforces blue {{\n{forces}\n}}\nforces red {{ company r {{ hq h command at (3900,3900) }} }}\n{rest}"
    ));
    assert_clean(&r);
    r.model
}

fn pos(m: &Model, q: &str) -> Option<Pos> {
    m.elements[element(m, q)].pos
}

#[test]
fn an_instance_without_placement_leaves_template_elements_unplaced() {
    let m = resolved("company a from rifles", "");
    for q in ["a.coy-hq", "a.pl-1", "a.pl-2", "a-sup.mg"] {
        let e = &m.elements[element(&m, q)];
        assert_eq!(e.pos, None, "{q} should be unplaced");
        assert_eq!(e.pos_loc, None, "{q} has no position to point at");
    }
    // the template's facing was relative too
    assert_eq!(m.elements[element(&m, "a.coy-hq")].facing, None);
    let a = muster_model::analyse(&m);
    for q in ["a.coy-hq", "a.pl-1", "a-sup.mg"] {
        assert_eq!(a.command[element(&m, q)], CommandStatus::NotPlaced, "{q}");
    }
}

#[test]
fn nested_templates_without_placement_stay_unplaced_all_the_way_down() {
    let m = resolved("battalion one from bn", "");
    for q in ["one.bn-hq", "one-x.coy-hq", "one-x.pl-2", "one-x-sup.mg"] {
        assert_eq!(pos(&m, q), None, "{q} should be unplaced");
    }
}

#[test]
fn an_at_written_at_the_use_site_of_an_unplaced_instance_is_absolute() {
    let m = resolved(
        "company a from rifles {\n  element pl-2 at (500,400)\n  platoon sup { element mg at (600,300) }\n}",
        "",
    );
    assert_eq!(pos(&m, "a.pl-2"), Some(Pos { x: 500.0, y: 400.0 }));
    assert_eq!(pos(&m, "a-sup.mg"), Some(Pos { x: 600.0, y: 300.0 }));
    assert_eq!(pos(&m, "a.coy-hq"), None);
    assert_eq!(pos(&m, "a.pl-1"), None);
    // and a placement given to a template sub-unit at the use site is absolute too
    let m = resolved("company a from rifles {\n  platoon sup at (800,800)\n}", "");
    assert_eq!(pos(&m, "a-sup.mg"), Some(Pos { x: 800.0, y: 700.0 }));
    assert_eq!(pos(&m, "a.coy-hq"), None);
}

#[test]
fn a_later_arrival_needs_no_position_and_is_not_assessed() {
    let m = resolved(
        "company a from rifles at (1000,1000)\ncompany late from rifles",
        "map {\n  place west-edge edge west\n}\narrival late turn 3 at west-edge",
    );
    let late = &m.units[unit(&m, "late")];
    assert!(late.arrives_later);
    assert_eq!(pos(&m, "late.coy-hq"), None);
    let a = muster_model::analyse(&m);
    for q in ["late.coy-hq", "late.pl-1", "late-sup.mg"] {
        assert_eq!(a.command[element(&m, q)], CommandStatus::NotPlaced, "{q}");
    }
    // the placed company is unaffected
    assert_eq!(
        pos(&m, "a.pl-2"),
        Some(Pos {
            x: 1000.0,
            y: 1000.0
        })
    );
    assert!(matches!(
        a.command[element(&m, "a.pl-2")],
        CommandStatus::InCommand { .. }
    ));
}
