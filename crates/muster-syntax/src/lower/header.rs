//! Lowering of `use`, the `scenario` header and `side` items.
use crate::Code;

use super::ctx::kids;
use super::{Ctx, P};
use crate::ast::{ClockTime, Date, Georeference, Player, Scenario, SeverityOverride, Side, Use};
use crate::grammar::Rule;
use crate::literal;
use crate::span::Spanned;
use muster_rules::limits;
use muster_rules::vocab::{Light, SeverityLevel, Weather};

/// `use "path"`
pub(crate) fn use_item(c: &mut Ctx, p: P) -> Use {
    let span = c.span(&p);
    let path = kids(p)
        .find(|k| k.as_rule() == Rule::string)
        .map(|s| c.text(s))
        .unwrap_or_else(|| Spanned::new(String::new(), span));
    Use { path, span }
}

/// `scenario "Title" { settings }`
pub(crate) fn scenario(c: &mut Ctx, p: P) -> Scenario {
    let span = c.span(&p);
    let mut s = Scenario {
        title: Spanned::new(String::new(), span),
        start_date: None,
        start_time: None,
        turns: None,
        turns_written: None,
        turn_length: None,
        end_conditions: Vec::new(),
        first_bound: None,
        weather: None,
        light: None,
        table: None,
        ground_scale: None,
        georeference: None,
        notes: Vec::new(),
        overrides: Vec::new(),
        span,
    };
    for k in kids(p) {
        match k.as_rule() {
            Rule::string => s.title = c.text(k),
            Rule::junk_scenario => {
                if let Some((stmt, at)) = c.junk(&k, Rule::scenario_stmt_only, None) {
                    c.shifted(at, |c| setting(c, stmt, &mut s));
                }
            }
            _ => setting(c, k, &mut s),
        }
    }
    s
}

/// One scenario setting.
fn setting(c: &mut Ctx, p: P, s: &mut Scenario) {
    let rule = p.as_rule();
    if rule == Rule::override_stmt {
        if let Some(o) = override_stmt(c, p) {
            s.overrides.push(o);
        }
        return;
    }
    let span = c.span(&p);
    let mut args = kids(p).skip(1);
    let Some(a) = args.next() else { return };
    match rule {
        Rule::start_stmt => {
            s.start_date = date(c, &a);
            if let Some(t) = args.next() {
                s.start_time = clock(c, &t);
            }
        }
        Rule::turns_stmt => {
            s.turns_written = Some(c.span(&a));
            s.turns = c.ranged(&a, literal::turn_count, &limits::TURNS);
        }
        Rule::turn_length_stmt => {
            s.turn_length = c.ranged(&a, literal::duration, &limits::TURN_LENGTH)
        }
        Rule::first_bound_stmt => s.first_bound = Some(c.ident(&a)),
        Rule::weather_stmt => s.weather = c.vocab(&a, Weather::ALL, Weather::keyword, "a weather"),
        Rule::light_stmt => s.light = c.vocab(&a, Light::ALL, Light::keyword, "a light"),
        Rule::table_stmt => {
            let w = c.ranged(&a, literal::distance, &limits::TABLE_SIDE);
            let d = args
                .nth(1)
                .and_then(|d| c.ranged(&d, literal::distance, &limits::TABLE_SIDE));
            if let (Some(w), Some(d)) = (w, d) {
                s.table = Some((w, d));
            }
        }
        Rule::ground_scale_stmt => {
            s.ground_scale = c.ranged(&a, literal::distance, &limits::GROUND_SCALE)
        }
        Rule::georeference_stmt => s.georeference = georeference(c, a, args, span).map(Box::new),
        Rule::ends_stmt => s.end_conditions.push(c.text(a)),
        Rule::notes_stmt => s.notes.push(c.text(a)),
        _ => {}
    }
}

/// `georeference 49.2410N 0.2720W north-bearing 0 "source"` from its latitude
/// on; `None` when a degree value is refused (MC002, MC004).
fn georeference<'i>(
    c: &mut Ctx,
    lat: P<'i>,
    mut rest: impl Iterator<Item = P<'i>>,
    span: crate::span::Span,
) -> Option<Georeference> {
    let latitude = degrees(c, &lat, literal::latitude, &limits::LATITUDE);
    let longitude = rest
        .next()
        .and_then(|l| degrees(c, &l, literal::longitude, &limits::LONGITUDE));
    let mut north_bearing = None;
    let mut source = None;
    for k in rest {
        match k.as_rule() {
            Rule::num => {
                north_bearing = c
                    .lit(&k, literal::bearing)
                    .map(|b| Spanned::new(b, c.span(&k)))
            }
            Rule::string => source = Some(c.text(k)),
            _ => {}
        }
    }
    Some(Georeference {
        latitude: latitude?,
        longitude: longitude?,
        north_bearing,
        source,
        span,
    })
}

/// Degrees with a hemisphere letter, signed (south and west negative), when the
/// literal is well formed and its size within `limit`.
fn degrees(
    c: &mut Ctx,
    p: &P,
    f: fn(&str) -> Result<(f64, bool), literal::LitError>,
    limit: &limits::Limit,
) -> Option<Spanned<f64>> {
    let span = c.span(p);
    let (size, negative) = c.lit(p, f)?;
    let size = c.within(Spanned::new(size, span), p.as_str(), limit)?;
    Some(Spanned::new(
        if negative { -size.value } else { size.value },
        span,
    ))
}

/// A date literal within the years the language takes.
pub(crate) fn date(c: &mut Ctx, p: &P) -> Option<Date> {
    let da = c.span(p);
    let text = p.as_str();
    c.lit(p, literal::date)
        .filter(|(year, _, _)| {
            c.within(Spanned::new(*year, da), text, &limits::YEAR)
                .is_some()
        })
        .map(|(year, month, day)| Date {
            year,
            month,
            day,
            span: da,
        })
}

/// A clock time literal.
pub(crate) fn clock(c: &mut Ctx, p: &P) -> Option<ClockTime> {
    let span = c.span(p);
    c.lit(p, literal::clock)
        .map(|(hour, minute)| ClockTime { hour, minute, span })
}

/// `allow MC305 "reason"`
fn override_stmt(c: &mut Ctx, p: P) -> Option<SeverityOverride> {
    let span = c.span(&p);
    let mut it = kids(p);
    let level = it.next()?;
    let level = c.vocab(
        &level,
        SeverityLevel::ALL,
        SeverityLevel::keyword,
        "a severity",
    )?;
    let code = rule_code(c, &it.next()?)?;
    let reason = it.next().map(|r| c.text(r));
    Some(SeverityOverride {
        level,
        code,
        reason,
        span,
    })
}

/// A rule code (`MC305`); MC002 when malformed.
pub(crate) fn rule_code(c: &mut Ctx, p: &P) -> Option<Spanned<String>> {
    let code_span = c.span(p);
    let code = p.as_str().to_string();
    if !Code::is_code_shaped(&code) {
        c.error(
            Code::MC002,
            code_span,
            format!("malformed rule code `{code}`"),
            "not a rule code",
            Some("rule codes are `MC` and three digits, such as `MC305`".to_string()),
        );
        return None;
    }
    Some(Spanned::new(code, code_span))
}

/// `side id "Name" nation a b { players }`
pub(crate) fn side(c: &mut Ctx, p: P) -> Side {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let id = it.next().map(|i| c.ident(&i));
    let mut side = Side {
        id: id.unwrap_or_else(|| crate::span::Ident {
            name: String::new(),
            span,
        }),
        name: None,
        nations: Vec::new(),
        players: Vec::new(),
        span,
    };
    for k in it {
        match k.as_rule() {
            Rule::string => side.name = Some(c.text(k)),
            Rule::nations => side.nations = kids(k).skip(1).map(|n| c.ident(&n)).collect(),
            Rule::side_block => {
                for s in kids(k) {
                    match s.as_rule() {
                        Rule::player => side.players.push(player(c, s)),
                        Rule::junk_side => {
                            if let Some((pl, at)) = c.junk(&s, Rule::player_only, None) {
                                let pl = c.shifted(at, |c| player(c, pl));
                                side.players.push(pl);
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    side
}

/// `player id "Name" commands unit`
fn player(c: &mut Ctx, p: P) -> Player {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let id = it.next().map_or_else(
        || crate::span::Ident {
            name: String::new(),
            span,
        },
        |i| c.ident(&i),
    );
    let mut pl = Player {
        id,
        name: None,
        commands: None,
        span,
    };
    for k in it {
        match k.as_rule() {
            Rule::string => pl.name = Some(c.text(k)),
            Rule::path => pl.commands = Some(c.ident(&k)),
            _ => {}
        }
    }
    pl
}
