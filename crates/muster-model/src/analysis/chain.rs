//! The line of command (§14, §87a): whom a unit answers to, accounting for
//! attachments, and which command element is "one step directly upwards".

use crate::model::*;

/// The unit a unit answers to: the unit it is attached to, else the one it is
/// written in. A unit attached to itself answers to its parent.
pub(crate) fn superior_unit(m: &Model, u: UnitId) -> Option<UnitId> {
    let unit = &m.units[u.0];
    match unit.attached_to.as_ref().and_then(|r| r.target) {
        Some(Target::Unit(t)) if t != u => Some(t),
        _ => unit.parent,
    }
}

/// Units above `u` in its line of command, nearest first; stops at a cycle
/// (already reported as MC103).
pub(crate) fn line_of_command(m: &Model, u: UnitId) -> Vec<UnitId> {
    let mut out = Vec::new();
    let mut cur = superior_unit(m, u);
    while let Some(c) = cur {
        if c == u || out.contains(&c) || out.len() > m.units.len() {
            break;
        }
        out.push(c);
        cur = superior_unit(m, c);
    }
    out
}

/// The nearest command element above unit `u` (its own command element is not
/// included): what `u`'s command element reports to.
pub(crate) fn command_above(m: &Model, u: UnitId) -> Option<ElementId> {
    line_of_command(m, u)
        .into_iter()
        .find_map(|a| m.units[a.0].command_element)
}

/// The command element one step directly upwards from element `e` (§87a): for a
/// unit's command element, the one above its unit; for any other element, its
/// unit's command element, or the one above when its unit has none (§80).
pub(crate) fn superior_of(m: &Model, e: ElementId) -> Option<ElementId> {
    let u = m.elements[e.0].unit;
    match m.units[u.0].command_element {
        Some(c) if c != e => Some(c),
        _ => command_above(m, u),
    }
}

/// Whether element `e` is placed on the table at the start.
pub(crate) fn placed(m: &Model, e: ElementId) -> Option<Pos> {
    let el = &m.elements[e.0];
    if m.units[el.unit.0].arrives_later {
        return None;
    }
    el.pos
}

/// The order a unit acts on: its own, else its parent's, and so on (§83, §86).
pub(crate) fn orders_of(m: &Model, u: UnitId) -> Vec<&Order> {
    let mut cur = Some(u);
    let mut steps = 0;
    while let Some(c) = cur {
        let own: Vec<&Order> = m
            .orders
            .iter()
            .filter(|o| o.unit.target == Some(Target::Unit(c)))
            .collect();
        if !own.is_empty() {
            return own;
        }
        steps += 1;
        if steps > m.units.len() {
            break;
        }
        cur = m.units[c.0].parent;
    }
    Vec::new()
}

/// Every unit inside `u`, `u` included.
pub(crate) fn subtree(m: &Model, u: UnitId) -> Vec<UnitId> {
    let mut seen = vec![false; m.units.len()];
    seen[u.0] = true;
    let mut out = vec![u];
    let mut i = 0;
    while i < out.len() {
        for c in &m.units[out[i].0].children {
            if !seen[c.0] {
                seen[c.0] = true;
                out.push(*c);
            }
        }
        i += 1;
    }
    out
}
