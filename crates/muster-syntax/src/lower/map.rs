//! Lowering of the `map` block: areas, lines, crossings and places.
use crate::Code;

use super::ctx::kids;
use super::{Ctx, P};
use crate::ast::{
    Area, Crossing, CrossingKind, EdgeStretch, Feature, KindRef, LineFeature, Map, Place,
    PlaceLocation, Shape, Structure, Text,
};
use crate::grammar::Rule;
use crate::literal;
use crate::span::{Ident, Span, Spanned};
use muster_rules::limits;
use muster_rules::vocab::{Edge, Height, LineKind, Strength, TerrainKind};

/// `map { features }`
pub(crate) fn map(c: &mut Ctx, p: P) -> Map {
    let span = c.span(&p);
    let mut features = Vec::new();
    let mut prev: Option<P> = None;
    for k in kids(p) {
        let this = (k.as_rule() != Rule::junk_map).then(|| k.clone());
        let f = match k.as_rule() {
            Rule::junk_map => match c.junk(&k, Rule::feature_only, prev.as_ref()) {
                Some((f, at)) => c.shifted(at, |c| feature(c, f)),
                None => None,
            },
            _ => feature(c, k),
        };
        features.extend(f);
        prev = this;
    }
    Map { features, span }
}

/// One feature statement.
fn feature(c: &mut Ctx, p: P) -> Option<Feature> {
    match p.as_rule() {
        Rule::area => area(c, p).map(Feature::Area),
        Rule::line_feature | Rule::defined_line => line_feature(c, p).map(Feature::Line),
        Rule::crossing => crossing(c, p).map(Feature::Crossing),
        Rule::place => place(c, p).map(Feature::Place),
        _ => None,
    }
}

fn missing_ident(span: Span) -> Ident {
    Ident {
        name: String::new(),
        span,
    }
}

/// `area id kind [strength height] ["Name"] shape`
fn area(c: &mut Ctx, p: P) -> Option<Area> {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let id = it
        .next()
        .map_or_else(|| missing_ident(span), |i| c.ident(&i));
    let mut words = Vec::new();
    let mut name = None;
    let mut shape = None;
    let (mut known_to, mut shared) = (None, None);
    for k in it {
        match k.as_rule() {
            Rule::known_to => known_to = self::known_to(c, k),
            Rule::shared => shared = self::shared(c, k),
            Rule::area_word => words.push(k),
            Rule::string => name = Some(c.text(k)),
            Rule::polygon | Rule::rect | Rule::circle => shape = self::shape(c, k),
            _ => {}
        }
    }
    let mut words = words.into_iter();
    let kind_word = words.next();
    // A word that is no built-in type names a `terrain` item; resolution reports
    // it (with the built-in types among its suggestions) when none is defined.
    let kind = match &kind_word {
        Some(w) => Some(match TerrainKind::from_keyword(w.as_str()) {
            Some(k) => KindRef::Builtin(Spanned::new(k, c.span(w))),
            None => KindRef::Defined(c.ident(w)),
        }),
        None => {
            c.error(
                Code::MC001,
                id.span,
                format!("area `{}` has no terrain type", id.name),
                "terrain type missing after the name",
                Some(
                    "write the terrain type after the name, such as `dense-woods` or `brush`"
                        .into(),
                ),
            );
            None
        }
    };
    let mut structure = None;
    let builtin = kind.as_ref().and_then(KindRef::builtin);
    let builds = matches!(
        builtin,
        Some(TerrainKind::Buildings | TerrainKind::Fortification)
    );
    if builds {
        match (words.next(), words.next()) {
            (Some(s), Some(h)) => {
                let strength =
                    c.vocab(&s, Strength::ALL, Strength::keyword, "a structure strength");
                let height = c.vocab(&h, Height::ALL, Height::keyword, "a structure height");
                if let (Some(strength), Some(height)) = (strength, height) {
                    structure = Some(Structure { strength, height });
                }
            }
            (Some(s), None) => {
                let sp = c.span(&s);
                c.error(
                    Code::MC001,
                    sp,
                    "expected a structure strength and a height such as `medium normal`".into(),
                    "only one word here",
                    Some("structures take a strength (`light`, `medium`, `strong`, `very-strong`) then a height (`low`, `normal`, `tall`)".into()),
                );
            }
            _ if builtin == Some(TerrainKind::Buildings) => {
                let sp = kind.as_ref().map_or(span, KindRef::span);
                c.error(
                    Code::MC001,
                    sp,
                    "buildings need a strength and a height such as `medium normal`".into(),
                    "strength and height missing",
                    Some(
                        "write `buildings medium normal`: strength (§117) then height (§118)"
                            .into(),
                    ),
                );
            }
            _ => {}
        }
    }
    for extra in words {
        let sp = c.span(&extra);
        c.error(
            Code::MC001,
            sp,
            format!("expected a quoted name or a shape such as `polygon`, `rect` or `circle`, found `{}`", extra.as_str()),
            "not understood here",
            None,
        );
    }
    Some(Area {
        id,
        kind: kind?,
        structure,
        name,
        shape: shape?,
        known_to,
        shared,
        span,
    })
}

/// `polygon P P P`, `rect P size W by D`, `circle P radius R`
fn shape(c: &mut Ctx, p: P) -> Option<Shape> {
    let span = c.span(&p);
    let rule = p.as_rule();
    let mut it = kids(p).skip(1);
    match rule {
        Rule::polygon => {
            // sized once from pest's count of children, not grown point by point
            let mut points = Vec::with_capacity(it.size_hint().1.unwrap_or(0));
            points.extend(it.filter_map(|k| c.point(k)));
            if points.len() < 3 {
                c.error(
                    Code::MC002,
                    span,
                    format!("a polygon needs at least 3 points, found {}", points.len()),
                    "too few points",
                    Some(
                        "list the corners in order, such as `polygon (0,0) (100,0) (100,100)`"
                            .into(),
                    ),
                );
                return None;
            }
            Some(Shape::Polygon { points, span })
        }
        Rule::rect => {
            let corner = it.next().and_then(|k| c.point(k));
            let width = it
                .nth(1)
                .and_then(|k| c.ranged(&k, literal::distance, &limits::AREA_SIZE));
            let depth = it
                .nth(1)
                .and_then(|k| c.ranged(&k, literal::distance, &limits::AREA_SIZE));
            Some(Shape::Rect {
                corner: corner?,
                width: width?,
                depth: depth?,
                span,
            })
        }
        Rule::circle => {
            let centre = it.next().and_then(|k| c.point(k));
            let radius = it
                .nth(1)
                .and_then(|k| c.ranged(&k, literal::distance, &limits::AREA_SIZE));
            Some(Shape::Circle {
                centre: centre?,
                radius: radius?,
                span,
            })
        }
        _ => None,
    }
}

/// `road id "Name" width 8m line P P`, or `line id KIND "Name" width 4m line P P`
/// for a kind a `terrain` item defines.
fn line_feature(c: &mut Ctx, p: P) -> Option<LineFeature> {
    let span = c.span(&p);
    let defined = p.as_rule() == Rule::defined_line;
    let mut it = kids(p);
    let (kind, id) = if defined {
        it.next();
        let id = it
            .next()
            .map_or_else(|| missing_ident(span), |i| c.ident(&i));
        let word = it.next()?;
        let kind = match LineKind::from_keyword(word.as_str()) {
            Some(k) => KindRef::Builtin(Spanned::new(k, c.span(&word))),
            None => KindRef::Defined(c.ident(&word)),
        };
        (kind, id)
    } else {
        let kind = it
            .next()
            .and_then(|k| c.vocab(&k, LineKind::ALL, LineKind::keyword, "a line kind"))?;
        let id = it
            .next()
            .map_or_else(|| missing_ident(span), |i| c.ident(&i));
        (KindRef::Builtin(kind), id)
    };
    let mut f = LineFeature {
        id,
        kind,
        name: None,
        width: None,
        points: Vec::new(),
        known_to: None,
        shared: None,
        span,
    };
    let mut after_width = false;
    // the second `line` of `line id KIND … line P P` starts the points
    for k in it.filter(|k| k.as_rule() != Rule::kw_line) {
        match k.as_rule() {
            Rule::string => f.name = Some(c.text(k)),
            Rule::kw_width => after_width = true,
            Rule::num if after_width => {
                f.width = c.ranged(&k, literal::distance, &limits::LINE_WIDTH)
            }
            Rule::point => f.points.extend(c.point(k)),
            Rule::known_to => f.known_to = known_to(c, k),
            Rule::shared => f.shared = shared(c, k),
            _ => {}
        }
    }
    if f.points.len() < 2 {
        c.error(
            Code::MC002,
            span,
            format!(
                "{} needs at least 2 points, found {}",
                crate::wording::with_article(match &f.kind {
                    KindRef::Builtin(k) => k.value.keyword(),
                    KindRef::Defined(_) => "line",
                }),
                f.points.len()
            ),
            "too few points",
            Some("write `line (x,y) (x,y)` with two or more points".into()),
        );
        return None;
    }
    Some(f)
}

/// `bridge id "Name" at P over water carries road length 60m`; `ford`, `level-crossing` alike
fn crossing(c: &mut Ctx, p: P) -> Option<Crossing> {
    let span = c.span(&p);
    let mut it = kids(p);
    let kw = it.next()?;
    let kind = Spanned::new(
        CrossingKind::from_keyword(kw.as_str()).unwrap_or(CrossingKind::Bridge),
        c.span(&kw),
    );
    let id = it
        .next()
        .map_or_else(|| missing_ident(span), |i| c.ident(&i));
    let (mut name, mut at, mut over, mut carries, mut length) = (None, None, None, None, None);
    let (mut known_to, mut shared) = (None, None);
    // A malformed position is already reported; do not also call it missing.
    let mut tried = false;
    for k in it {
        match k.as_rule() {
            Rule::string => name = Some(c.text(k)),
            Rule::at_point => {
                tried = true;
                at = kids(k).nth(1).and_then(|pt| c.point(pt));
            }
            Rule::over => over = kids(k).nth(1).map(|i| c.ident(&i)),
            Rule::carries => carries = kids(k).nth(1).map(|i| c.ident(&i)),
            Rule::length => {
                length = kids(k)
                    .nth(1)
                    .and_then(|l| c.ranged(&l, literal::distance, &limits::CROSSING_LENGTH))
            }
            Rule::known_to => known_to = self::known_to(c, k),
            Rule::shared => shared = self::shared(c, k),
            _ => {}
        }
    }
    one_knowledge(c, &id, &known_to, &mut shared);
    let Some(at) = at else {
        if tried {
            return None;
        }
        c.error(
            Code::MC001,
            id.span,
            format!("{} `{}` has no position", kw.as_str(), id.name),
            "position missing",
            Some("add `at (x,y)`".into()),
        );
        return None;
    };
    Some(Crossing {
        id,
        kind,
        name,
        at,
        over,
        carries,
        length,
        known_to,
        shared,
        span,
    })
}

/// `place id "Name" at P` or `edge north`, optionally `refuelling`
fn place(c: &mut Ctx, p: P) -> Option<Place> {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let id = it
        .next()
        .map_or_else(|| missing_ident(span), |i| c.ident(&i));
    let (mut name, mut location, mut refuelling) = (None, None, false);
    let (mut known_to, mut shared, mut stretch) = (None, None, None);
    let mut tried = false;
    for k in it {
        match k.as_rule() {
            Rule::string => name = Some(c.text(k)),
            Rule::at_point => {
                tried = true;
                location = kids(k)
                    .nth(1)
                    .and_then(|pt| c.point(pt))
                    .map(PlaceLocation::At)
            }
            Rule::edge => {
                tried = true;
                let mut e = kids(k).skip(1);
                location = e
                    .next()
                    .and_then(|e| c.vocab(&e, Edge::ALL, Edge::keyword, "a table edge"))
                    .map(PlaceLocation::Edge);
                stretch = e.next().and_then(|s| edge_stretch(c, s));
            }
            Rule::refuelling => refuelling = true,
            Rule::known_to => known_to = self::known_to(c, k),
            Rule::shared => shared = self::shared(c, k),
            _ => {}
        }
    }
    one_knowledge(c, &id, &known_to, &mut shared);
    let Some(location) = location else {
        if tried {
            return None;
        }
        c.error(
            Code::MC001,
            id.span,
            format!("place `{}` has no location", id.name),
            "location missing",
            Some("add `at (x,y)` or `edge north`".into()),
        );
        return None;
    };
    Some(Place {
        id,
        name,
        location,
        stretch,
        refuelling,
        known_to,
        shared,
        span,
    })
}

/// `from P to Q` or `at P` after `edge SIDE`.
fn edge_stretch(c: &mut Ctx, p: P) -> Option<EdgeStretch> {
    let span = c.span(&p);
    let points: Vec<P> = kids(p).filter(|k| k.as_rule() == Rule::point).collect();
    let mut pts = Vec::with_capacity(2);
    for pt in points {
        pts.push(c.point(pt)?);
    }
    let from = *pts.first()?;
    let to = pts.get(1).copied().unwrap_or(from);
    Some(EdgeStretch { from, to, span })
}

/// `known-to SIDE` or `known-to umpire`: the side's name, or the word `umpire`
/// itself (a reserved word, so it can never be a side's name).
fn known_to(c: &mut Ctx, p: P) -> Option<Ident> {
    let who = kids(p).nth(1)?;
    if who.as_rule() == Rule::kw_umpire {
        return Some(Ident {
            name: "umpire".into(),
            span: c.span(&who),
        });
    }
    Some(c.ident(&who))
}

/// `shared "reason"`: the reason every side is shown the item.
fn shared(c: &mut Ctx, p: P) -> Option<Text> {
    kids(p).nth(1).map(|s| c.text(s))
}

/// An item is either known to one side or shown to every side on purpose, never
/// both: `known-to` is kept and `shared` reported, so no secret is shown by mistake.
fn one_knowledge(c: &mut Ctx, id: &Ident, known_to: &Option<Ident>, shared: &mut Option<Text>) {
    let Some(k) = known_to else { return };
    if let Some(s) = shared.take() {
        c.error(
            Code::MC001,
            s.span,
            format!(
                "`{}` is both `known-to {}` and `shared`, which contradict each other",
                id.name, k.name
            ),
            "drop this or the `known-to`",
            Some("keep `known-to` for an item one side alone knows, `shared` for one every side is shown".into()),
        );
    }
}
