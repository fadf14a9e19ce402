//! MC616 victory-losses-own-side: a side wins by losses it suffers itself.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC616,
    summary: "a losses victory condition names the victory's own side",
    explanation: "`destroys N models of SIDE` and `inflicts N figures on SIDE` count \
the losses a side causes its enemy over the game. Naming the victory's own side asks it \
to lose its own troops: the wrong side was written, or the condition belongs to the \
other side's victory.",
    failing: r#"side red
side blue
forces red {
  company a "A Company" {
    hq a-hq command figures 2
  }
}
forces blue {
  company k "K Company" {
    hq k-hq command figures 2
    element tanks vehicle tank tracked armoured enclosed models 3
  }
}
victory red "Knock out the tanks" destroys 2 models of red //~ MC616
"#,
    fixed: r#"side red
side blue
forces red {
  company a "A Company" {
    hq a-hq command figures 2
  }
}
forces blue {
  company k "K Company" {
    hq k-hq command figures 2
    element tanks vehicle tank tracked armoured enclosed models 3
  }
}
victory red "Knock out the tanks" destroys 2 models of blue
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for v in &cx.model.victories {
        let Some(Target::Side(side)) = v.side.target else {
            continue;
        };
        for c in &v.conditions {
            let Condition::Losses { of, .. } = c else {
                continue;
            };
            if of.target != Some(Target::Side(side)) {
                continue;
            }
            let mine = cx.side_name(side);
            let help = match cx.model.sides.iter().position(|s| s.name.id != mine) {
                Some(i) => format!(
                    "write the enemy here (`{}`), or give the condition to the other side",
                    cx.side_name(SideId(i))
                ),
                None => "write the enemy's side here".into(),
            };
            out.push(
                RULE.report(
                    format!("`{mine}` wins by losses suffered by `{mine}` itself"),
                    of.name.loc,
                    "the victory's own side",
                )
                .related(v.side.name.loc, "the victory is this side's")
                .with_help(help),
            );
        }
    }
    out
}
