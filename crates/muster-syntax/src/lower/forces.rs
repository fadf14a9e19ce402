//! Lowering of `forces` and `template` items: units, their headers and bodies.
use crate::Code;

use super::ctx::{kids, side_block};
use super::element::element;
use super::{Ctx, P};
use crate::ast::{
    Forces, HistoricalStrength, Placement, Prepared, SeverityOverride, StartDecl, Template, Text,
    Unit, UnitBody,
};
use crate::grammar::Rule;
use crate::literal;
use crate::span::{Ident, Span, Spanned};
use muster_rules::limits;
use muster_rules::vocab::{Branch, Echelon, Modifier, StrengthKind};

/// `forces side { units }`
pub(crate) fn forces(c: &mut Ctx, p: P) -> Forces {
    let span = c.span(&p);
    let (side, units) = side_block(c, p, Rule::junk_forces, Rule::unit_only, |c, k| {
        match k.as_rule() {
            Rule::unit => unit(c, k),
            _ => None,
        }
    });
    Forces { side, units, span }
}

/// The header settings shared by units and templates.
#[derive(Default)]
struct Header {
    name: Option<Text>,
    template: Option<Ident>,
    at: Option<(crate::ast::Point, Span)>,
    line: Option<(crate::ast::Point, crate::ast::Point, Span)>,
    facing: Option<(Spanned<f64>, Span)>,
    attached_to: Vec<Ident>,
    nation: Option<Ident>,
    notes: Vec<Text>,
    umpire_notes: Vec<Text>,
    dated: Option<(Spanned<i32>, Spanned<i32>)>,
    dated_span: Option<Span>,
    historical: Option<HistoricalStrength>,
    start: Option<StartDecl>,
    prepared: Option<Prepared>,
    overrides: Vec<SeverityOverride>,
    branch: Option<Spanned<Branch>>,
    modifier: Option<Spanned<Modifier>>,
    captured: Option<Span>,
    /// Settings a template does not take, for its diagnostic.
    unit_only: Vec<(String, Span)>,
    body: Option<UnitBody>,
}

/// Reads the header settings and block after a unit's or template's name.
fn header<'i>(c: &mut Ctx, rest: impl Iterator<Item = P<'i>>) -> Header {
    let mut h = Header::default();
    for k in rest {
        let span = c.span(&k);
        let rule = k.as_rule();
        match rule {
            Rule::string => h.name = Some(c.text(k)),
            Rule::from_template => {
                h.unit_only.push(("from".into(), span));
                h.template = kids(k).nth(1).map(|i| c.ident(&i));
            }
            Rule::at_point => {
                h.unit_only.push(("at".into(), span));
                if let Some(pt) = kids(k).nth(1).and_then(|pt| c.point(pt)) {
                    h.at = Some((pt, span));
                }
            }
            Rule::in_line => {
                h.unit_only.push(("in line".into(), span));
                let pts: Vec<P> = kids(k).filter(|x| x.as_rule() == Rule::point).collect();
                let mut pts = pts.into_iter().map(|pt| c.point(pt));
                if let (Some(Some(a)), Some(Some(b))) = (pts.next(), pts.next()) {
                    h.line = Some((a, b, span));
                }
            }
            Rule::facing => {
                h.unit_only.push(("facing".into(), span));
                if let Some(b) = kids(k).nth(1).and_then(|b| c.slit(&b, literal::bearing)) {
                    h.facing = Some((b, span));
                }
            }
            Rule::attached_to => {
                h.unit_only.push(("attached-to".into(), span));
                h.attached_to.extend(kids(k).skip(1).map(|i| c.ident(&i)));
            }
            Rule::nation => h.nation = kids(k).nth(1).map(|i| c.ident(&i)),
            Rule::note => {
                h.unit_only.push(("note".into(), span));
                h.notes.extend(kids(k).nth(1).map(|t| c.text(t)));
            }
            Rule::umpire => {
                h.unit_only.push(("umpire".into(), span));
                h.umpire_notes.extend(kids(k).nth(1).map(|t| c.text(t)));
            }
            Rule::dated => {
                h.dated_span = Some(span);
                if let Some(y) = kids(k).nth(1) {
                    let ys = c.span(&y);
                    let text = y.as_str();
                    if let Some((a, b)) = c.lit(&y, literal::years) {
                        let a = c.within(Spanned::new(a, ys), text, &limits::YEAR);
                        let b = a
                            .as_ref()
                            .and_then(|_| c.within(Spanned::new(b, ys), text, &limits::YEAR));
                        h.dated = a.zip(b);
                    }
                }
            }
            Rule::historical_strength => {
                h.unit_only.push(("historical-strength".into(), span));
                h.historical = historical(c, k, span);
            }
            Rule::start_decl => {
                h.unit_only.push(("start".into(), span));
                let mut a = kids(k).skip(1);
                let word = a.next();
                let reason = a.next();
                h.start = super::scope::start(c, span, word.as_ref(), reason);
            }
            Rule::branch_decl => {
                h.unit_only.push(("branch".into(), span));
                if let Some(w) = kids(k).nth(1) {
                    h.branch = c.vocab(&w, Branch::ALL, Branch::keyword, "a branch");
                }
            }
            Rule::modifier_decl => {
                if let Some(w) = kids(k).nth(1) {
                    h.modifier = c.vocab(&w, Modifier::ALL, Modifier::keyword, "a modifier");
                }
            }
            Rule::captured => {
                h.unit_only.push(("captured".into(), span));
                h.captured = Some(span);
            }
            Rule::prepared => {
                h.unit_only.push(("prepared".into(), span));
                let a: Vec<P> = kids(k).skip(1).collect();
                h.prepared = super::scope::prepared(c, span, a.first(), a.get(1), a.get(2));
            }
            Rule::scoped_override => {
                h.unit_only.push((
                    k.as_str()
                        .split_whitespace()
                        .next()
                        .unwrap_or("allow")
                        .into(),
                    span,
                ));
                let mut a = kids(k);
                if let Some(level) = a.next() {
                    let code = a.next();
                    let reason = a.next();
                    h.overrides.extend(super::scope::scoped_override(
                        c,
                        &level,
                        code.as_ref(),
                        reason,
                    ));
                }
            }
            // Units nest a level per call; grow the stack on the heap rather than
            // overflow a small thread's stack at the deepest nesting the scanner allows.
            Rule::unit_block => {
                h.body = Some(stacker::maybe_grow(64 * 1024, 1024 * 1024, || body(c, k)))
            }
            _ => {}
        }
    }
    h
}

/// The placement from `at`/`in line` and `facing`.
fn placement(c: &mut Ctx, h: &Header) -> Option<Placement> {
    let facing = h.facing.as_ref().map(|(b, _)| b.clone());
    match (&h.at, &h.line) {
        (Some((point, span)), _) => {
            let span = h.facing.as_ref().map_or(*span, |(_, f)| span.join(*f));
            Some(Placement::At {
                point: *point,
                facing,
                span,
            })
        }
        (None, Some((from, to, span))) => {
            let span = h.facing.as_ref().map_or(*span, |(_, f)| span.join(*f));
            Some(Placement::InLine {
                from: *from,
                to: *to,
                facing,
                span,
            })
        }
        (None, None) => {
            if let Some((_, span)) = &h.facing {
                c.error(
                    Code::MC001,
                    *span,
                    "`facing` needs a placement".into(),
                    "facing without a position",
                    Some(
                        "write `at (x,y) facing 90` or `in line from (x,y) to (x,y) facing 90`"
                            .into(),
                    ),
                );
            }
            None
        }
    }
}

/// `company id "Name" header… { body }`
pub(crate) fn unit(c: &mut Ctx, p: P) -> Option<Unit> {
    let span = c.span(&p);
    let mut it = kids(p);
    let e = it.next()?;
    let echelon = c.vocab(&e, Echelon::ALL, Echelon::keyword, "a unit type")?;
    let id = it.next().map_or_else(
        || Ident {
            name: String::new(),
            span,
        },
        |i| c.ident(&i),
    );
    let h = header(c, it);
    if let Some(ds) = h.dated_span {
        c.error(
            Code::MC001,
            ds,
            "`dated` belongs on a template, not on a unit".into(),
            "not allowed on a unit",
            Some("move `dated` to the `template` this unit is made `from`".into()),
        );
    }
    let placement = placement(c, &h);
    Some(Unit {
        echelon,
        id,
        name: h.name,
        template: h.template,
        placement,
        attached_to: h.attached_to,
        nation: h.nation,
        notes: h.notes,
        umpire_notes: h.umpire_notes,
        historical_strength: h.historical,
        start: h.start,
        prepared: h.prepared,
        branch: h.branch,
        modifier: h.modifier,
        captured: h.captured,
        overrides: h.overrides,
        body: h.body.unwrap_or_default(),
        span,
    })
}

/// `historical-strength men N vehicles N guns N "source"`; a count written twice
/// keeps the last, like every other repeated setting.
fn historical(c: &mut Ctx, p: P, span: Span) -> Option<HistoricalStrength> {
    let mut hs = HistoricalStrength {
        men: None,
        vehicles: None,
        guns: None,
        source: Spanned::new(String::new(), span),
        span,
    };
    for k in kids(p) {
        match k.as_rule() {
            Rule::strength_count => {
                let mut parts = kids(k);
                let (Some(kind), Some(n)) = (parts.next(), parts.next()) else {
                    continue;
                };
                let Some(kind) =
                    c.vocab(&kind, StrengthKind::ALL, StrengthKind::keyword, "a count")
                else {
                    continue;
                };
                let n = c.ranged(&n, literal::tally, &limits::HISTORICAL_COUNT);
                match kind.value {
                    StrengthKind::Men => hs.men = n,
                    StrengthKind::Vehicles => hs.vehicles = n,
                    StrengthKind::Guns => hs.guns = n,
                }
            }
            Rule::string => hs.source = c.text(k),
            _ => {}
        }
    }
    Some(hs)
}

/// `template id echelon "Name" dated Y nation N { body }`
pub(crate) fn template(c: &mut Ctx, p: P) -> Option<Template> {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let id = it.next().map_or_else(
        || Ident {
            name: String::new(),
            span,
        },
        |i| c.ident(&i),
    );
    let e = it.next()?;
    let echelon = c.vocab(&e, Echelon::ALL, Echelon::keyword, "a unit type")?;
    let h = header(c, it);
    for (word, sp) in &h.unit_only {
        c.error(
            Code::MC001,
            *sp,
            format!("`{word}` is not allowed on a template"),
            "not allowed on a template",
            Some("a template takes a name, `dated`, `nation` and `modifier`; place and annotate its instances in `forces`".into()),
        );
    }
    Some(Template {
        id,
        echelon,
        name: h.name,
        dated: h.dated,
        nation: h.nation,
        modifier: h.modifier,
        body: h.body.unwrap_or_default(),
        span,
    })
}

/// `{ elements and units }`
fn body(c: &mut Ctx, p: P) -> UnitBody {
    let span = c.span(&p);
    let mut b = UnitBody {
        elements: Vec::new(),
        units: Vec::new(),
        span,
    };
    let mut prev: Option<P> = None;
    for k in kids(p) {
        let this = matches!(k.as_rule(), Rule::element | Rule::unit).then(|| k.clone());
        match k.as_rule() {
            Rule::element => b.elements.extend(element(c, k)),
            Rule::unit => b.units.extend(unit(c, k)),
            Rule::junk_body => {
                if let Some((s, at)) = c.junk(&k, Rule::body_stmt_only, prev.as_ref()) {
                    c.shifted(at, |c| match s.as_rule() {
                        Rule::element => b.elements.extend(element(c, s)),
                        Rule::unit => b.units.extend(unit(c, s)),
                        _ => {}
                    });
                }
            }
            _ => {}
        }
        prev = this;
    }
    b
}
