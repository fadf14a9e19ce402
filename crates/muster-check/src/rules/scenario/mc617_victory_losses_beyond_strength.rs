//! MC617 victory-losses-beyond-strength: more losses asked than the enemy ever fields.

use crate::prelude::*;
use muster_model::strength;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC617,
    summary: "a losses victory condition asks for more than the enemy ever fields",
    explanation: "`destroys N models of SIDE` counts vehicle, gun and aircraft models, \
and `inflicts N figures on SIDE` foot figures, that the enemy loses over the whole game \
(§22). When the count is more than the enemy has on the table and brings on by arrivals \
all game, the condition can never be met, and the victory it belongs to is out of reach. \
Lower the count, or give the enemy the forces the count was written for.",
    failing: r#"side red
side blue
forces red {
  company a "A Company" {
    hq a-hq command figures 2
  }
}
forces blue {
  company k "K Company" {
    hq k-hq command figures 2
    element tanks vehicle tank tracked armoured enclosed models 3
  }
}
victory red "Knock out ten tanks" destroys 10 models of blue //~ MC617
"#,
    fixed: r#"side red
side blue
forces red {
  company a "A Company" {
    hq a-hq command figures 2
  }
}
forces blue {
  company k "K Company" {
    hq k-hq command figures 2
    element tanks vehicle tank tracked armoured enclosed models 3
  }
}
victory red "Knock out the tanks" destroys 3 models of blue
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut fielded: Vec<strength::Pieces> = vec![strength::Pieces::default(); cx.model.sides.len()];
    for e in &cx.model.elements {
        if let Some(f) = fielded.get_mut(e.side.0) {
            let p = strength::pieces(e);
            f.figures = f.figures.saturating_add(p.figures);
            f.models = f.models.saturating_add(p.models);
        }
    }
    for v in &cx.model.victories {
        for c in &v.conditions {
            let Condition::Losses {
                what,
                count,
                of,
                loc,
            } = c
            else {
                continue;
            };
            let Some(Target::Side(enemy)) = of.target else {
                continue;
            };
            if v.side.target == of.target {
                continue; // MC616
            }
            let Some(f) = fielded.get(enemy.0) else {
                continue;
            };
            let (has, noun) = match what {
                LossKind::Models => (f.models, "model"),
                LossKind::Figures => (f.figures, "figure"),
            };
            if *count <= has {
                continue;
            }
            let them = cx.side_name(enemy);
            out.push(
                RULE.report(
                    format!(
                        "`{}` asks for the loss of {} of `{them}`, which fields only {} in the whole game",
                        v.side.name.id,
                        muster_syntax::wording::count(*count, noun),
                        muster_syntax::wording::count(has, noun),
                    ),
                    *loc,
                    format!("more than `{them}` ever has"),
                )
                .with_help(format!(
                    "ask for {has} or fewer, or give `{them}` the forces the count was written for"
                )),
            );
        }
    }
    out
}
