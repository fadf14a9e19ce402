//! MC610 condition-on-enemy-signal: a side's arrival or order waits on the enemy's signal.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC610,
    summary: "an arrival or order timing conditional on a signal of the other side",
    explanation: "A signal's meaning is defined in the orders of the troops it affects (§74): \
its own side's. A side's arrival or order that is decided by whether the enemy gave a signal \
rests on knowledge the side does not have. Umpire events may depend on any signal.",
    failing: r#"side red "Red" nation british
side blue "Blue" nation german
map {
  place west "West edge" edge west
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
  company b "B Company"
}
forces blue {
  company x "X Kompanie" {
    hq x-hq command figures 2 radio short at (1500,500)
  }
}
signal alarm codeword "enemy landing" from x-hq on command affects x
arrival b turn 4 at west if signal alarm by turn 3 //~ MC610
"#,
    fixed: r#"side red "Red" nation british
side blue "Blue" nation german
map {
  place west "West edge" edge west
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 radio short at (500,500)
  }
  company b "B Company"
}
forces blue {
  company x "X Kompanie" {
    hq x-hq command figures 2 radio short at (1500,500)
  }
}
signal go codeword "land the reserve" from a-hq on command affects a
arrival b turn 4 at west if signal go by turn 3
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let arrivals = cx.model.arrivals.iter().filter_map(|a| {
        Some((
            a.side?,
            a.condition.as_ref()?,
            format!("arrival of `{}`", a.unit.name.id),
        ))
    });
    let orders = cx.model.orders.iter().flat_map(|o| {
        o.timing
            .iter()
            .chain(o.phases.iter().flat_map(|p| &p.timing))
            .filter_map(move |t| match t {
                Timing::Condition(c) => {
                    Some((o.side, c, format!("order for `{}`", o.unit.name.id)))
                }
                _ => None,
            })
    });
    for (side, c, what) in arrivals.chain(orders) {
        let Some(Target::Signal(s)) = c.signal.target else {
            continue;
        };
        let Some(sig) = cx.model.signals.get(s.0) else {
            continue;
        };
        if sig.side.is_some_and(|x| x != side) {
            out.push(
                RULE.report(
                    format!(
                        "the {what} waits on signal `{}`, which the other side gives",
                        c.signal.name.id
                    ),
                    c.signal.name.loc,
                    "the enemy's signal",
                )
                .related(sig.name.loc, "signal defined here")
                .with_help(
                    "condition it on a signal of its own side, or make it an umpire `event`",
                ),
            );
        }
    }
    out
}
