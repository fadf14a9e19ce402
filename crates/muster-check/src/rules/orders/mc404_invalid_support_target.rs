//! MC404 invalid-support-target: a support order that supports nobody friendly.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC404,
    summary: "a support order that names no friendly unit, names itself, or names an enemy",
    explanation: "A support order (§81) puts a unit at the service of another friendly unit: \
it follows that unit's lead and may stay in command through it (§87c). It must therefore \
name a unit of its own side other than itself.",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
  platoon mg "MG Platoon" {
    hq mg-hq command figures 2 at (560,500)
  }
}
orders red {
  a defend (500,500)
  mg support mg //~ MC404
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
  platoon mg "MG Platoon" {
    hq mg-hq command figures 2 at (560,500)
  }
}
orders red {
  a defend (500,500)
  mg support a
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for o in &cx.model.orders {
        let Some((Stance::Support, stance_loc)) = o.stance else {
            continue;
        };
        let me = cx.unit_of_target(o.unit.target);
        let problem = match &o.objective {
            None => Some((
                stance_loc,
                "the support order names no unit to support".to_string(),
                "support whom?",
            )),
            Some(Objective::Ref(r)) => match cx.unit_ref(r) {
                Err(no) => Some((
                    r.name.loc,
                    format!(
                        "`{}` supports `{}`, {}",
                        o.unit.name.id,
                        r.name.id,
                        no.clause()
                    ),
                    match no {
                        NoUnit::Undefined => "undefined unit",
                        NoUnit::NotAUnit => "not a unit",
                    },
                )),
                Ok(t) if Some(t) == me => Some((
                    r.name.loc,
                    format!("`{}` is ordered to support itself", o.unit.name.id),
                    "the unit itself",
                )),
                Ok(t) if cx.side_of(t) != Some(o.side) => Some((
                    r.name.loc,
                    format!(
                        "`{}` supports `{}`, an enemy unit",
                        o.unit.name.id, r.name.id
                    ),
                    "enemy unit",
                )),
                _ => None,
            },
            Some(_) => Some((
                stance_loc,
                format!(
                    "`{}` supports a point or bearing, not a unit",
                    o.unit.name.id
                ),
                "support whom?",
            )),
        };
        if let Some((loc, msg, label)) = problem {
            out.push(
                RULE.report(msg, loc, label)
                    .with_help("name the friendly unit it supports: `support a-coy`"),
            );
        }
    }
    out
}
