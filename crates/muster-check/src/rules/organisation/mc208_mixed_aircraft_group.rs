//! MC208 mixed-aircraft-group: aircraft and ground elements in one group.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC208,
    summary: "an aircraft group that mixes aircraft with other elements",
    explanation: "A group of aircraft is a flight (§20) whose elements all take the same \
action in a bound and show no command function (§11); a ground element in it could \
neither follow the flight nor be commanded. Put ground elements in a group of their own.",
    failing: r#"forces blue {
  flight f "Schwarm" {
    element fw-1 aircraft fighter-bomber models 2 off-table
    element flak artillery aa-gun 20mm models 1 at (500,500) //~ MC208
  }
}
orders blue {
  f attack probe (1000,1000)
}
"#,
    fixed: r#"forces blue {
  flight f "Schwarm" {
    element fw-1 aircraft fighter-bomber models 2 off-table
  }
}
orders blue {
  f attack probe (1000,1000)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (unit, plane) in cx.aircraft_groups() {
        for e in cx
            .elements_of(unit)
            .filter(|e| !facts::is_aircraft(e) && !e.is_command_element())
        {
            out.push(
                RULE.report(
                    format!(
                        "aircraft group `{}` also holds ground element `{}`",
                        unit.name.id, e.name.id
                    ),
                    e.name.loc,
                    "not an aircraft",
                )
                .related(plane.name.loc, "aircraft of the group")
                .with_help("move the ground element to a group of its own"),
            );
        }
    }
    out
}
