//! MC205 figure-count-out-of-range: more or fewer figures than the element type has.

use crate::prelude::*;
use muster_syntax::wording::{count, with_article};

pub(crate) const RULE: Rule = Rule {
    code: Code::MC205,
    summary: "a figure count outside the Foot Elements Table's range for the element type",
    explanation: "The Foot Elements Table (§18) fixes how many figures each foot type has: \
six for coherent, five for integrated, four for assault and bare, three or four for \
cavalry, two or three for support, specialist and command elements. Casualties are kept \
at company level, so the count on a base is illustrative (§19); but a count outside the \
type's range makes the element read as another type.",
    failing: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,480)
    element a coherent figures 8 at (500,500) //~ MC205
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,480)
    element a coherent figures 6 at (500,500)
  }
}
orders red {
  p defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (e, ty) in cx.foot_elements() {
        let Some((n, loc)) = e.figures else {
            continue;
        };
        if muster_rules::foot::figures_fit(ty, n) {
            continue;
        }
        let (lo, hi) = muster_rules::foot::figure_range(ty);
        let want = if lo == hi {
            format!("{lo}")
        } else {
            format!("{lo} to {hi}")
        };
        out.push(
            RULE.report(
                format!(
                    "`{}` has {}; {} has {want}",
                    e.qualified,
                    count(n, "figure"),
                    with_article(&format!("{} element", ty.keyword()))
                ),
                loc,
                count(n, "figure"),
            )
            .about(e)
            .with_help(format!(
                "use {want} figures, or pick the element type that matches {n}"
            )),
        );
    }
    out
}
