//! MC308 smoke-signal-unseen: a ground visual signal in fog or snow.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC308,
    summary: "a ground visual signal (coloured smoke) in fog or snow",
    explanation: "Flares, shell bursts and other signals in the air can be seen whenever \
they are in line of sight, but other visual signals such as coloured smoke are invisible in \
fog or snow (§75). A smoke signal in such weather will never be seen; bugles are heard, \
not seen, and are unaffected.",
    failing: r#"scenario "Example" {
  start 1944-12-16 06:00
  turns 12
  first-bound red
  weather fog
}
side red "Red" nation american
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full (500,900) on signal go
}
signal go smoke "advance" from a-hq on command //~ MC308
"#,
    fixed: r#"scenario "Example" {
  start 1944-12-16 06:00
  turns 12
  first-bound red
  weather fog
}
side red "Red" nation american
side blue "Blue" nation german
forces red {
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
    let weather = cx.weather();
    if !matches!(weather, Weather::Fog | Weather::Snow) {
        return Vec::new();
    }
    cx.model
        .signals
        .iter()
        .filter(|s| s.kind == SignalKind::Smoke)
        .map(|s| {
            RULE.report(
                format!(
                    "smoke signal `{}` cannot be seen in {}",
                    s.name.id,
                    weather.keyword()
                ),
                s.name.loc,
                "coloured smoke",
            )
            .with_help("use a flare, a shell burst or a bugle call instead")
        })
        .collect()
}
