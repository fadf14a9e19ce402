//! MC311 lamp-unseen: a signal lamp in fog, snow or darkness.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC311,
    summary: "a signal lamp used in fog or snow, or at night",
    explanation: "A signal lamp is a ground visual signal: like coloured smoke it cannot be \
seen in fog or snow (§75), and this scenario treats darkness the same way, since a lamp shown \
at night to friends is as plain to the enemy and its beam is lost in the dark beyond a short \
way. Only flares, shell bursts and aerial signals are always seen in line of sight (§75).",
    failing: r#"scenario "Example" {
  start 1944-06-06 03:00
  turns 12
  first-bound red
  light night
}
side red "Red" nation british
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full (500,900) on signal go
}
signal go lamp "advance" from a-hq on command //~ MC311
"#,
    fixed: r#"scenario "Example" {
  start 1944-06-06 03:00
  turns 12
  first-bound red
  light night
}
side red "Red" nation british
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
    let light = cx.model.header.as_ref().map(|h| h.light);
    let why = if matches!(weather, Weather::Fog | Weather::Snow) {
        weather.keyword()
    } else if light == Some(Light::Night) {
        "darkness"
    } else {
        return Vec::new();
    };
    cx.model
        .signals
        .iter()
        .filter(|s| s.kind == SignalKind::Lamp)
        .map(|s| {
            RULE.report(
                format!("lamp signal `{}` cannot be seen in {why}", s.name.id),
                s.name.loc,
                "signal lamp",
            )
            .with_help("use a flare, a codeword over a radio, or a bugle call instead")
        })
        .collect()
}
