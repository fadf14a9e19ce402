//! MC316 route-stop-without-point: a `via` stop naming an area, a line or a table edge.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC316,
    summary: "a messenger's `via` stop that names an area, a line or a table edge, which is no point to pass",
    explanation: "A runner, rider or dog sent round by `via` passes its stops in order, and its \
time is counted leg by leg between them (§76). A stop is a point: a place at a point, a \
crossing, or `(x,y)`. An area, a line or a place on a table edge has no one point the \
messenger passes, so the route cannot be measured through it and the stop would be left out.",
    failing: r#"map {
  area copse open-woods "Copse" rect (600,700) size 200m by 200m
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
    element pl-1 coherent figures 6 at (900,500)
  }
}
nets red {
  messenger a-hq to a.pl-1 runner via copse //~ MC316
}
"#,
    fixed: r#"map {
  area copse open-woods "Copse" rect (600,700) size 200m by 200m
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
    element pl-1 coherent figures 6 at (900,500)
  }
}
nets red {
  messenger a-hq to a.pl-1 runner via (700,800)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for m in &cx.model.messengers {
        for w in &m.via {
            let Stop::Named(r) = &w.stop else {
                continue;
            };
            let what = match r.target {
                Some(Target::Area(_)) => "an area",
                Some(Target::Line(_)) => "a line",
                Some(Target::Place(i)) => match cx.model.places.get(i.0).map(|p| &p.at) {
                    Some(PlaceAt::Point(_)) | None => continue,
                    Some(_) => "a place on a table edge",
                },
                _ => continue,
            };
            out.push(
                RULE.report(
                    format!(
                        "the {} from `{}` to `{}` is sent via `{}`, {what}, which is no point to pass",
                        m.method, m.from.name.id, m.to.name.id, r.name.id
                    ),
                    w.loc,
                    "not a point",
                )
                .with_help("name a place at a point or a crossing, or write the point `(x,y)` the messenger passes"),
            );
        }
    }
    out
}
