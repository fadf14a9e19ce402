//! MC507 impossible-structure: a structure strength and height that do not exist.

use crate::prelude::*;
use muster_syntax::wording::with_article;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC507,
    summary:
        "a structure of strength and height that does not exist (very strong and normal or tall)",
    explanation: "The Table of Structure Types (§117–§121) combines strength with height, \
but very strong structures (reinforced bunkers, the Maginot Line) exist only low. A very \
strong building of normal or tall height has no line in the table for its effects.",
    failing: r#"map {
  area bunker buildings very-strong tall "Flak tower" rect (100,100) size 50m by 50m //~ MC507
}
"#,
    fixed: r#"map {
  area bunker buildings strong tall "Flak tower" rect (100,100) size 50m by 50m
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    cx.model
        .areas
        .iter()
        .filter_map(|a| {
            let (s, h) = a.structure?;
            (!muster_rules::structures::exists(s, h)).then(|| {
                RULE.report(
                    format!(
                        "{} structure does not exist",
                        with_article(&format!("{} {}", s.keyword(), h.keyword()))
                    ),
                    a.loc,
                    format!("`{}`", a.name.id),
                )
                .with_help(
                    "very strong structures are `low`; for a tall building use `strong tall`",
                )
            })
        })
        .collect()
}
