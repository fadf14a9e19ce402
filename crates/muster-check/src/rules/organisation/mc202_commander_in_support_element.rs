//! MC202 commander-in-support-element: the commander put in an element that cannot carry it.

use crate::prelude::*;
use muster_syntax::wording::with_article;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC202,
    summary: "the commander carried by a support or specialist foot element",
    explanation: "The Foot Elements Table (§18) lets the full-frontage small-arms types \
(coherent, integrated, assault, bare) carry the command function alongside their combat \
role. Light and heavy standard support elements and specialist support elements cannot: \
their few figures crew a weapon or a specialism. Put the commander in a small-arms element \
or give the group its own command element.",
    failing: r#"forces red {
  platoon p "MG Platoon" {
    element mg-1 heavy-support hmg tripod figures 3 commander at (500,500) //~ MC202
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon p "MG Platoon" {
    hq p-hq command figures 2 at (500,480)
    element mg-1 heavy-support hmg tripod figures 3 at (500,500)
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
        if muster_rules::foot::may_carry_commander(ty) {
            continue;
        }
        let at = match (e.commander, e.is_hq) {
            (Some(loc), _) => loc,
            (None, true) => e.name.loc,
            (None, false) => continue,
        };
        let mut d = RULE
            .report(
                format!("`{}` is {} and cannot carry the commander", e.qualified, with_article(&format!("{} element", ty.keyword()))),
                at,
                "commander placed here",
            )
.about(e)
            .with_help("put the commander in a small-arms element, or add a `command` element to the group");
        if let Some(k) = e.kind_loc {
            d = d.related(k, format!("`{}` element", ty.keyword()));
        }
        out.push(d);
    }
    out
}
