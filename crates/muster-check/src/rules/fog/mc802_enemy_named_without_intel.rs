//! MC802 enemy-named-without-intel: a side's own text names something of the enemy
//! (or a map item) that the side does not know.

use super::knowledge::Reader;
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC802,
    summary: "a side's own text names an enemy unit, element, player, signal or net, or a map item, that the side does not know",
    explanation: "A side's briefing prints its own texts as written: orders, unit and \
element notes, unit, player and net display names, signal meanings and conditions, \
arrival texts, victory conditions, intel words, and the names of map items known to \
that side. If such a text names, by identifier or display name as a whole word, an enemy \
unit (or one of its elements) that the side's `intel` does not reveal, an enemy player, \
signal or net, or a map item `known-to` the other side or the umpire alone, the \
briefing tells the players what they should not know. Reveal the unit through `intel`, \
or reword the text. Unit and element identifiers are checked when they are made up \
(`gr-1`, `pak40`), not when they are plain words such as `pillbox` or `guns`, which \
describe rather than name; display names are always checked; a name the side also \
knows for something of its own or of common ground is not a leak. Umpire notes are never printed for players and are not checked. This is \
an error: the side's outputs are not written while it stands (a pack may lower it, and \
the umpire sheet then says so).",
    failing: r#"forces red {
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
  a attack full (500,1500) "drive Kampfgruppe Rauch off the ridge" //~ MC802
}
orders blue {
  kampfgruppe defend (500,1500)
}
"#,
    fixed: r#"forces red {
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
  a attack full (500,1500) "drive Kampfgruppe Rauch off the ridge"
}
orders blue {
  kampfgruppe defend (500,1500)
}
intel red {
  kampfgruppe seen at (500,1500) approximate "a battlegroup holds the ridge"
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let fog = cx.fog();
    for (si, side) in cx.model.sides.iter().enumerate() {
        let s = SideId(si);
        let Some(secrets) = fog.secrets(s).filter(|x| !x.is_empty()) else {
            continue;
        };
        for t in fog.texts.iter().filter(|t| t.reader == Reader::Side(s)) {
            for (secret, _, at) in secrets.leaks(cx, t) {
                let help = match secret.unit {
                    Some(u) => format!("add `{u}` to `intel {}`, or reword the text", side.name.id),
                    None => "reword the text: the side cannot know this name".to_string(),
                };
                out.push(
                    RULE.report(
                        format!(
                            "text of `{}` names {} `{}`, which the side does not know",
                            side.name.id, secret.what, secret.id
                        ),
                        at,
                        "leaks into the side's briefing",
                    )
                    .related(secret.loc, format!("{} `{}`", secret.what, secret.id))
                    .with_help(help),
                );
            }
        }
    }
    out
}
