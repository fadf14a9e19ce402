//! MC516 crossing-over-wrong-ground: a ford over dry ground, a level crossing over water.

use crate::prelude::*;
use muster_model::ground::Feature;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC516,
    summary: "a ford over anything but water, or a level crossing over water",
    explanation: "Rivers, lakes, roads and linear obstacles cut across the terrain (§103), \
and each kind of crossing gets over one sort of them. A `bridge` spans water or any line. \
A `ford` is shallow water men and vehicles wade, so it is `over` a water or lake area or a \
river. A `level-crossing` meets a road, railway or other dry line at grade, so it is never \
`over` water: a road meeting a river there needs a `bridge` or a `ford`.",
    failing: r#"map {
  river orne "River Orne" width 40m line (1700,0) (1700,1600)
  road d514 "D514" width 8m line (0,800) (2400,800)
  level-crossing orne-crossing at (1700,800) over orne carries d514 //~ MC516
}
"#,
    fixed: r#"map {
  river orne "River Orne" width 40m line (1700,0) (1700,1600)
  road d514 "D514" width 8m line (0,800) (2400,800)
  bridge orne-crossing at (1700,800) over orne carries d514
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for c in &cx.model.crossings {
        let Some(f) = c
            .over
            .as_ref()
            .and_then(|r| r.target)
            .and_then(|t| Feature::of_target(cx.model, t))
        else {
            continue;
        };
        if c.kind.may_be_over(f.crossed()) {
            continue;
        }
        let what = match f.crossed() {
            Crossed::Water => "water",
            Crossed::Line => "a line that is not water",
            Crossed::Ground => "an area that is not water",
        };
        let instead = if f.crossed() == Crossed::Water {
            "a `bridge` or a `ford`"
        } else {
            "a `bridge`, or a `level-crossing` over a line"
        };
        out.push(
            RULE.report(
                format!(
                    "{} `{}` is over `{}` ({}), which is {what}; a {} is over {}",
                    c.kind,
                    c.name.id,
                    f.name().id,
                    f.kind_name(cx.model),
                    c.kind,
                    c.kind.over_words()
                ),
                c.loc,
                format!("{} over {what}", c.kind),
            )
            .related(f.name().loc, format!("`{}` is {what}", f.name().id))
            .with_help(format!("make it {instead}")),
        );
    }
    out
}
