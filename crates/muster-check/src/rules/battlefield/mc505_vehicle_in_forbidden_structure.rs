//! MC505 vehicle-in-forbidden-structure: a vehicle or gun inside buildings it cannot enter.

use super::{placed, pos_loc};
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC505,
    summary: "a vehicle or gun inside a structure it cannot enter",
    explanation: "Only foot elements enter strong structures; vehicles and guns stand there \
only on a road (§120). Of the rest (§59), jeeps, scout cars, armoured cars and open-topped \
armoured vehicles may enter light structures, enclosed fully tracked armoured vehicles \
light or medium ones, and any vehicle §59 does not list none at all: soft-skinned \
transport, enclosed half-tracks, and enclosed wheeled armour other than armoured cars.",
    failing: r#"map {
  area village buildings medium normal "Village" rect (100,100) size 200m by 200m
}
forces red {
  platoon r "Recce Troop" {
    hq r-hq vehicle armoured-car wheeled armoured enclosed models 1 radio long at (200,200) //~ MC505
  }
}
orders red {
  r defend village
}
"#,
    fixed: r#"map {
  area village buildings light normal "Village" rect (100,100) size 200m by 200m
}
forces red {
  platoon r "Recce Troop" {
    hq r-hq vehicle armoured-car wheeled armoured enclosed models 1 radio long at (200,200)
  }
}
orders red {
  r defend village
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (e, p) in placed(cx) {
        let troop = match &e.kind {
            Some(t @ (Troop::Vehicle(_) | Troop::Artillery { .. })) => t,
            _ => continue,
        };
        let limit = muster_rules::structures::max_strength(troop);
        if geometry::on_road_within(cx.model, p) {
            continue;
        }
        for area in geometry::areas_at(cx.model, p).filter(|a| a.kind == TerrainKind::Buildings) {
            let Some((strength, _)) = area.structure else {
                continue;
            };
            if muster_rules::structures::may_enter(troop, strength, false) {
                continue;
            }
            let allowed = match limit {
                None => "no structure".to_string(),
                Some(l) => format!("{} structures at most", l.keyword()),
            };
            out.push(
                RULE.report(
                    format!(
                        "`{}` is inside {} buildings `{}`",
                        e.qualified,
                        strength.keyword(),
                        area.name.id
                    ),
                    pos_loc(e),
                    format!("may enter {allowed}"),
                )
                .about(e)
                .related(area.name.loc, format!("{} structure", strength.keyword()))
                .with_help("place it on a road through the buildings, or outside them"),
            );
        }
    }
    out
}
