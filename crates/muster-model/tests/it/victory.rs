//! Victory conditions name what they are about: `destroys` a unit, an element
//! (qualified or by a unique short name) or a crossing; `holds` a place, area,
//! crossing, line, unit or element.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use common::*;
use muster_model::model::{Condition, Model, Target};

const BODY: &str = r#"
map {
  place hill "Hill 112" at (2000,2000)
  area village buildings medium normal rect (100,100) size 200m by 200m
  road main line (0,50) (4000,50)
  river dives width 20m line (3000,0) (3000,4000)
  bridge span at (3000,50) over dives carries main
}
forces blue {
  company a { hq a-hq command figures 3 at (1000,1000) }
}
forces red {
  battery guns { hq bty-hq command figures 2 at (3500,3500)
    element gun-1 artillery gun figures 4 at (3550,3500)
    element gun-2 artillery gun figures 4 at (3600,3500) }
  platoon inf { hq inf-hq command figures 2 at (3200,3200) element rifles coherent figures 6 at (3250,3200) }
}
"#;

fn resolved(victory: &str) -> (Model, Vec<String>) {
    let r = resolve_body(&format!("{BODY}\n{victory}\n"));
    (r.model.clone(), render(&r))
}

fn targets(m: &Model) -> Vec<Option<Target>> {
    m.victories[0]
        .conditions
        .iter()
        .map(|c| match c {
            Condition::Holds { target, .. } | Condition::Destroys { target, .. } => target.target,
            Condition::Exits { unit, .. } => unit.target,
            Condition::Losses { of, .. } => of.target,
        })
        .collect()
}

#[test]
fn destroys_names_elements_qualified_or_short_and_units() {
    let (m, diags) = resolved(
        "victory blue \"Silence the guns\" destroys guns.gun-1 destroys gun-2 destroys inf destroys rifles",
    );
    assert!(diags.is_empty(), "{diags:?}");
    let e = |q: &str| {
        Some(Target::Element(muster_model::model::ElementId(element(
            &m, q,
        ))))
    };
    assert_eq!(
        targets(&m),
        vec![
            e("guns.gun-1"),
            e("guns.gun-2"),
            Some(Target::Unit(muster_model::model::UnitId(unit(&m, "inf")))),
            e("inf.rifles"),
        ]
    );
}

#[test]
fn holds_names_places_areas_crossings_lines_and_units() {
    let (m, diags) = resolved(
        "victory blue \"Hold the ground\" holds hill at end holds village by turn 6 holds span at end holds main at end holds a at end",
    );
    assert!(diags.is_empty(), "{diags:?}");
    let t = targets(&m);
    assert!(matches!(t[0], Some(Target::Place(_))), "{t:?}");
    assert!(matches!(t[1], Some(Target::Area(_))), "{t:?}");
    assert!(matches!(t[2], Some(Target::Crossing(_))), "{t:?}");
    assert!(matches!(t[3], Some(Target::Line(_))), "{t:?}");
    assert!(matches!(t[4], Some(Target::Unit(_))), "{t:?}");
}

#[test]
fn a_misspelt_element_suggests_the_right_one() {
    let (_, diags) = resolved("victory blue \"Silence the guns\" destroys guns.gun-3");
    assert_eq!(
        diags,
        vec!["MC102 unit `guns` has no element `gun-3` [guns.gun-3] (help: did you mean `gun-1`?)"]
    );
}

#[test]
fn a_short_name_of_both_sides_is_ambiguous_but_read_as_the_enemys() {
    let body = BODY.replace(
        "company a { hq a-hq command figures 3 at (1000,1000) }",
        "company a { hq a-hq command figures 3 at (1000,1000) element rifles coherent figures 6 at (1000,1050) }",
    );
    let r = resolve_body(&format!("{body}\nvictory blue \"Break them\" destroys rifles\nvictory red \"Break them\" destroys rifles\n"));
    // MC111: the author must say whose `rifles`; the guess stays the enemy's so
    // nothing else cascades from it
    let codes: Vec<_> = r.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["MC111", "MC111"]);
    let m = &r.model;
    let got = |v: usize| match &m.victories[v].conditions[0] {
        Condition::Destroys { target, .. } => match target.target {
            Some(Target::Element(e)) => m.elements[e.0].qualified.clone(),
            t => panic!("{t:?}"),
        },
        c => panic!("{c:?}"),
    };
    assert_eq!(got(0), "inf.rifles");
    assert_eq!(got(1), "a.rifles");
}

#[test]
fn a_short_name_shared_by_two_enemy_units_is_ambiguous() {
    let body = BODY.replace("element rifles coherent", "element gun-1 coherent");
    let r = resolve_body(&format!(
        "{body}\nvictory blue \"Silence the guns\" destroys gun-1\n"
    ));
    assert_eq!(
        render(&r),
        vec!["MC102 ambiguous element `gun-1` [gun-1] (help: several units have one; write one of `guns.gun-1`, `inf.gun-1`)"]
    );
}

#[test]
fn losses_name_a_side_and_count_models_or_figures() {
    let (m, diags) = resolved(
        "victory blue \"Wear them down\" any { destroys 2 models of red inflicts 1 figure on red }",
    );
    assert!(diags.is_empty(), "{diags:?}");
    let counts: Vec<(muster_model::model::LossKind, u32)> = m.victories[0]
        .conditions
        .iter()
        .filter_map(|c| match c {
            Condition::Losses { what, count, .. } => Some((*what, *count)),
            _ => None,
        })
        .collect();
    use muster_model::model::LossKind::*;
    assert_eq!(counts, vec![(Models, 2), (Figures, 1)]);
    assert!(matches!(
        targets(&m)[..],
        [Some(Target::Side(_)), Some(Target::Side(_))]
    ));
}

#[test]
fn a_losses_condition_on_an_unknown_side_or_with_a_word_for_its_count_is_reported() {
    let (_, diags) = resolved("victory blue \"Wear them down\" destroys 2 models of reds");
    assert!(
        diags
            .iter()
            .any(|d| d.contains("MC106") && d.contains("reds")),
        "{diags:?}"
    );
    let (_, diags) = resolved("victory blue \"Wear them down\" inflicts many figures on red");
    assert!(
        diags
            .iter()
            .any(|d| d.contains("MC002") && d.contains("many")),
        "{diags:?}"
    );
}
