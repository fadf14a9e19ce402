//! What a sheet states as fact follows the data: the fog-of-war house rule
//! reads the pack's level, a start situation says whether it was declared or
//! measured, and the writer's reason for it stays on the umpire's sheet.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support;

use muster_render::{build, OutputFile, Templates};
use muster_rules::vocab::SeverityLevel;

fn sheet<'a>(files: &'a [OutputFile], name: &str) -> &'a str {
    &files
        .iter()
        .find(|f| f.path.ends_with(name))
        .unwrap_or_else(|| panic!("no {name}"))
        .contents
}

fn built(path: &str, edit: impl FnOnce(&mut muster_model::model::Model)) -> Vec<OutputFile> {
    let (mut model, analysis) = support::pack::load_as_built(path);
    edit(&mut model);
    build(&model, &analysis, &Templates::builtin().unwrap()).unwrap()
}

#[test]
fn a_pack_that_denies_fog_leaks_says_fog_is_enforced_not_relaxed() {
    let files = built("pegasus-bridge.muster", |_| {});
    let umpire = sheet(&files, "/umpire.html");
    assert!(
        umpire.contains("Fog of war enforced: MC802 (enemy-named-without-intel) is an error here"),
        "no enforced statement"
    );
    assert!(!umpire.contains("Fog of war relaxed"));
}

#[test]
fn a_pack_that_allows_fog_leaks_warns_the_umpire_to_check_the_pages() {
    let files = built("pegasus-bridge.muster", |m| {
        for o in &mut m.overrides {
            o.level = SeverityLevel::Allow;
        }
    });
    let umpire = sheet(&files, "/umpire.html");
    assert!(
        umpire.contains(
            "Fog of war relaxed: MC802 (enemy-named-without-intel) is switched off, so a \
             side&#x27;s text may name what that side should not know"
        ),
        "no relaxed statement"
    );
    assert!(!umpire.contains("Fog of war enforced"));
}

#[test]
fn a_declared_cold_start_and_a_measured_hot_one_are_told_apart() {
    let files = built("villers-bocage.muster", |_| {});
    let umpire = sheet(&files, "/umpire.html");
    assert!(
        umpire.contains("cold, as the scenario declares (§24): "),
        "no declared cold start"
    );
    // Pegasus declares nothing for the gliders' platoons: they are hot by
    // distance, and the sheet says so with the element they see.
    let files = built("pegasus-bridge.muster", |_| {});
    let umpire = sheet(&files, "/umpire.html");
    assert!(
        umpire.contains("hot (§24): sees Guard HQ of Brückenwache (Gren.Rgt. 736) at ")
            && umpire.contains(" m, within 500 m"),
        "no measured hot start"
    );
}

#[test]
fn the_reason_for_a_start_situation_never_reaches_the_side_it_is_about() {
    let (model, _) = support::pack::load("villers-bocage.muster");
    let reasons: Vec<String> = model
        .units
        .iter()
        .filter_map(|u| u.start.as_ref())
        .map(|s| s.reason.text.clone())
        .chain(
            model
                .elements
                .iter()
                .filter_map(|e| e.start.as_ref())
                .map(|s| s.reason.text.clone()),
        )
        .collect();
    assert!(
        !reasons.is_empty(),
        "villers-bocage declares start situations"
    );
    let files = built("villers-bocage.muster", |_| {});
    let escaped = |t: &str| t.replace('\'', "&#x27;").replace('"', "&quot;");
    for r in &reasons {
        let words: String = escaped(r).chars().take(40).collect();
        assert!(
            sheet(&files, "/umpire.html").contains(&words),
            "the umpire reads {r}"
        );
        for f in files.iter().filter(|f| {
            let n = f.path.rsplit('/').next().unwrap();
            n.starts_with("side-") || n.starts_with("player-") || n.starts_with("cards-")
        }) {
            assert!(
                !f.contents.contains(&words) && !f.contents.contains(r.as_str()),
                "{} shows the reason {r}",
                f.path
            );
        }
    }
}

#[test]
fn every_phase_of_a_two_phase_order_has_its_own_timing() {
    let (model, analysis) = support::pack::load("pegasus-bridge.muster");
    let full = muster_render::json::scenario(&model, &analysis);
    let mut order = full.orders[0].clone();
    order.timing = vec![muster_render::json::plans::Timing::By { turn: 2 }];
    order.phases = vec![muster_render::json::plans::OrderPhase {
        stance: None,
        intensity: None,
        objective: None,
        timing: vec![muster_render::json::plans::Timing::After { turn: 18 }],
    }];
    let phases = muster_render::sheets::statements::phases(&full, &order);
    assert_eq!(phases.len(), 2);
    assert_eq!(phases[0].starts, "at once");
    assert_eq!(phases[0].timings, ["done by turn 2 (00:26–00:35)"]);
    assert_eq!(phases[1].starts, "not before turn 19 (03:16–03:25)");
    assert_eq!(phases[1].timings, ["not before turn 19 (03:16–03:25)"]);
}

/// A scenario's special rule, stated for the umpire (`umpire "…"`), stands in
/// the adjudication checklist of the front sheet, not only in the notes.
#[test]
fn the_glider_scatter_rule_stands_in_the_adjudication_checklist() {
    let files = built("pegasus-bridge.muster", |_| {});
    let umpire = sheet(&files, "/umpire.html");
    let start = umpire
        .find("<dl class=\"checklist\">")
        .expect("a checklist");
    let list = &umpire[start..];
    let list = &list[..list.find("</dl>").expect("its end")];
    assert!(list.contains("glider scatter"), "{list}");
}
