//! MC614 victory-grouping-unstated: several victory conditions without `all` or `any`.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC614,
    summary: "several victory conditions that do not say whether all or any must be met",
    explanation: "§22 leaves the end of the game and its result to the scenario, so the \
umpire must be able to read at once what a side has to achieve. Written one after the \
other, conditions mean all of them, but players and umpires read \"hold the bridge, \
destroy the company\" both ways. Say it: `all { … }` when every one must be met, `any { \
… }` when one is enough.",
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
victory red "Hold the bridge and keep the platoon" holds bridge at end holds p at end //~ MC614
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
victory red "Hold the bridge and keep the platoon" all {
  holds bridge at end
  holds p at end
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    cx.model
        .victories
        .iter()
        .filter(|v| !v.group.written && v.conditions.len() > 1)
        .map(|v| {
            RULE.report(
                format!(
                    "the victory of `{}` lists {} conditions without saying whether all or any must be met",
                    v.side.name.id,
                    v.conditions.len()
                ),
                v.loc,
                "all or any?",
            )
            .with_help("group them: `all { … }` if every one must be met, `any { … }` if one is enough")
        })
        .collect()
}
