//! MC219 historical-strength-missing: a pack that asks for real strengths has a
//! unit at the top of its side's forces that states none.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC219,
    summary: "a unit states no real strength in a pack that asks every unit for one",
    explanation: "A pack of historical actions may set `require-historical-strength = true` in \
its `muster.toml`: then every unit at the top of a side's forces states the real men, vehicles \
and guns it had, with a source (`historical-strength`), so the sheets and the pack's readme can \
set the game's figures beside history (§3). The units inside it are counted in its statement. \
Off by default: an invented scenario has no real strength to state.",
    failing: r#"forces red {
  platoon p "Scout Platoon" { hq p-hq command figures 2 at (500,500) } //~ MC219
}
orders red { p defend (500,500) }
"#,
    fixed: r#"forces red {
  platoon p "Scout Platoon" historical-strength men 20 "the war diary" { hq p-hq command figures 2 at (500,500) }
}
orders red { p defend (500,500) }
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    // a pack that asks every unit has MC812 report the top ones too
    if !cx.model.require_historical_strength || cx.model.require_historical_strength_everywhere {
        return Vec::new();
    }
    cx.model
        .units
        .iter()
        .filter(|u| u.parent.is_none() && u.historical_strength.is_none())
        .map(|u| {
            RULE.report(
                format!("`{}` does not say how strong it really was", u.name.id),
                u.name.loc,
                "no `historical-strength` here",
            )
            .with_help(
                "add `historical-strength men N \"source\"` to its header; the units inside it are counted in it",
            )
        })
        .collect()
}
