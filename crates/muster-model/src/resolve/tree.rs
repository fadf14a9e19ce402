//! Finishing the order of battle: MC103 (not a tree), command elements, units
//! arriving later, and the positions of elements carried by others.
use muster_syntax::Code;

use super::Ctx;
use crate::model::*;
use muster_rules::vocab::Posture;
use muster_syntax::Diagnostic;

/// Runs the final checks and fills in derived unit and element fields.
pub(crate) fn finish(cx: &mut Ctx) {
    attachments(cx);
    for u in 0..cx.model.units.len() {
        cx.model.units[u].command_element = command_element(&cx.model, UnitId(u));
    }
    arrivals(&mut cx.model);
    carried(&mut cx.model);
}

/// The unit a unit's attachment points at, if it resolved.
fn attached(m: &Model, u: UnitId) -> Option<UnitId> {
    match m.units[u.0].attached_to.as_ref()?.target? {
        Target::Unit(t) => Some(t),
        _ => None,
    }
}

/// Whether `a` is `b` or written inside it.
fn is_within(m: &Model, a: UnitId, b: UnitId) -> bool {
    let mut cur = Some(a);
    let mut steps = 0;
    while let Some(c) = cur {
        if c == b {
            return true;
        }
        steps += 1;
        if steps > m.units.len() {
            return false;
        }
        cur = m.units[c.0].parent;
    }
    false
}

fn report(cx: &mut Ctx, u: UnitId, message: String, help: &str) {
    let Some(r) = cx.model.units[u.0].attached_to.as_ref() else {
        return;
    };
    let d = Diagnostic::error(Code::MC103, message)
        .with_label(r.name.loc.file, r.name.loc.span, "attached here")
        .with_help(help)
        .with_paragraph("§9");
    cx.push(d);
}

fn attachments(cx: &mut Ctx) {
    let n = cx.model.units.len();
    let mut bad = vec![false; n];
    for u in (0..n).map(UnitId) {
        let Some(t) = attached(&cx.model, u) else {
            continue;
        };
        let id = cx.model.units[u.0].name.id.clone();
        let tid = cx.model.units[t.0].name.id.clone();
        if t == u {
            bad[u.0] = true;
            report(
                cx,
                u,
                format!("unit `{id}` is attached to itself"),
                "attach it to another unit, or remove `attached-to`",
            );
        } else if is_within(&cx.model, t, u) {
            bad[u.0] = true;
            report(
                cx,
                u,
                format!("unit `{id}` is attached to `{tid}`, which is part of it"),
                "a unit can only be attached to a unit outside itself",
            );
        } else if cx.model.units[t.0].side != cx.model.units[u.0].side {
            bad[u.0] = true;
            report(
                cx,
                u,
                format!("unit `{id}` is attached to `{tid}` of the other side"),
                "attach it to a unit of its own side",
            );
        }
    }
    // Cycles through several attachments: follow the line of command upwards.
    let up = |m: &Model, bad: &[bool], u: UnitId| -> Option<UnitId> {
        match attached(m, u) {
            Some(t) if !bad[u.0] => Some(t),
            _ => m.units[u.0].parent,
        }
    };
    let mut done = vec![false; n];
    for start in (0..n).map(UnitId) {
        let mut path: Vec<UnitId> = Vec::new();
        let mut cur = Some(start);
        while let Some(c) = cur {
            if done[c.0] {
                break;
            }
            if let Some(i) = path.iter().position(|p| *p == c) {
                let cycle: Vec<UnitId> = path[i..].to_vec();
                let names: Vec<String> = cycle
                    .iter()
                    .chain(std::iter::once(&c))
                    .map(|u| format!("`{}`", cx.model.units[u.0].name.id))
                    .collect();
                let at = cycle
                    .iter()
                    .copied()
                    .filter(|u| attached(&cx.model, *u).is_some())
                    .min();
                if let Some(at) = at {
                    bad[at.0] = true;
                    report(
                        cx,
                        at,
                        format!("attachment cycle: {}", names.join(" -> ")),
                        "break the cycle: one of these units must stay under its own parent",
                    );
                }
                break;
            }
            path.push(c);
            cur = up(&cx.model, &bad, c);
        }
        for p in path {
            done[p.0] = true;
        }
    }
}

/// A unit's command element (§10, §79): its `hq`, else an element that is a
/// command element by type (a `command` foot element, a command tank), else one
/// carrying the `commander`.
pub(crate) fn command_element(m: &Model, u: UnitId) -> Option<ElementId> {
    let els = &m.units[u.0].elements;
    let find = |f: &dyn Fn(&Element) -> bool| els.iter().copied().find(|e| f(&m.elements[e.0]));
    find(&|e| e.is_hq)
        .or_else(|| find(&Element::is_command_element))
        .or_else(|| find(&Element::carries_command))
}

/// Marks units named by an arrival, and everything inside them, as arriving later.
fn arrivals(m: &mut Model) {
    let named: Vec<UnitId> = m
        .arrivals
        .iter()
        .filter_map(|a| match a.unit.target {
            Some(Target::Unit(u)) => Some(u),
            _ => None,
        })
        .collect();
    for u in 0..m.units.len() {
        if named.iter().any(|a| is_within(m, UnitId(u), *a)) {
            m.units[u].arrives_later = true;
        }
    }
}

/// Elements embussed in or riding on another stand where their carrier stands.
fn carried(m: &mut Model) {
    for i in 0..m.elements.len() {
        let e = &m.elements[i];
        if e.pos.is_some() || e.has_posture(Posture::OffTable) {
            continue;
        }
        let carrier = [&e.embussed_in, &e.riding_on]
            .into_iter()
            .flatten()
            .find_map(|r| match r.target {
                Some(Target::Element(c)) => Some(c),
                _ => None,
            });
        if let Some(c) = carrier {
            if c.0 != i {
                m.elements[i].pos = m.elements[c.0].pos;
            }
        }
    }
}
