//! MC201 group-without-command: a commanded group with nobody to command it.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC201,
    summary:
        "a commanded group with neither a command element nor an element carrying the commander",
    explanation: "Every commanded group and HQ needs someone to give it orders (§10): a \
command element, or a combat element that carries the commander (a small-arms foot \
element with an officer figure, or a command tank). Aircraft groups need none, and \
support elements of a higher echelon that are attached to another group or under support \
orders take their orders from the group they serve (§79, §80).",
    failing: r#"forces red {
  platoon p "1 Platoon" { //~ MC201
    element a coherent figures 6 at (500,500)
    element b coherent figures 6 at (560,500)
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon p "1 Platoon" {
    element a coherent figures 6 commander at (500,500)
    element b coherent figures 6 at (560,500)
  }
}
orders red {
  p defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, unit) in cx.model.units.iter().enumerate() {
        let elements: Vec<&Element> = cx.elements_of(unit).collect();
        if elements.is_empty() || unit.command_element.is_some() {
            continue;
        }
        if elements.iter().any(|e| e.carries_command()) {
            continue;
        }
        if unit.echelon == Echelon::Flight || elements.iter().all(|e| facts::is_aircraft(e)) {
            continue;
        }
        if unit.attached_to.is_some() || supports(cx, UnitId(i)) {
            continue;
        }
        out.push(
            RULE.report(
                format!(
                    "`{}` has no command element and no element carrying the commander",
                    unit.name.id
                ),
                unit.name.loc,
                "nobody commands this group",
            )
            .with_help("add an `hq … command` element, or mark one small-arms element `commander`"),
        );
    }
    out
}

/// Whether the unit acts under a support order (§80).
fn supports(cx: &Context, id: UnitId) -> bool {
    cx.effective_order(id)
        .and_then(|o| o.stance)
        .map(|(s, _)| s)
        == Some(Stance::Support)
}
