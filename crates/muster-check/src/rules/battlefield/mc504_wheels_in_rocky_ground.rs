//! MC504 wheels-in-rocky-ground: wheeled or half-tracked vehicles among rocks off a road.

use super::{placed, pos_loc};
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC504,
    summary: "a wheeled or half-tracked vehicle in a rocky area or ruins off a road",
    explanation: "Rocky areas and ruins (§115) are difficult going: fully tracked vehicles \
and foot may cross them, but wheeled and half-tracked vehicles only along roads. One \
placed there off a road could not have driven in.",
    failing: r#"map {
  area rocks rocky rect (100,100) size 300m by 300m
}
forces red {
  platoon r "Recce Troop" {
    hq r-hq vehicle armoured-car wheeled armoured enclosed models 1 radio long at (200,200) //~ MC504
  }
}
orders red {
  r defend rocks
}
"#,
    fixed: r#"map {
  area rocks rocky rect (100,100) size 300m by 300m
  road lane line (0,200) (1000,200)
}
forces red {
  platoon r "Recce Troop" {
    hq r-hq vehicle armoured-car wheeled armoured enclosed models 1 radio long at (200,200)
  }
}
orders red {
  r defend rocks
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (e, p) in placed(cx) {
        let Some(Troop::Vehicle(VehicleSpec { drive, .. })) = &e.kind else {
            continue;
        };
        if *drive == Drive::Tracked || geometry::on_road_within(cx.model, p) {
            continue;
        }
        let Some(rock) = geometry::areas_at(cx.model, p)
            .find(|a| matches!(a.kind, TerrainKind::Rocky | TerrainKind::Ruins))
        else {
            continue;
        };
        out.push(
            RULE.report(
                format!(
                    "{} vehicle `{}` stands in {} `{}` off a road",
                    drive.keyword(),
                    e.qualified,
                    rock.kind.keyword(),
                    rock.name.id
                ),
                pos_loc(e),
                "vehicle here",
            )
            .about(e)
            .related(rock.name.loc, "difficult going")
            .with_help("place it on a road through the area, or outside it"),
        );
    }
    out
}
