//! The map: areas to absolute outlines, lines with default widths, crossings and
//! places. Places, areas, lines and crossings share one namespace.

use super::names::Space;
use super::{loc, name, pos, unresolved, Ctx, FileItems};
use crate::geometry;
use crate::model::*;
use muster_rules::vocab::{LineKind, TerrainKind};
use muster_syntax::{ast, FileId};

/// Width in metres of a line feature whose width is not written: roads 10 m,
/// tracks 5 m, rivers 20 m, obstacles (wire, walls, hedges) 2 m.
fn default_width(kind: LineKind) -> f64 {
    match kind {
        LineKind::Road => 10.0,
        LineKind::Track => 5.0,
        LineKind::River => 20.0,
        LineKind::Wire | LineKind::Wall | LineKind::Hedge => 2.0,
    }
}

/// How far a crossing reaches beyond the water's width when no length is given.
const CROSSING_MARGIN: f64 = 20.0;

/// Declares every map feature.
pub(crate) fn declare(cx: &mut Ctx, items: &[FileItems]) {
    for f in items {
        for item in f.items() {
            if let ast::Item::Map(m) = item {
                for feature in &m.features {
                    feature_decl(cx, f.file, feature);
                }
            }
        }
    }
}

fn register(cx: &mut Ctx, n: &Name, t: Target) -> bool {
    if let Some(first) = cx.names.map.get(&n.id).copied() {
        let first = cx.target_loc(first);
        cx.duplicate("map feature", n, first);
        return false;
    }
    cx.names.map.insert(n.id.clone(), t);
    true
}

fn area_outline(shape: &ast::Shape) -> (Vec<Pos>, ShapeKind) {
    match shape {
        ast::Shape::Polygon { points, .. } => {
            (points.iter().map(pos).collect(), ShapeKind::Polygon)
        }
        ast::Shape::Rect {
            corner,
            width,
            depth,
            ..
        } => {
            let c = pos(corner);
            (
                geometry::rect_outline(c, width.value, depth.value),
                ShapeKind::Rect {
                    corner: c,
                    width: width.value,
                    depth: depth.value,
                },
            )
        }
        ast::Shape::Circle { centre, radius, .. } => {
            let c = pos(centre);
            (
                geometry::circle_outline(c, radius.value),
                ShapeKind::Circle {
                    centre: c,
                    radius: radius.value,
                },
            )
        }
    }
}

fn feature_decl(cx: &mut Ctx, file: FileId, feature: &ast::Feature) {
    match feature {
        ast::Feature::Area(a) => {
            let n = name(file, &a.id);
            let (kind, terrain) = match &a.kind {
                ast::KindRef::Builtin(k) => (k.value, None),
                ast::KindRef::Defined(i) => {
                    let words = super::terrain::area_words();
                    (
                        TerrainKind::Open,
                        super::terrain::lookup(cx, file, i, &words),
                    )
                }
            };
            if register(cx, &n, Target::Area(AreaId(cx.model.areas.len()))) {
                let (outline, shape) = area_outline(&a.shape);
                cx.model.areas.push(Area {
                    name: n,
                    kind,
                    terrain,
                    structure: a
                        .structure
                        .as_ref()
                        .map(|s| (s.strength.value, s.height.value)),
                    display: a.name.as_ref().map(|t| t.value.clone()),
                    outline,
                    shape,
                    known_to: known(file, a.known_to.as_ref(), a.shared.as_ref()),
                    loc: loc(file, a.span),
                    shape_loc: loc(file, a.shape.span()),
                });
            }
        }
        ast::Feature::Line(l) => {
            let n = name(file, &l.id);
            let (kind, terrain) = match &l.kind {
                ast::KindRef::Builtin(k) => (k.value, None),
                ast::KindRef::Defined(i) => {
                    let words = super::terrain::line_words();
                    (LineKind::Wall, super::terrain::lookup(cx, file, i, &words))
                }
            };
            if register(cx, &n, Target::Line(LineId(cx.model.lines.len()))) {
                cx.model.lines.push(Line {
                    name: n,
                    kind,
                    terrain,
                    display: l.name.as_ref().map(|t| t.value.clone()),
                    width: l
                        .width
                        .as_ref()
                        .map_or_else(|| default_width(kind), |w| w.value),
                    points: l.points.iter().map(pos).collect(),
                    known_to: known(file, l.known_to.as_ref(), l.shared.as_ref()),
                    loc: loc(file, l.span),
                });
            }
        }
        ast::Feature::Crossing(c) => {
            let n = name(file, &c.id);
            if register(
                cx,
                &n,
                Target::Crossing(CrossingId(cx.model.crossings.len())),
            ) {
                cx.model.crossings.push(Crossing {
                    name: n,
                    kind: c.kind.value,
                    display: c.name.as_ref().map(|t| t.value.clone()),
                    at: pos(&c.at),
                    over: c.over.as_ref().map(|i| unresolved(file, i)),
                    carries: c.carries.as_ref().map(|i| unresolved(file, i)),
                    // negative until resolved: the default needs the water's width
                    length: c.length.as_ref().map_or(-1.0, |l| l.value),
                    known_to: known(file, c.known_to.as_ref(), c.shared.as_ref()),
                    loc: loc(file, c.span),
                });
            }
        }
        ast::Feature::Place(p) => {
            let n = name(file, &p.id);
            if register(cx, &n, Target::Place(PlaceId(cx.model.places.len()))) {
                cx.model.places.push(Place {
                    name: n,
                    display: p.name.as_ref().map(|t| t.value.clone()),
                    at: match &p.location {
                        ast::PlaceLocation::At(pt) => PlaceAt::Point(pos(pt)),
                        ast::PlaceLocation::Edge(e) => PlaceAt::Edge(e.value),
                    },
                    stretch: p.stretch.as_ref().map(|s| Stretch {
                        from: pos(&s.from),
                        to: pos(&s.to),
                        loc: loc(file, s.span),
                    }),
                    refuelling: p.refuelling,
                    known_to: known(file, p.known_to.as_ref(), p.shared.as_ref()),
                    loc: loc(file, p.span),
                });
            }
        }
    }
}

/// `known-to` or `shared` as written; a side's name is resolved with the crossings.
fn known(
    file: FileId,
    who: Option<&muster_syntax::Ident>,
    shared: Option<&muster_syntax::ast::Text>,
) -> Known {
    match who {
        None => shared.map_or(Known::Everyone, |s| {
            Known::Shared(Prose {
                text: s.value.clone(),
                loc: loc(file, s.span),
            })
        }),
        Some(i) if i.name == "umpire" => Known::Umpire(loc(file, i.span)),
        Some(i) => Known::Side(unresolved(file, i)),
    }
}

/// Resolves the side of every `known-to SIDE`.
fn resolve_known(cx: &mut Ctx) {
    fn side(cx: &mut Ctx, k: &mut Known) {
        if let Known::Side(r) = k {
            cx.resolve_ref(r, &[Space::Side], None);
        }
    }
    macro_rules! each {
        ($field:ident) => {
            for i in 0..cx.model.$field.len() {
                let mut k = std::mem::take(&mut cx.model.$field[i].known_to);
                side(cx, &mut k);
                cx.model.$field[i].known_to = k;
            }
        };
    }
    each!(areas);
    each!(lines);
    each!(crossings);
    each!(places);
}

/// The width of the water a crossing spans, where it can be measured.
fn water_width(m: &Model, over: Option<Target>, at: Pos) -> Option<f64> {
    match over? {
        Target::Line(l) => Some(m.lines[l.0].width),
        Target::Area(a) => {
            let area = &m.areas[a.0];
            geometry::area_contains(area, at)
                .then(|| 2.0 * geometry::distance_to_area_edge(area, at))
        }
        _ => None,
    }
}

/// Resolves crossings' `over` and `carries`, and their default lengths.
pub(crate) fn resolve(cx: &mut Ctx) {
    resolve_known(cx);
    for i in 0..cx.model.crossings.len() {
        let mut over = cx.model.crossings[i].over.take();
        let mut carries = cx.model.crossings[i].carries.take();
        if let Some(r) = over.as_mut() {
            cx.resolve_ref(r, &[Space::Map], None);
        }
        if let Some(r) = carries.as_mut() {
            cx.resolve_ref(r, &[Space::Map], None);
        }
        let c = &cx.model.crossings[i];
        if c.length < 0.0 {
            let width = water_width(&cx.model, over.as_ref().and_then(|r| r.target), c.at);
            cx.model.crossings[i].length = width.unwrap_or(0.0) + CROSSING_MARGIN;
        }
        cx.model.crossings[i].over = over;
        cx.model.crossings[i].carries = carries;
    }
}
