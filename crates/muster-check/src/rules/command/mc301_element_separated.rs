//! MC301 element-separated: an element out of command range at the start.

use super::has_no_set;
use crate::prelude::*;
use muster_model::analysis::CommandStatus;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC301,
    summary: "an element out of command range at the start by every route",
    explanation: "An element is in command (§87) when its own means of communication (§88: \
voice {{voice}}, short-range radio {{short-radio}}, long-range radio on command and recce elements \
{{long-radio}}, a telephone line to its superior without limit) reach its command element, or \
another element of its group that is itself linked, or an element of a group it \
supports. A unit attached to another (`attached-to`, §80) counts as a member of the \
group it is attached to, so its elements link through that group's elements too. Otherwise it starts separated (§89): its morale suffers and orders reach it \
late by runner. This is allowed, for example on an extended front (§91), so it is a \
warning; the message names the nearest link and how far short the element is.",
    failing: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
    element a coherent figures 6 at (560,500)
    element b coherent figures 6 at (800,500) //~ MC301
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
    element a coherent figures 6 at (560,500)
    element b coherent figures 6 at (640,500)
  }
}
orders red {
  p defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (e, status) in cx.command_statuses() {
        let CommandStatus::Separated {
            nearest,
            distance,
            range,
            short_by,
            runner_turns,
        } = status
        else {
            continue;
        };
        if facts::is_aircraft(e) {
            continue; // aircraft are not in the ground command chain (§11)
        }
        if e.is_command_element() && has_no_set(e) {
            continue; // a command element may use runners without limit (§88): MC306
        }
        // the reach the analysis measured `short_by` against, not a second opinion
        let means = range.means.words();
        let late = match runner_turns {
            0 => String::new(),
            1 => "; orders reach it 1 turn late by runner".to_string(),
            n => format!("; orders reach it {n} turns late by runner"),
        };
        let mut d = match nearest.and_then(|n| cx.element(n)) {
            Some(n) => RULE
                .report(
                    format!(
                        "`{}` is separated: its nearest link `{}` is {} away, {} beyond its {means} range",
                        e.qualified,
                        n.qualified,
                        metres(*distance),
                        metres(*short_by)
                    ),
                    e.name.loc,
                    format!("{} too far", metres(*short_by)),
                )
.about(e)
                .related(n.name.loc, format!("nearest link, {} away", metres(*distance))),
            None => RULE.report(
                format!("`{}` is separated: no element it could link to is on the table", e.qualified),
                e.name.loc,
                "no link",
            )
.about(e),
        };
        // Suggest the next means up only where the element could use it (§88).
        let eq = e.equipment();
        let or_means = match eq.radio {
            None => " or give it a radio",
            Some(RadioRange::Short) if eq.command || eq.recce => " or give it `radio long`",
            Some(_) => "",
        };
        d = d.with_help(format!(
            "move it within {} of a linked element{or_means}{late}",
            metres(range.metres.unwrap_or(*distance))
        ));
        out.push(d);
    }
    out
}
