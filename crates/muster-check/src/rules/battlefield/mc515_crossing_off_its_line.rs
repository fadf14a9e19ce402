//! MC515 crossing-off-its-line: a crossing that does not stand on what it is over or carries.

use crate::prelude::*;
use muster_model::ground::Feature;
use muster_rules::terrain::CROSSING_TOLERANCE_M;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC515,
    summary: "a crossing that does not stand on the water or line it is over, or on the line it carries",
    explanation: "A scenario describes its terrain features and where they lie (§98). A \
`bridge`, `ford` or `level-crossing` joins two of them: it is `over` a water area or a line \
and `carries` a line across. Its `at` must lie on both, where they meet: inside the area or \
within half the line's width of its course, give or take {{crossing-tolerance}}. A crossing \
written elsewhere draws a bridge in the fields, and runners would cross the river by a \
bridge that is not there.",
    failing: r#"terrain railway-line "Railway line" {
  movement foot clear wheeled difficult half-tracked rough tracked rough
}
map {
  road n175 "N175" width 8m line (900,0) (900,1000)
  line railway railway-line "Caen–Vire railway" line (0,300) (3000,300)
  bridge rail-bridge "Railway bridge" at (900,400) over railway carries n175 //~ MC515
}
"#,
    fixed: r#"terrain railway-line "Railway line" {
  movement foot clear wheeled difficult half-tracked rough tracked rough
}
map {
  road n175 "N175" width 8m line (900,0) (900,1000)
  line railway railway-line "Caen–Vire railway" line (0,300) (3000,300)
  bridge rail-bridge "Railway bridge" at (900,300) over railway carries n175
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for c in &cx.model.crossings {
        let ends = [(&c.over, "is over"), (&c.carries, "carries")];
        for (r, role) in ends {
            let Some(f) = r
                .as_ref()
                .and_then(|r| r.target)
                .and_then(|t| Feature::of_target(cx.model, t))
            else {
                continue;
            };
            let off = f.distance_off(c.at);
            if off <= CROSSING_TOLERANCE_M {
                continue;
            }
            out.push(
                RULE.report(
                    format!(
                        "{} `{}` stands {} off `{}`, which it {role}",
                        c.kind,
                        c.name.id,
                        metres(off),
                        f.name().id
                    ),
                    c.loc,
                    format!("{} off `{}`", metres(off), f.name().id),
                )
                .related(f.name().loc, format!("`{}` runs here", f.name().id))
                .with_help(format!(
                    "put `at` on `{}`, where what the {} crosses and carries meet",
                    f.name().id,
                    c.kind
                )),
            );
        }
    }
    out
}
