//! MC302 long-radio-on-ordinary-element: a long-range radio that only reaches 300 m.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC302,
    summary: "a long-range radio on an element that is neither command nor recce",
    explanation: "§88 gives the {{long-radio}} range of a long-range radio only to command and \
recce elements; any other radio-equipped element counts as short range, {{short-radio}}. A \
`radio long` elsewhere is treated as `radio short`, which the author may not expect when \
reading the command ranges.",
    failing: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 radio long at (500,500)
    element a coherent figures 6 radio long at (560,500) //~ MC302
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 radio long at (500,500)
    element a coherent figures 6 radio short at (560,500)
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
    for e in &cx.model.elements {
        let Some((RadioRange::Long, loc)) = e.radio else {
            continue;
        };
        if !muster_rules::command::long_radio_downgraded(e.equipment()) {
            continue;
        }
        out.push(
            RULE.report(
                format!(
                    "`{}` has a long-range radio but is neither a command nor a recce element",
                    e.qualified
                ),
                loc,
                format!(
                    "counts as short range, {}",
                    metres(muster_rules::command::SHORT_RADIO_M)
                ),
            )
            .about(e)
            .with_help("write `radio short`, or make it the group's command element"),
        );
    }
    out
}
