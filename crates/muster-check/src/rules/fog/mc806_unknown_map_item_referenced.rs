//! MC806 unknown-map-item-referenced: something a side reads refers to a map item
//! that side does not know.

use super::knowledge::{item_known, known_words, side_refs};
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC806,
    summary: "an order, victory condition, arrival, signal, report or map item refers to a map item its reader does not know",
    explanation: "A map item written `known-to` one side, or to the umpire alone, is drawn \
and listed only for those who know it. An order, victory condition, arrival, signal, \
intel report or element of a side that does not know the item, or a map item every side \
knows (a bridge `over` a hidden river), cannot refer to it without drawing it on the \
wrong map: the reference would be withheld from that side's outputs. Make the item known \
to that side too, or refer to something it knows. The outputs are not written while the \
error stands.",
    failing: r#"map {
  place firm-base "Calvaire crossroads" at (900,180) known-to blue
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
forces blue {
  company b "B Company" {
    hq b-hq command figures 2 at (900,200)
  }
}
orders red {
  a attack full firm-base //~ MC806
}
orders blue {
  b defend firm-base
}
"#,
    fixed: r#"map {
  place firm-base "Calvaire crossroads" at (900,180) known-to blue
  place crossroads "Crossroads" at (900,180)
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
forces blue {
  company b "B Company" {
    hq b-hq command figures 2 at (900,200)
  }
}
orders red {
  a attack full crossroads
}
orders blue {
  b defend firm-base
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let m = cx.model;
    let mut out = Vec::new();
    for sr in side_refs(cx) {
        let Some((known, name)) = item_known(m, sr.r.target) else {
            continue;
        };
        for side in sr.reader.sides(m) {
            if known.side_knows(side) {
                continue;
            }
            out.push(
                RULE.report(
                    format!(
                        "{} read by `{}` refers to map item `{}`, {}",
                        sr.what,
                        cx.side_name(side),
                        sr.r.name.id,
                        known_words(cx, known)
                    ),
                    sr.r.name.loc,
                    "the reader does not know this item",
                )
                .related(name.loc, format!("map item `{}`", name.id))
                .with_help(format!(
                    "make `{}` known to `{}` too, or refer to a place `{}` knows",
                    name.id,
                    cx.side_name(side),
                    cx.side_name(side)
                )),
            );
            break;
        }
    }
    out
}
