//! MC811 enemy-kind-named: a side's own text names a kind of enemy element it is
//! not told of (`Tigers`), as a `start` reason written for the umpire often does.

use super::knowledge::{Reader, Said};
use super::prose::{enemy_kinds, written_as_name};
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC811,
    summary: "a side's own text names a kind of enemy element that the side is not told of",
    explanation: "A side's texts print on its sheets as written, and some of them read \
as if written for the umpire: a `start hot` or `start cold` reason (\"unaware of the \
Tigers in the orchard\"), a unit note, an arrival's words. MC802 finds the enemy's names in \
them; this rule finds the enemy's kinds: an enemy element's identifier when it is a \
plain word (`tigers`) and each part of an enemy element's `mix`, in the singular or the \
plural, written as a name (capitalised inside a sentence: \"the Tigers\", not \"every \
gun\" or a sentence that opens with \"Guns\"). A `historical-strength` source is a \
citation and is not searched. A side knows a kind when it has one of its own or when its \
`intel` words or `briefing` narrative use the word; otherwise the sheet tells the \
players what they should find out at the table. Move the words into an `umpire` note, \
tell the side through its intel, or reword. This is a warning: a plain word may be used \
in its ordinary sense.",
    failing: r#"forces red {
  company a "A Company" start cold "brewing up, unaware of the Tigers in the wood" { //~ MC811
    hq a-hq command figures 2 at (500,500)
  }
}
forces blue {
  company kp "2nd Company" {
    hq kp-hq command figures 2 at (500,1500)
    element tigers vehicle tank tracked armoured enclosed models 2 gun 88mm at (500,1450)
  }
}
orders red {
  a defend (500,500)
}
orders blue {
  kp attack full (500,500)
}
"#,
    fixed: r#"forces red {
  company a "A Company" start cold "brewing up, unaware of the tanks in the wood" {
    hq a-hq command figures 2 at (500,500)
  }
}
forces blue {
  company kp "2nd Company" {
    hq kp-hq command figures 2 at (500,1500)
    element tigers vehicle tank tracked armoured enclosed models 2 gun 88mm at (500,1450)
  }
}
orders red {
  a defend (500,500)
}
orders blue {
  kp attack full (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let fog = cx.fog();
    for (si, side) in cx.model.sides.iter().enumerate() {
        let s = SideId(si);
        let kinds = enemy_kinds(cx, s);
        if kinds.is_empty() {
            continue;
        }
        let own = fog
            .texts
            .iter()
            .filter(|t| t.reader == Reader::Side(s) && !t.said.told() && t.said != Said::Source);
        for t in own {
            for (kind, _, at) in kinds.leaks(cx, t) {
                let Some(word) = written_as_name(cx, at) else {
                    continue;
                };
                let element = kind.unit.unwrap_or(kind.id);
                out.push(
                    RULE.report(
                        format!(
                            "text of `{}` names `{word}`, a kind of enemy element (`{element}`) the side is not told of",
                            side.name.id
                        ),
                        at,
                        "printed on the side's sheets",
                    )
                    .related(kind.loc, format!("enemy element `{element}`"))
                    .with_help(format!(
                        "move it into an `umpire` note, tell `{}` through its `intel` words, or reword",
                        side.name.id
                    )),
                );
            }
        }
    }
    out
}
