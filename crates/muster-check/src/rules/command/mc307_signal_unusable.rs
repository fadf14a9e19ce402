//! MC307 signal-unusable: a pre-arranged signal nobody can send or read.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: "MC307",
    name: "signal-unusable",
    severity: Severity::Error,
    paragraph: Some("§74"),
    summary:
        "a pre-arranged signal with no meaning in any affected unit's orders, or no way to be sent",
    explanation: "A pre-arranged signal (§74) works only if the troops it affects know what \
it means, which their orders must say (`affects UNIT` or an order `on signal`), and if it is sent either on command by a named \
sender or when a pre-defined condition is met. A signal with no meaning, affecting no \
unit and awaited by no order, or with neither a sender on command nor a condition, \
cannot be used in play. A signal that no order waits for and that affects no unit is \
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
    for (i, s) in cx.model.signals.iter().enumerate() {
        let me = Target::Signal(SignalId(i));
        let awaited = cx.model.orders.iter().any(|o| {
            o.timing
                .iter()
                .any(|t| matches!(t, Timing::OnSignal(r) if r.target == Some(me)))
        });
        let problem = if s.meaning.is_none() {
            Some((
                "it has no meaning",
                "add its meaning in quotes after the kind: `flare \"advance\"`",
            ))
        } else if s.affects.is_empty() && !awaited {
            Some((
                "no unit's orders use it",
                "add `affects UNIT`, or `on signal` to the orders of the units it concerns",
            ))
        } else {
            match &s.trigger {
                None => Some((
                    "it is sent neither on command nor on a condition",
                    "add `from ELEMENT on command` or `on capture PLACE`",
                )),
                Some(Trigger::Command(_)) if s.sender.is_none() => Some((
                    "it is sent on command but has no sender",
                    "add `from ELEMENT` naming who sends it",
                )),
                _ => None,
            }
        };
        if let Some((why, help)) = problem {
            out.push(
                RULE.report(
                    format!("signal `{}` cannot be used: {why}", s.name.id),
                    s.name.loc,
                    "signal defined here",
                )
                .with_help(help),
            );
        }
    }
    out
}
