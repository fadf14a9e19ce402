//! MC403 order-objective-undefined: an order that points nowhere the map knows.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC403,
    summary: "an order whose objective is not a defined place, area, unit or bearing",
    explanation: "An order names where the unit goes or what it holds (§84): a place, an \
area, a line or crossing of the map, a unit, a point, or a compass bearing. An attack \
with no objective, or one naming something undefined or that is not a location (a \
signal, a side), leaves the players guessing.",
    failing: r#"map {
  place hill "Hill 112" at (500,900)
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full hil //~ MC403
}
victory red "Take Hill 112" holds hill at end
"#,
    fixed: r#"map {
  place hill "Hill 112" at (500,900)
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full hill
}
victory red "Take Hill 112" holds hill at end
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for o in &cx.model.orders {
        let stance = o.stance.map(|(s, _)| s);
        match &o.objective {
            None if stance == Some(Stance::Attack) => out.push(
                RULE.report(
                    format!("the attack by `{}` names no objective", o.unit.name.id),
                    o.loc,
                    "attack without objective",
                )
                .with_help("name a place, area or unit, a point `(x,y)`, or a `bearing`"),
            ),
            Some(Objective::Ref(r)) if stance != Some(Stance::Support) => match r.target {
                None => out.push(
                    RULE.report(
                        format!(
                            "objective `{}` of `{}` is not defined",
                            r.name.id, o.unit.name.id
                        ),
                        r.name.loc,
                        "undefined objective",
                    )
                    .related(o.unit.name.loc, format!("order of `{}`", o.unit.name.id))
                    .with_help("define it as a `place` or `area` in the map, or name a unit"),
                ),
                Some(Target::Signal(_) | Target::Side(_)) => out.push(
                    RULE.report(
                        format!(
                            "objective `{}` of `{}` is not a location",
                            r.name.id, o.unit.name.id
                        ),
                        r.name.loc,
                        "not a place, area or unit",
                    )
                    .with_help("name a place, area, line, crossing or unit, or give a `bearing`"),
                ),
                Some(_) => {}
            },
            _ => {}
        }
    }
    out
}
