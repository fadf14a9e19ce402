//! Lowering of `arrival`, `event`, `victory`, `intel` and top-level `umpire` items.

use super::ctx::{kids, side_block};
use super::header::clock;
use super::orders::turn_of;
use super::{Ctx, P};
use crate::ast::{
    Arrival, Event, GroupMember, Intel, IntelEntry, LossKind, Objective, SignalCondition,
    UmpireNote, Victory, VictoryCondition, VictoryGroup, VictoryLevel, When,
};
use crate::grammar::Rule;
use crate::literal;
use crate::span::{Ident, Span, Spanned};
use muster_rules::limits;
use muster_rules::vocab::{Grade, GroupMode, Precision};

/// A `turn N` or a clock time.
fn when(c: &mut Ctx, p: P) -> Option<When> {
    match p.as_rule() {
        Rule::turn_when => turn_of(c, p).map(When::Turn),
        Rule::lit => clock(c, &p).map(When::Clock),
        _ => None,
    }
}

/// `if signal S by turn N` / `unless signal S by HH:MM` of the grammar.
fn signal_condition(c: &mut Ctx, p: P) -> Option<SignalCondition> {
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
            Rule::condition => cond = signal_condition(c, k),
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
            Rule::condition => cond = signal_condition(c, k),
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

/// `victory side [level] "prose" conditions…` or `… all|any { conditions and groups }`
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
        level: None,
        prose: Spanned::new(String::new(), span),
        conditions: Vec::new(),
        group: VictoryGroup {
            mode: GroupMode::All,
            members: Vec::new(),
            span,
            written: false,
        },
        span,
    };
    let mut top = std::mem::take(&mut v.group.members);
    let mut mode: Option<(GroupMode, Span)> = None;
    for k in it {
        match k.as_rule() {
            Rule::string => v.prose = c.text(k),
            Rule::victory_level => v.level = level(c, k),
            Rule::group_mode => mode = group_mode(c, &k),
            Rule::victory_group => {
                if let Some(g) = group(c, k, &mut v.conditions) {
                    top.push(GroupMember::Group(g));
                }
            }
            _ => member(c, k, &mut v.conditions, &mut top),
        }
    }
    if let Some((m, _)) = mode {
        v.group.mode = m;
        v.group.written = true;
    }
    v.group.members = top;
    v
}

/// `decisive`, `marginal` or `points N`.
fn level(c: &mut Ctx, p: P) -> Option<Spanned<VictoryLevel>> {
    let k = kids(p).next()?;
    match k.as_rule() {
        Rule::points_level => {
            let n = kids(k).nth(1)?;
            let v = c.ranged(&n, literal::tally, &limits::VICTORY_POINTS)?;
            Some(Spanned::new(VictoryLevel::Points(v.value), v.span))
        }
        _ => c
            .vocab(&k, Grade::ALL, Grade::keyword, "a victory level")
            .map(|g| Spanned::new(VictoryLevel::Grade(g.value), g.span)),
    }
}

fn group_mode(c: &mut Ctx, p: &P) -> Option<(GroupMode, Span)> {
    c.vocab(p, GroupMode::ALL, GroupMode::keyword, "a group")
        .map(|m| (m.value, m.span))
}

/// `all { … }` / `any { … }` nested inside a victory's group.
fn group(c: &mut Ctx, p: P, conditions: &mut Vec<VictoryCondition>) -> Option<VictoryGroup> {
    let span = c.span(&p);
    let mut members = Vec::new();
    let mut mode = None;
    for k in kids(p) {
        match k.as_rule() {
            Rule::group_mode => mode = group_mode(c, &k),
            Rule::victory_group => {
                let g = stacker::maybe_grow(64 * 1024, 1024 * 1024, || group(c, k, conditions));
                if let Some(g) = g {
                    members.push(GroupMember::Group(g));
                }
            }
            _ => member(c, k, conditions, &mut members),
        }
    }
    Some(VictoryGroup {
        mode: mode?.0,
        members,
        span,
        written: true,
    })
}

/// One condition: appended to the flat list, indexed from its group.
fn member(
    c: &mut Ctx,
    k: P,
    conditions: &mut Vec<VictoryCondition>,
    members: &mut Vec<GroupMember>,
) {
    if let Some(cond) = condition(c, k) {
        members.push(GroupMember::Condition(conditions.len()));
        conditions.push(cond);
    }
}

/// `holds X at end`, `holds X by turn N`, `destroys U`, `exits U at P`,
/// `destroys N models of SIDE`, `inflicts N figures on SIDE`.
fn condition(c: &mut Ctx, k: P) -> Option<VictoryCondition> {
    let ks = c.span(&k);
    match k.as_rule() {
        Rule::holds => {
            let mut h = kids(k).skip(1);
            let target = c.ident(&h.next()?);
            let by = match h.next() {
                Some(b) if b.as_rule() == Rule::by_turn => Some(turn_of(c, b)?),
                _ => None,
            };
            Some(VictoryCondition::Holds {
                target,
                by,
                span: ks,
            })
        }
        Rule::destroys => {
            let target = c.ident(&kids(k).nth(1)?);
            Some(VictoryCondition::Destroys { target, span: ks })
        }
        Rule::destroys_models | Rule::inflicts => {
            let what = match k.as_rule() {
                Rule::inflicts => LossKind::Figures,
                _ => LossKind::Models,
            };
            let mut it = kids(k);
            let n = it.find(|x| matches!(x.as_rule(), Rule::lit | Rule::num))?;
            let count = c.ranged(&n, literal::count, &limits::LOSSES)?;
            let of = c.ident(&it.find(|x| x.as_rule() == Rule::ident)?);
            Some(VictoryCondition::Losses {
                what,
                count,
                of,
                span: ks,
            })
        }
        Rule::exits => {
            let ids: Vec<Ident> = kids(k)
                .filter(|x| x.as_rule() == Rule::path)
                .map(|x| c.ident(&x))
                .collect();
            let mut ids = ids.into_iter();
            let (unit, at) = (ids.next()?, ids.next()?);
            Some(VictoryCondition::Exits { unit, at, span: ks })
        }
        _ => None,
    }
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
