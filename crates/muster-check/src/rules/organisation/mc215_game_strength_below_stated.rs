//! MC215 game-strength-below-stated: the game's figures stand for at most half
//! the unit's stated historical strength.

use super::strength::{gaps, words};
use crate::prelude::*;
use muster_rules::scale::{MEN_PER_FIGURE, VEHICLES_PER_MODEL};
use muster_syntax::wording::number_word;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC215,
    summary: "a unit whose figures stand for at most half its stated real strength",
    explanation: "§3 makes each figure about {{men-per-figure}} men and each vehicle or gun model \
{{per-model}} of them. When a unit states its real strength (`historical-strength`), the game's \
figures should stand for roughly that many: half or less leaves out most of the unit. \
Add the missing elements, or explain in the scenario's notes why only part of the unit \
is on the table.",
    failing: r#"forces red {
  battery guns "4th Battery" historical-strength guns 24 "the regimental history" { //~ MC215
    hq g-hq command figures 2 at (500,500)
    element gun-1 artillery gun 25pdr models 1 figures 3 at (520,500)
  }
}
orders red {
  guns support (500,900)
}
"#,
    fixed: r#"forces red {
  battery guns "4th Battery" historical-strength guns 8 "the regimental history" {
    hq g-hq command figures 2 at (500,500)
    element gun-1 artillery gun 25pdr models 1 figures 3 at (520,500)
    element gun-2 artillery gun 25pdr models 1 figures 3 at (540,500)
  }
}
orders red {
  guns support (500,900)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    gaps(cx, false)
        .into_iter()
        .map(|(u, h, found)| {
            RULE.report(
                format!(
                    "`{}` stands for at most half its stated strength: {}",
                    u.name.id,
                    words(&found)
                ),
                h.loc,
                "stated here",
            )
            .with_help(format!(
                "a figure is about {} men and a model {} to {} vehicles or guns (§3): add elements, or explain in the scenario's notes why part of the unit is missing",
                number_word(MEN_PER_FIGURE),
                number_word(VEHICLES_PER_MODEL.0),
                number_word(VEHICLES_PER_MODEL.1)
            ))
        })
        .collect()
}
