//! Findings that follow from one cause are folded under it: an undefined name
//! is shown in full once per file and counted at its other uses, and a unit
//! whose template is unknown is not checked until the template is defined.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_check::run;
use muster_model::{MemoryWorld, PackConfig};

const HEADER: &str = "scenario \"Example\" {\n  start 1944-06-06 06:00\n  turns 12\n  first-bound red\n  table 2000m by 2000m\n}\nside red \"Red\" nation british\nside blue \"Blue\" nation german\n";

/// Each finding as `CODE line: message [primary label]`, in source order.
fn findings(body: &str) -> Vec<String> {
    let text = format!("{HEADER}{body}");
    let world = MemoryWorld::new().with("s.muster", text.clone());
    let outcome = run(&world, "s.muster", &PackConfig::default());
    outcome
        .diagnostics
        .iter()
        .map(|d| {
            let (line, label) = d.primary().map_or((0, String::new()), |l| {
                (text[..l.span.start].lines().count(), l.message.clone())
            });
            format!("{} {line}: {} [{label}]", d.code, d.message)
        })
        .collect()
}

const TEMPLATE: &str = "template rifle-platoon platoon \"Rifle platoon\" {\n  hq p-hq command figures 2 at (0,0)\n  element a coherent figures 6 at (0,40)\n}\n";

/// Three platoons built from one template, each placed far from the others.
fn three_platoons(template: &str) -> String {
    format!(
        "forces red {{\n  platoon p1 \"1 Platoon\" from {template} at (300,300)\n  platoon p2 \"2 Platoon\" from {template} at (900,300)\n  platoon p3 \"3 Platoon\" from {template} at (1500,300)\n}}\n"
    )
}

#[test]
fn an_undefined_template_used_three_times_is_shown_once_and_counted_at_the_next_use() {
    let got = findings(&three_platoons("rifle-platon"));
    let undefined: Vec<_> = got.iter().filter(|f| f.starts_with("MC102")).collect();
    assert_eq!(
        undefined,
        [
            "MC102 10: undefined template `rifle-platon` [not defined]",
            "MC102 11: and 2 more MC102 for the same undefined template `rifle-platon` [the next use]",
        ],
        "{got:#?}"
    );
}

#[test]
fn two_different_undefined_names_are_not_folded_together() {
    let body = "forces red {\n  platoon p1 \"1 Platoon\" from rifle-platon at (300,300)\n  platoon p2 \"2 Platoon\" from mg-platon at (900,300)\n}\n";
    let got = findings(body);
    let undefined: Vec<_> = got.iter().filter(|f| f.starts_with("MC102")).collect();
    assert_eq!(
        undefined,
        [
            "MC102 10: undefined template `rifle-platon` [not defined]",
            "MC102 11: undefined template `mg-platon` [not defined]",
        ],
        "{got:#?}"
    );
}

/// A platoon from a template, with one element of its own written far from
/// the rest: without its template it has no commander and the element is cut off.
fn fox(template: &str) -> String {
    format!(
        "forces red {{\n  platoon fox \"Fox's platoon\" from {template} at (1000,1000) {{\n    element far coherent figures 6 at (600,0)\n  }}\n}}\norders red {{\n  fox defend (1000,1000)\n}}\n"
    )
}

#[test]
fn checks_of_a_unit_whose_template_is_undefined_wait_for_it() {
    let got = findings(&fox("rifle-platon"));
    assert_eq!(
        got,
        ["MC102 10: undefined template `rifle-platon` [not defined; 1 finding on `fox` waits for it]"],
        "{got:#?}"
    );
}

#[test]
fn the_same_unit_with_its_template_defined_is_checked() {
    let got = findings(&format!("{TEMPLATE}{}", fox("rifle-platoon")));
    assert!(
        got.iter().any(|f| f.starts_with("MC301 15:")),
        "the element 600 m away is separated: {got:#?}"
    );
    assert!(!got.iter().any(|f| f.starts_with("MC102")), "{got:#?}");
}
