//! MC902 not-enough-models: the scenario needs more vehicle, gun or aircraft models of a type than the club owns.

use super::{on_table, short};
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC902,
    summary: "more models of a type than the pack's collection holds",
    explanation: "Each vehicle, support or heavy weapon model stands for {{per-model}} real \
ones (§3). When the pack has a `collection.toml` with a `[models]` table, the models of \
each type on the table (the vehicle role, artillery weapon or aircraft role the scenario \
writes: `tank`, `at-gun`, `fighter-bomber`) are counted against it, and any type short \
is named. Off-table elements need no models.",
    failing: r#"forces red {
  company t "Tanks" {
    hq t-hq vehicle command-tank tracked armoured enclosed models 1 at (500,500)
    element zug vehicle tank tracked armoured enclosed models 3 at (560,500) //~ MC902
  }
}
orders red {
  t defend (500,500)
}
"#,
    fixed: r#"forces red {
  company t "Tanks" {
    hq t-hq vehicle command-tank tracked armoured enclosed models 1 at (500,500)
    element zug vehicle tank tracked armoured enclosed models 2 at (560,500)
  }
}
orders red {
  t defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

/// The type keyword the collection counts a model under.
fn model_type(k: &Troop) -> Option<&'static str> {
    match k {
        Troop::Vehicle(VehicleSpec { role, .. }) => Some(role.keyword()),
        Troop::Artillery { weapon, .. } => Some(weapon.keyword()),
        Troop::Aircraft { role } => Some(role.keyword()),
        Troop::Ship { role } => Some(role.keyword()),
        Troop::Foot { .. } => None,
    }
}

fn check(cx: &Context) -> Vec<Diagnostic> {
    let Some(owned) = cx.model.collection.as_ref().and_then(|c| c.models.as_ref()) else {
        return Vec::new();
    };
    let mut need: Vec<(&str, u32, Loc)> = Vec::new();
    for e in cx.model.elements.iter().filter(|e| on_table(e)) {
        let Some(t) = e.kind.as_ref().and_then(model_type) else {
            continue;
        };
        let n = e.models.map(|(n, _)| n).unwrap_or(1);
        match need.iter_mut().find(|(w, _, _)| *w == t) {
            Some(x) => x.1 = x.1.saturating_add(n),
            None => need.push((t, n, e.name.loc)),
        }
    }
    need.iter()
        .filter_map(|(t, n, at)| {
            let have = owned.get(*t).copied().unwrap_or(0);
            short(&format!("`{t}` models"), *n, have).map(|words| {
                RULE.report(words, *at, format!("the first `{t}`"))
                    .with_help(format!(
                        "add `{t} = {n}` under `[models]` in `collection.toml` if the club has them, or field fewer"
                    ))
            })
        })
        .collect()
}
