//! MC706 engineering-by-non-engineer: demolitions given to troops that are not engineers.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC706,
    summary: "demolition or another engineering task given to a non-engineer element",
    explanation: "Demolitions and most other engineering work (§51, §61) are specialist \
actions of engineer elements. A task given to any other element cannot be carried out; \
attach an engineer element to the unit and give the task to it.",
    failing: r#"map {
  place bridge "The bridge" at (500,600)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,480)
    element a coherent figures 6 at (500,500) task demolition bridge //~ MC706
  }
}
orders red {
  p defend bridge
}
"#,
    fixed: r#"map {
  place bridge "The bridge" at (500,600)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,480)
    element a specialist engineers demolitions figures 3 at (500,500) task demolition bridge
  }
}
orders red {
  p defend bridge
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for e in &cx.model.elements {
        if facts::specialism(e) == Some(Specialism::Engineers) {
            continue;
        }
        for t in &e.tasks {
            out.push(
                RULE.report(
                    format!(
                        "`{}` is given the task `{}` but is not an engineer element",
                        e.qualified, t.task.id
                    ),
                    t.loc,
                    "engineering task",
                )
                .about(e)
                .with_help("give the task to a `specialist engineers` element"),
            );
        }
    }
    out
}
