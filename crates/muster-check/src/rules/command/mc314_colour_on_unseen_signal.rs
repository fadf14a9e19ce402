//! MC314 colour-on-unseen-signal: colours given to a signal that is heard, not seen.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC314,
    summary: "colours on a bugle call or a codeword, which nobody sees",
    explanation: "Flares, smoke, shell-bursts, aircraft munitions and lamps are seen, and \
their colours tell one pre-arranged signal from another (§73). A bugle call and a codeword \
are heard: a colour written on one is a slip, usually for the kind (a green flare written as \
a codeword). Drop the colours, or give the signal the kind that shows them.",
    failing: r#"side red "Red" nation british
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 radio short at (500,500)
  }
}
orders red {
  a attack full (500,900) on signal go
}
signal go codeword "advance" colour green from a-hq on command affects a //~ MC314
"#,
    fixed: r#"side red "Red" nation british
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 radio short at (500,500)
  }
}
orders red {
  a attack full (500,900) on signal go
}
signal go flare "advance" colour green from a-hq on command affects a
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for s in &cx.model.signals {
        let Some((first, at)) = s.colours.first() else {
            continue;
        };
        if s.kind.shows_colour() {
            continue;
        }
        out.push(
            RULE.report(
                format!(
                    "signal `{}` is a {}, which is heard, but it is given the colour {first}",
                    s.name.id, s.kind
                ),
                *at,
                "nobody sees this",
            )
            .with_help(
                "drop the colours, or make it a signal that is seen: `flare`, `smoke`, `shell-burst`, `aerial` or `lamp`",
            ),
        );
    }
    out
}
