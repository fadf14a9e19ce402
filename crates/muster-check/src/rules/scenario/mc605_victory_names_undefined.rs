//! MC605 victory-names-undefined: a victory condition naming something that is not there.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC605,
    summary: "a victory condition naming an undefined place or unit",
    explanation: "Victory conditions (§22) are judged at the end of the game against the \
map and the order of battle: to hold a place, destroy a unit or leave by a table edge. A \
condition naming a place or unit that does not exist, or the wrong kind of thing (a unit \
to exit by, a signal to hold), can never be judged.",
    failing: r#"map {
  place bridge "The bridge" at (500,500)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
orders red {
  p defend bridge
}
victory red "Hold the bridge" holds brige at end //~ MC605
"#,
    fixed: r#"map {
  place bridge "The bridge" at (500,500)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
orders red {
  p defend bridge
}
victory red "Hold the bridge" holds bridge at end
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

/// Which targets a condition accepts.
type Accepts = fn(Target) -> bool;

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for v in &cx.model.victories {
        for c in &v.conditions {
            let checks: Vec<(&Ref, &str, Accepts)> = match c {
                Condition::Holds { target, .. } => {
                    vec![(target, "a place, area, crossing or unit", |t| {
                        !matches!(t, Target::Signal(_) | Target::Side(_))
                    })]
                }
                Condition::Destroys { target, .. } => {
                    vec![(target, "a unit, element or crossing", |t| {
                        matches!(
                            t,
                            Target::Unit(_) | Target::Element(_) | Target::Crossing(_)
                        )
                    })]
                }
                Condition::Exits { unit, at, .. } => vec![
                    (unit, "a unit", |t| matches!(t, Target::Unit(_))),
                    (at, "a place or table edge", |t| {
                        matches!(t, Target::Place(_))
                    }),
                ],
                // its side is resolved with the sides (MC106)
                Condition::Losses { .. } => Vec::new(),
            };
            for (r, want, ok) in checks {
                let msg = match r.target {
                    None => format!(
                        "victory condition names `{}`, which is not defined",
                        r.name.id
                    ),
                    Some(t) if !ok(t) => format!(
                        "victory condition names `{}`, which is not {want}",
                        r.name.id
                    ),
                    Some(_) => continue,
                };
                out.push(
                    RULE.report(msg, r.name.loc, "cannot be judged")
                        .related(v.prose.loc, "victory condition")
                        .with_help(format!("name {want} defined in the scenario")),
                );
            }
        }
    }
    out
}
