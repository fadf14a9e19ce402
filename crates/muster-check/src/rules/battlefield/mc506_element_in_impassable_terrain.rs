//! MC506 element-in-impassable-terrain: an element placed in a lake, river or cliff.

use super::{placed, pos_loc};
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC506,
    summary: "an element in impassable terrain (lake, river off a bridge or ford, cliff)",
    explanation: "Impassable terrain (§95) cannot be entered by any ground element: lakes, \
rivers and canals away from their bridges and fords, and cliffs. An element placed there \
is usually a coordinate slip. Aircraft are exempt.",
    failing: r#"map {
  river orne "River Orne" width 60m line (500,0) (500,2000)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (510,900) //~ MC506
  }
}
orders red {
  p defend (510,900)
}
"#,
    fixed: r#"map {
  river orne "River Orne" width 60m line (500,0) (500,2000)
  ford shallows at (500,900) over orne
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (510,900)
  }
}
orders red {
  p defend shallows
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (e, p) in placed(cx) {
        if facts::is_aircraft(e) {
            continue;
        }
        let crossing = cx
            .model
            .crossings
            .iter()
            .any(|c| p.distance(c.at) <= c.length / 2.0);
        let mut hit: Option<(Loc, String)> = None;
        for a in geom::areas_at(cx.model, p) {
            let water = matches!(a.kind, TerrainKind::Water | TerrainKind::Lake);
            if (water && !crossing) || a.kind == TerrainKind::Cliffs {
                hit = Some((a.name.loc, format!("{} `{}`", a.kind.keyword(), a.name.id)));
                break;
            }
        }
        if hit.is_none() && !crossing {
            if let Some(l) = cx.model.lines.iter().find(|l| geom::in_river(l, p)) {
                hit = Some((l.name.loc, format!("river `{}`", l.name.id)));
            }
        }
        let Some((loc, what)) = hit else { continue };
        out.push(
            RULE.report(
                format!("`{}` stands in {what}, which is impassable", e.qualified),
                pos_loc(e),
                "element here",
            )
            .related(loc, "impassable")
            .with_help("move it to dry ground, or onto a bridge or ford"),
        );
    }
    out
}
