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
    let need =
        muster_rules::command::day_number(y, m, d) * 1440 + i64::from(start) - PREPARED_MIN_MINUTES;
    let latest = {
        let (days, mins) = (need.div_euclid(1440), need.rem_euclid(1440));
        let (py, pm, pd) = civil(days);
        format!("{py:04}-{pm:02}-{pd:02} {:02}:{:02}", mins / 60, mins % 60)
    };
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

/// The date of a day number of [`muster_rules::command::day_number`].
fn civil(days: i64) -> (i64, i64, i64) {
    let era = days.div_euclid(146_097);
    let doe = days - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}
