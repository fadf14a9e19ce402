//! Command nets and orders (§70, §71, §81–§86), resolved against the units and
//! elements of their side.
use muster_syntax::Code;

use super::header::side_for_block;
use super::names::Space;
use super::{loc, name, pos, prose, unresolved, Ctx, FileItems};
use crate::model::*;
use muster_syntax::{ast, Diagnostic, FileId};

/// Resolves every `nets` and `orders` block.
pub(crate) fn resolve(cx: &mut Ctx, items: &[FileItems]) {
    for f in items {
        for item in f.items() {
            match item {
                ast::Item::Nets(n) => nets(cx, f.file, n),
                ast::Item::Orders(o) => orders(cx, f.file, o),
                _ => {}
            }
        }
    }
}

/// The side a resolved target belongs to, for units and elements.
pub(crate) fn side_of(m: &Model, t: Option<Target>) -> Option<SideId> {
    match t? {
        Target::Unit(u) => Some(m.units[u.0].side),
        Target::Element(e) => Some(m.elements[e.0].side),
        _ => None,
    }
}

/// MC106 when a block of one side names a unit or element of another.
pub(crate) fn same_side(cx: &mut Ctx, r: &Ref, side: SideId, block: &str) {
    let Some(other) = side_of(&cx.model, r.target) else {
        return;
    };
    if other == side {
        return;
    }
    let (mine, theirs) = (
        cx.model.sides[side.0].name.id.clone(),
        cx.model.sides[other.0].name.id.clone(),
    );
    let d = Diagnostic::error(
        Code::MC106,
        format!(
            "`{block} {mine}` names `{}`, which belongs to `{theirs}`",
            r.name.id
        ),
    )
    .with_label(
        r.name.loc.file,
        r.name.loc.span,
        format!("a `{theirs}` unit or element"),
    )
    .with_help(format!(
        "move this into `{block} {theirs}`, or name a `{mine}` unit"
    ))
    .with_paragraph("§21");
    cx.push(d);
}

fn element_ref(cx: &mut Ctx, file: FileId, id: &muster_syntax::Ident, side: SideId) -> Ref {
    let mut r = unresolved(file, id);
    cx.resolve_ref(&mut r, &[Space::Element], Some(side));
    same_side(cx, &r, side, "nets");
    r
}

/// A `via` stop: a name resolved among the map's items, or a point as written.
fn waypoint(cx: &mut Ctx, file: FileId, s: &ast::Stop) -> Waypoint {
    match s {
        ast::Stop::Name(id) => {
            let mut r = unresolved(file, id);
            cx.resolve_ref(&mut r, &[Space::Map], None);
            Waypoint {
                stop: Stop::Named(r),
                loc: loc(file, id.span),
            }
        }
        ast::Stop::Point(p) => Waypoint {
            stop: Stop::Point(pos(p)),
            loc: loc(file, p.span),
        },
    }
}

fn nets(cx: &mut Ctx, file: FileId, n: &ast::Nets) {
    let side = side_for_block(cx, file, &n.side, "nets");
    for e in &n.entries {
        match e {
            ast::NetEntry::Radio { from, to, span }
            | ast::NetEntry::Telephone { from, to, span } => {
                let link = Link {
                    side,
                    from: element_ref(cx, file, from, side),
                    to: element_ref(cx, file, to, side),
                    loc: loc(file, *span),
                };
                if matches!(e, ast::NetEntry::Radio { .. }) {
                    cx.model.radio_links.push(link);
                } else {
                    cx.model.telephone_lines.push(link);
                }
            }
            ast::NetEntry::Messenger {
                from,
                to,
                method,
                via,
                span,
            } => {
                let m = Messenger {
                    side,
                    from: element_ref(cx, file, from, side),
                    to: element_ref(cx, file, to, side),
                    method: method.value,
                    via: via.iter().map(|s| waypoint(cx, file, s)).collect(),
                    loc: loc(file, *span),
                };
                cx.model.messengers.push(m);
            }
            ast::NetEntry::Net {
                id,
                name: display,
                members,
                span,
            } => {
                let members = members
                    .iter()
                    .map(|m| element_ref(cx, file, m, side))
                    .collect();
                let n = name(file, id);
                // net names are per side (each side may have its `bn-net`); nothing
                // refers to a net by name, so a duplicate is reported and kept
                let first = cx
                    .model
                    .nets
                    .iter()
                    .find(|x| x.side == side && x.name.id == n.id)
                    .map(|x| x.name.loc);
                if let Some(first) = first {
                    cx.duplicate("net", &n, first);
                }
                cx.model.nets.push(Net {
                    side,
                    name: n,
                    display: display.as_ref().map(|t| t.value.clone()),
                    members,
                    loc: loc(file, *span),
                });
            }
        }
    }
}

/// An objective or intel position: a named place (or unit, for orders) or a point.
pub(crate) fn objective(
    cx: &mut Ctx,
    file: FileId,
    o: &ast::Objective,
    spaces: &[Space],
) -> Objective {
    match o {
        ast::Objective::Ref(i) => {
            let mut r = unresolved(file, i);
            cx.resolve_ref(&mut r, spaces, None);
            Objective::Ref(r)
        }
        ast::Objective::Bearing(b) => Objective::Bearing(b.value, loc(file, b.span)),
        ast::Objective::Point(p) => Objective::Point(pos(p), loc(file, p.span)),
    }
}

fn orders(cx: &mut Ctx, file: FileId, o: &ast::Orders) {
    let side = side_for_block(cx, file, &o.side, "orders");
    for order in &o.orders {
        let mut unit = unresolved(file, &order.unit);
        cx.resolve_ref(&mut unit, &[Space::Unit], Some(side));
        same_side(cx, &unit, side, "orders");
        let objective_ = order
            .objective
            .as_ref()
            .map(|ob| objective(cx, file, ob, &[Space::Map, Space::Unit]));
        let timing_ = order.timing.iter().map(|t| timing(cx, file, t)).collect();
        let phases = order
            .phases
            .iter()
            .map(|ph| Phase {
                stance: ph.stance.as_ref().map(|s| (s.value, loc(file, s.span))),
                intensity: ph.intensity.as_ref().map(|s| (s.value, loc(file, s.span))),
                objective: ph
                    .objective
                    .as_ref()
                    .map(|ob| objective(cx, file, ob, &[Space::Map, Space::Unit])),
                timing: ph.timing.iter().map(|t| timing(cx, file, t)).collect(),
                loc: loc(file, ph.span),
            })
            .collect();
        cx.model.orders.push(Order {
            side,
            unit,
            stance: order.stance.as_ref().map(|s| (s.value, loc(file, s.span))),
            misspelt_stance: order.misspelt_stance.map(|s| loc(file, s)),
            intensity: order
                .intensity
                .as_ref()
                .map(|s| (s.value, loc(file, s.span))),
            objective: objective_,
            timing: timing_,
            prose: order.prose.as_ref().map(|t| prose(file, t)),
            phases,
            loc: loc(file, order.span),
        });
    }
}

fn timing(cx: &mut Ctx, file: FileId, t: &ast::Timing) -> Timing {
    match t {
        ast::Timing::Immediately(s) => Timing::Immediately(loc(file, *s)),
        ast::Timing::By(n) => Timing::By(n.value, loc(file, n.span)),
        ast::Timing::After(n) => Timing::After(n.value, loc(file, n.span)),
        ast::Timing::Until(n) => Timing::Until(n.value, loc(file, n.span)),
        ast::Timing::OnSignal(i) => {
            let mut r = unresolved(file, i);
            cx.resolve_ref(&mut r, &[Space::Signal], None);
            Timing::OnSignal(r)
        }
        ast::Timing::At(c) => Timing::At(c.minutes(), loc(file, c.span)),
        ast::Timing::UntilEnd(s) => Timing::UntilEnd(loc(file, *s)),
        ast::Timing::Condition(c) => Timing::Condition(condition(cx, file, c)),
    }
}

/// Resolves `if signal S by …` / `unless signal S by …`.
pub(crate) fn condition(cx: &mut Ctx, file: FileId, c: &ast::SignalCondition) -> SignalCondition {
    let mut signal = unresolved(file, &c.signal);
    cx.resolve_ref(&mut signal, &[Space::Signal], None);
    let by = match &c.by {
        ast::When::Turn(t) => When::Turn(t.value, loc(file, t.span)),
        ast::When::Clock(k) => When::Clock(k.minutes(), loc(file, k.span)),
    };
    SignalCondition {
        unless: c.unless,
        signal,
        by,
        loc: loc(file, c.span),
    }
}
