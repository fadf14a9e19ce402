//! MC401 order-without-stance: an order that does not say attack, defend or support.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC401,
    summary: "an order with no stance (attack, defend, support)",
    explanation: "Every order states a stance (§84): attack, defend or support. The stance \
decides how the unit reacts to contact and which reaction tests apply, so an order \
without one cannot be played.",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a (500,500) "hold the crossroads" //~ MC401
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a defend (500,500) "hold the crossroads"
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

/// What to do about an order without a stance.
const HELP: &str = "say `attack`, `defend` or `support` after the unit";

fn check(cx: &Context) -> Vec<Diagnostic> {
    cx.model
        .orders
        .iter()
        // a misspelt stance is MC001's: the author wrote one
        .filter(|o| o.stance.is_none() && o.misspelt_stance.is_none())
        .map(|o| {
            RULE.report(
                format!("the order for `{}` has no stance", o.unit.name.id),
                o.unit.name.loc,
                "order without stance",
            )
            .related(o.loc, "the order")
            .with_help(HELP)
        })
        .collect()
}
