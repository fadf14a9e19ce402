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
        let limit = match &e.kind {
            Some(Troop::Vehicle(VehicleSpec {
                role,
                drive,
                armoured,
                open_topped,
            })) => {
                muster_rules::structures::vehicle_max_strength(&muster_rules::troops::VehicleSpec {
                    role: *role,
                    drive: *drive,
                    armoured: *armoured,
                    open_topped: *open_topped,
                })
            }
            Some(Troop::Artillery { .. }) => Some(Strength::Medium),
            _ => continue,
        };
        if geometry::on_road_within(cx.model, p) {
            continue;
        }
        for area in geometry::areas_at(cx.model, p).filter(|a| a.kind == TerrainKind::Buildings) {
            let Some((strength, _)) = area.structure else {
                continue;
            };
            if limit.is_some_and(|l| strength <= l) {
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
                .related(area.name.loc, format!("{} structure", strength.keyword()))
                .with_help("place it on a road through the buildings, or outside them"),
            );
        }
    }
    out
}
