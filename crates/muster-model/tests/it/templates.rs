//! Template instantiation: placement maths, overrides, nested units and `used_by`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use common::*;
use muster_model::model::{Model, Troop};
use muster_rules::vocab::{FootType, RadioRange};

const TEMPLATES: &str = r#"
template rifles company "Rifle Company" {
  hq coy-hq command figures 3 radio short at (0,-60)
  element pl-1 coherent figures 6 commander at (-100,0)
  element pl-2 coherent figures 6 at (0,0)
  element pl-3 coherent figures 6 at (100,0)
  platoon sup { element mg heavy-support hmg tripod figures 3 at (0,-100) }
}
template bn battalion {
  hq bn-hq command radio long at (0,0)
  company x from rifles at (0,100)
}
"#;

fn at(m: &Model, q: &str) -> (f64, f64) {
    let p = m.elements[element(m, q)]
        .pos
        .unwrap_or_else(|| panic!("{q} not placed"));
    (
        (p.x * 1000.0).round() / 1000.0,
        (p.y * 1000.0).round() / 1000.0,
    )
}

fn facing(m: &Model, q: &str) -> f64 {
    m.elements[element(m, q)].facing.unwrap()
}

fn resolved(forces: &str) -> Model {
    let r = resolve_body(&format!("{TEMPLATES}\nforces blue {{\n{forces}\n}}\nforces red {{ company r {{ hq h command at (3900,3900) }} }}\n"));
    assert_clean(&r);
    r.model
}

#[test]
fn at_and_facing_rotate_relative_offsets() {
    let m = resolved("company a from rifles at (1000,1000) facing 90");
    // facing east: forward is +x, right is -y
    assert_eq!(at(&m, "a.coy-hq"), (940.0, 1000.0));
    assert_eq!(at(&m, "a.pl-1"), (1000.0, 1100.0));
    assert_eq!(at(&m, "a.pl-2"), (1000.0, 1000.0));
    assert_eq!(at(&m, "a.pl-3"), (1000.0, 900.0));
    assert_eq!(at(&m, "a-sup.mg"), (900.0, 1000.0));
    assert_eq!(facing(&m, "a.pl-3"), 90.0);
    let sup = &m.units[unit(&m, "a-sup")];
    assert_eq!(sup.parent, Some(muster_model::model::UnitId(unit(&m, "a"))));
}

#[test]
fn overrides_merge_by_id_and_new_ids_add_elements() {
    let m = resolved(
        "company a from rifles at (1000,1000) facing 90 {\n  hq coy-hq radio long\n  element pl-2 bare figures 4 at (0,50)\n  element extra light-support lmg figures 2 at (0,-20)\n}",
    );
    let hq = &m.elements[element(&m, "a.coy-hq")];
    assert_eq!(hq.radio.map(|r| r.0), Some(RadioRange::Long));
    assert_eq!(hq.figures.map(|f| f.0), Some(3));
    assert_eq!(
        hq.kind,
        Some(Troop::Foot {
            ty: FootType::Command,
            specialism: None
        })
    );
    let pl2 = &m.elements[element(&m, "a.pl-2")];
    assert_eq!(
        pl2.kind,
        Some(Troop::Foot {
            ty: FootType::Bare,
            specialism: None
        })
    );
    assert_eq!(pl2.figures.map(|f| f.0), Some(4));
    // an `at` in an override is relative to the placement, like the template's
    assert_eq!(at(&m, "a.pl-2"), (1050.0, 1000.0));
    assert_eq!(at(&m, "a.extra"), (980.0, 1000.0));
    let a = &m.units[unit(&m, "a")];
    let names: Vec<_> = a
        .elements
        .iter()
        .map(|e| m.elements[e.0].name.id.as_str())
        .collect();
    assert_eq!(names, vec!["coy-hq", "pl-1", "pl-2", "pl-3", "extra"]);
    assert_eq!(a.command_element, Some(a.elements[0]));
}

#[test]
fn in_line_spreads_elements_evenly_in_declaration_order() {
    let m = resolved("company b from rifles in line from (0,0) to (300,0)\ncompany c from rifles in line from (0,500) to (0,800) facing 90");
    assert_eq!(at(&m, "b.coy-hq"), (0.0, 0.0));
    assert_eq!(at(&m, "b.pl-1"), (100.0, 0.0));
    assert_eq!(at(&m, "b.pl-2"), (200.0, 0.0));
    assert_eq!(at(&m, "b.pl-3"), (300.0, 0.0));
    // no facing: perpendicular, the line read left to right (west to east faces north)
    assert_eq!(facing(&m, "b.pl-1"), 0.0);
    // sub-units stand relative to the line's midpoint
    assert_eq!(at(&m, "b-sup.mg"), (150.0, -100.0));
    assert_eq!(at(&m, "c.coy-hq"), (0.0, 500.0));
    assert_eq!(at(&m, "c.pl-3"), (0.0, 800.0));
    assert_eq!(facing(&m, "c.pl-2"), 90.0);
}

#[test]
fn templates_nest_and_record_their_users() {
    let m = resolved(
        "battalion one from bn at (2000,2000) facing 180\ncompany a from rifles at (100,100)",
    );
    assert_eq!(at(&m, "one.bn-hq"), (2000.0, 2000.0));
    // facing south: 100 forward is south; the company's own offsets turn with it
    assert_eq!(at(&m, "one-x.coy-hq"), (2000.0, 1960.0));
    assert_eq!(at(&m, "one-x-sup.mg"), (2000.0, 2000.0));
    assert_eq!(facing(&m, "one-x.pl-1"), 180.0);
    let used: Vec<Vec<&str>> = m
        .templates
        .iter()
        .map(|t| {
            t.used_by
                .iter()
                .map(|u| m.units[u.0].name.id.as_str())
                .collect()
        })
        .collect();
    assert_eq!(used, vec![vec!["one-x", "a"], vec!["one"]]);
}

#[test]
fn a_template_that_contains_itself_is_reported_once() {
    let r = resolve_body(
        "template loop platoon { element a bare figures 4 platoon inner from loop }\nforces blue { platoon p from loop at (0,0) }",
    );
    let all = render(&r);
    assert_eq!(all.len(), 1, "{all:?}");
    assert!(
        all[0].starts_with("MC103 template `loop` contains itself [loop]"),
        "{all:?}"
    );
}

#[test]
fn an_undefined_template_suggests_a_close_one() {
    let r = resolve_body(&format!(
        "{TEMPLATES}\nforces blue {{ company a from rifle at (0,0) }}"
    ));
    assert_eq!(
        render(&r),
        vec!["MC102 undefined template `rifle` [rifle] (help: did you mean `rifles`?)"]
    );
}

#[test]
fn a_sub_unit_override_from_another_file_points_into_that_file() {
    let lib = r#"template rifles company {
  hq coy-hq command figures 3 at (0,-60)
  platoon sup { element mg heavy-support hmg tripod figures 3 at (0,-100) }
}"#;
    let main = format!(
        "use \"lib.muster\"\n{PRELUDE}\nforces blue {{\n  company a from rifles at (1000,1000) {{\n    platoon sup attached-to zzz {{ element mg figures 2 }}\n  }}\n}}\n"
    );
    let (r, _) = resolve_files(&[("main.muster", &main), ("lib.muster", lib)]);
    assert_eq!(render(&r), vec!["MC102 undefined unit `zzz` [zzz] (help: define unit `zzz`, or name one that is defined)"]);
    assert_eq!(r.diagnostics[0].labels[0].file.0, 0);
    let m = &r.model;
    let mg = &m.elements[element(m, "a-sup.mg")];
    assert_eq!(mg.figures.map(|f| f.0), Some(2));
    assert_eq!(
        m.files[mg.figures.unwrap().1.file.0 as usize].path,
        "main.muster"
    );
    assert_eq!(
        m.files[mg.kind_loc.unwrap().file.0 as usize].path,
        "lib.muster"
    );
    assert_eq!(at(m, "a-sup.mg"), (1000.0, 900.0));
}

#[test]
fn runaway_expansion_is_refused() {
    let mut text = String::new();
    for level in 1..=3 {
        text.push_str(&format!("template t{level} group {{\n"));
        for i in 0..30 {
            text.push_str(&format!("  group u{i} from t{}\n", level + 1));
        }
        text.push_str("}\n");
    }
    text.push_str("template t4 group { element e bare figures 4 }\nforces blue { group top from t1 at (0,0) }\n");
    let r = resolve_body(&text);
    let all = render(&r);
    assert_eq!(all.len(), 1, "{:?}", &all[..all.len().min(3)]);
    assert!(
        all[0].starts_with("MC003 templates expand to more than 20000 units"),
        "{all:?}"
    );
    assert!(r.model.units.len() <= 20_000);
}
