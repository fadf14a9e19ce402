//! MC312 messenger-blocked: a runner, rider or dog whose route crosses impassable ground.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC312,
    summary: "an alternative method whose straight route crosses water, cliffs or an impassable line with no crossing",
    explanation: "Messengers, dogs and despatch riders take time that depends on the ground \
(§76); water and cliffs stop them altogether unless a bridge or ford is declared over the \
water, or a bridge or level crossing over a line (a railway embankment, say). The delivery time cannot be computed and the link does not work as written. A pigeon \
flies and is not stopped.",
    failing: r#"side red "Red" nation british
side blue "Blue" nation german
map {
  area canal water "Canal" rect (700,0) size 40m by 1600m
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
    element pl-1 coherent figures 6 at (900,500)
  }
}
nets red {
  messenger a-hq to a.pl-1 runner //~ MC312
}
"#,
    fixed: r#"side red "Red" nation british
side blue "Blue" nation german
map {
  area canal water "Canal" rect (700,0) size 40m by 1600m
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
    element pl-1 coherent figures 6 at (900,500)
  }
}
nets red {
  messenger a-hq to a.pl-1 pigeon
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (m, d) in cx.model.messengers.iter().zip(&cx.analysis.messengers) {
        let Some(f) = d
            .blocked_by
            .and_then(|t| muster_model::ground::Feature::of_target(cx.model, t))
        else {
            continue;
        };
        out.push(
            RULE.report(
                format!(
                    "the {} from `{}` to `{}` cannot cross `{}` ({})",
                    m.method,
                    m.from.name.id,
                    m.to.name.id,
                    f.name().id,
                    f.kind_name(cx.model)
                ),
                m.loc,
                "no way across",
            )
            .related(f.name().loc, "in the way")
            .with_help(format!(
                "declare a {} `over` it, or send a `pigeon`",
                crossings_over(f.crossed())
            )),
        );
    }
    out
}

/// The crossing kinds that may be over ground of that sort, in words:
/// `bridge` or `ford` for water (the rules' one table).
fn crossings_over(over: Crossed) -> String {
    let kinds: Vec<String> = CrossingKind::ALL
        .iter()
        .filter(|k| k.may_be_over(over))
        .map(|k| format!("`{k}`"))
        .collect();
    muster_syntax::wording::or_list(&kinds)
}
