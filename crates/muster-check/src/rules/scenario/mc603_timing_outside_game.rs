//! MC603 timing-outside-game: an arrival or event before the first or after the last turn.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC603,
    summary: "an event, arrival or timing before turn 1 or after the last turn",
    explanation: "Arrivals and umpire events happen in a turn of the game. A clock time \
counts as the turn it falls in: ten minutes a turn (§7) from the start time unless the \
scenario sets `turn-length`, and the rulebook does not administer time strictly, so a \
time inside a turn is that turn. A turn before the first or after the last never comes.",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a defend (500,500)
}
event barrage turn 14 "The corps artillery fires its programme" //~ MC603
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a defend (500,500)
}
event barrage turn 4 "The corps artillery fires its programme"
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let whens = cx
        .model
        .arrivals
        .iter()
        .map(|a| (a.when, format!("arrival of `{}`", a.unit.name.id)))
        .chain(
            cx.model
                .events
                .iter()
                .map(|e| (e.when, format!("event `{}`", e.name.id))),
        );
    for (when, what) in whens {
        let Some(Moment { turn, loc, written }) = cx.moment(when) else {
            continue;
        };
        let Some(range) = cx.outside_game(turn) else {
            continue;
        };
        out.push(
            RULE.report(
                format!("the {what} at {written} falls outside {range}"),
                loc,
                "never happens",
            )
            .with_help("move it into the game's turns, or raise `turns` in the header"),
        );
    }
    out
}
