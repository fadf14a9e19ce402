//! MC406 order-repeats-parent: a separate order that says what the parent's says.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC406,
    summary: "a separate order identical to its parent's",
    explanation: "A unit without an order of its own acts on its parent's (§83); a separate \
order exists to give it a different task. One with the same stance, intensity, objective \
and timing as the parent's adds nothing and is usually a copy the author meant to change.",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
    platoon p1 "1 Platoon" {
      hq p1-hq command figures 2 at (560,500)
    }
  }
}
orders red {
  a attack full (500,900)
  p1 attack full (500,900) //~ MC406
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
    platoon p1 "1 Platoon" {
      hq p1-hq command figures 2 at (560,500)
    }
  }
}
orders red {
  a attack full (500,900)
  p1 attack probe (700,900)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for o in &cx.model.orders {
        let Some(Target::Unit(u)) = o.unit.target else {
            continue;
        };
        let Some(parent) = cx.superior(u) else {
            continue;
        };
        let Some(p) = cx.effective_order(parent) else {
            continue;
        };
        if same(cx, o, p) {
            out.push(
                RULE.report(format!("the order for `{}` repeats its parent's order", o.unit.name.id), o.unit.name.loc, "same order")
                    .related(p.unit.name.loc, format!("order of `{}`", p.unit.name.id))
                    .with_help("remove it so the unit follows its parent, or change it to give the unit its own task"),
            );
        }
    }
    out
}

fn same(cx: &Context, a: &Order, b: &Order) -> bool {
    a.stance.map(|s| s.0) == b.stance.map(|s| s.0)
        && a.intensity.map(|s| s.0) == b.intensity.map(|s| s.0)
        && objective(&a.objective) == objective(&b.objective)
        // an order in phases is a task of its own, never a mere repeat
        && a.phases.is_empty()
        && b.phases.is_empty()
        && a.timing.len() == b.timing.len()
        && a.timing
            .iter()
            .zip(&b.timing)
            .all(|(x, y)| timing(cx, x) == timing(cx, y))
}

#[derive(PartialEq)]
enum Obj {
    None,
    Target(Option<Target>, String),
    Bearing(i64),
    Point(i64, i64),
}

fn objective(o: &Option<Objective>) -> Obj {
    match o {
        None => Obj::None,
        Some(Objective::Ref(r)) => Obj::Target(r.target, r.name.id.clone()),
        Some(Objective::Bearing(b, _)) => Obj::Bearing(b.round() as i64),
        Some(Objective::Point(p, _)) => Obj::Point(p.x.round() as i64, p.y.round() as i64),
    }
}

/// A timing as a comparable key; a clock time stands for the turn it falls in.
fn timing(cx: &Context, t: &Timing) -> (u8, i64) {
    match t {
        Timing::Immediately(_) => (0, 0),
        Timing::By(n, _) => (1, i64::from(*n)),
        Timing::After(n, _) => (2, i64::from(*n)),
        Timing::Until(n, _) => (3, i64::from(*n)),
        Timing::OnSignal(r) => (
            4,
            r.target
                .map(|t| {
                    if let Target::Signal(s) = t {
                        s.0 as i64
                    } else {
                        -1
                    }
                })
                .unwrap_or(-2),
        ),
        Timing::At(m, l) => match cx.turn_of(When::Clock(*m, *l)) {
            Some(turn) => (5, turn),
            None => (9, i64::from(*m)),
        },
        Timing::UntilEnd(_) => (6, 0),
        Timing::Condition(c) => (
            7 + u8::from(c.unless),
            c.signal.target.map_or(-2, |t| match t {
                Target::Signal(s) => s.0 as i64,
                _ => -1,
            }),
        ),
    }
}
