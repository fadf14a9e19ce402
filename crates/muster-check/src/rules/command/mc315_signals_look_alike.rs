//! MC315 signals-look-alike: two signals of one side that show the same.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC315,
    summary: "two signals of one side of the same kind and the same colours",
    explanation: "A pre-arranged signal works only if those who watch for it can tell it from \
the others (§73). Two green flares of one side that mean different things cannot be told \
apart: whoever sees one acts on both. Give them different colours or sequences (`colour \
green red`), or different kinds. Signals of two sides may look alike: each side watches for \
its own.",
    failing: r#"side red "Red" nation british
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 radio short at (500,500)
  }
}
orders red {
  a attack full (500,900) on signal go then defend (500,900) on signal stop
}
signal go flare "advance" colour green from a-hq on command affects a
signal stop flare "halt and dig in" colour green from a-hq on command affects a //~ MC315
"#,
    fixed: r#"side red "Red" nation british
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 radio short at (500,500)
  }
}
orders red {
  a attack full (500,900) on signal go then defend (500,900) on signal stop
}
signal go flare "advance" colour green from a-hq on command affects a
signal stop flare "halt and dig in" colour green red from a-hq on command affects a
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // what each side's watchers see (kind and colours in order), first signal first
    let mut seen: std::collections::BTreeMap<(usize, SignalKind, Vec<Colour>), &Signal> =
        std::collections::BTreeMap::new();
    for s in &cx.model.signals {
        // colourless signals are told apart by their words; only colours can clash
        let (Some(side), false) = (s.side, s.colours.is_empty()) else {
            continue;
        };
        let colours: Vec<Colour> = s.colours.iter().map(|(c, _)| *c).collect();
        let words: Vec<&str> = colours.iter().map(|c| c.keyword()).collect();
        let words = words.join(" then ");
        match seen.entry((side.0, s.kind, colours)) {
            std::collections::btree_map::Entry::Vacant(v) => {
                v.insert(s);
            }
            std::collections::btree_map::Entry::Occupied(o) => {
                let first = *o.get();
                out.push(
                    RULE.report(
                        format!(
                            "signals `{}` and `{}` are both a {words} {}: nobody can tell them apart",
                            first.name.id, s.name.id, s.kind
                        ),
                        s.name.loc,
                        "looks like the other",
                    )
                    .related(first.name.loc, format!("`{}`", first.name.id))
                    .with_help(
                        "give one other colours or another sequence (`colour green red`), or another kind",
                    ),
                );
            }
        }
    }
    out
}
