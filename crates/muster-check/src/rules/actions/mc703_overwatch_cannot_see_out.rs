//! MC703 overwatch-cannot-see-out: overwatch from too deep inside cover.

use super::posture_loc;
use crate::prelude::*;
use muster_model::ground;
use muster_rules::terrain::Who;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC703,
    summary: "an element in overwatch that cannot see out of the terrain it stands in",
    explanation: "Foot elements more than {{woods-depth}} inside brush or open woods cannot see or be \
seen (§109, §111); in dense woods and built-up areas only troops at the edge see out \
(§113, §121). An element in overwatch deep inside such terrain watches nothing. The edge \
is taken as the outer {{edge}}.",
    failing: r#"map {
  area bois dense-woods rect (100,100) size 600m by 600m
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (380,400)
    element a integrated figures 5 at (400,400) overwatch //~ MC703
  }
}
orders red {
  p defend bois
}
"#,
    fixed: r#"map {
  area bois dense-woods rect (100,100) size 600m by 600m
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (400,660)
    element a integrated figures 5 at (400,680) overwatch
  }
}
orders red {
  p defend bois
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for e in &cx.model.elements {
        let Some(p) = e.pos.filter(|_| e.has_posture(Posture::Overwatch)) else {
            continue;
        };
        let who = e.kind.as_ref().map_or(Who::Other, Who::of);
        for a in geometry::areas_at(cx.model, p) {
            let Some((limit, _)) = ground::depth_limit(cx.model, a, who) else {
                continue;
            };
            let depth = muster_model::geometry::distance_to_area_edge(a, p);
            if depth <= limit {
                continue;
            }
            out.push(
                RULE.report(
                    format!(
                        "`{}` is in overwatch {} inside {} `{}` and cannot see out",
                        e.qualified,
                        metres(depth),
                        ground::Feature::Area(a).kind_name(cx.model),
                        a.name.id
                    ),
                    posture_loc(e, Posture::Overwatch),
                    "overwatch",
                )
                .about(e)
                .related(a.name.loc, format!("sight ends {} inside", metres(limit)))
                .with_help(format!(
                    "move it within {} of the edge of `{}`",
                    metres(limit),
                    a.name.id
                )),
            );
        }
    }
    out
}
