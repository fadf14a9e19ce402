//! MC305 telephone-line-hindered: a telephone where terrain, weather or the enemy cut it.

use crate::prelude::*;
use muster_model::geometry;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC305,
    summary:
        "a field telephone in difficult terrain, in poor weather, or near the enemy at the start",
    explanation: "§68 allows fixed telephone lines only where difficult terrain, harsh \
weather and close enemy activity do not hinder them. A telephone inside woods, rocks or a \
built-up area, a line laid through them, a scenario in rain, fog or snow, or an enemy \
element within 500 m at the start all fall foul of that. Umpires often accept a command \
post in a village anyway, so this is a warning a scenario may `allow`.",
    failing: r#"map {
  area village buildings medium normal "Village" rect (400,400) size 200m by 200m
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 telephone at (500,500) dug-in //~ MC305
  }
}
orders red {
  a defend village
}
"#,
    fixed: r#"map {
  area village buildings medium normal "Village" rect (400,400) size 200m by 200m
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 telephone at (500,650) dug-in
  }
}
orders red {
  a defend village
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn difficult(kind: TerrainKind) -> bool {
    matches!(
        kind,
        TerrainKind::DenseWoods | TerrainKind::Rocky | TerrainKind::Ruins | TerrainKind::Buildings
    )
}

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let poor = matches!(cx.weather(), Weather::Rain | Weather::Fog | Weather::Snow);
    for e in &cx.model.elements {
        let Some(tel) = e.telephone else { continue };
        let reason = if poor {
            Some(format!("the weather is `{}`", cx.weather().keyword()))
        } else if let Some(a) = e
            .pos
            .and_then(|p| geom::areas_at(cx.model, p).find(|a| difficult(a.kind)))
        {
            Some(format!("it stands in {} `{}`", a.kind.keyword(), a.name.id))
        } else {
            nearest_enemy(cx, e)
                .map(|(n, d)| format!("enemy element `{}` is {} away", n.qualified, metres(d)))
        };
        let Some(reason) = reason else { continue };
        out.push(
            RULE.report(format!("field telephone at `{}` is hindered: {reason}", e.qualified), tel, "field telephone")
                .with_help("give it a radio instead, or `allow MC305` with a reason if the umpire accepts the line"),
        );
    }
    for line in &cx.model.telephone_lines {
        let (Some(a), Some(b)) = (end_pos(cx, &line.from), end_pos(cx, &line.to)) else {
            continue;
        };
        // exact: the first difficult area the line enters, wherever and however briefly
        let crossed = cx
            .model
            .areas
            .iter()
            .filter(|ar| difficult(ar.kind))
            .filter_map(|ar| geometry::segment_crosses_area(ar, a, b).map(|t| (ar, t)))
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(ar, _)| ar);
        if let Some(area) = crossed {
            out.push(
                RULE.report(
                    format!("telephone line from `{}` to `{}` runs through {} `{}`", line.from.name.id, line.to.name.id, area.kind.keyword(), area.name.id),
                    line.loc,
                    "telephone line",
                )
                .related(area.name.loc, "difficult terrain")
                .with_help("route communications by radio, or `allow MC305` with a reason if the umpire accepts the line"),
            );
        }
    }
    out
}

fn end_pos(cx: &Context, r: &Ref) -> Option<Pos> {
    cx.element_of_target(r.target)?.pos
}

/// The nearest enemy element within 500 m (§24).
fn nearest_enemy<'a>(cx: &Context<'a>, e: &Element) -> Option<(&'a Element, f64)> {
    let p = e.pos?;
    cx.model
        .elements
        .iter()
        .filter(|o| o.side != e.side)
        .filter_map(|o| Some((o, o.pos?.distance(p))))
        .filter(|(_, d)| *d <= 500.0)
        .min_by(|a, b| a.1.total_cmp(&b.1))
}
