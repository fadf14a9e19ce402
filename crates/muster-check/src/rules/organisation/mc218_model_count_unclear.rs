//! MC218 model-count-unclear: `represents` or `mix` that cannot say what a model stands for.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC218,
    summary: "represents or mix on a foot element, or a mix that disagrees with represents",
    explanation: "§3 makes a vehicle, gun or aircraft model stand for {{per-model}} real \
ones; `represents N` says how many, and `mix` lists mixed equipment in one model, whose \
counts add up to what the model represents. A foot element's figures already say how many \
men it is, so neither belongs on it; and a `mix` whose counts disagree with `represents` \
leaves the sheets two answers. Write one of them, or make the counts agree.",
    failing: r#"forces red {
  troop t "1 Troop" {
    hq t-hq vehicle tank tracked armoured enclosed models 1 represents 3 mix 3 "Cromwell" 1 "Sherman Firefly" at (500,500) //~ MC218
  }
}
orders red {
  t defend (500,500)
}
"#,
    fixed: r#"forces red {
  troop t "1 Troop" {
    hq t-hq vehicle tank tracked armoured enclosed models 1 represents 4 mix 3 "Cromwell" 1 "Sherman Firefly" at (500,500)
  }
}
orders red {
  t defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for e in &cx.model.elements {
        let foot = e.kind.as_ref().is_some_and(muster_rules::troops::is_foot);
        let mix: u32 = e.mix.iter().map(|(n, _)| *n).sum();
        let written = e.represents.as_ref().map(|(_, l)| *l).or(e.mix_loc);
        if foot {
            if let Some(loc) = written {
                out.push(
                    RULE.report(
                        format!(
                            "`{}` is a foot element: its figures say how many men it is",
                            e.qualified
                        ),
                        loc,
                        "for vehicles, guns and aircraft",
                    )
                    .about(e)
                    .with_help("leave out `represents` and `mix`, and give its `figures`"),
                );
            }
            continue;
        }
        let (Some((n, loc)), Some(_)) = (e.represents.as_ref(), e.mix_loc) else {
            continue;
        };
        if *n == mix {
            continue;
        }
        out.push(
            RULE.report(
                format!(
                    "`{}` represents {n} per model, but its `mix` adds up to {mix}",
                    e.qualified
                ),
                *loc,
                "represents",
            )
            .about(e)
            .with_help(format!(
                "write `represents {mix}`, or leave it out: the `mix` says it"
            )),
        );
    }
    out
}
