//! MC901 not-enough-figures: the scenario needs more foot figures or bases than the club owns.

use super::{frontage, on_table, short};
use crate::prelude::*;
use muster_rules::foot::usual_figures;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC901,
    summary: "more foot figures or bases than the pack's collection holds",
    explanation: "Each foot element is one base of {{figures-per-element}} figures (§2); a full-size \
element has a {{full-base}} frontage, support, specialist and command elements about {{reduced-base}} (§4, \
§16–§18). When the pack has a `collection.toml` with a `[bases]` or `[figures]` table, \
the scenario's foot elements on the table are counted against it, and any shortfall is \
named. Off-table elements need no figures.",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500) //~ MC901
    element one coherent figures 6 at (560,500)
  }
}
orders red {
  a defend (500,500)
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq coherent figures 6 commander at (500,500)
    element one coherent figures 6 at (560,500)
  }
}
orders red {
  a defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let Some(c) = &cx.model.collection else {
        return Vec::new();
    };
    // (what, base width in mm, need, first element needing it)
    let mut bases: Vec<(&str, u32, u32, Loc)> = Vec::new();
    let mut figures: Option<(u32, Loc)> = None;
    for e in cx.model.elements.iter().filter(|e| on_table(e)) {
        let Some(Troop::Foot { ty, .. }) = &e.kind else {
            continue;
        };
        let f = e
            .figures
            .map(|(n, _)| n)
            .unwrap_or_else(|| usual_figures(*ty));
        let at = e.name.loc;
        match bases.iter_mut().find(|(w, ..)| *w == frontage(*ty)) {
            Some(b) => b.2 += 1,
            None => bases.push((frontage(*ty), muster_rules::foot::frontage_mm(*ty), 1, at)),
        }
        figures = Some(match figures {
            Some((n, l)) => (n.saturating_add(f), l),
            None => (f, at),
        });
    }
    let mut out = Vec::new();
    if let Some(owned) = &c.bases {
        for (what, mm, need, at) in &bases {
            let have = owned.get(*what).copied().unwrap_or(0);
            if let Some(words) = short(&format!("{what} {mm} mm foot bases"), *need, have) {
                out.push(
                    RULE.report(words, *at, format!("the first {what} base"))
                        .with_help(format!("add `{what} = {need}` under `[bases]` in `collection.toml` if the club has them, or field fewer elements")),
                );
            }
        }
    }
    if let (Some(owned), Some((need, at))) = (&c.figures, figures) {
        let have = owned.get("foot").copied().unwrap_or(0);
        if let Some(words) = short("foot figures", need, have) {
            out.push(
                RULE.report(words, at, "the first foot element")
                    .with_help("count the figures the club owns under `[figures]` as `foot = N`"),
            );
        }
    }
    out
}
