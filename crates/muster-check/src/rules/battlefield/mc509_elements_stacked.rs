//! MC509 elements-stacked: two elements placed on the same spot.

use super::pos_loc;
use crate::prelude::*;
use muster_model::spatial::PointIndex;
use muster_rules::scale::ground_m;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC509,
    summary: "two elements placed so close that their bases would lie on top of each other",
    explanation: "Every element stands on its own base on the table (§4): a frontage of \
{{full-base}} for a standard infantry element, {{reduced-base}} for a specialist one and {{vehicle-base}} for a \
vehicle, so {{full-base-ground}}, {{reduced-base-ground}} or {{vehicle-base-ground}} of ground at the usual scale. Two elements whose positions are less \
than {{stacked}} of table apart ({{stacked-ground}} at 1 mm to {{ground-scale}}) cannot both be placed; this is nearly \
always a copied coordinate. Troops embussed in or riding on a vehicle are carried by it \
and are exempt.",
    failing: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,480)
    element a coherent figures 6 at (500,500)
    element b coherent figures 6 at (500,500) //~ MC509
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,480)
    element a coherent figures 6 at (450,500)
    element b coherent figures 6 at (550,500)
  }
}
orders red {
  p defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

/// Table millimetres closer than which two bases are taken to be stacked.
pub(crate) const STACKED_MM: f64 = 5.0;

fn check(cx: &Context) -> Vec<Diagnostic> {
    let scale = cx.model.header.as_ref().map_or(0.0, |h| h.ground_scale);
    let limit = ground_m(STACKED_MM, scale);
    let mut placed: Vec<(&Element, Pos)> = cx
        .model
        .elements
        .iter()
        .filter(|e| e.embussed_in.is_none() && e.riding_on.is_none() && !facts::is_aircraft(e))
        .filter_map(|e| Some((e, e.pos?)))
        .collect();
    placed.sort_by(|a, b| a.1.x.total_cmp(&b.1.x));
    let index = PointIndex::new(&placed.iter().map(|(_, p)| *p).collect::<Vec<_>>());
    let mut out = Vec::new();
    for (i, (a, pa)) in placed.iter().enumerate() {
        for j in index.within(*pa, limit).into_iter().filter(|j| *j > i) {
            let Some((b, pb)) = placed.get(j) else {
                continue;
            };
            muster_model::work::geometry();
            let d = pa.distance(*pb);
            if d >= limit {
                continue;
            }
            // report the one written later, pointing back at the first
            let (first, second) =
                if (a.loc.file, a.loc.span.start) <= (b.loc.file, b.loc.span.start) {
                    (a, b)
                } else {
                    (b, a)
                };
            out.push(
                RULE.report(
                    format!(
                        "`{}` stands {} from `{}`: their bases would overlap",
                        second.qualified,
                        metres(d),
                        first.qualified
                    ),
                    pos_loc(second),
                    "placed here",
                )
                .about(second)
                .related(pos_loc(first), format!("`{}`", first.qualified))
                .with_help(format!(
                    "space the elements by their frontage ({} for a standard infantry element)",
                    metres(muster_rules::frontage::deployed_width_m(
                        FootType::Coherent,
                        muster_rules::scale::GROUND_SCALE_M_PER_MM
                    ))
                )),
            );
        }
    }
    out
}
