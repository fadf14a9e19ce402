//! MC618 prepared-too-late: a position `prepared since` less than a day before the start.

use crate::prelude::*;
use muster_rules::command::PREPARED_MIN_MINUTES;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC618,
    summary: "a position `prepared since` a date less than a day before the game starts",
    explanation: "§68 counts a position as prepared, its telephone lines laid and kept, when \
it has been held for at least a day. `prepared since DATE [HH:MM]` must therefore lie a day \
or more before the scenario's start; a later date (a slip of the day, or of the year) would \
silence MC305 for a position that was never prepared. A position dug in and wired in the \
night before says `prepared overnight`, which keeps MC305 where §68's conditions fail.",
    failing: r#"forces red {
  company a "A Company" prepared since 1944-06-06 { //~ MC618
    hq a-hq command figures 3 telephone at (500,500)
  }
}
orders red {
  a defend (500,500)
}
"#,
    fixed: r#"forces red {
  company a "A Company" prepared since 1944-06-05 06:00 {
    hq a-hq command figures 3 telephone at (500,500)
  }
}
orders red {
  a defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let Some(h) = cx.model.header.as_ref() else {
        return Vec::new();
    };
    let (Some((y, m, d)), start) = (h.date, h.start_minutes.unwrap_or(0)) else {
        return Vec::new();
    };
    // the latest time a position may be prepared from: a day before the start
    let need = muster_rules::command::minutes_of(y, m, d, 0, 0) + i64::from(start)
        - PREPARED_MIN_MINUTES;
    let (py, pm, pd, hh, mm) = muster_rules::command::date_time_of(need);
    let latest = format!("{py:04}-{pm:02}-{pd:02} {hh:02}:{mm:02}");
    let units = cx
        .model
        .units
        .iter()
        .map(|u| (&u.name.id, u.prepared.as_ref()));
    let elements = cx
        .model
        .elements
        .iter()
        .map(|e| (&e.qualified, e.prepared.as_ref()));
    let mut out = Vec::new();
    for (who, p) in units.chain(elements) {
        let Some(p) = p else { continue };
        let Some(before) = p.minutes_before(Some(h)) else {
            continue;
        };
        if before >= PREPARED_MIN_MINUTES {
            continue;
        }
        let when = if before < 0 {
            "after the game starts"
        } else {
            "less than a day before the game starts"
        };
        out.push(
            RULE.report(
                format!("`{who}` is prepared {when}, but §68 asks for a position held a day"),
                p.loc,
                "prepared since",
            )
            .with_help(format!(
                "prepare it since {latest} or earlier, or write `prepared overnight`"
            )),
        );
    }
    out
}
