//! MC105 unused-definition: a place, signal or template the scenario never uses.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC105,
    summary: "a place, signal or template defined in the scenario file and never used",
    explanation: "A place no order, arrival, signal, victory condition or intel entry names, \
a signal no order waits for and no unit is told of, or a template no unit is built from, \
is usually a leftover of an earlier draft or a misspelt reference elsewhere. Library \
files are exempt: their templates and places serve many scenarios.",
    failing: r#"map {
  place hill "Hill 112" at (500,500)
  place farm "Le Mesnil" at (900,500) //~ MC105
}
forces red {
  platoon p "Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
orders red {
  p defend hill
}
"#,
    fixed: r#"map {
  place hill "Hill 112" at (500,500)
}
forces red {
  platoon p "Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
orders red {
  p defend hill
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let used: std::collections::HashSet<Target> =
        cx.all_refs().iter().filter_map(|r| r.target).collect();
    let mut out = Vec::new();
    for (i, p) in cx.model.places.iter().enumerate() {
        if !cx.in_library(p.loc) && !used.contains(&Target::Place(PlaceId(i))) {
            out.push(unused("place", &p.name, "names it"));
        }
    }
    for (i, s) in cx.model.signals.iter().enumerate() {
        if !cx.in_library(s.loc)
            && !used.contains(&Target::Signal(SignalId(i)))
            && s.affects.is_empty()
        {
            out.push(unused("signal", &s.name, "waits for it"));
        }
    }
    for t in &cx.model.templates {
        if !cx.in_library(t.loc) && t.used_by.is_empty() {
            out.push(unused("template", &t.name, "is built `from` it"));
        }
    }
    out
}

fn unused(what: &str, name: &Name, use_words: &str) -> Diagnostic {
    RULE.report(
        format!("{what} `{}` is never used", name.id),
        name.loc,
        format!("{what} defined here"),
    )
    .with_help(format!(
        "remove it, or check the spelling where something {use_words}"
    ))
}
