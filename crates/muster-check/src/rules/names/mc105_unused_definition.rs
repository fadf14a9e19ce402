//! MC105 unused-definition: a place, signal, template or terrain kind the scenario never uses.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC105,
    summary:
        "a place, signal, template or terrain kind defined in the scenario file and never used",
    explanation: "A place no order, arrival, signal, victory condition or intel entry names \
(an order's prose naming it, by its name or its display name, counts: the players read \
it there), a signal no order waits for and no unit is told of, a template no unit is \
built from, or a terrain kind no area or line is of, is usually a leftover of an earlier \
draft or a misspelt reference elsewhere. Library files are exempt: their templates, \
terrain kinds and places serve many scenarios.",
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
    // keyed by the model's own ids: a fast hash is safe (no chosen collisions)
    let used: foldhash::HashSet<Target> = cx.all_refs().iter().filter_map(|r| r.target).collect();
    let mut out = Vec::new();
    for (i, p) in cx.model.places.iter().enumerate() {
        if !cx.in_library(p.loc)
            && !used.contains(&Target::Place(PlaceId(i)))
            && !named_in_orders(cx, p)
        {
            out.extend(unused("place", &p.name, "names it"));
        }
    }
    for (i, s) in cx.model.signals.iter().enumerate() {
        if !cx.in_library(s.loc)
            && !used.contains(&Target::Signal(SignalId(i)))
            && s.affects.is_empty()
        {
            out.extend(unused("signal", &s.name, "waits for it"));
        }
    }
    for (i, t) in cx.model.terrains.iter().enumerate() {
        let id = Some(TerrainId(i));
        let used = cx.model.areas.iter().any(|a| a.terrain == id)
            || cx.model.lines.iter().any(|l| l.terrain == id);
        // one named like a built-in kind is MC510's to report
        let shadows = TerrainKind::from_keyword(&t.name.id).is_some()
            || LineKind::from_keyword(&t.name.id).is_some();
        if !cx.in_library(t.loc) && !used && !shadows {
            out.extend(unused("terrain kind", &t.name, "is of it"));
        }
    }
    for t in &cx.model.templates {
        if !cx.in_library(t.loc) && t.used_by.is_empty() {
            out.extend(unused("template", &t.name, "is built `from` it"));
        }
    }
    out
}

/// Whether an order's prose names the place, by its id as a whole word or by
/// its display name: the players read it there, so it is used.
fn named_in_orders(cx: &Context, p: &Place) -> bool {
    let display = p.display.as_deref().map(str::to_lowercase);
    cx.model
        .orders
        .iter()
        .filter_map(|o| o.prose.as_ref())
        .any(|prose| {
            let text = prose.text.to_lowercase();
            display
                .as_ref()
                .is_some_and(|d| !d.is_empty() && text.contains(d.as_str()))
                || text
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                    .any(|w| w == p.name.id)
        })
}

fn unused(what: &str, name: &Name, use_words: &str) -> Option<Diagnostic> {
    // an invalid name (`place Café`) is MC001's; it cannot be used until renamed
    if !muster_syntax::is_valid_name(&name.id) {
        return None;
    }
    Some(
        RULE.report(
            format!("{what} `{}` is never used", name.id),
            name.loc,
            format!("{what} defined here"),
        )
        .with_help(format!(
            "remove it, or check the spelling where something {use_words}"
        )),
    )
}
