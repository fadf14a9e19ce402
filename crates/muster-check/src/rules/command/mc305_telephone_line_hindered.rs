//! MC305 telephone-line-hindered: a telephone where terrain, weather or the enemy cut it.

use crate::prelude::*;
use muster_model::analysis::{CommandStatus, Means};
use muster_model::geometry;
use muster_rules::terrain::{MoveGrade, Mover};

pub(crate) const RULE: Rule = Rule {
    code: Code::MC305,
    summary:
        "a field telephone in difficult terrain, in poor weather, or near the enemy at the start",
    explanation: "§68 allows fixed telephone lines only where difficult terrain, harsh \
weather and close enemy activity do not hinder them. A telephone inside woods, rocks or a \
built-up area (or a scenario terrain kind difficult to foot), a line laid through them \
(a `telephone` line in `nets`, or the line the command analysis assumes between two \
telephones), a scenario in rain, fog or snow, or an enemy element within {{hot}} at the \
start all fall foul of that. §68 asks whether the lines could be laid and kept: a \
position occupied for a day or more without close enemy activity meets it, so an enemy \
within {{hot}} does not hinder a telephone on a prepared position, `fortified` or declared \
`prepared since DATE` (`static` alone is not). Umpires often accept a command post in a \
village anyway, so this is a warning a scenario may `allow`.",
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

/// Ground that hinders a line: difficult to foot, as dense woods, rocks, ruins
/// and buildings are, or a scenario terrain kind graded so. Water and cliffs are
/// are crossed where the line is laid, and are not what §68 calls difficult.
fn difficult(m: &Model, a: &Area) -> bool {
    muster_model::ground::area_movement(m, a, Mover::Foot) == Some(MoveGrade::Difficult)
}

/// A position occupied long enough to lay and keep its lines (§68): fortified, or
/// declared `prepared since DATE` a day or more before the start on the element
/// or a unit it belongs to (`prepared overnight` is not long enough).
fn prepared(cx: &Context, e: &Element) -> bool {
    let h = cx.model.header.as_ref();
    let held = |p: &Option<PreparedSince>| p.as_ref().is_some_and(|p| p.held_a_day(h));
    e.has_posture(Posture::Fortified)
        || held(&e.prepared)
        || std::iter::successors(Some(e.unit), |u| {
            cx.model.units.get(u.0).and_then(|x| x.parent)
        })
        .take(cx.model.units.len())
        .any(|u| cx.model.units.get(u.0).is_some_and(|x| held(&x.prepared)))
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
            .and_then(|p| geometry::areas_at(cx.model, p).find(|a| difficult(cx.model, a)))
        {
            Some(format!("it stands in {} `{}`", kind_word(cx, a), a.name.id))
        } else if prepared(cx, e) {
            None
        } else {
            nearest_enemy(cx, e)
                .map(|(n, d)| format!("enemy element `{}` is {} away", n.qualified, metres(d)))
        };
        let Some(reason) = reason else { continue };
        out.push(
            RULE.report(format!("field telephone at `{}` is hindered: {reason}", e.qualified), tel, "field telephone")
.about(e)
                .with_help("give it a radio instead, or `allow MC305` with a reason if the umpire accepts the line"),
        );
    }
    for line in &cx.model.telephone_lines {
        let (Some(a), Some(b)) = (end_pos(cx, &line.from), end_pos(cx, &line.to)) else {
            continue;
        };
        if let Some(area) = first_difficult(cx, a, b) {
            out.push(
                RULE.report(
                    format!("telephone line from `{}` to `{}` runs through {} `{}`", line.from.name.id, line.to.name.id, kind_word(cx, area), area.name.id),
                    line.loc,
                    "telephone line",
                )
                .related(area.name.loc, "difficult terrain")
                .with_help("route communications by radio, or `allow MC305` with a reason if the umpire accepts the line"),
            );
        }
    }
    // the lines the command analysis assumes between two telephones (§68)
    for (e, status) in cx.command_statuses() {
        let CommandStatus::InCommand {
            means: Means::Wire,
            via,
            ..
        } = status
        else {
            continue;
        };
        let Some(v) = cx.element(*via) else { continue };
        if declared_line(cx, e, v) {
            continue;
        }
        let (Some(a), Some(b), Some(tel)) = (e.pos, v.pos, e.telephone) else {
            continue;
        };
        if let Some(area) = first_difficult(cx, a, b) {
            out.push(
                RULE.report(
                    format!("the telephone line the command analysis assumes from `{}` to `{}` runs through {} `{}`", e.qualified, v.qualified, kind_word(cx, area), area.name.id),
                    tel,
                    "field telephone",
                )
.about(e)
                .related(area.name.loc, "difficult terrain")
                .with_help("route communications by radio, or `allow MC305` with a reason if the umpire accepts the line"),
            );
        }
    }
    out
}

/// Exactly the first difficult area the segment enters, wherever and however
/// briefly (segment–polygon and segment–circle intersection, no sampling).
fn first_difficult<'a>(cx: &Context<'a>, a: Pos, b: Pos) -> Option<&'a Area> {
    cx.model
        .spatial()
        .areas_meeting(&[a, b])
        .into_iter()
        .filter_map(|i| cx.model.areas.get(i))
        .filter(|ar| difficult(cx.model, ar))
        .filter_map(|ar| geometry::segment_crosses_area(ar, a, b).map(|t| (ar, t)))
        .min_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(ar, _)| ar)
}

/// The kind an area is of, as the writer wrote it.
fn kind_word<'a>(cx: &Context<'a>, a: &'a Area) -> &'a str {
    a.terrain
        .and_then(|t| cx.model.terrains.get(t.0))
        .map_or(a.kind.keyword(), |t| t.name.id.as_str())
}

/// Whether `nets` declares a telephone line between the two (checked above).
fn declared_line(cx: &Context, a: &Element, b: &Element) -> bool {
    let is = |r: &Ref, e: &Element| {
        cx.element_of_target(r.target)
            .is_some_and(|x| std::ptr::eq(x, e))
    };
    cx.model
        .telephone_lines
        .iter()
        .any(|l| (is(&l.from, a) && is(&l.to, b)) || (is(&l.from, b) && is(&l.to, a)))
}

fn end_pos(cx: &Context, r: &Ref) -> Option<Pos> {
    cx.element_of_target(r.target)?.pos
}

/// The nearest enemy element within the hot radius (§24).
fn nearest_enemy<'a>(cx: &Context<'a>, e: &Element) -> Option<(&'a Element, f64)> {
    let p = e.pos?;
    cx.model
        .elements
        .iter()
        .filter(|o| o.side != e.side)
        .filter_map(|o| Some((o, o.pos?.distance(p))))
        .filter(|(_, d)| *d <= muster_rules::command::HOT_RADIUS_M)
        .min_by(|a, b| a.1.total_cmp(&b.1))
}
