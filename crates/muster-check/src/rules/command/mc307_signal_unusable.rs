//! MC307 signal-unusable: a pre-arranged signal nobody can send or read.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC307,
    summary:
        "a pre-arranged signal with no meaning in any affected unit's orders, or no way to be sent",
    explanation: "A pre-arranged signal (§74) works only if the troops it affects know what \
it means, which their orders must say (`affects UNIT` or an order `on signal`), and if it is sent either on command by a named \
sender or when a pre-defined condition is met. A signal with no meaning, or with neither a sender \
on command nor a condition, cannot be used in play, and one that affects the other side's units would tell them \
of it. A signal that no order waits for and that affects no unit is \
reported as unused (MC105).",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full (500,900) on signal go
}
signal go flare "advance" on command //~ MC307
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full (500,900) on signal go
}
signal go flare "advance" from a-hq on command
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for s in &cx.model.signals {
        let enemy = s.affects.iter().find(|r| {
            let side = cx
                .unit_of_target(r.target)
                .and_then(|u| cx.unit(u))
                .map(|u| u.side);
            s.side.is_some() && side.is_some() && side != s.side
        });
        let problem = if s.meaning.is_none() {
            Some((
                s.name.loc,
                "it has no meaning".to_string(),
                "add its meaning in quotes after the kind: `flare \"advance\"`",
            ))
        } else if let Some(r) = enemy {
            Some((
                r.name.loc,
                format!("it affects `{}`, a unit of the other side", r.name.id),
                "list only units of the sender's side after `affects`",
            ))
        } else {
            match &s.trigger {
                None => Some((
                    s.name.loc,
                    "it is sent neither on command nor on a condition".to_string(),
                    "add `from ELEMENT on command` or `on capture PLACE`",
                )),
                Some(Trigger::Command(_)) if s.sender.is_none() => Some((
                    s.name.loc,
                    "it is sent on command but has no sender".to_string(),
                    "add `from ELEMENT` naming who sends it",
                )),
                _ => None,
            }
        };
        if let Some((at, why, help)) = problem {
            let mut d = RULE.report(
                format!("signal `{}` cannot be used: {why}", s.name.id),
                at,
                "signal",
            );
            if at != s.name.loc {
                d = d.related(s.name.loc, "signal defined here");
            }
            out.push(d.with_help(help));
        }
    }
    out
}
