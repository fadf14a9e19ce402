//! MC312 messenger-blocked: a runner, rider or dog whose route crosses impassable ground.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC312,
    summary: "an alternative method whose straight route crosses water, cliffs or an impassable line with no crossing",
    explanation: "Messengers, dogs and despatch riders take time that depends on the ground \
(§76); water and cliffs stop them altogether unless a bridge or ford is declared over the \
water, or a bridge or level crossing over a line (a railway embankment, say), and a \
messenger gets across only where its way passes such a crossing (within \
{{crossing-tolerance}} of it): a runner goes round by a ford when told to, with `via`. A \
messenger written with `via` is checked leg by leg, and the report names the leg. The delivery time cannot be computed and the link does not work as written. A pigeon \
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
        for leg in &d.legs {
            let Some(f) = leg
                .blocked_by
                .and_then(|t| muster_model::ground::Feature::of_target(cx.model, t))
            else {
                continue;
            };
            // the straight way is reported on the statement, a leg on its `via` stop
            let (on_leg, at) = if m.via.is_empty() {
                (String::new(), m.loc)
            } else {
                let stop = leg.end.or(leg.start).and_then(|i| m.via.get(i));
                (
                    format!(
                        " on the leg from {} to {}",
                        stop_words(m, leg.start, true),
                        stop_words(m, leg.end, false)
                    ),
                    stop.map_or(m.loc, |w| w.loc),
                )
            };
            out.push(
                RULE.report(
                    format!(
                        "the {} from `{}` to `{}` cannot cross `{}` ({}){on_leg}",
                        m.method,
                        m.from.name.id,
                        m.to.name.id,
                        f.name().id,
                        f.kind_name(cx.model)
                    ),
                    at,
                    "no way across",
                )
                .related(f.name().loc, "in the way")
                .with_help(help(cx.model, f)),
            );
        }
    }
    out
}

/// Round by a crossing the item already has (the first in map order), else
/// a crossing to declare.
fn help(model: &Model, f: muster_model::ground::Feature) -> String {
    match muster_model::ground::crossings_over(model, f).next() {
        Some(c) => format!(
            "send it round by the {} `{}`: add `via {}` to the messenger, or send a `pigeon`",
            c.kind, c.name.id, c.name.id
        ),
        None => format!(
            "declare a {} `over` it, or send a `pigeon`",
            kinds_over(f.crossed())
        ),
    }
}

/// A stop of the route as written: the sender or receiver, a named `via` stop,
/// or a point `(x,y)`.
fn stop_words(m: &Messenger, via: Option<usize>, start: bool) -> String {
    match via.and_then(|i| m.via.get(i)) {
        Some(Waypoint {
            stop: Stop::Named(r),
            ..
        }) => format!("`{}`", r.name.id),
        Some(Waypoint {
            stop: Stop::Point(p),
            ..
        }) => format!("({:.0},{:.0})", p.x, p.y),
        None if start => format!("`{}`", m.from.name.id),
        None => format!("`{}`", m.to.name.id),
    }
}

/// The crossing kinds that may be over ground of that sort, in words:
/// `bridge` or `ford` for water (the rules' one table).
fn kinds_over(over: Crossed) -> String {
    let kinds: Vec<String> = CrossingKind::ALL
        .iter()
        .filter(|k| k.may_be_over(over))
        .map(|k| format!("`{k}`"))
        .collect();
    muster_syntax::wording::or_list(&kinds)
}
