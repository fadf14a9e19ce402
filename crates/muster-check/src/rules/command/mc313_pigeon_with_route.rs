//! MC313 pigeon-with-route: a pigeon given a route with `via`.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC313,
    summary: "a pigeon given a route with `via`; it flies straight",
    explanation: "Alternative methods take time that depends on the ground and the weather \
(§76). A runner, rider or dog may be sent round by `via` to a ford or along a road, and its \
time is counted leg by leg; a pigeon flies straight to its loft whatever the ground, so a \
route given to it means nothing and is ignored.",
    failing: r#"map {
  place ford-x "Ford" at (700,800)
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
    element pl-1 coherent figures 6 at (900,500)
  }
}
nets red {
  messenger a-hq to a.pl-1 pigeon via ford-x //~ MC313
}
"#,
    fixed: r#"map {
  place ford-x "Ford" at (700,800)
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
    element pl-1 coherent figures 6 at (900,500)
  }
}
nets red {
  messenger a-hq to a.pl-1 runner via ford-x
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for m in &cx.model.messengers {
        let (Some(first), MessengerMethod::Pigeon) = (m.via.first(), m.method) else {
            continue;
        };
        out.push(
            RULE.report(
                format!(
                    "the pigeon from `{}` to `{}` is given a route, but a pigeon flies straight",
                    m.from.name.id, m.to.name.id
                ),
                first.loc,
                "ignored for a pigeon",
            )
            .with_help("leave out `via`, or send a `runner`, `motorcycle` or `dog` by that way"),
        );
    }
    out
}
