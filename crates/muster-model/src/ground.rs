//! What the ground at a point does to those on it, built-in or scenario terrain
//! kinds alike (§95–§98, §109–§121): the one place checks and analysis ask, so a
//! `terrain` item's grades count wherever a built-in type's would.

use crate::geometry;
use crate::model::{Area, Line, Model, Name, Pos, Target};
use muster_rules::terrain::{self, MoveGrade, Mover, ObsGrade, Who};
use muster_rules::visibility;
use muster_rules::vocab::{Crossed, LineKind};

/// The movement grade of an area for `mover`: the definition's for a scenario
/// terrain kind, else the built-in table's (`None` for overlays).
pub fn area_movement(m: &Model, a: &Area, mover: Mover) -> Option<MoveGrade> {
    match a.terrain.and_then(|t| m.terrains.get(t.0)) {
        Some(def) => Some(def.grades.movement(mover)),
        None => terrain::movement_grade(a.kind),
    }
}

/// The observation grade of an area for `who`.
pub fn area_observation(m: &Model, a: &Area, who: Who) -> Option<ObsGrade> {
    match a.terrain.and_then(|t| m.terrains.get(t.0)) {
        Some(def) => Some(def.grades.observation),
        None => terrain::observation_grade(a.kind, who),
    }
}

/// How deep inside an area `who` may stand and still see out or be seen, with
/// its paragraph: the built-in limits, and for a scenario terrain kind those of
/// open woods (partial) or dense woods (obscuring).
pub fn depth_limit(m: &Model, a: &Area, who: Who) -> Option<(f64, &'static str)> {
    match a.terrain.and_then(|t| m.terrains.get(t.0)) {
        Some(def) => visibility::depth_for_grade(def.grades.observation),
        None => visibility::depth_limit(a.kind, who),
    }
}

/// Whether an element of `who` at `p` is too deep inside terrain to be seen
/// from outside it (§109, §111, §113, §121).
pub fn hidden_at(m: &Model, p: Pos, who: Who) -> bool {
    geometry::areas_at(m, p).any(|a| {
        depth_limit(m, a, who)
            .is_some_and(|(limit, _)| geometry::distance_to_area_edge(a, p) > limit)
    })
}

/// Whether a line of a scenario terrain kind covers `p` (within half its width).
pub fn on_defined_line(l: &Line, p: Pos) -> bool {
    l.terrain.is_some() && geometry::distance_to_polyline(&l.points, p) < l.width / 2.0
}

/// The movement grade of a line of a scenario terrain kind for `mover`.
pub fn line_movement(m: &Model, l: &Line, mover: Mover) -> Option<MoveGrade> {
    l.terrain
        .and_then(|t| m.terrains.get(t.0))
        .map(|d| d.grades.movement(mover))
}

/// A map item that grades the ground it covers: an area, or a line within its width.
#[derive(Debug, Clone, Copy)]
pub enum Feature<'m> {
    Area(&'m Area),
    Line(&'m Line),
}

impl<'m> Feature<'m> {
    /// The item's name as written.
    pub fn name(self) -> &'m Name {
        match self {
            Feature::Area(a) => &a.name,
            Feature::Line(l) => &l.name,
        }
    }

    /// The item as a reference target.
    pub fn target(self, m: &Model) -> Target {
        match self {
            Feature::Area(a) => Target::Area(crate::model::AreaId(
                m.areas.iter().position(|x| std::ptr::eq(x, a)).unwrap_or(0),
            )),
            Feature::Line(l) => Target::Line(crate::model::LineId(
                m.lines.iter().position(|x| std::ptr::eq(x, l)).unwrap_or(0),
            )),
        }
    }

    /// The item a reference target names, if it is an area or a line.
    pub fn of_target(m: &'m Model, t: Target) -> Option<Feature<'m>> {
        match t {
            Target::Area(a) => m.areas.get(a.0).map(Feature::Area),
            Target::Line(l) => m.lines.get(l.0).map(Feature::Line),
            _ => None,
        }
    }

    /// What a crossing over the item stands over (§103): built-in water and
    /// lake areas and river lines are water; other lines are lines; other areas ground.
    pub fn crossed(self) -> Crossed {
        match self {
            Feature::Area(a) if a.terrain.is_none() && terrain::is_water(a.kind) => Crossed::Water,
            Feature::Area(_) => Crossed::Ground,
            Feature::Line(l) if l.terrain.is_none() && l.kind == LineKind::River => Crossed::Water,
            Feature::Line(_) => Crossed::Line,
        }
    }

    /// How far `p` stands off the item: outside an area, or beyond half a line's width.
    pub fn distance_off(self, p: Pos) -> f64 {
        match self {
            Feature::Area(a) => geometry::distance_off_area(a, p),
            Feature::Line(l) => geometry::distance_off_line(l, p),
        }
    }

    /// The kind as the author wrote it: a built-in keyword or a `terrain` item's name.
    pub fn kind_name(self, m: &'m Model) -> &'m str {
        let (def, builtin) = match self {
            Feature::Area(a) => (a.terrain, a.kind.keyword()),
            Feature::Line(l) => (l.terrain, l.kind.keyword()),
        };
        def.and_then(|t| m.terrains.get(t.0))
            .map_or(builtin, |d| d.name.id.as_str())
    }
}

/// The movement grade of one area or line for `mover`, built-in kinds by the
/// table (a river's water is impassable) and scenario kinds by their definition.
pub fn movement(m: &Model, f: Feature, mover: Mover) -> Option<MoveGrade> {
    match f {
        Feature::Area(a) => area_movement(m, a, mover),
        Feature::Line(l) if l.terrain.is_some() => line_movement(m, l, mover),
        Feature::Line(l) => (l.kind == LineKind::River).then_some(MoveGrade::Impassable),
    }
}

/// The crossings declared `over` the item: the places where one can get across it.
pub fn crossings_over<'m>(
    m: &'m Model,
    f: Feature<'m>,
) -> impl Iterator<Item = &'m crate::model::Crossing> + 'm {
    let over = move |c: &&crate::model::Crossing| match (f, c.over.as_ref().and_then(|r| r.target))
    {
        (Feature::Area(a), Some(Target::Area(id))) => {
            m.areas.get(id.0).is_some_and(|x| std::ptr::eq(x, a))
        }
        (Feature::Line(l), Some(Target::Line(id))) => {
            m.lines.get(id.0).is_some_and(|x| std::ptr::eq(x, l))
        }
        _ => false,
    };
    m.crossings.iter().filter(over)
}

/// Whether the straight way from `a` to `b` gets across the item by one of its
/// crossings: it passes the crossing within the tolerance a crossing may stand off
/// its line (§98). A crossing elsewhere on the river does not carry it across.
pub fn crossed_between(m: &Model, f: Feature, a: Pos, b: Pos) -> bool {
    crossings_over(m, f).any(|c| {
        geometry::point_segment_distance(c.at, a, b) <= muster_rules::terrain::CROSSING_TOLERANCE_M
    })
}

/// What grade the ground at `p` is for `mover`: the worst grade of the areas `p`
/// stands in and the lines whose width holds it, built-in and scenario kinds
/// alike, with the item that sets it (the first in map order). On a bridge or
/// ford, water and rivers do not count. The one answer every check and the
/// runners' pace read.
pub fn grade_at(m: &Model, p: Pos, mover: Mover) -> Option<(MoveGrade, Feature<'_>)> {
    let crossing = geometry::on_crossing(m, p);
    let areas = geometry::areas_at(m, p).map(Feature::Area);
    let lines = geometry::lines_at(m, p)
        .filter(|l| {
            if l.terrain.is_some() {
                on_defined_line(l, p)
            } else {
                geometry::in_river(l, p)
            }
        })
        .map(Feature::Line);
    let mut worst: Option<(MoveGrade, Feature)> = None;
    for f in areas.chain(lines) {
        let Some(g) = movement(m, f, mover) else {
            continue;
        };
        if crossing && is_water(f) {
            continue;
        }
        if worst.is_none_or(|(w, _)| g > w) {
            worst = Some((g, f));
        }
    }
    worst
}

/// Whether the item is built-in water: a water or lake area, or a river.
pub fn is_water(f: Feature) -> bool {
    match f {
        Feature::Area(a) => a.terrain.is_none() && terrain::is_water(a.kind),
        Feature::Line(l) => l.terrain.is_none() && l.kind == LineKind::River,
    }
}

/// The items the straight way from `p` to `q` passes through or over, with their
/// grade for `mover`, in map order (areas first): those an end stands in are where
/// it starts, not in the way, and are left out.
pub fn along(m: &Model, p: Pos, q: Pos, mover: Mover) -> Vec<(MoveGrade, Feature<'_>)> {
    let mut out = Vec::new();
    for a in m
        .spatial()
        .areas_meeting(&[p, q])
        .into_iter()
        .filter_map(|i| m.areas.get(i))
    {
        if geometry::segment_crosses_area(a, p, q).is_none()
            || geometry::area_contains(a, p)
            || geometry::area_contains(a, q)
        {
            continue;
        }
        if let Some(g) = movement(m, Feature::Area(a), mover) {
            out.push((g, Feature::Area(a)));
        }
    }
    for l in m
        .spatial()
        .lines_meeting(&[p, q])
        .into_iter()
        .filter_map(|i| m.lines.get(i))
    {
        let f = Feature::Line(l);
        let Some(g) = movement(m, f, mover) else {
            continue;
        };
        let at_an_end = |x: Pos| geometry::distance_to_polyline(&l.points, x) < l.width / 2.0;
        if at_an_end(p) || at_an_end(q) || !geometry::segment_crosses_line(l, p, q) {
            continue;
        }
        out.push((g, f));
    }
    out
}
