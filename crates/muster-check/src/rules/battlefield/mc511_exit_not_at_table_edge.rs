//! MC511 exit-not-at-table-edge: `exits UNIT at PLACE` where the place is a point.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC511,
    summary: "a victory condition that has a unit exit anywhere but by a table edge",
    explanation: "Leaving the battlefield (§22) means leaving the table: a unit exits by \
one of its edges. `exits UNIT at PLACE` must therefore name a place declared with `edge \
north`, `south`, `east` or `west`; a place at a point on the table is somewhere to hold \
(`holds`), not somewhere to leave by.",
    failing: r#"map {
  place crossroads "Crossroads" at (500,900)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
orders red {
  p attack full crossroads
}
victory red "Break out" exits p at crossroads //~ MC511
"#,
    fixed: r#"map {
  place crossroads "Crossroads" at (500,900)
  place north-edge "North edge" edge north
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
orders red {
  p attack full crossroads
}
victory red "Break out" exits p at north-edge
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for v in &cx.model.victories {
        for c in &v.conditions {
            let Condition::Exits { at, .. } = c else {
                continue;
            };
            let Some(Target::Place(p)) = at.target else {
                continue;
            };
            let Some(place) = cx.model.places.get(p.0) else {
                continue;
            };
            if matches!(place.at, PlaceAt::Edge(_)) {
                continue;
            }
            out.push(
                RULE.report(
                    format!("`{}` is a point on the table, not a table edge to exit by", at.name.id),
                    at.name.loc,
                    "not a table edge",
                )
                .related(place.loc, "a point, not an edge")
                .with_help("name a place declared with `edge north`, `south`, `east` or `west`, or use `holds` for a point"),
            );
        }
    }
    out
}
