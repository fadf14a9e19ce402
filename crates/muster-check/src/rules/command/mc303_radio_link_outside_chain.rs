//! MC303 radio-link-outside-chain: an extra radio link between unrelated units.

use crate::prelude::*;
use muster_rules::command::{radio_netted, Relation};

pub(crate) const RULE: Rule = Rule {
    code: Code::MC303,
    summary: "a radio link between units with neither a command nor a support relation",
    explanation: "Radios are netted to the chain of command (§70): a set talks to its \
subordinates, to the other command elements of its parent unit and to its immediate \
superior. A direct link outside that is usual only when one unit is ordered to support \
the other. A link between unrelated units is legal if the scenario says so, but is \
usually a slip.",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 radio short at (500,500)
  }
  company b "B Company" {
    hq b-hq command figures 2 radio short at (700,500)
  }
}
nets red {
  radio a-hq to b-hq //~ MC303
}
orders red {
  a defend (500,500)
  b defend (700,500)
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 radio short at (500,500)
  }
  company b "B Company" {
    hq b-hq command figures 2 radio short at (700,500)
  }
}
nets red {
  radio a-hq to b-hq
}
orders red {
  a defend (500,500)
  b support a
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for link in &cx.model.radio_links {
        let (Some(a), Some(b)) = (
            cx.unit_of_target(link.from.target),
            cx.unit_of_target(link.to.target),
        ) else {
            continue;
        };
        if radio_netted(relation(cx, a, b)) {
            continue;
        }
        out.push(
            RULE.report(
                format!("radio link between `{}` and `{}`, which neither command nor support each other", cx.unit_name(a), cx.unit_name(b)),
                link.loc,
                "extra radio link",
            )
            .related(link.from.name.loc, format!("in `{}`", cx.unit_name(a)))
            .related(link.to.name.loc, format!("in `{}`", cx.unit_name(b)))
            .with_help("give one unit a `support` order for the other, or remove the link"),
        );
    }
    out
}

/// How `b` stands to `a` in the order of battle, for netting (§70).
fn relation(cx: &Context, a: UnitId, b: UnitId) -> Relation {
    let (pa, pb) = (cx.superior(a), cx.superior(b));
    if a == b {
        Relation::SameGroup
    } else if pa == Some(b) {
        Relation::Superior
    } else if pb == Some(a) {
        Relation::Subordinate
    } else if pa.is_some() && pa == pb {
        Relation::Sister
    } else if supports(cx, a, b) || supports(cx, b, a) {
        Relation::Supporting
    } else {
        Relation::Unrelated
    }
}

/// Whether `a` (or a unit above it) is ordered to support `b`, a unit around or below it.
fn supports(cx: &Context, a: UnitId, b: UnitId) -> bool {
    let mut reach = cx.lineage(b);
    reach.extend(cx.subtree(b));
    cx.lineage(a).into_iter().any(|x| {
        cx.own_order(x).is_some_and(|o| {
            o.stance.map(|(s, _)| s) == Some(Stance::Support)
                && matches!(&o.objective, Some(Objective::Ref(r)) if cx.unit_of_target(r.target).is_some_and(|t| reach.contains(&t)))
        })
    })
}
