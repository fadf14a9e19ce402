//! MC810 map-item-named-by-one-side: a map item every side is shown, which only
//! one side's orders, intel or victory conditions name.

use super::prose::common_items;
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC810,
    summary: "a map item every side is shown is named only by one side's orders, intel or victory conditions",
    explanation: "A map item without `known-to` is drawn and listed, with its display \
name, in every side's briefing. When only one side's orders, intel reports or victory \
conditions name it (by reference, or by its display name or made-up identifier in their \
words), and nothing the other side reads names it, the item is probably part of that \
side's plan: a name such as \"Orchard where the guns were hidden\" then tells the enemy \
what only the planner knows. Write `known-to SIDE` after the item to show it to that side \
alone, or `shared \"reason\"` to say why every side is shown it (the church tower every \
player sees on the table). A name in a text every side reads (the title, the `ends` \
conditions) counts as shown on purpose; the names of map items do not count, and a \
table edge (`place … edge north`) belongs to every side. This is a \
warning: the writer decides. It runs when the pack's `muster.toml` sets `strict-fog = \
true` (off by default: a quick scenario's hills need no reasons).",
    failing: r#"map {
  area orchard open-woods "Orchard where the guns are hidden" rect (1100,1400) size 200m by 200m //~ MC810
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
forces blue {
  company b "B Company" {
    hq b-hq command figures 2 at (1200,1500)
  }
}
orders red {
  a attack full orchard
}
orders blue {
  b defend (1200,1500)
}
"#,
    fixed: r#"map {
  area orchard open-woods "Orchard where the guns are hidden" rect (1100,1400) size 200m by 200m known-to red
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
forces blue {
  company b "B Company" {
    hq b-hq command figures 2 at (1200,1500)
  }
}
orders red {
  a attack full orchard
}
orders blue {
  b defend (1200,1500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if !cx.model.strict_fog {
        return out;
    }
    for (name, naming) in common_items(cx) {
        let [(side, at)] = naming.plan.as_slice() else {
            continue;
        };
        if naming.everyone || naming.sides.iter().any(|s| s != side) {
            continue;
        }
        let side = cx.side_name(*side);
        out.push(
            RULE.report(
                format!(
                    "map item `{}` is shown to every side, but only `{side}`'s orders, intel or victory conditions name it",
                    name.id
                ),
                name.loc,
                "drawn and named on every side's map",
            )
            .related(*at, format!("`{side}` names it here"))
            .with_help(format!(
                "write `known-to {side}` after it if only `{side}` should know it, or `shared \"reason\"` if every side is meant to see it"
            )),
        );
    }
    out
}
