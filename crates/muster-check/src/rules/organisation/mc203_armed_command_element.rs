//! MC203 armed-command-element: a command element given weapons or a combat task.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC203,
    summary: "a command element given weapons or a combat role",
    explanation: "A foot command element (§18) is not a combat element: its two or three \
figures are the commander and his staff. Weapons or a prepared fire zone on it would let \
it fight as a combat element. If the commander should fight, put him in a small-arms \
element with `commander` instead.",
    failing: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 lmg at (500,500) //~ MC203
    element a coherent figures 6 at (560,500)
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
    element a coherent figures 6 at (560,500)
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
    for (e, _) in cx
        .foot_elements()
        .filter(|(_, ty)| *ty == FootType::Command)
    {
        for w in &e.weapons {
            out.push(
                RULE.report(
                    format!("command element `{}` carries `{}`", e.qualified, w.kind.keyword()),
                    w.loc,
                    "weapon on a command element",
                )
.about(e)
                .with_help("remove the weapon, or make the element a small-arms type that carries the `commander`"),
            );
        }
        if let Some(z) = &e.hmg_zone {
            out.push(
                RULE.report(
                    format!("command element `{}` has a fire zone", e.qualified),
                    z.loc,
                    "combat role",
                )
                .about(e)
                .with_help("give the fire zone to a machine-gun element"),
            );
        }
    }
    out
}
