//! MC214 game-strength-above-stated: the game's figures stand for at least double
//! the unit's stated historical strength.

use super::strength::{gaps, words};
use crate::prelude::*;
use muster_rules::scale::MEN_PER_FIGURE;
use muster_syntax::wording::number_word;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC214,
    summary: "a unit whose figures stand for at least double its stated real strength",
    explanation: "§3 makes each figure about {{men-per-figure}} men and each vehicle or gun model \
{{per-model}} of them. When a unit states its real strength (`historical-strength`), the game's \
figures should stand for roughly that many: double or more gives the side a force it \
never had. Use fewer or smaller elements (an under-strength template), or keep the \
difference and explain it in the scenario's notes.",
    failing: r#"forces red {
  company a "A Company" historical-strength men 60 "the war diary" { //~ MC214
    hq a-hq command figures 2 at (500,500)
    element pl-1 coherent figures 6 at (450,550)
    element pl-2 coherent figures 6 at (550,550)
  }
}
orders red {
  a defend (500,500)
}
"#,
    fixed: r#"forces red {
  company a "A Company" historical-strength men 120 "the war diary" {
    hq a-hq command figures 2 at (500,500)
    element pl-1 coherent figures 6 at (450,550)
    element pl-2 coherent figures 6 at (550,550)
  }
}
orders red {
  a defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    gaps(cx, true)
        .into_iter()
        .map(|(u, h, found)| {
            RULE.report(
                format!(
                    "`{}` stands for at least double its stated strength: {}",
                    u.name.id,
                    words(&found)
                ),
                h.loc,
                "stated here",
            )
            .with_help(format!(
                "a figure is about {} men (§3): remove elements or figures, or explain the difference in the scenario's notes",
                number_word(MEN_PER_FIGURE)
            ))
        })
        .collect()
}
