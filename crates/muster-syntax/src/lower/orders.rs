//! Lowering of `orders` blocks and `signal` items.
use crate::Code;

use super::ctx::{kids, nearest, side_block};
use super::header::clock;
use super::{Ctx, P};
use crate::ast::{
    Objective, Order, Orders, Phase, Signal, SignalCondition, SignalTrigger, Timing, When,
};
use crate::grammar::Rule;
use crate::literal;
use crate::span::{Span, Spanned};
use muster_rules::limits;
use muster_rules::vocab::{Intensity, SignalKind, Stance};

/// `orders side { orders }`
pub(crate) fn orders(c: &mut Ctx, p: P) -> Orders {
    let span = c.span(&p);
    let (side, orders) = side_block(c, p, Rule::junk_orders, Rule::order_only, |c, k| {
        match k.as_rule() {
            Rule::order => orders_of(c, k),
            _ => Vec::new(),
        }
    });
    Orders { side, orders, span }
}

/// The turn number of `by turn N` and friends.
pub(crate) fn turn_of(c: &mut Ctx, p: P) -> Option<Spanned<u32>> {
    let l = kids(p).find(|k| k.as_rule() == Rule::num)?;
    c.ranged(&l, literal::turn, &limits::TURN_NUMBER)
}

/// One `order` of the grammar, split where a later order starts with a misspelt
/// stance: the grammar only sees a new order at `unit stance`, so without the split
/// `b atack hill` after another order would read as more objectives of that order.
fn orders_of(c: &mut Ctx, p: P) -> Vec<Order> {
    let toks: Vec<P> = kids(p).collect();
    let mut out = Vec::new();
    let mut start = 0;
    for j in order_splits(&toks) {
        out.extend(order(c, &toks[start..j]));
        start = j;
    }
    out.extend(order(c, &toks[start..]));
    out
}

/// Where one grammar `order` holds the start of another: the indices of the
/// tokens that begin a further order. The concrete tree splits there too, so the
/// formatter keeps each such order on a line of its own.
pub(crate) fn order_splits(toks: &[P]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut start = 0;
    for j in 2..toks.len() {
        if j > start + 1
            && (starts_misspelt_order(toks, j) || starts_order_without_stance(toks, start, j))
        {
            out.push(j);
            start = j;
        }
    }
    out
}

/// The words an order reads as its own keywords (timings, bearings, conditions),
/// never as a unit or an objective.
const ORDER_KEYWORDS: &[&str] = &[
    "immediately",
    "by",
    "after",
    "until",
    "on",
    "at",
    "bearing",
    "turn",
    "then",
    "if",
    "unless",
    "end",
];

/// Whether `toks[j]` is a unit followed by a misspelt stance (`b atack`), rather
/// than an argument of the word before it or a keyword of the order.
fn starts_misspelt_order(toks: &[P], j: usize) -> bool {
    let is_word = |t: &P| t.as_rule() == Rule::order_word;
    let keyword = |w: &str| ORDER_KEYWORDS.contains(&w) || Intensity::from_keyword(w).is_some();
    let (Some(prev), Some(unit), Some(next)) = (toks.get(j - 1), toks.get(j), toks.get(j + 1))
    else {
        return false;
    };
    is_word(unit)
        && is_word(next)
        && !keyword(unit.as_str())
        && !keyword(next.as_str())
        && !(is_word(prev) && ["bearing", "on", "turn"].contains(&prev.as_str()))
        && prev.as_rule() != Rule::kw_signal
        && Stance::from_keyword(next.as_str()).is_none()
        // the stance list is built only for the few tokens that get this far
        && nearest(
            next.as_str(),
            &Stance::ALL.iter().map(|s| s.keyword()).collect::<Vec<_>>(),
        )
        .is_some()
}

/// Whether `toks[j]` starts a line and would otherwise be a second objective of the
/// order begun at `toks[start]`: it is then the unit of a next order that has no
/// stance (`b (500,700)`), reported as MC401 rather than as a second objective.
fn starts_order_without_stance(toks: &[P], start: usize, j: usize) -> bool {
    let plain = |t: &P| {
        t.as_rule() == Rule::order_word
            && !ORDER_KEYWORDS.contains(&t.as_str())
            && Intensity::from_keyword(t.as_str()).is_none()
    };
    let takes_word = |t: &P| {
        t.as_rule() == Rule::kw_signal || ["bearing", "on", "turn", "then"].contains(&t.as_str())
    };
    let Some(unit) = toks.get(j) else {
        return false;
    };
    // the two token tests first: most tokens fail them, and the line and objective
    // searches below walk back over text and tokens
    if !plain(unit) || takes_word(&toks[j - 1]) {
        return false;
    }
    // only blanks between the line's start and the unit; looking back to the last
    // newline keeps this linear (pest's `line_col` scans from the file's start)
    let span = unit.as_span();
    let before = span.get_input().get(..span.start()).unwrap_or("");
    let first_on_line = before
        .rsplit('\n')
        .next()
        .unwrap_or("")
        .chars()
        .all(char::is_whitespace);
    // the words after the unit and the stance that already name an objective
    let has_objective = (start + 1..j).any(|i| {
        let t = &toks[i];
        let after_arg = i > start + 1 && takes_word(&toks[i - 1]);
        t.as_rule() == Rule::point
            || t.as_str() == "bearing"
            || (i > start + 1 && plain(t) && !after_arg)
    });
    first_on_line && has_objective
}

/// `unit stance [intensity] [objective] timing… ["prose"]`
fn order(c: &mut Ctx, toks: &[P]) -> Option<Order> {
    let span = c.span(toks.first()?).join(c.span(toks.last()?));
    let mut it = toks.iter().cloned().peekable();
    let unit = c.ident(&it.next()?);
    // The stance may be missing: the tree keeps the order and the checks report
    // MC401, so the author hears "no stance", not a syntax error.
    let mut misspelt_stance = None;
    let mut read_stance = |c: &mut Ctx, s: P| {
        let read = c.vocab(&s, Stance::ALL, Stance::keyword, "a stance");
        if read.is_none() {
            misspelt_stance = Some(c.span(&s));
        }
        read
    };
    let stance = match it.peek() {
        Some(s) if s.as_rule() == Rule::stance => it.next().and_then(|s| read_stance(c, s)),
        // `atack`: a misspelt stance reads better as a typo than as a missing
        // stance followed by a strange objective.
        Some(w)
            if w.as_rule() == Rule::order_word
                && Stance::from_keyword(w.as_str()).is_none()
                && nearest(
                    w.as_str(),
                    &Stance::ALL.iter().map(|s| s.keyword()).collect::<Vec<_>>(),
                )
                .is_some() =>
        {
            it.next().and_then(|s| read_stance(c, s))
        }
        _ => None,
    };
    let mut o = Order {
        unit,
        stance,
        misspelt_stance,
        intensity: None,
        objective: None,
        timing: Vec::new(),
        prose: None,
        phases: Vec::new(),
        span,
    };
    // Phases are read into orders of their own, then folded into `o.phases`.
    let mut done: Vec<Order> = Vec::new();
    let toks: Vec<P> = it.collect();
    let mut i = 0;
    while i < toks.len() {
        let k = toks[i].clone();
        i += 1;
        let ks = c.span(&k);
        match k.as_rule() {
            Rule::order_word if k.as_str() == "then" => {
                let next = then_phase(c, &toks, &mut i, ks, &o);
                done.push(std::mem::replace(&mut o, next));
            }
            Rule::order_word => order_word(c, &toks, &mut i, &k, ks, &mut o),
            Rule::point => {
                if let Some(pt) = c.point(k) {
                    set_objective(c, &mut o, Objective::Point(pt), ks);
                }
            }
            Rule::string => {
                if o.prose.is_some() {
                    c.error(
                        Code::MC001,
                        ks,
                        "an order has one quoted text".into(),
                        "second text",
                        Some("join the texts into one".into()),
                    );
                } else {
                    o.prose = Some(c.text(k));
                }
            }
            _ => c.error(
                Code::MC001,
                ks,
                format!("unexpected `{}` in an order", k.as_str()),
                "not understood here",
                Some("an order reads `unit stance [intensity] [objective] [timing] [\"text\"]`, such as `d-coy attack pegasus by turn 2`".into()),
            ),
        }
        o.span = o.span.join(ks);
    }
    if done.is_empty() {
        return Some(o);
    }
    done.push(o);
    fold_phases(done, span)
}

/// The phase after `then`: a new order of the same unit, from its stance on.
fn then_phase(c: &mut Ctx, toks: &[P], i: &mut usize, ks: Span, o: &Order) -> Order {
    let stance = match toks.get(*i).filter(|t| t.as_rule() == Rule::order_word) {
        Some(s) => {
            *i += 1;
            c.vocab(s, Stance::ALL, Stance::keyword, "a stance")
        }
        None => {
            c.error(
                Code::MC001,
                ks,
                "`then` needs the next phase's stance".into(),
                "stance missing",
                Some("write it like `then defend roadblock until end`".into()),
            );
            None
        }
    };
    Order {
        unit: o.unit.clone(),
        stance,
        misspelt_stance: None,
        intensity: None,
        objective: None,
        timing: Vec::new(),
        prose: None,
        phases: Vec::new(),
        span: ks,
    }
}

/// The phases read as orders of their own, folded into the first as its
/// `phases`; the whole order spans `span`.
fn fold_phases(done: Vec<Order>, span: Span) -> Option<Order> {
    let mut segs = done.into_iter();
    let mut first = segs.next()?;
    for seg in segs {
        if seg.prose.is_some() {
            first.prose = seg.prose;
        }
        first.phases.push(Phase {
            stance: seg.stance,
            intensity: seg.intensity,
            objective: seg.objective,
            timing: seg.timing,
            span: seg.span,
        });
    }
    first.span = span;
    Some(first)
}

/// The rest of `if signal S by turn N` / `unless signal S by HH:MM` in an order.
fn order_condition(
    c: &mut Ctx,
    toks: &[P],
    i: &mut usize,
    ks: Span,
    unless: bool,
) -> Option<SignalCondition> {
    let w = if unless { "unless" } else { "if" };
    let example = format!("{w} signal ham-and-jam by turn 4");
    let fail = |c: &mut Ctx, what: &str| {
        c.error(
            Code::MC001,
            ks,
            format!("`{w}` needs {what}"),
            "condition incomplete",
            Some(format!("write it like `{example}`")),
        );
        None
    };
    if take(toks, i, Rule::kw_signal, None).is_none() {
        return fail(c, "the word `signal`");
    }
    let Some(s) = take(toks, i, Rule::order_word, None) else {
        return fail(c, "a signal");
    };
    let signal = c.ident(&s);
    if take(toks, i, Rule::order_word, Some("by")).is_none() {
        return fail(c, "a deadline `by turn N` or `by HH:MM`");
    }
    let (by, last) = if take(toks, i, Rule::order_word, Some("turn")).is_some() {
        let Some(n) = take(toks, i, Rule::lit, None) else {
            return fail(c, "a turn after `by turn`");
        };
        let t = c.ranged(&n, literal::turn, &limits::TURN_NUMBER)?;
        (When::Turn(t), c.span(&n))
    } else {
        let Some(n) = take(toks, i, Rule::lit, None) else {
            return fail(c, "a deadline `by turn N` or `by HH:MM`");
        };
        (When::Clock(clock(c, &n)?), c.span(&n))
    };
    Some(SignalCondition {
        unless,
        signal,
        by,
        span: ks.join(last),
    })
}

/// Takes the next token if it has `rule` (and, for words, reads `word`).
fn take<'i>(toks: &[P<'i>], i: &mut usize, rule: Rule, word: Option<&str>) -> Option<P<'i>> {
    let t = toks
        .get(*i)
        .filter(|t| t.as_rule() == rule && word.is_none_or(|w| t.as_str() == w))?
        .clone();
    *i += 1;
    Some(t)
}

/// A word in an order: a timing keyword, `bearing`, an intensity or the objective.
fn order_word(c: &mut Ctx, toks: &[P], i: &mut usize, k: &P, ks: Span, o: &mut Order) {
    let w = k.as_str();
    let missing = |c: &mut Ctx, what: &str, example: &str| {
        c.error(
            Code::MC001,
            ks,
            format!("`{w}` needs {what}"),
            "argument missing",
            Some(format!("write it like `{example}`")),
        )
    };
    match w {
        "immediately" => o.timing.push(Timing::Immediately(ks)),
        "until" if take(toks, i, Rule::order_word, Some("end")).is_some() => {
            let end = toks.get(*i - 1).map_or(ks, |e| c.span(e));
            o.timing.push(Timing::UntilEnd(ks.join(end)));
        }
        "if" | "unless" => {
            if let Some(cond) = order_condition(c, toks, i, ks, w == "unless") {
                o.timing.push(Timing::Condition(cond));
            }
        }
        "by" | "after" | "until" => {
            let has_turn = take(toks, i, Rule::order_word, Some("turn")).is_some();
            let n = take(toks, i, Rule::lit, None);
            let n = match (has_turn, n) {
                (true, None) => take(toks, i, Rule::order_word, None),
                (false, Some(n)) => {
                    // `by 2`: the intent is clear; say what is missing and read it.
                    missing(
                        c,
                        "the word `turn` before its number",
                        &format!("{w} turn {}", n.as_str()),
                    );
                    Some(n)
                }
                (_, n) => n,
            };
            match n {
                Some(n) => {
                    if let Some(t) = c.ranged(&n, literal::turn, &limits::TURN_NUMBER) {
                        o.timing.push(match w {
                            "by" => Timing::By(t),
                            "after" => Timing::After(t),
                            _ => Timing::Until(t),
                        });
                    }
                }
                None => missing(c, "a turn", &format!("{w} turn 4")),
            }
        }
        "on" => {
            let has_signal = take(toks, i, Rule::kw_signal, None).is_some();
            match take(toks, i, Rule::order_word, None) {
                Some(s) if has_signal => o.timing.push(Timing::OnSignal(c.ident(&s))),
                Some(s) => missing(c, "the word `signal`", &format!("on signal {}", s.as_str())),
                None => missing(c, "a signal", "on signal ham-and-jam"),
            }
        }
        "at" => match take(toks, i, Rule::lit, None) {
            Some(t) => o.timing.extend(clock(c, &t).map(Timing::At)),
            None => missing(c, "a clock time", "at 01:30"),
        },
        "bearing" => {
            match take(toks, i, Rule::lit, None).or_else(|| take(toks, i, Rule::order_word, None)) {
                Some(b) => {
                    let whole = ks.join(c.span(&b));
                    if let Some(b) = c.slit(&b, literal::bearing) {
                        set_objective(c, o, Objective::Bearing(b), whole);
                    }
                }
                None => missing(c, "a bearing", "bearing 90"),
            }
        }
        _ => match Intensity::from_keyword(w) {
            Some(v) if o.intensity.is_none() && o.objective.is_none() => {
                o.intensity = Some(Spanned::new(v, ks));
            }
            _ => {
                let id = c.ident(k);
                set_objective(c, o, Objective::Ref(id), ks);
            }
        },
    }
}

fn set_objective(c: &mut Ctx, o: &mut Order, obj: Objective, span: Span) {
    if o.objective.is_some() {
        c.error(
            Code::MC001,
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

/// `signal id kind "meaning" from sender on trigger affects units colour colours`
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
        colours: Vec::new(),
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
            Rule::colours => {
                for w in kids(k).skip(1) {
                    if let Some(colour) = c.vocab(
                        &w,
                        muster_rules::vocab::Colour::ALL,
                        muster_rules::vocab::Colour::keyword,
                        "a colour",
                    ) {
                        s.colours.push(colour);
                    }
                }
            }
            _ => {}
        }
    }
    Some(s)
}
