//! MC701 concealed-in-open: a concealed element with nothing to hide in.

use super::posture_loc;
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC701,
    summary: "an element concealed at the start in open terrain",
    explanation: "Concealment (§50) needs something to hide in: brush, woods, rocks, \
ruins, buildings or fortifications. An element that starts concealed in open ground \
would be invisible where the rules say anyone can see it. Place it in cover or start it \
in the open.",
    failing: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500) concealed //~ MC701
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"map {
  area copse open-woods rect (400,400) size 200m by 200m
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500) concealed
  }
}
orders red {
  p defend copse
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for e in &cx.model.elements {
        let Some(p) = e.pos.filter(|_| e.has_posture(Posture::Concealed)) else {
            continue;
        };
        if geometry::areas_at(cx.model, p).any(|a| muster_rules::terrain::gives_concealment(a.kind))
        {
            continue;
        }
        out.push(
            RULE.report(format!("`{}` starts concealed in open terrain", e.qualified), posture_loc(e, Posture::Concealed), "nothing to hide in")
.about(e)
                .with_help("place it in brush, woods, rocks, ruins, buildings or a fortification, or drop `concealed`"),
        );
    }
    out
}
