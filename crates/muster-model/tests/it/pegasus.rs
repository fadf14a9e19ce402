//! The example scenario resolves cleanly; its command analysis, as the umpire
//! briefing will show it, is kept as a snapshot.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use common::*;
use muster_model::analysis::CommandStatus;
use muster_model::model::Model;

pub(crate) fn pegasus() -> Model {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let text = std::fs::read_to_string(format!("{dir}/pegasus-bridge.muster")).unwrap();
    let lib = std::fs::read_to_string(format!("{dir}/lib/british-airborne-1944.muster")).unwrap();
    let german = std::fs::read_to_string(format!("{dir}/lib/german.muster")).unwrap();
    let (r, _) = resolve_files(&[
        ("main.muster", &text),
        ("lib/british-airborne-1944.muster", &lib),
        ("lib/german.muster", &german),
    ]);
    assert_clean(&r);
    r.model
}

fn describe(m: &Model, s: &CommandStatus) -> String {
    let q = |e: &muster_model::model::ElementId| m.elements[e.0].qualified.clone();
    match s {
        CommandStatus::InCommand { route, means, via, distance } => {
            format!("in command {route:?} by {means:?} via {} at {distance:.0} m", q(via))
        }
        CommandStatus::Separated { nearest, distance, short_by, runner_turns, .. } => format!(
            "separated: nearest {} at {distance:.0} m, {short_by:.0} m short, runner {runner_turns} turn(s)",
            nearest.as_ref().map(q).unwrap_or_default()
        ),
        CommandStatus::Top => "top of the chain".into(),
        CommandStatus::NotPlaced => "not placed".into(),
    }
}

#[test]
fn pegasus_command_status() {
    let m = pegasus();
    let a = muster_model::analyse(&m);
    let mut out = String::new();
    for (i, e) in m.elements.iter().enumerate() {
        let pos = e
            .pos
            .map(|p| format!("({:.0},{:.0})", p.x, p.y))
            .unwrap_or_else(|| "-".into());
        out.push_str(&format!(
            "{:<26} {:<12} {}\n",
            e.qualified,
            pos,
            describe(&m, &a.command[i])
        ));
    }
    out.push('\n');
    for r in &a.latency {
        out.push_str(&format!(
            "{:<14} -> {:<14} links {} runner {} hot turn {} cold turn {}\n",
            m.units[r.from.0].name.id,
            m.units[r.unit.0].name.id,
            r.links,
            r.runner_turns,
            r.hot_turn,
            r.cold_turn
        ));
    }
    out.push('\n');
    for s in &a.situations {
        let near = s
            .nearest_enemy
            .map(|(e, d)| format!(" (enemy {} at {d:.0} m)", m.elements[e.0].qualified))
            .unwrap_or_default();
        out.push_str(&format!(
            "{:<14} {}{near}\n",
            m.units[s.unit.0].name.id,
            if s.hot { "hot" } else { "cold" }
        ));
    }
    insta::assert_snapshot!(out);
}
