//! MC801 intel-on-unknown-unit: intel about an enemy unit that does not exist.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC801,
    summary: "intel about an enemy unit that does not exist",
    explanation: "An `intel` entry tells one side what it knows of an enemy unit, and the \
side's briefing prints it. It must name a unit of the other side: naming an undefined \
unit or one of the side's own gives the players a report about nothing.",
    failing: r#"forces blue {
  company g "Grenadiers" {
    hq g-hq command figures 2 at (500,1500)
  }
}
orders blue {
  g defend (500,1500)
}
intel red {
  grenadiers seen at (500,1500) vague "infantry in the village" //~ MC801
}
"#,
    fixed: r#"forces blue {
  company g "Grenadiers" {
    hq g-hq command figures 2 at (500,1500)
  }
}
orders blue {
  g defend (500,1500)
}
intel red {
  g seen at (500,1500) vague "infantry in the village"
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for i in &cx.model.intel {
        let side = match i.side.target {
            Some(Target::Side(s)) => Some(s),
            _ => None,
        };
        let problem = match i.unit.target {
            None => format!(
                "intel names `{}`, which is not a unit of the scenario",
                i.unit.name.id
            ),
            Some(Target::Unit(u)) => match (side, cx.unit(u).map(|u| u.side)) {
                (Some(s), Some(us)) if s == us => format!(
                    "intel of `{}` names `{}`, one of its own units",
                    cx.side_name(s),
                    i.unit.name.id
                ),
                _ => continue,
            },
            Some(_) => format!("intel names `{}`, which is not a unit", i.unit.name.id),
        };
        out.push(
            RULE.report(problem, i.unit.name.loc, "intel entry")
                .with_help("name a unit of the enemy side as written in its `forces` block"),
        );
    }
    out
}
