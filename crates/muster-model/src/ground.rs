//! What the ground at a point does to those on it, built-in or scenario terrain
//! kinds alike (§95–§98, §109–§121): the one place checks and analysis ask, so a
//! `terrain` item's grades count wherever a built-in type's would.

use crate::geometry;
use crate::model::{Area, Line, Model, Pos};
use muster_rules::terrain::{self, MoveGrade, Mover, ObsGrade, Who};
use muster_rules::visibility;

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
        Some(def) => match def.grades.observation {
            ObsGrade::Open => None,
            ObsGrade::PartiallyObscuring => Some((visibility::WOODS_DEPTH_M, "§111")),
            ObsGrade::Obscuring => Some((visibility::EDGE_M, "§113")),
        },
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
