//! Lowering of `orders` blocks and `signal` items.

use super::ctx::kids;
use super::header::clock;
use super::{Ctx, P};
use crate::ast::{Objective, Order, Orders, Signal, SignalTrigger, Timing};
use crate::grammar::Rule;
use crate::literal;
use crate::span::{Ident, Spanned};
use muster_rules::vocab::{Intensity, SignalKind, Stance};

/// `orders side { orders }`
pub(crate) fn orders(c: &mut Ctx, p: P) -> Orders {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let side = it.next().map_or_else(
        || Ident {
            name: String::new(),
            span,
        },
        |i| c.ident(&i),
    );
    let mut orders = Vec::new();
    for k in it {
        let o = match k.as_rule() {
            Rule::junk_orders => match c.junk(&k, Rule::order_only) {
                Some((s, at)) => c.shifted(at, |c| order(c, s)),
                None => None,
            },
            Rule::order => order(c, k),
            _ => None,
        };
        orders.extend(o);
    }
    Orders { side, orders, span }
}

/// The turn number of `by turn N` and friends.
pub(crate) fn turn_of(c: &mut Ctx, p: P) -> Option<Spanned<u32>> {
    let l = kids(p).find(|k| k.as_rule() == Rule::num)?;
    c.slit(&l, literal::turn)
}

/// `unit stance [intensity] [objective] timing… ["prose"]`
fn order(c: &mut Ctx, p: P) -> Option<Order> {
    let span = c.span(&p);
    let mut it = kids(p);
    let unit = c.ident(&it.next()?);
    let stance = it
        .next()
        .and_then(|s| c.vocab(&s, Stance::ALL, Stance::keyword, "a stance"));
    let mut o = Order {
        unit,
        stance,
        intensity: None,
        objective: None,
        timing: Vec::new(),
        prose: None,
        span,
    };
    for k in it {
        let ks = c.span(&k);
        match k.as_rule() {
            Rule::order_word => {
                let w = k.as_str();
                match Intensity::from_keyword(w) {
                    Some(i) if o.intensity.is_none() && o.objective.is_none() => {
                        o.intensity = Some(Spanned::new(i, ks));
                    }
                    _ => {
                        let id = c.ident(&k);
                        set_objective(c, &mut o, Objective::Ref(id), ks);
                    }
                }
            }
            Rule::point => {
                if let Some(pt) = c.point(k) {
                    set_objective(c, &mut o, Objective::Point(pt), ks);
                }
            }
            Rule::bearing => {
                if let Some(b) = kids(k).nth(1).and_then(|b| c.slit(&b, literal::bearing)) {
                    set_objective(c, &mut o, Objective::Bearing(b), ks);
                }
            }
            Rule::string => {
                if o.prose.is_some() {
                    c.error(
                        "MC001",
                        ks,
                        "an order has one quoted text".into(),
                        "second text",
                        Some("join the texts into one".into()),
                    );
                } else {
                    o.prose = Some(c.text(k));
                }
            }
            Rule::immediately => o.timing.push(Timing::Immediately(ks)),
            Rule::by_turn => o.timing.extend(turn_of(c, k).map(Timing::By)),
            Rule::after_turn => o.timing.extend(turn_of(c, k).map(Timing::After)),
            Rule::until_turn => o.timing.extend(turn_of(c, k).map(Timing::Until)),
            Rule::on_signal => o
                .timing
                .extend(kids(k).nth(2).map(|s| Timing::OnSignal(c.ident(&s)))),
            Rule::at_clock => o
                .timing
                .extend(kids(k).nth(1).and_then(|t| clock(c, &t)).map(Timing::At)),
            _ => {}
        }
    }
    Some(o)
}

fn set_objective(c: &mut Ctx, o: &mut Order, obj: Objective, span: crate::span::Span) {
    if o.objective.is_some() {
        c.error(
            "MC001",
            span,
            "an order has one objective, found a second".into(),
            "second objective",
            Some(
                "give one place, unit, point or bearing; put the rest in the order's quoted text"
                    .into(),
            ),
        );
    } else {
        o.objective = Some(obj);
    }
}

/// `signal id kind "meaning" from sender on trigger affects units`
pub(crate) fn signal(c: &mut Ctx, p: P) -> Option<Signal> {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let id = c.ident(&it.next()?);
    let kind = c.vocab(
        &it.next()?,
        SignalKind::ALL,
        SignalKind::keyword,
        "a signal kind",
    )?;
    let mut s = Signal {
        id,
        kind,
        meaning: None,
        sender: None,
        trigger: None,
        affects: Vec::new(),
        span,
    };
    for k in it {
        match k.as_rule() {
            Rule::string => s.meaning = Some(c.text(k)),
            Rule::sender => s.sender = kids(k).nth(1).map(|i| c.ident(&i)),
            Rule::trigger => {
                let ks = c.span(&k);
                s.trigger = kids(k).nth(1).map(|t| match t.as_rule() {
                    Rule::capture => match kids(t).nth(1) {
                        Some(i) => SignalTrigger::Capture(c.ident(&i)),
                        None => SignalTrigger::Command(ks),
                    },
                    Rule::string => SignalTrigger::Condition(c.text(t)),
                    _ => SignalTrigger::Command(ks),
                });
            }
            Rule::affects => s.affects.extend(kids(k).skip(1).map(|i| c.ident(&i))),
            _ => {}
        }
    }
    Some(s)
}
