//! MC413 phase-before-previous: a phase of an order timed before the phase it follows.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC413,
    summary: "a `then` phase of an order timed to begin before the previous phase is done",
    explanation: "Phases of one order follow each other (§81: an action, a location and a \
timing each): a phase that starts `after` a turn, or `at` a time, earlier than the previous \
phase's `by` turn or time, asks the unit to do both at once. The previous phase's `until end` \
leaves no time for any later phase at all.",
    failing: r#"side red "Red" nation american
side blue "Blue" nation german
map {
  place hill "Hill" at (500,900)
  place road "Roadblock" at (700,900)
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full hill by turn 6 then defend road after turn 3 //~ MC413
}
"#,
    fixed: r#"side red "Red" nation american
side blue "Blue" nation german
map {
  place hill "Hill" at (500,900)
  place road "Roadblock" at (700,900)
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full hill by turn 6 then defend road after turn 6
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

/// The turn a timing ends a phase by, or begins it in (`None`: not a turn bound).
fn turn(cx: &Context, t: &Timing) -> Option<(i64, Loc)> {
    match *t {
        Timing::By(n, l) => Some((i64::from(n), l)),
        // `after turn N` begins with turn N+1
        Timing::After(n, l) => Some((i64::from(n) + 1, l)),
        Timing::At(m, l) => cx.turn_of(When::Clock(m, l)).map(|n| (n, l)),
        _ => None,
    }
}

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for o in &cx.model.orders {
        let mut prev = &o.timing;
        for (i, p) in o.phases.iter().enumerate() {
            let phase = i + 2;
            if let Some(Timing::UntilEnd(l)) =
                prev.iter().find(|t| matches!(t, Timing::UntilEnd(_)))
            {
                out.push(
                    RULE.report(
                        format!(
                            "phase {phase} of the order for `{}` follows a phase held until the end",
                            o.unit.name.id
                        ),
                        p.loc,
                        "never begins",
                    )
                    .related(*l, "until end")
                    .with_help("move `until end` to the last phase"),
                );
            }
            let due = prev.iter().find_map(|t| match t {
                Timing::By(..) => turn(cx, t),
                _ => None,
            });
            let start = p.timing.iter().find_map(|t| match t {
                Timing::After(..) | Timing::At(..) => turn(cx, t),
                _ => None,
            });
            if let (Some((d, dloc)), Some((s, sloc))) = (due, start) {
                if s < d {
                    out.push(
                        RULE.report(
                            format!(
                                "phase {phase} of the order for `{}` begins at turn {s}, before the previous phase is due by turn {d}",
                                o.unit.name.id
                            ),
                            sloc,
                            "too early",
                        )
                        .related(dloc, format!("due by turn {d}"))
                        .with_help("begin the phase no earlier than the previous phase's `by`"),
                    );
                }
            }
            prev = &p.timing;
        }
    }
    out
}
