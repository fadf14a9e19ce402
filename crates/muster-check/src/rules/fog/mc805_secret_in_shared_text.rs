//! MC805 secret-in-shared-text: a text every side reads names what one side must not know.

use super::knowledge::Reader;
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC805,
    summary: "a text every side reads names a unit, element, player, signal, net or map item one side does not know",
    explanation: "Some texts reach every side's briefing: the scenario's title and its \
`ends` conditions, the sides' display names, and the names of map items every side \
knows. If one of them names, by identifier or display name, a unit or made-up element \
name of one side that the other side's `intel` does not reveal, a player, signal or net \
of one side, or a map item `known-to` one side or the umpire alone, that side's enemy \
reads it. Say it in that side's own text (a unit note, an order, a map item `known-to` \
that side), reveal the unit through the other side's `intel`, or reword the shared text. \
This is an error: the outputs are not written while it stands.",
    failing: r#"scenario "Example" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
  table 2000m by 2000m
  ends "Kampfgruppe Rauch is driven off" //~ MC805
}
side red "Red" nation british
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
forces blue {
  company kampfgruppe "Kampfgruppe Rauch" {
    hq k-hq command figures 2 at (500,1500)
  }
}
orders red {
  a attack full (500,1500)
}
orders blue {
  kampfgruppe defend (500,1500)
}
"#,
    fixed: r#"scenario "Example" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
  table 2000m by 2000m
  ends "the ridge changes hands"
}
side red "Red" nation british
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
forces blue {
  company kampfgruppe "Kampfgruppe Rauch" {
    hq k-hq command figures 2 at (500,1500)
  }
}
orders red {
  a attack full (500,1500)
}
orders blue {
  kampfgruppe defend (500,1500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let fog = cx.fog();
    let shared: Vec<_> = fog
        .texts
        .iter()
        .filter(|t| t.reader == Reader::Everyone)
        .collect();
    if shared.is_empty() {
        return out;
    }
    for (si, side) in cx.model.sides.iter().enumerate() {
        let Some(secrets) = fog.secrets(SideId(si)) else {
            continue;
        };
        for t in &shared {
            for (secret, _, at) in secrets.leaks(cx, t) {
                out.push(
                    RULE.report(
                        format!(
                            "text every side reads names {} `{}`, which `{}` does not know",
                            secret.what, secret.id, side.name.id
                        ),
                        at,
                        format!("leaks into the briefing of `{}`", side.name.id),
                    )
                    .related(secret.loc, format!("{} `{}`", secret.what, secret.id))
                    .with_help(
                        "reword the shared text, or say it in a text of the side that knows it",
                    ),
                );
            }
        }
    }
    out
}
