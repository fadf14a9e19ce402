//! MC812 unit-strength-unstated: a pack that asks every unit for its real
//! strength has a unit, at the top of its side's forces or inside another, that
//! states none.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC812,
    summary: "a unit states no real strength in a pack that asks it of every unit, sub-units included",
    explanation: "A pack of historical actions may set `require-historical-strength-everywhere = \
true` in its `muster.toml`: then every unit the scenario writes, from the force at the top of \
a side down to each platoon and troop inside it, states the real men, vehicles and guns it had \
with a source (`historical-strength`). Set beside the game's figures on the sheets and in the \
pack's readme, the statements show where the rulebook's fixed element sizes make a unit \
stronger or weaker than it was (§3, §18), and a reader can check each against the source. \
The units a library template brings with it (the companies of a template battalion) are \
counted in the statement of the unit made from it. A unit of aircraft or ships alone (a \
flight, the naval fire support) is not asked: `historical-strength` counts men, vehicles \
and guns, and the game counts aircraft and ships by their models. Off by default: an invented scenario has \
no real strength to state. With it on, MC219 is not reported, since this rule covers the \
units at the top as well.",
    failing: r#"forces red {
  company a "A Company" historical-strength men 100 "the company roll" {
    hq a-hq command figures 2 at (500,500)
    platoon p1 "1 Platoon" { //~ MC812
      element s1 coherent figures 6 commander at (550,560)
    }
  }
}
orders red { a defend (500,500) }
"#,
    fixed: r#"forces red {
  company a "A Company" historical-strength men 100 "the company roll" {
    hq a-hq command figures 2 at (500,500)
    platoon p1 "1 Platoon" historical-strength men 40 "the company roll" {
      element s1 coherent figures 6 commander at (550,560)
    }
  }
}
orders red { a defend (500,500) }
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    if !cx.model.require_historical_strength_everywhere {
        return Vec::new();
    }
    cx.model
        .units
        .iter()
        .enumerate()
        .filter(|(i, u)| {
            u.historical_strength.is_none()
                && !brought_by_template(cx.model, u)
                && muster_model::strength::statable(cx.model, UnitId(*i))
        })
        .map(|(_, u)| u)
        .map(|u| {
            let (message, help) = match u.parent {
                None => (
                    format!("`{}` does not say how strong it really was", u.name.id),
                    "add `historical-strength men N \"source\"` to its header, citing a source the scenario's notes name",
                ),
                Some(p) => (
                    format!(
                        "`{}`, inside `{}`, does not say how strong it really was",
                        u.name.id, cx.model.units[p.0].name.id
                    ),
                    "add `historical-strength men N \"source\"` to its header; this pack asks it of every unit, not only the ones at the top",
                ),
            };
            RULE.report(message, u.name.loc, "no `historical-strength` here")
                .with_help(help)
        })
        .collect()
}

/// Whether the unit was written in the body of a template some unit above it is
/// made from: the template's establishment, counted in that unit's statement.
fn brought_by_template(model: &Model, u: &Unit) -> bool {
    let mut up = u.parent;
    while let Some(p) = up {
        let parent = &model.units[p.0];
        if let Some(t) = parent.template.and_then(|t| model.templates.get(t.0)) {
            let (inner, outer) = (u.name.loc, t.loc);
            if inner.file == outer.file
                && outer.span.start <= inner.span.start
                && inner.span.end <= outer.span.end
            {
                return true;
            }
        }
        up = parent.parent;
    }
    false
}

