//! MC310 codeword-without-link: a codeword whose sender has no radio or telephone.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC310,
    summary: "a codeword signal sent by an element with neither a radio nor a field telephone",
    explanation: "A codeword is spoken, so it travels only over a radio (§69) or a field \
telephone line (§68). An element with neither cannot send one: give the sender a set, or \
choose a signal that is seen or heard (a flare, a lamp, a bugle).",
    failing: r#"side red "Red" nation american
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a attack full (500,900) on signal go
}
signal go codeword "Tallyho: advance" from a-hq on command //~ MC310
"#,
    fixed: r#"side red "Red" nation american
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 radio short at (500,500)
  }
}
orders red {
  a attack full (500,900) on signal go
}
signal go codeword "Tallyho: advance" from a-hq on command
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for s in cx
        .model
        .signals
        .iter()
        .filter(|s| s.kind == SignalKind::Codeword)
    {
        let Some(r) = &s.sender else { continue };
        let sender = match r.target {
            Some(Target::Element(e)) => Some(e),
            Some(Target::Unit(u)) => cx.unit(u).and_then(|u| u.command_element),
            _ => None,
        };
        let Some((id, el)) = sender.and_then(|e| Some((e, cx.element(e)?))) else {
            continue;
        };
        let wired = cx
            .model
            .telephone_lines
            .iter()
            .chain(&cx.model.radio_links)
            .any(|l| {
                [&l.from, &l.to]
                    .iter()
                    .any(|x| x.target == Some(Target::Element(id)))
            });
        if el.radio.is_some() || el.telephone.is_some() || wired {
            continue;
        }
        out.push(
            RULE.report(
                format!(
                    "codeword `{}` is sent by `{}`, which has neither a radio nor a telephone",
                    s.name.id, el.qualified
                ),
                r.name.loc,
                "no radio, no telephone",
            )
            .about(el)
            .related(s.name.loc, "codeword defined here")
            .with_help("give the sender `radio short` or `telephone`, or use a `flare` or `lamp`"),
        );
    }
    out
}
