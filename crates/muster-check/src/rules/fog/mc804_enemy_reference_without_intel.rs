//! MC804 enemy-reference-without-intel: a side's order, victory condition or other
//! structured reference points at an enemy unit its intel does not reveal.

use super::knowledge::side_refs;
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC804,
    summary: "a side's order objective or victory condition points at an enemy unit its intel does not reveal",
    explanation: "An order's objective, a victory condition (`holds`, `destroys`, \
`exits`) or an arrival written for one side is printed in that side's briefing and JSON. When it names an enemy unit or element, \
the side's outputs show it only through the intel report that reveals that unit: \
`attack full kg2` becomes an attack on the enemy of `report 1`, never `kg2` or its \
display name. Without such a report the side cannot know the target, so the reference \
is an error: aim at the place or point where the enemy is thought to be, or add the unit \
to the side's `intel`. The outputs are not written while the error stands.",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
forces blue {
  company kg "Kampfgruppe Rauch" {
    hq k-hq command figures 2 at (500,1500)
  }
}
orders red {
  a attack full kg //~ MC804
}
orders blue {
  kg defend (500,1500)
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
forces blue {
  company kg "Kampfgruppe Rauch" {
    hq k-hq command figures 2 at (500,1500)
  }
}
orders red {
  a attack full kg
}
orders blue {
  kg defend (500,1500)
}
intel red {
  kg seen at (500,1500) approximate "a battlegroup dug in on the ridge"
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let m = cx.model;
    let mut out = Vec::new();
    // Links, nets, attachments, element attributes and support targets naming
    // the enemy are refused by their own checks (MC106, MC103, MC211, MC404);
    // here only the plans.
    let plans = [
        "order objective",
        "victory condition",
        "arrival",
        "signal",
        "intel report",
    ];
    for sr in side_refs(cx)
        .into_iter()
        .filter(|r| plans.contains(&r.what))
    {
        let (unit, owner) = match sr.r.target {
            Some(Target::Unit(u)) => (u, m.units.get(u.0).map(|x| x.side)),
            Some(Target::Element(e)) => match m.elements.get(e.0) {
                Some(el) => (el.unit, Some(el.side)),
                None => continue,
            },
            _ => continue,
        };
        let Some(owner) = owner else { continue };
        for side in sr.reader.sides(m) {
            if side == owner || cx.fog().revealed(side, unit) {
                continue;
            }
            out.push(
                RULE.report(
                    format!(
                        "{} of `{}` names enemy {} `{}`, which its intel does not reveal",
                        sr.what,
                        cx.side_name(side),
                        if matches!(sr.r.target, Some(Target::Element(_))) { "element" } else { "unit" },
                        sr.r.name.id
                    ),
                    sr.r.name.loc,
                    "the side cannot know this",
                )
                .with_help(format!(
                    "refer to a place or a point where the enemy is thought to be, or add `{}` to `intel {}`",
                    cx.unit_name(unit),
                    cx.side_name(side)
                )),
            );
        }
    }
    out
}
