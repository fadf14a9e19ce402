//! MC707 rotorcraft-without-refuelling: helicopters or autogyros with nowhere to refuel.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC707,
    summary: "helicopters or autogyros with no designated refuelling ground",
    explanation: "Helicopters and autogyros refuel as a specialist action at a designated \
refuelling ground (§62), which takes a full bound. The scenario must designate one: a \
place marked `refuelling`, named by the aircraft's `refuel-at`.",
    failing: r#"forces red {
  flight h "Helicopter flight" {
    element h1 aircraft helicopter models 2 off-table //~ MC707
  }
}
orders red {
  h defend (500,500)
}
"#,
    fixed: r#"map {
  place pad "Refuelling ground" at (100,100) refuelling
}
forces red {
  flight h "Helicopter flight" {
    element h1 aircraft helicopter models 2 off-table refuel-at pad
  }
}
orders red {
  h defend pad
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for e in &cx.model.elements {
        let Some(Troop::Aircraft {
            role: role @ (AircraftRole::Helicopter | AircraftRole::Autogyro),
        }) = &e.kind
        else {
            continue;
        };
        let (at, problem) = match &e.refuel_at {
            None => (e.name.loc, "has no refuelling ground".to_string()),
            Some(r) => match r.target {
                Some(Target::Place(p))
                    if cx.model.places.get(p.0).is_some_and(|p| p.refuelling) =>
                {
                    continue
                }
                Some(Target::Place(_)) => (
                    r.name.loc,
                    format!(
                        "refuels at `{}`, which is not marked `refuelling`",
                        r.name.id
                    ),
                ),
                None => (
                    r.name.loc,
                    format!("refuels at `{}`, which is not defined", r.name.id),
                ),
                Some(_) => (
                    r.name.loc,
                    format!("refuels at `{}`, which is not a place", r.name.id),
                ),
            },
        };
        out.push(
            RULE.report(
                format!("{} `{}` {problem}", role.keyword(), e.qualified),
                at,
                "needs a refuelling ground",
            )
            .about(e)
            .with_help("add a `place … refuelling` to the map and `refuel-at` it on the element"),
        );
    }
    out
}
