//! MC402 attack-without-intensity: an attack that does not say how hard.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC402,
    summary: "an attack with no intensity (probe, attack, all-out attack)",
    explanation: "An attack order states how hard to press (§84): a probe, an attack or an \
all-out attack. The intensity sets the casualties a unit will accept before its attack \
fails, so the order is incomplete without it. Write `probe`, `full` (the rulebook's plain \
attack) or `all-out` after `attack`.",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack (500,900) //~ MC402
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack probe (500,900)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    cx.model
        .orders
        .iter()
        .filter_map(|o| match o.stance {
            Some((Stance::Attack, loc)) if o.intensity.is_none() => Some(
                RULE.report(
                    format!("the attack by `{}` has no intensity", o.unit.name.id),
                    loc,
                    "attack without intensity",
                )
                .with_help("write `attack probe`, `attack full` or `attack all-out`"),
            ),
            _ => None,
        })
        .collect()
}
