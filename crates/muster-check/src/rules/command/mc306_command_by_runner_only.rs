//! MC306 command-by-runner-only: a command element that reaches its superior by runner.

use super::has_no_set;
use crate::prelude::*;
use muster_model::analysis::CommandStatus;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC306,
    summary:
        "a command element that reaches its superior only by alternative methods, with the delay",
    explanation: "A command element without radio or telephone talks by voice within \
{{voice}}, and beyond that by alternative methods (§88): runners, dispatch riders, pigeons. \
These cover {{runner-cold}} a bound in a cold situation, {{runner-hot}} hot, and half that in difficult \
terrain or poor weather (§76), so orders through such a link arrive turns late (§90). \
A radio reaches only another set, so a command element whose superior has no \
radio is in the same case. This note gives the delay, which the latency table in the \
briefings also shows.",
    failing: r#"forces red {
  battalion bn "1st Battalion" {
    hq bn-hq command figures 3 radio long at (500,500)
    company a "A Company" {
      hq a-hq command figures 2 at (1500,500) //~ MC306
      element a1 coherent figures 6 at (1560,500)
    }
  }
}
orders red {
  bn defend (500,500)
}
"#,
    fixed: r#"forces red {
  battalion bn "1st Battalion" {
    hq bn-hq command figures 3 radio long at (500,500)
    company a "A Company" {
      hq a-hq command figures 2 radio long at (1500,500)
      element a1 coherent figures 6 at (1560,500)
    }
  }
}
orders red {
  bn defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

/// Turns a runner needs for `distance` metres in a cold situation (§76).
fn runner_turns(cx: &Context, distance: f64) -> u32 {
    let poor = muster_rules::latency::is_poor_weather(cx.weather());
    muster_rules::latency::runner_turns(distance, false, false, poor)
}

/// The runner delay the latency table gives for orders from the unit's superior.
fn latency_runner_turns(cx: &Context, e: &Element) -> Option<u32> {
    let superior = cx.superior(e.unit)?;
    cx.analysis
        .latency
        .iter()
        .find(|r| r.unit == e.unit && r.from == superior)
        .map(|r| r.runner_turns)
        .filter(|t| *t > 0)
}

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (e, status) in cx.command_statuses() {
        if !e.is_command_element() {
            continue;
        }
        // The analysis decides the means: a runner there is a runner here, even
        // for an element with a set whose superior has none.
        let (via, distance, turns) = match status {
            CommandStatus::InCommand {
                means: muster_model::analysis::Means::Runner,
                via,
                distance,
                ..
            } => (
                Some(*via),
                *distance,
                latency_runner_turns(cx, e).unwrap_or_else(|| runner_turns(cx, *distance)),
            ),
            CommandStatus::Separated {
                nearest,
                distance,
                runner_turns: t,
                ..
            } if has_no_set(e) => (
                *nearest,
                *distance,
                if *t > 0 {
                    *t
                } else {
                    runner_turns(cx, *distance)
                },
            ),
            _ => continue,
        };
        let Some(sup) = via.and_then(|v| cx.element(v)).filter(|v| v.side == e.side) else {
            continue;
        };
        let plural = if turns == 1 { "" } else { "s" };
        out.push(
            RULE.report(
                format!(
                    "`{}` reaches `{}` only by runner: orders take {turns} turn{plural} longer",
                    e.qualified, sup.qualified
                ),
                e.name.loc,
                format!(
                    "{} from its superior, no radio or telephone",
                    metres(distance)
                ),
            )
.about(e)
            .related(sup.name.loc, "superior command element")
            .with_help(if has_no_set(e) {
                format!(
                    "give `{}` a radio, or move it within {} of `{}`",
                    e.qualified,
                    metres(muster_rules::command::VOICE_M),
                    sup.qualified
                )
            } else {
                format!(
                    "a radio reaches only another set: give `{}` a radio too, or move `{}` within {} of it",
                    sup.qualified,
                    e.qualified,
                    metres(muster_rules::command::VOICE_M)
                )
            }),
        );
    }
    out
}
