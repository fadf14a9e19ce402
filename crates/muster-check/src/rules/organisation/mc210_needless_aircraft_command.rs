//! MC210 needless-aircraft-command: an aircraft group given a command element.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC210,
    summary: "an aircraft group given a command element it does not need",
    explanation: "A commanded group of aircraft shows no command function (§11): the whole \
flight takes the same action in each bound. A command element in such a group is not \
wrong, but it will be counted, placed and shown in briefings for no purpose.",
    failing: r#"forces blue {
  flight f "Schwarm" {
    hq f-hq aircraft fighter-bomber models 2 off-table //~ MC210
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
    for (unit, _) in cx.aircraft_groups() {
        for e in cx.elements_of(unit).filter(|e| e.is_command_element()) {
            out.push(
                RULE.report(
                    format!(
                        "aircraft group `{}` has command element `{}`",
                        unit.name.id, e.name.id
                    ),
                    e.name.loc,
                    "not needed by aircraft",
                )
                .with_help(
                    "aircraft groups need no command element; write it as a plain `element`",
                ),
            );
        }
    }
    out
}
