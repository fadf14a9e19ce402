//! The spatial index of a resolved scenario: R-trees (`rstar`) of the bounding
//! boxes of its areas, roads and tracks, rivers and crossings, so "which areas
//! contain this point", "is this point on a road" and "which outlines may overlap
//! this one" look at the few shapes whose box is near instead of every shape on
//! the map. Built once per model, on first use ([`Model::spatial`]); the exact
//! tests stay in [`crate::geometry`], the index only picks the candidates.

use crate::geometry;
use crate::model::{Area, Model, Pos, ShapeKind};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{RTree, AABB};
use std::sync::OnceLock;

/// Slack added around every box, far larger than any rounding of the exact tests.
const MARGIN: f64 = 1.0;

type Boxed = GeomWithData<Rectangle<[f64; 2]>, usize>;

/// Shapes by bounding box, each list's items named by their index in the model.
#[derive(Debug, Default)]
pub struct SpatialIndex {
    areas: RTree<Boxed>,
    lines: RTree<Boxed>,
    crossings: RTree<Boxed>,
    /// Shapes with a non-finite box: always candidates, so nothing is missed.
    loose_areas: Vec<usize>,
    loose_lines: Vec<usize>,
    loose_crossings: Vec<usize>,
    area_count: usize,
    line_count: usize,
}

/// A box `(min x, min y, max x, max y)` grown by `by` on every side, when finite.
fn grown(b: (f64, f64, f64, f64), by: f64) -> Option<AABB<[f64; 2]>> {
    let (x0, y0, x1, y1) = (b.0 - by, b.1 - by, b.2 + by, b.3 + by);
    [x0, y0, x1, y1]
        .iter()
        .all(|v| v.is_finite())
        .then(|| AABB::from_corners([x0, y0], [x1, y1]))
}

/// The box an area's interior lies in: its outline's, and its circle's for a circle.
fn area_box(a: &Area) -> Option<AABB<[f64; 2]>> {
    if a.outline.is_empty() {
        return None;
    }
    let mut b = geometry::bbox(&a.outline);
    if let ShapeKind::Circle { centre, radius } = a.shape {
        b = (
            b.0.min(centre.x - radius),
            b.1.min(centre.y - radius),
            b.2.max(centre.x + radius),
            b.3.max(centre.y + radius),
        );
    }
    grown(b, MARGIN)
}

/// Loads boxes into a tree; items without a finite box go to `loose`.
fn load(
    items: impl Iterator<Item = (usize, Option<Option<AABB<[f64; 2]>>>)>,
    loose: &mut Vec<usize>,
) -> RTree<Boxed> {
    let mut boxes = Vec::new();
    for (i, b) in items {
        match b {
            None => {}
            Some(Some(b)) => {
                boxes.push(GeomWithData::new(
                    Rectangle::from_corners(b.lower(), b.upper()),
                    i,
                ));
            }
            Some(None) => loose.push(i),
        }
    }
    RTree::bulk_load(boxes)
}

impl SpatialIndex {
    /// Indexes every area, line and crossing of `m`.
    pub fn new(m: &Model) -> Self {
        let mut ix = SpatialIndex {
            area_count: m.areas.len(),
            line_count: m.lines.len(),
            ..SpatialIndex::default()
        };
        // an area with no outline contains nothing and is left out
        ix.areas = load(
            m.areas
                .iter()
                .enumerate()
                .map(|(i, a)| (i, (!a.outline.is_empty()).then(|| area_box(a)))),
            &mut ix.loose_areas,
        );
        let line_box = |points: &[Pos], reach: f64| {
            (!points.is_empty()).then(|| grown(geometry::bbox(points), reach + MARGIN))
        };
        // a line's reach: half its width, and the verge for roads and tracks
        ix.lines = load(
            m.lines.iter().enumerate().map(|(i, l)| {
                (
                    i,
                    line_box(&l.points, (l.width / 2.0).max(0.0) + geometry::ROAD_VERGE),
                )
            }),
            &mut ix.loose_lines,
        );
        ix.crossings = load(
            m.crossings.iter().enumerate().map(|(i, c)| {
                let b = (c.at.x, c.at.y, c.at.x, c.at.y);
                (i, Some(grown(b, (c.length / 2.0).max(0.0) + MARGIN)))
            }),
            &mut ix.loose_crossings,
        );
        ix
    }

    /// Indices (ascending) of the areas whose box holds `p`: every area that may
    /// contain it.
    pub fn areas_near(&self, p: Pos) -> Vec<usize> {
        Self::at(&self.areas, &self.loose_areas, p)
    }

    /// Indices (ascending) of the areas whose box meets the box of `points`: every
    /// area a segment or outline through those points may cross or overlap.
    pub fn areas_meeting(&self, points: &[Pos]) -> Vec<usize> {
        Self::meeting(&self.areas, &self.loose_areas, self.area_count, points)
    }

    /// Indices (ascending) of the lines whose box meets the box of `points`: every
    /// line a segment through those points may cross.
    pub fn lines_meeting(&self, points: &[Pos]) -> Vec<usize> {
        Self::meeting(&self.lines, &self.loose_lines, self.line_count, points)
    }

    /// Indices (ascending) of the shapes of `tree` whose box meets the box of
    /// `points`, with the loose ones; all `count` when that box is not finite.
    fn meeting(tree: &RTree<Boxed>, loose: &[usize], count: usize, points: &[Pos]) -> Vec<usize> {
        let Some(b) = grown(geometry::bbox(points), MARGIN) else {
            return (0..count).collect();
        };
        let mut out: Vec<usize> = tree
            .locate_in_envelope_intersecting(&b)
            .map(|g| g.data)
            .chain(loose.iter().copied())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Indices (ascending) of the lines (roads, tracks, rivers, defined terrain)
    /// whose width, or a road's verge, may hold `p`.
    pub fn lines_near(&self, p: Pos) -> Vec<usize> {
        Self::at(&self.lines, &self.loose_lines, p)
    }

    /// Indices (ascending) of the crossings `p` may stand on.
    pub fn crossings_near(&self, p: Pos) -> Vec<usize> {
        Self::at(&self.crossings, &self.loose_crossings, p)
    }

    fn at(tree: &RTree<Boxed>, loose: &[usize], p: Pos) -> Vec<usize> {
        if !(p.x.is_finite() && p.y.is_finite()) {
            return loose.to_vec();
        }
        let mut out: Vec<usize> = tree
            .locate_all_at_point(&[p.x, p.y])
            .map(|g| g.data)
            .chain(loose.iter().copied())
            .collect();
        out.sort_unstable();
        out
    }
}

/// Positions by point, for "which of these lie within `r` of here".
#[derive(Debug)]
pub struct PointIndex {
    tree: RTree<GeomWithData<[f64; 2], usize>>,
    loose: Vec<usize>,
}

impl PointIndex {
    /// Indexes `points`, each named by its place in the slice.
    pub fn new(points: &[Pos]) -> Self {
        let mut loose = Vec::new();
        let mut items = Vec::new();
        for (i, p) in points.iter().enumerate() {
            if p.x.is_finite() && p.y.is_finite() {
                items.push(GeomWithData::new([p.x, p.y], i));
            } else {
                loose.push(i);
            }
        }
        PointIndex {
            tree: RTree::bulk_load(items),
            loose,
        }
    }

    /// Indices (ascending) of the points that may lie within `r` metres of `p`
    /// (those at exactly `r` included; the caller makes the exact test).
    pub fn within(&self, p: Pos, r: f64) -> Vec<usize> {
        let mut out: Vec<usize> = if p.x.is_finite() && p.y.is_finite() && r.is_finite() {
            let r = r.max(0.0) + MARGIN;
            self.tree
                .locate_within_distance([p.x, p.y], r * r)
                .map(|g| g.data)
                .chain(self.loose.iter().copied())
                .collect()
        } else {
            (0..self.tree.size() + self.loose.len()).collect()
        };
        out.sort_unstable();
        out
    }
}

/// A model's index, built on first use and never compared, cloned or written
/// out: it is derived from the model's shapes, so a clone builds its own.
#[derive(Default)]
pub struct SpatialCell(OnceLock<SpatialIndex>);

impl SpatialCell {
    pub(crate) fn get_or_build(&self, m: &Model) -> &SpatialIndex {
        self.0.get_or_init(|| SpatialIndex::new(m))
    }
}

impl Clone for SpatialCell {
    fn clone(&self) -> Self {
        SpatialCell::default()
    }
}

impl PartialEq for SpatialCell {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for SpatialCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SpatialCell")
    }
}

impl Model {
    /// The spatial index of this model's shapes, built on first use. A caller that
    /// changes the shapes afterwards calls [`Model::shapes_changed`].
    pub fn spatial(&self) -> &SpatialIndex {
        self.spatial.get_or_build(self)
    }

    /// Forgets the index after the areas, lines or crossings changed.
    pub fn shapes_changed(&mut self) {
        self.spatial = SpatialCell::default();
    }
}
