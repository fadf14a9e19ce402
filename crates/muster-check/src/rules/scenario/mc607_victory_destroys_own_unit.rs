//! MC607 victory-destroys-own-unit: a side wins by destroying its own troops.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC607,
    summary: "a `destroys` victory condition names a unit or element of the same side",
    explanation: "A victory condition says what a side must achieve against the enemy. \
`destroys` naming one of the side's own units or elements asks it to destroy its own \
troops, which is a wrong name or the wrong side. (Getting one's own unit off the table, \
`exits`, is a normal aim and is not reported.)",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2
  }
}
forces blue {
  company k "K Company" {
    hq k-hq command figures 2
  }
}
victory red "Destroy K Company" destroys a //~ MC607
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2
  }
}
forces blue {
  company k "K Company" {
    hq k-hq command figures 2
  }
}
victory red "Destroy K Company" destroys k
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
            let Condition::Destroys { target, .. } = c else {
                continue;
            };
            let owner = match target.target {
                Some(Target::Unit(u)) => cx.unit(u).map(|u| u.side),
                Some(Target::Element(e)) => cx.element(e).map(|e| e.side),
                _ => None,
            };
            if owner != Some(side) {
                continue;
            }
            let mine = cx.side_name(side);
            out.push(
                RULE.report(
                    format!("`{}` wins by destroying `{}`, its own troops", mine, target.name.id),
                    target.name.loc,
                    format!("belongs to `{mine}`"),
                )
                .with_help("name the enemy's unit or element here, or give the condition to the other side"),
            );
        }
    }
    out
}
