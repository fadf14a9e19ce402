//! MC903 not-enough-terrain: the map needs more terrain pieces or hedge and wall than the club owns.

use super::short;
use crate::prelude::*;
use muster_model::geometry::polyline_length;
use muster_rules::scale::table_cm;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC903,
    summary: "more terrain pieces than the pack's collection holds",
    explanation: "The map is laid at 1 mm of table to {{ground-scale}} of ground (§1). When the pack has \
a `collection.toml` with a `[terrain]` table, each area kind (`dense-woods`, `buildings`, \
…) counts as pieces, and each line kind (`hedge`, `wall`, `wire`, `road`, …) as table \
centimetres; a kind the map needs beyond what is owned (nothing, when the table \
does not list it) is named.",
    failing: r#"map {
  hedge h1 "Long hedge" line (0,100) (800,100) //~ MC903
}
"#,
    fixed: r#"map {
  hedge h1 "Short hedge" line (0,100) (400,100)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let Some(owned) = cx
        .model
        .collection
        .as_ref()
        .and_then(|c| c.terrain.as_ref())
    else {
        return Vec::new();
    };
    let scale = cx.model.header.as_ref().map_or(0.0, |h| h.ground_scale);
    // (kind, need, unit, first item)
    let mut need: Vec<(&str, u32, &str, Loc)> = Vec::new();
    let mut add = |k: &'static str, n: u32, unit: &'static str, at: Loc| match need
        .iter_mut()
        .find(|(w, _, _, _)| *w == k)
    {
        Some(x) => x.1 = x.1.saturating_add(n),
        None => need.push((k, n, unit, at)),
    };
    for a in &cx.model.areas {
        add(a.kind.keyword(), 1, "pieces", a.name.loc);
    }
    for l in &cx.model.lines {
        let metres = polyline_length(&l.points);
        let cm = table_cm(metres, scale)
            .ceil()
            .clamp(0.0, f64::from(u32::MAX)) as u32;
        add(l.kind.keyword(), cm, "cm", l.name.loc);
    }
    need.iter()
        .filter_map(|(k, n, unit, at)| {
            let have = owned.get(*k).copied().unwrap_or(0);
            short(&format!("{unit} of `{k}`"), *n, have).map(|words| {
                RULE.report(words, *at, format!("the first `{k}`"))
                    .with_help(format!("the club needs more `{k}`, or the map less"))
            })
        })
        .collect()
}
