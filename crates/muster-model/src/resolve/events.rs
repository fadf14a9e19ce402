//! Arrivals, timed events, victory conditions, intel, umpire notes and briefings.
//!
//! Victory conditions: `holds` names a place, area, line, crossing or unit (the
//! map and the order of battle); `destroys` a unit, an element (`unit.element`, or
//! a short name unique among the enemy's elements, else among all) or a crossing;
//! `exits` a unit and a place. Whether the kind fits is MC605's business.

use super::header::side_ref;
use super::names::Space;
use super::orders::{condition, objective, side_of};
use super::{loc, name, prose, unresolved, Ctx, FileItems};
use crate::model::*;
use muster_syntax::{ast, Code, FileId};

fn when(file: FileId, w: &ast::When) -> When {
    match w {
        ast::When::Turn(t) => When::Turn(t.value, loc(file, t.span)),
        ast::When::Clock(c) => When::Clock(c.minutes(), loc(file, c.span)),
    }
}

fn target(cx: &mut Ctx, file: FileId, id: &muster_syntax::Ident, spaces: &[Space]) -> Ref {
    let mut r = unresolved(file, id);
    cx.resolve_ref(&mut r, spaces, None);
    r
}

/// Resolves every arrival, event, victory, intel, umpire and briefing item.
pub(crate) fn resolve(cx: &mut Ctx, items: &[FileItems]) {
    for f in items {
        let file = f.file;
        for item in f.items() {
            match item {
                ast::Item::Arrival(a) => {
                    let unit = target(cx, file, &a.unit, &[Space::Unit]);
                    let at = target(cx, file, &a.at, &[Space::Map]);
                    let cond = a.condition.as_ref().map(|c| condition(cx, file, c));
                    cx.model.arrivals.push(Arrival {
                        side: side_of(&cx.model, unit.target),
                        unit,
                        when: when(file, &a.when),
                        at,
                        prose: a.prose.as_ref().map(|t| prose(file, t)),
                        condition: cond,
                        loc: loc(file, a.span),
                    });
                }
                ast::Item::Event(e) => {
                    let n = name(file, &e.id);
                    // nothing refers to an event by name: a duplicate is reported
                    // and kept, so the umpire still sees both
                    let first = cx
                        .model
                        .events
                        .iter()
                        .find(|x| x.name.id == n.id)
                        .map(|x| x.name.loc);
                    if let Some(first) = first {
                        cx.duplicate("event", &n, first);
                    }
                    let cond = e.condition.as_ref().map(|c| condition(cx, file, c));
                    cx.model.events.push(Event {
                        name: n,
                        when: when(file, &e.when),
                        prose: prose(file, &e.prose),
                        condition: cond,
                        loc: loc(file, e.span),
                    });
                }
                ast::Item::Victory(v) => victory(cx, file, v),
                ast::Item::Intel(i) => intel(cx, file, i),
                ast::Item::Umpire(u) => cx.model.umpire_notes.push(prose(file, &u.text)),
                ast::Item::Briefing(b) => {
                    let side = b.side.as_ref().map(|s| side_ref(cx, file, s, "briefing"));
                    cx.model.briefings.push(Briefing {
                        side,
                        sections: b
                            .sections
                            .iter()
                            .map(|t| (t.section.value, prose(file, &t.text)))
                            .collect(),
                        loc: loc(file, b.span),
                    });
                }
                _ => {}
            }
        }
    }
}

/// What a side destroys: a unit, a map feature (a bridge) or an element. A short
/// element name is looked for among the enemy's elements first, so `destroys hq`
/// is not ambiguous merely because the side has an `hq` of its own.
fn destroyed(cx: &mut Ctx, file: FileId, id: &muster_syntax::Ident, enemy: Option<SideId>) -> Ref {
    let spaces = [Space::Unit, Space::Map, Space::Element];
    let mut r = unresolved(file, id);
    if let Some(e) = enemy.filter(|_| !id.name.contains('.')) {
        if let Some(t) = cx.find(&id.name, &[Space::Unit, Space::Map], None) {
            r.target = Some(t);
            return r;
        }
        match cx.element(&id.name, Some(e), None) {
            Ok(found) => {
                r.target = Some(Target::Element(found));
                ambiguous_across_sides(cx, &r, found, SideId(1 - e.0));
                return r;
            }
            Err(miss) if miss.message.starts_with("ambiguous") => {
                cx.push(miss.at(&r.name));
                return r;
            }
            Err(_) => {}
        }
    }
    cx.resolve_ref(&mut r, &spaces, None);
    r
}

/// MC111: a short element name the enemy and the side itself both use. It is
/// read as the enemy's, but a side may mean its own (MC607 then says so), so the
/// author must write which one.
fn ambiguous_across_sides(cx: &mut Ctx, r: &Ref, enemy_element: ElementId, own: SideId) {
    let own_hits: Vec<String> = cx
        .names
        .elements
        .get(&(own.0, r.name.id.clone()))
        .into_iter()
        .flatten()
        .map(|i| format!("`{}`", cx.model.elements[i.0].qualified))
        .collect();
    if own_hits.is_empty() {
        return;
    }
    let theirs = &cx.model.elements[enemy_element.0].qualified;
    let d = muster_syntax::Diagnostic::error(
        Code::MC111,
        format!("`{}` names an element of both sides", r.name.id),
    )
    .with_label(
        r.name.loc.file,
        r.name.loc.span,
        "ambiguous: the enemy's or your own?",
    )
    .with_label(
        cx.model.elements[enemy_element.0].name.loc.file,
        cx.model.elements[enemy_element.0].name.loc.span,
        format!("the enemy's `{theirs}`"),
    )
    .with_help(format!(
        "qualify it: write `{theirs}` for the enemy's, or {} for the side's own",
        muster_syntax::wording::and_list(&own_hits).replace(" and ", " or ")
    ));
    cx.push(d);
}

fn victory(cx: &mut Ctx, file: FileId, v: &ast::Victory) {
    let side = side_ref(cx, file, &v.side, "victory");
    let enemy = match side.target {
        Some(Target::Side(s)) if cx.model.sides.len() == 2 => Some(SideId(1 - s.0)),
        _ => None,
    };
    let conditions = v
        .conditions
        .iter()
        .map(|c| match c {
            ast::VictoryCondition::Holds {
                target: t,
                by,
                span,
            } => Condition::Holds {
                target: target(cx, file, t, &[Space::Map, Space::Unit]),
                by: by.as_ref().map(|b| b.value),
                loc: loc(file, *span),
            },
            ast::VictoryCondition::Destroys { target: t, span } => Condition::Destroys {
                target: destroyed(cx, file, t, enemy),
                loc: loc(file, *span),
            },
            ast::VictoryCondition::Exits { unit, at, span } => Condition::Exits {
                unit: target(cx, file, unit, &[Space::Unit]),
                at: target(cx, file, at, &[Space::Map]),
                loc: loc(file, *span),
            },
            ast::VictoryCondition::Losses {
                what,
                count,
                of,
                span,
            } => Condition::Losses {
                what: *what,
                count: count.value,
                of: side_ref(cx, file, of, "victory"),
                loc: loc(file, *span),
            },
        })
        .collect();
    cx.model.victories.push(Victory {
        side,
        level: v.level.as_ref().map(|l| (l.value, loc(file, l.span))),
        prose: prose(file, &v.prose),
        conditions,
        group: group(file, &v.group),
        loc: loc(file, v.span),
    });
}

fn group(file: FileId, g: &ast::VictoryGroup) -> ConditionGroup {
    ConditionGroup {
        mode: g.mode,
        members: g
            .members
            .iter()
            .map(|m| match m {
                ast::GroupMember::Condition(i) => GroupMember::Condition(*i),
                ast::GroupMember::Group(g) => GroupMember::Group(group(file, g)),
            })
            .collect(),
        written: g.written,
        loc: loc(file, g.span),
    }
}

fn intel(cx: &mut Ctx, file: FileId, i: &ast::Intel) {
    let side = side_ref(cx, file, &i.side, "intel");
    for e in &i.entries {
        let unit = target(cx, file, &e.unit, &[Space::Unit]);
        let seen_at = e
            .seen_at
            .as_ref()
            .map(|o| objective(cx, file, o, &[Space::Map]));
        cx.model.intel.push(IntelEntry {
            side: side.clone(),
            unit,
            seen_at,
            precision: e.precision.as_ref().map(|p| p.value),
            words: e.words.as_ref().map(|t| prose(file, t)),
            loc: loc(file, e.span),
        });
    }
}
