//! Name resolution: duplicates (MC101), undefined and ambiguous references (MC102),
//! the order of battle as a tree (MC103) and the two sides (MC106).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use common::*;
use muster_model::model::Target;

#[test]
fn duplicate_units_point_at_both_definitions() {
    let r = resolve_body(
        "forces blue {\n  company a-coy { element x bare figures 4 at (0,0) }\n  company a-coy { element y bare figures 4 at (0,0) }\n}",
    );
    let d = &r.diagnostics[0];
    assert_eq!(d.code, "MC101");
    assert_eq!(d.message, "unit `a-coy` is defined twice");
    assert_eq!(d.labels[0].message, "defined again here");
    assert_eq!(d.labels[1].message, "first defined here");
    assert!(d.labels[1].span.start < d.labels[0].span.start);
    assert_eq!(underlined(&r.model, d, 0), "a-coy");
    assert_eq!(r.diagnostics.len(), 1);
}

#[test]
fn places_areas_lines_and_crossings_share_one_namespace() {
    let r = resolve_body(
        "map {\n  place mill at (10,10)\n  area mill brush rect (0,0) size 10m by 10m\n  road mill line (0,0) (5,5)\n}",
    );
    let all = render(&r);
    assert_eq!(all.len(), 2, "{all:?}");
    assert!(all
        .iter()
        .all(|l| l.starts_with("MC101 map feature `mill` is defined twice [mill]")));
}

#[test]
fn duplicate_signals_templates_players_sides_and_elements() {
    let r = resolve_files(&[(
        "main.muster",
        r#"scenario "T" { turns 5 first-bound blue table 1000m by 1000m }
side blue "Blue" nation british { player p "P" commands a player p "Q" commands a }
side red "Red" nation german
side blue "Again" nation british
template t platoon { element x bare figures 4 }
template t platoon { element x bare figures 4 }
forces blue { platoon a { element x bare figures 4 at (0,0) element x bare figures 4 at (1,1) } }
signal s flare "go" from a.x on command affects a
signal s flare "go" from a.x on command affects a
"#,
    )])
    .0;
    let msgs: Vec<String> = r
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert_eq!(
        msgs,
        vec![
            "MC101 player `p` is defined twice",
            "MC101 side `blue` is defined twice",
            "MC101 template `t` is defined twice",
            "MC101 element `x` is defined twice",
            "MC101 signal `s` is defined twice",
        ]
    );
}

#[test]
fn undefined_references_suggest_a_close_name() {
    let r = resolve_body(
        "map { place bridge at (10,10) }\nforces blue { company a-coy { hq coy-hq command at (0,0) } }\norders blue { a-coy attack full brigde }\n",
    );
    assert_eq!(
        render(&r),
        vec!["MC102 undefined place or unit `brigde` [brigde] (help: did you mean `bridge`?)"]
    );
}

#[test]
fn undefined_without_a_close_name_gives_no_guess() {
    let r = resolve_body("forces blue { company a-coy { hq coy-hq command at (0,0) } }\narrival zzz turn 3 at nowhere\n");
    let all = render(&r);
    assert_eq!(
        all,
        vec![
            "MC102 undefined unit `zzz` [zzz] (help: define unit `zzz`, or name one that is defined)",
            "MC102 undefined place `nowhere` [nowhere] (help: define place `nowhere`, or name one that is defined)"
        ]
    );
}

#[test]
fn every_kind_of_reference_is_checked() {
    let r = resolve_body(
        r#"map { river orne line (0,0) (0,100) bridge b at (0,50) over ornee carries rd }
forces blue {
  company a-coy attached-to b-coyy {
    hq boss command radio long at (0,0)
    element x bare figures 4 at (10,0) embussed-in lorri
    element f specialist foo figures 2 registers-for bty at (5,5) refuel-at pad
  }
}
nets blue { radio hqq to x net n "N" seniority boss x2 }
signal go flare "go" from a-coy.hqq on capture b affects a-coyy
orders blue { a-coy defend b on signal goo }
victory blue "win" holds bb at end destroys red-coy
intel red { a-coyy seen at b exact }
"#,
    );
    let names: Vec<String> = r
        .diagnostics
        .iter()
        .filter(|d| d.code == "MC102")
        .map(|d| underlined(&r.model, d, 0))
        .collect();
    assert_eq!(
        names,
        vec![
            "ornee",
            "rd",
            "b-coyy",
            "lorri",
            "bty",
            "pad",
            "hqq",
            "x2",
            "a-coy.hqq",
            "a-coyy",
            "goo",
            "bb",
            "red-coy",
            "a-coyy",
        ]
    );
}

#[test]
fn short_element_names_resolve_when_unique_and_ambiguous_ones_list_the_choices() {
    let r = resolve_body(
        r#"forces blue {
  company a-coy { hq coy-hq command radio short at (0,0) element gun heavy-support hmg tripod figures 3 at (5,5) }
  company b-coy { hq coy-hq command radio short at (100,0) }
}
nets blue { radio gun to coy-hq radio a-coy.coy-hq to b-coy.coy-hq }
"#,
    );
    assert_eq!(
        render(&r),
        vec![
            "MC102 ambiguous element `coy-hq` [coy-hq] \
             (help: several units have one; write one of `a-coy.coy-hq`, `b-coy.coy-hq`)"
        ]
    );
    let links = &r.model.radio_links;
    let gun = element(&r.model, "a-coy.gun");
    assert_eq!(
        links[0].from.target,
        Some(Target::Element(muster_model::model::ElementId(gun)))
    );
    assert!(links[1].from.target.is_some() && links[1].to.target.is_some());
}

#[test]
fn a_qualified_name_with_a_wrong_element_suggests_within_the_unit() {
    let r = resolve_body(
        "forces blue { company a-coy { hq coy-hq command at (0,0) } }\nsignal go flare \"go\" from a-coy.coyhq on command affects a-coy\n",
    );
    assert_eq!(
        render(&r),
        vec!["MC102 unit `a-coy` has no element `coyhq` [a-coy.coyhq] (help: did you mean `coy-hq`?)"]
    );
}

#[test]
fn attachment_cases_that_break_the_tree() {
    let r = resolve_body(
        r#"forces blue {
  battalion bn {
    hq bn-hq command at (0,0)
    company a attached-to a { element x bare figures 4 at (0,0) }
    company b attached-to c { element x bare figures 4 at (0,0) }
    company c attached-to b { element x bare figures 4 at (0,0) }
    company d attached-to bn-sub {
      element x bare figures 4 at (0,0)
      platoon bn-sub { element y bare figures 4 at (0,0) }
    }
    company e attached-to a b { element x bare figures 4 at (0,0) }
  }
}
forces red { company r { hq h command at (3000,3000) } }
forces blue { company f attached-to r { element x bare figures 4 at (0,0) } }
"#,
    );
    let all: Vec<String> = r
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code, d.message))
        .collect();
    assert_eq!(
        all,
        vec![
            "MC103 unit `a` is attached to itself",
            "MC103 attachment cycle: `b` -> `c` -> `b`",
            "MC103 unit `d` is attached to `bn-sub`, which is part of it",
            "MC103 unit `e` is attached to two units",
            "MC103 unit `f` is attached to `r` of the other side",
        ]
    );
    assert_eq!(underlined(&r.model, &r.diagnostics[1], 0), "c");
    let _ = muster_model::analyse(&r.model);
}

#[test]
fn a_scenario_needs_exactly_two_sides() {
    let one = resolve_files(&[(
        "main.muster",
        "scenario \"T\" { turns 3 }\nside blue \"B\" nation british\n",
    )])
    .0;
    assert_eq!(
        render(&one),
        vec![
            "MC106 a scenario needs exactly two sides, found 1 [\"T\"] \
             (help: declare both sides, e.g. `side british \"6th Airborne Division\" nation british`)"
        ]
    );
    let three = resolve_files(&[(
        "main.muster",
        "side a \"A\" nation british\nside b \"B\" nation german\nside c \"C\" nation french\n",
    )])
    .0;
    let all = render(&three);
    assert_eq!(all.len(), 1);
    assert!(all[0].starts_with("MC106 a scenario needs exactly two sides, found 3 [c]"));
}

#[test]
fn blocks_for_undeclared_sides() {
    let r = resolve_body(
        r#"forces bleu { company a { hq h command at (0,0) } }
orders bleu { a defend (0,0) }
nets purple { }
intel rde { a known }
victory nobody "x" holds a at end
orders blue { a defend (0,0) }
forces red { company r { hq h command at (3000,3000) } }
orders blue { r attack probe a }
"#,
    );
    let all: Vec<String> = r
        .diagnostics
        .iter()
        .map(|d| format!("{} {} [{}]", d.code, d.message, underlined(&r.model, d, 0)))
        .collect();
    assert_eq!(
        all,
        vec![
            "MC106 `forces` for undeclared side `bleu` [bleu]",
            "MC106 `orders` for undeclared side `bleu` [bleu]",
            "MC106 `nets` for undeclared side `purple` [purple]",
            "MC106 `intel` for undeclared side `rde` [rde]",
            "MC106 `victory` for undeclared side `nobody` [nobody]",
            "MC106 `orders blue` names `a`, which belongs to `bleu` [a]",
            "MC106 `orders blue` names `r`, which belongs to `red` [r]",
        ]
    );
    assert_eq!(
        r.diagnostics[0].help.as_deref(),
        Some("did you mean `blue`?")
    );
}

#[test]
fn resolving_twice_gives_identical_results() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/pegasus-bridge.muster"
    ))
    .unwrap();
    let lib = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/lib/british-airborne-1944.muster"
    ))
    .unwrap();
    let german = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scenarios/lib/german.muster"
    ))
    .unwrap();
    let broken = text
        .replace("attack all-out pegasus", "attack all-out pegasuss")
        .replace("from coup-de-main.coy-hq\n", "from coy-hq\n");
    for t in [&text, &broken] {
        let files = [
            ("main.muster", t.as_str()),
            ("lib/british-airborne-1944.muster", lib.as_str()),
            ("lib/german.muster", german.as_str()),
        ];
        let (a, _) = resolve_files(&files);
        let (b, _) = resolve_files(&files);
        assert_eq!(a, b);
        assert_eq!(
            muster_model::analyse(&a.model),
            muster_model::analyse(&b.model)
        );
    }
    let (clean, _) = resolve_files(&[
        ("main.muster", &text),
        ("lib/british-airborne-1944.muster", &lib),
        ("lib/german.muster", &german),
    ]);
    assert_clean(&clean);
    let (b, _) = resolve_files(&[
        ("main.muster", &broken),
        ("lib/british-airborne-1944.muster", &lib),
        ("lib/german.muster", &german),
    ]);
    assert_eq!(
        render(&b),
        vec![
            "MC102 undefined place or unit `pegasuss` [pegasuss] (help: did you mean `pegasus`?)",
            "MC102 ambiguous element `coy-hq` [coy-hq] \
             (help: several units have one; write one of `coup-de-main.coy-hq`, \
             `a-coy-7.coy-hq`, `b-coy-7.coy-hq`, `c-coy-7.coy-hq`)",
        ]
    );
}

#[test]
fn an_ambiguous_element_among_other_kinds_of_name_is_reported_as_ambiguous() {
    let r = resolve_body(
        "forces blue { company a { hq h command at (0,0) } }\nforces red { company b { hq h command at (10,10) } company c { hq h command at (20,20) } }\nvictory blue \"x\" destroys h\n",
    );
    // blue's own `h` does not count (the enemy's are looked at first), red's two do
    assert_eq!(
        render(&r),
        vec!["MC102 ambiguous element `h` [h] (help: several units have one; write one of `b.h`, `c.h`)"]
    );
}

#[test]
fn duplicate_nets_of_one_side_and_duplicate_events_are_reported() {
    let r = resolve_body(
        r#"forces blue { company a { hq a-hq command radio short at (0,0) element b bare figures 4 radio short at (10,0) } }
forces red { company r { hq r-hq command radio short at (3000,3000) } }
nets blue {
  net coy-net a.a-hq a.b
  net coy-net a.b a.a-hq
}
nets red { net coy-net r.r-hq }
event shelling turn 3 "Shells fall"
event shelling turn 5 "More shells"
"#,
    );
    assert_eq!(
        render(&r),
        vec![
            "MC101 net `coy-net` is defined twice [coy-net] (help: rename one of them or remove the second net)",
            "MC101 event `shelling` is defined twice [shelling] (help: rename one of them or remove the second event)",
        ]
    );
    for d in &r.diagnostics {
        assert_eq!(d.labels[1].message, "first defined here");
        assert!(d.labels[1].span.start < d.labels[0].span.start);
        assert_eq!(underlined(&r.model, d, 1), underlined(&r.model, d, 0));
    }
    // both are kept: nothing refers to them by name
    assert_eq!(r.model.nets.len(), 3);
    assert_eq!(r.model.events.len(), 2);
}
