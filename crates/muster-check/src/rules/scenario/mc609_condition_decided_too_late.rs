//! MC609 condition-decided-too-late: a signal deadline later than what it governs.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC609,
    summary:
        "an arrival or event conditional on a signal by a deadline that falls after it happens",
    explanation: "A pre-arranged signal decides what happens next only if it can come before \
(§74). An arrival at turn 8 `unless signal praise by turn 9` must happen before anyone can \
know whether the signal came. The deadline may be the same turn as what it governs (the \
signal is given in that turn, before the arrival or event), never later. A clock time counts \
as the turn it falls in, so with ten-minute turns from 05:00 a 05:30 bombardment may wait on \
a signal `by 05:39` (both in turn 4) but not `by 05:40` (turn 5).",
    failing: r#"scenario "Example" {
  start 1944-06-06 05:00
  turns 12
  first-bound red
}
side red "Red" nation british
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 radio short at (500,500)
  }
}
signal success codeword "the guns are silenced" from a-hq on command affects a
event bombardment 05:30 "The cruiser shells the battery" unless signal success by 05:40 //~ MC609
"#,
    fixed: r#"scenario "Example" {
  start 1944-06-06 05:00
  turns 12
  first-bound red
}
side red "Red" nation british
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 radio short at (500,500)
  }
}
signal success codeword "the guns are silenced" from a-hq on command affects a
event bombardment 05:30 "The cruiser shells the battery" unless signal success by 05:39
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let governed = cx
        .model
        .arrivals
        .iter()
        .filter_map(|a| {
            Some((
                a.when,
                a.condition.as_ref()?,
                format!("arrival of `{}`", a.unit.name.id),
            ))
        })
        .chain(cx.model.events.iter().filter_map(|e| {
            Some((
                e.when,
                e.condition.as_ref()?,
                format!("event `{}`", e.name.id),
            ))
        }));
    for (when, c, what) in governed {
        let (Some(at), Some(by)) = (cx.moment(when), cx.moment(c.by)) else {
            continue;
        };
        // a clock time stands for its turn, so two times in one turn never clash
        if by.turn > at.turn {
            out.push(
                RULE.report(
                    format!(
                        "the {what} at {} waits for signal `{}` by {}, which is later",
                        at.written, c.signal.name.id, by.written
                    ),
                    by.loc,
                    "deadline too late",
                )
                .related(at.loc, "happens here")
                .with_help("make the deadline no later than the arrival or event"),
            );
        }
    }
    out
}
