//! Lowering of `arrival`, `event`, `victory`, `intel` and top-level `umpire` items.

use super::ctx::{kids, side_block};
use super::header::clock;
use super::orders::turn_of;
use super::{Ctx, P};
use crate::ast::{
    Arrival, Event, Intel, IntelEntry, Objective, SignalCondition, UmpireNote, Victory,
    VictoryCondition, When,
};
use crate::grammar::Rule;
use crate::span::{Ident, Spanned};
use muster_rules::vocab::Precision;

/// A `turn N` or a clock time.
fn when(c: &mut Ctx, p: P) -> Option<When> {
    match p.as_rule() {
        Rule::turn_when => turn_of(c, p).map(When::Turn),
        Rule::lit => clock(c, &p).map(When::Clock),
        _ => None,
    }
}

/// `if signal S by turn N` / `unless signal S by HH:MM` of the grammar.
fn condition(c: &mut Ctx, p: P) -> Option<SignalCondition> {
    let span = c.span(&p);
    let mut it = kids(p);
    let unless = it.next()?.as_str() == "unless";
    let signal = c.ident(&it.nth(1)?);
    let by = when(c, it.nth(1)?)?;
    Some(SignalCondition {
        unless,
        signal,
        by,
        span,
    })
}

/// `arrival unit turn 4 at place ["prose"] [if|unless signal S by …]`
pub(crate) fn arrival(c: &mut Ctx, p: P) -> Option<Arrival> {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let unit = c.ident(&it.next()?);
    let when = when(c, it.next()?);
    let at = c.ident(&it.nth(1)?);
    let mut prose = None;
    let mut cond = None;
    for k in it {
        match k.as_rule() {
            Rule::string => prose = Some(c.text(k)),
            Rule::condition => cond = condition(c, k),
            _ => {}
        }
    }
    Some(Arrival {
        unit,
        when: when?,
        at,
        prose,
        condition: cond,
        span,
    })
}

/// `event id turn 3 "prose" [if|unless signal S by …]`
pub(crate) fn event(c: &mut Ctx, p: P) -> Option<Event> {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let id = c.ident(&it.next()?);
    let when = when(c, it.next()?);
    let mut prose = None;
    let mut cond = None;
    for k in it {
        match k.as_rule() {
            Rule::string => prose = Some(c.text(k)),
            Rule::condition => cond = condition(c, k),
            _ => {}
        }
    }
    Some(Event {
        id,
        when: when?,
        prose: prose?,
        condition: cond,
        span,
    })
}

/// `victory side "prose" conditions…`
pub(crate) fn victory(c: &mut Ctx, p: P) -> Victory {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let side = it.next().map_or_else(
        || Ident {
            name: String::new(),
            span,
        },
        |i| c.ident(&i),
    );
    let mut v = Victory {
        side,
        prose: Spanned::new(String::new(), span),
        conditions: Vec::new(),
        span,
    };
    for k in it {
        let ks = c.span(&k);
        match k.as_rule() {
            Rule::string => v.prose = c.text(k),
            Rule::holds => {
                let mut h = kids(k).skip(1);
                let Some(target) = h.next().map(|t| c.ident(&t)) else {
                    continue;
                };
                let by = match h.next() {
                    Some(b) if b.as_rule() == Rule::by_turn => match turn_of(c, b) {
                        Some(t) => Some(t),
                        None => continue,
                    },
                    _ => None,
                };
                v.conditions.push(VictoryCondition::Holds {
                    target,
                    by,
                    span: ks,
                });
            }
            Rule::destroys => {
                if let Some(t) = kids(k).nth(1) {
                    let target = c.ident(&t);
                    v.conditions
                        .push(VictoryCondition::Destroys { target, span: ks });
                }
            }
            Rule::exits => {
                let ids: Vec<Ident> = kids(k)
                    .filter(|x| x.as_rule() == Rule::path)
                    .map(|x| c.ident(&x))
                    .collect();
                let mut ids = ids.into_iter();
                if let (Some(unit), Some(at)) = (ids.next(), ids.next()) {
                    v.conditions
                        .push(VictoryCondition::Exits { unit, at, span: ks });
                }
            }
            _ => {}
        }
    }
    v
}

/// `intel side { entries }`
pub(crate) fn intel(c: &mut Ctx, p: P) -> Intel {
    let span = c.span(&p);
    let (side, entries) = side_block(
        c,
        p,
        Rule::junk_intel,
        Rule::intel_entry_only,
        |c, k| match k.as_rule() {
            Rule::intel_entry => entry(c, k),
            _ => None,
        },
    );
    Intel {
        side,
        entries,
        span,
    }
}

/// `unit seen at place precision "words"` or `unit known "words"`
fn entry(c: &mut Ctx, p: P) -> Option<IntelEntry> {
    let span = c.span(&p);
    let mut it = kids(p);
    let unit = c.ident(&it.next()?);
    let mut e = IntelEntry {
        unit,
        seen_at: None,
        precision: None,
        words: None,
        span,
    };
    for k in it {
        match k.as_rule() {
            Rule::seen => {
                if let Some(x) = kids(k).nth(2) {
                    e.seen_at = match x.as_rule() {
                        Rule::point => c.point(x).map(Objective::Point),
                        _ => Some(Objective::Ref(c.ident(&x))),
                    };
                }
            }
            Rule::intel_word => {
                e.precision = c.vocab(&k, Precision::ALL, Precision::keyword, "a precision")
            }
            Rule::string => e.words = Some(c.text(k)),
            _ => {}
        }
    }
    Some(e)
}

/// Top-level `umpire "…"`.
pub(crate) fn umpire(c: &mut Ctx, p: P) -> Option<UmpireNote> {
    let span = c.span(&p);
    let text = c.text(kids(p).nth(1)?);
    Some(UmpireNote { text, span })
}
