//! Forces: unit drafts lowered into the model's units and elements, with absolute
//! positions, and the references units and elements make (attachments, carriers,
//! artillery a FOO registers for, refuelling grounds, task targets).
//!
//! Units written inside a template body take their instance's id as a prefix
//! (`1-bn` from a template with company `a-coy` gives `1-bn-a-coy`), so that a
//! template can be used more than once.
use muster_syntax::Code;

use super::header::side_for_block;
use super::names::Space;
use super::placement::{self, Layout};
use super::templates::{ElemDraft, UnitDraft};
use super::{loc, prose, unresolved, Ctx, FileItems};
use crate::model::*;
use muster_rules::vocab::{Drive, Posture, VehicleRole};
use muster_syntax::{ast, Diagnostic, FileId};
use std::collections::BTreeMap;
use std::mem::discriminant;

/// Declares every unit and element of every `forces` block.
pub(crate) fn declare<'a>(cx: &mut Ctx<'a>, items: &'a [FileItems]) {
    for f in items {
        for item in f.items() {
            if let ast::Item::Forces(fs) = item {
                let side = side_for_block(cx, f.file, &fs.side, "forces");
                for u in &fs.units {
                    if let Some(d) = cx.draft(f.file, u, false, 0) {
                        lower(cx, &d, side, None, None, None);
                    }
                }
            }
        }
    }
}

fn lower(
    cx: &mut Ctx,
    d: &UnitDraft,
    side: SideId,
    parent: Option<UnitId>,
    frame: Option<placement::Frame>,
    prefix: Option<&str>,
) {
    let a = d.ast;
    let h = &d.header;
    let id = match (d.in_template, prefix) {
        (true, Some(p)) => format!("{p}-{}", a.id.name),
        _ => a.id.name.clone(),
    };
    let n = Name {
        id: id.clone(),
        loc: loc(d.file, a.id.span),
    };
    if let Some(first) = cx.names.units.get(&id).copied() {
        let first = cx.model.units[first.0].name.loc;
        cx.duplicate("unit", &n, first);
        return;
    }
    for extra in h.attached_to.iter().skip(1) {
        let first = &h.attached_to[0];
        let diag = Diagnostic::error(Code::MC103, format!("unit `{id}` is attached to two units"))
            .with_label(d.attach_file, extra.span, "second attachment")
            .with_label(d.attach_file, first.span, "first attachment")
            .with_help("a unit has one superior: keep one `attached-to`")
            .with_paragraph("§14");
        cx.push(diag);
    }
    let uid = UnitId(cx.model.units.len());
    cx.names.units.insert(id.clone(), uid);
    if let Some(t) = d.template {
        cx.model.templates[t.0].used_by.push(uid);
    }
    if let Some(p) = parent {
        cx.model.units[p.0].children.push(uid);
    }
    let unit = unit_of(cx, d, n, side, parent);
    cx.model.units.push(unit);
    for o in &a.overrides {
        let scope = loc(d.file, a.span);
        cx.model.overrides.push(scoped(d.file, o, scope));
    }
    let layout = placement::layout(frame, h.placement, d.placement_in_template);
    let placement_loc = h.placement.map(|p| match p {
        ast::Placement::At { span, .. } | ast::Placement::InLine { span, .. } => {
            loc(d.placement_file, *span)
        }
    });
    elements(cx, d, &id, uid, side, layout, placement_loc);
    for s in &d.units {
        lower(cx, s, side, Some(uid), layout.frame(), Some(&id));
    }
}

/// The unit a draft makes, before its elements and sub-units are lowered.
fn unit_of(cx: &Ctx, d: &UnitDraft, n: Name, side: SideId, parent: Option<UnitId>) -> Unit {
    let a = d.ast;
    let h = &d.header;
    Unit {
        name: n,
        side,
        echelon: a.echelon.value,
        display: h.name.map(|t| t.value.clone()),
        nation: h.nation.map(|i| i.name.clone()),
        parent,
        attached_to: h.attached_to.first().map(|i| unresolved(d.attach_file, i)),
        children: Vec::with_capacity(d.units.len()),
        elements: Vec::with_capacity(d.elements.len()),
        command_element: None,
        template: d.template,
        unknown_template: d
            .ast
            .template
            .as_ref()
            .filter(|_| d.template.is_none())
            .map(|t| loc(d.file, t.span)),
        captured: a.captured.is_some(),
        notes: a.notes.iter().map(|t| prose(d.file, t)).collect(),
        umpire_notes: a.umpire_notes.iter().map(|t| prose(d.file, t)).collect(),
        historical_strength: a.historical_strength.as_ref().map(|h| HistoricalStrength {
            men: h.men.as_ref().map(|n| n.value),
            vehicles: h.vehicles.as_ref().map(|n| n.value),
            guns: h.guns.as_ref().map(|n| n.value),
            source: prose(d.file, &h.source),
            loc: loc(d.file, h.span),
        }),
        arrives_later: false,
        start: a.start.as_ref().map(|s| start_decl(d.file, s)),
        prepared: a.prepared.as_ref().map(|p| prepared(d.file, p)),
        branch: a.branch.as_ref().map(|b| b.value),
        modifier: a.modifier.as_ref().map(|m| m.value).or_else(|| {
            d.template
                .and_then(|t| cx.model.templates.get(t.0)?.modifier)
        }),
        loc: loc(d.file, a.span),
    }
}

/// Lowers a unit's elements: duplicates refused, each placed in its slot of the
/// unit's layout, passengers with their carrier.
fn elements(
    cx: &mut Ctx,
    d: &UnitDraft,
    id: &str,
    uid: UnitId,
    side: SideId,
    layout: Layout,
    placement_loc: Option<Loc>,
) {
    // one aboard another element of the unit (riflemen in their half-track)
    // goes where its carrier goes unless placed where the unit is used: a line
    // spreads only the elements that stand on their own
    let rides = |e: &ElemDraft| {
        e.explicit_at.is_none()
            && e.carrier_id()
                .is_some_and(|c| d.elements.iter().any(|s| s.id.name == c))
    };
    let spread = d
        .elements
        .iter()
        .filter(|e| e.explicit_at.is_none() && !rides(e))
        .count();
    let mut slot = 0;
    // borrowed names: no copy of an id just to find a repeat
    let mut seen: BTreeMap<&str, Loc> = BTreeMap::new();
    for e in &d.elements {
        let en = Name {
            id: e.id.name.clone(),
            loc: loc(e.file, e.id.span),
        };
        if let Some(first) = seen.get(e.id.name.as_str()).copied() {
            cx.duplicate("element", &en, first);
            continue;
        }
        seen.insert(&e.id.name, en.loc);
        let aboard = rides(e);
        let this_slot = (slot, spread);
        if e.explicit_at.is_none() && !aboard {
            slot += 1;
        }
        let el = element(
            e,
            en,
            id,
            uid,
            side,
            layout,
            this_slot,
            placement_loc,
            aboard,
        );
        for (_, f, a) in &e.attrs {
            if let ast::ElementAttr::Override(o) = a {
                cx.model.overrides.push(scoped(*f, o, el.loc));
            }
        }
        let eid = ElementId(cx.model.elements.len());
        cx.names
            .elements
            .entry((side.0, el.name.id.clone()))
            .or_default()
            .push(eid);
        cx.model.elements.push(el);
        cx.model.units[uid.0].elements.push(eid);
    }
}

/// A declared start situation (§24).
fn start_decl(f: FileId, s: &ast::StartDecl) -> StartDecl {
    StartDecl {
        hot: s.hot.value,
        reason: prose(f, &s.reason),
        loc: loc(f, s.span),
    }
}

/// A prepared position's date (§68).
fn prepared(f: FileId, p: &ast::Prepared) -> PreparedSince {
    PreparedSince {
        date: p.since.as_ref().map(|d| (d.year, d.month, d.day)),
        time: p.time.as_ref().map(|t| (t.hour, t.minute)),
        loc: loc(f, p.span),
    }
}

/// A house rule written on a unit or element: it governs that text only.
fn scoped(f: FileId, o: &ast::SeverityOverride, scope: Loc) -> Override {
    Override {
        code: o.code.value.clone(),
        level: o.level.value,
        reason: o.reason.as_ref().map(|r| r.value.clone()),
        loc: Some(loc(f, o.span)),
        scope: Some(scope),
    }
}

/// Vehicle defaults by role when the author leaves them out.
fn vehicle_defaults(role: VehicleRole) -> (Drive, bool, bool) {
    use VehicleRole::*;
    match role {
        Tank | CommandTank | AssaultGun | TankDestroyer => (Drive::Tracked, true, false),
        SpGun => (Drive::Tracked, true, true),
        Carrier => (Drive::Tracked, true, true),
        HalfTrack => (Drive::HalfTracked, true, true),
        ArmouredCar => (Drive::Wheeled, true, false),
        ScoutCar => (Drive::Wheeled, true, true),
        Train => (Drive::Tracked, true, false),
        Jeep | Lorry | Limber | Motorcycle | Other => (Drive::Wheeled, false, true),
    }
}

/// The model's element kind from the syntax, with defaults filled in.
fn kind(k: &ast::ElementKind) -> Troop {
    match k {
        ast::ElementKind::Foot { ty, specialism, .. } => Troop::Foot {
            ty: ty.value,
            specialism: specialism.as_ref().map(|s| s.value),
        },
        ast::ElementKind::Vehicle {
            role,
            drive,
            armoured,
            open_topped,
            ..
        } => {
            let (d, a, o) = vehicle_defaults(role.value);
            Troop::Vehicle(VehicleSpec {
                role: role.value,
                drive: drive.as_ref().map_or(d, |x| x.value),
                armoured: armoured.as_ref().map_or(a, |x| x.value),
                open_topped: open_topped.as_ref().map_or(o, |x| x.value),
            })
        }
        ast::ElementKind::Artillery {
            weapon, calibre, ..
        } => Troop::Artillery {
            weapon: weapon.value,
            calibre_mm: calibre.as_ref().map(|c| c.millimetres),
        },
        ast::ElementKind::Aircraft { role, .. } => Troop::Aircraft { role: role.value },
        ast::ElementKind::Ship { role, .. } => Troop::Ship { role: role.value },
    }
}

/// Whether an attribute kind holds a list that an override replaces as a whole.
fn is_list(a: &ast::ElementAttr) -> bool {
    matches!(
        a,
        ast::ElementAttr::Weapon(_) | ast::ElementAttr::Posture(_) | ast::ElementAttr::Task { .. }
    )
}

#[allow(clippy::too_many_arguments)]
fn element(
    e: &ElemDraft,
    name: Name,
    unit_name: &str,
    unit: UnitId,
    side: SideId,
    layout: Layout,
    slot: (usize, usize),
    placement_loc: Option<Loc>,
    aboard: bool,
) -> Element {
    let mut el = Element {
        qualified: format!("{unit_name}.{}", name.id),
        name,
        display: None,
        unit,
        side,
        kind: e.kind.as_ref().map(|(_, k)| kind(k)),
        kind_loc: e.kind.as_ref().map(|(f, k)| loc(*f, k.span())),
        is_hq: e.is_hq,
        commander: None,
        figures: None,
        models: None,
        represents: None,
        mix: Vec::new(),
        mix_loc: None,
        weapons: Vec::new(),
        radio: None,
        telephone: None,
        pos: None,
        pos_loc: None,
        facing: None,
        postures: Vec::new(),
        embussed_in: None,
        riding_on: None,
        registers_for: None,
        hmg_zone: None,
        tasks: Vec::new(),
        refuel_at: None,
        notes: Vec::new(),
        umpire_notes: Vec::new(),
        start: None,
        prepared: None,
        loc: e.loc,
    };
    let latest = |a: &ast::ElementAttr| {
        e.attrs
            .iter()
            .filter(|(_, _, b)| discriminant(a) == discriminant(*b))
            .map(|(g, _, _)| *g)
            .max()
    };
    let mut facing = None;
    for &(gen, f, a) in &e.attrs {
        if is_list(a) && latest(a) != Some(gen) {
            continue;
        }
        attr(&mut el, f, a, &mut facing);
    }
    let explicit = e.explicit_at.as_ref().map(|(_, p)| placement::Written {
        point: p,
        in_template: e.explicit_in_template,
    });
    let template = e.template_at.as_ref().map(|(_, p)| p);
    el.facing = placement::element_facing(layout, facing);
    if aboard {
        // at its carrier's position, given once names resolve
        el.pos_loc = placement_loc;
        return el;
    }
    el.pos = placement::element_pos(layout, explicit, template, slot);
    if el.pos.is_none() {
        // unplaced: a written `at` or facing would be relative to nothing
        el.pos_loc = None;
        if layout.frame().is_none() && e.from_template {
            el.facing = None;
        }
        return el;
    }
    el.pos_loc = match (&e.explicit_at, &e.template_at, layout) {
        (Some((f, p)), _, _) => Some(loc(*f, p.span)),
        (None, _, Layout::Line { .. }) => placement_loc,
        (None, Some((f, p)), _) => Some(loc(*f, p.span)),
        (None, None, _) => None,
    };
    if el.has_posture(Posture::OffTable) {
        el.pos = None;
    }
    el
}

fn attr(el: &mut Element, f: FileId, a: &ast::ElementAttr, facing: &mut Option<f64>) {
    use ast::ElementAttr as A;
    match a {
        A::Name(t) => el.display = Some(t.value.clone()),
        A::Figures(n) => el.figures = Some((n.value, loc(f, n.span))),
        A::Models(n) => el.models = Some((n.value, loc(f, n.span))),
        A::Represents(n) => el.represents = Some((n.value, loc(f, n.span))),
        A::Mix(parts) => {
            el.mix = parts
                .iter()
                .map(|(n, t)| (n.value, t.value.clone()))
                .collect();
            el.mix_loc = parts
                .first()
                .zip(parts.last())
                .map(|((a, _), (_, b))| loc(f, a.span.join(b.span)));
        }
        A::Weapon(w) => el.weapons.push(WeaponInfo {
            kind: w.kind.value,
            mount: w.mount.as_ref().map(|m| m.value),
            calibre_mm: w.calibre.as_ref().map(|c| c.millimetres),
            loc: loc(f, w.span),
        }),
        A::Radio(r) => el.radio = Some((r.value, loc(f, r.span))),
        A::Telephone(s) => el.telephone = Some(loc(f, *s)),
        A::Commander(s) => el.commander = Some(loc(f, *s)),
        A::At(_) => {}
        A::Facing(b) => *facing = Some(b.value),
        A::Posture(p) => el.postures.push((p.value, loc(f, p.span))),
        A::EmbussedIn(i) => el.embussed_in = Some(unresolved(f, i)),
        A::RidingOn(i) => el.riding_on = Some(unresolved(f, i)),
        A::RegistersFor(i) => el.registers_for = Some(unresolved(f, i)),
        A::HmgZone {
            bearing,
            spread,
            range,
            span,
        } => {
            el.hmg_zone = Some(HmgZone {
                bearing: bearing.value,
                spread: spread.value,
                range: range.value,
                loc: loc(f, *span),
            })
        }
        A::Task { task, target, span } => el.tasks.push(Task {
            task: Name {
                id: task.name.clone(),
                loc: loc(f, task.span),
            },
            target: target.as_ref().map(|i| unresolved(f, i)),
            loc: loc(f, *span),
        }),
        A::RefuelAt(i) => el.refuel_at = Some(unresolved(f, i)),
        A::Note(t) => el.notes.push(prose(f, t)),
        A::UmpireNote(t) => el.umpire_notes.push(prose(f, t)),
        A::Start(s) => el.start = Some(start_decl(f, s)),
        A::Prepared(p) => el.prepared = Some(prepared(f, p)),
        // gathered with the element's scope where it is lowered
        A::Override(_) => {}
    }
}

/// Resolves the references units and elements make.
pub(crate) fn resolve(cx: &mut Ctx) {
    for u in 0..cx.model.units.len() {
        if let Some(mut r) = cx.model.units[u].attached_to.take() {
            cx.resolve_ref(&mut r, &[Space::Unit], None);
            cx.model.units[u].attached_to = Some(r);
        }
    }
    for i in 0..cx.model.elements.len() {
        let (side, unit) = (cx.model.elements[i].side, cx.model.elements[i].unit);
        let mut e = std::mem::take(&mut cx.model.elements[i].tasks);
        for t in &mut e {
            if let Some(r) = t.target.as_mut() {
                cx.resolve_ref(r, &[Space::Map, Space::Unit], Some(side));
            }
        }
        cx.model.elements[i].tasks = e;
        let el = &mut cx.model.elements[i];
        let mut refs = [
            (el.embussed_in.take(), [Space::Element].as_slice()),
            (el.riding_on.take(), [Space::Element].as_slice()),
            (el.registers_for.take(), [Space::Unit].as_slice()),
            (el.refuel_at.take(), [Space::Map].as_slice()),
        ];
        for (r, spaces) in &mut refs {
            if let Some(r) = r.as_mut() {
                cx.resolve_ref_in(r, spaces, Some(side), Some(unit));
            }
        }
        let [(a, _), (b, _), (c, _), (d, _)] = refs;
        let el = &mut cx.model.elements[i];
        el.embussed_in = a;
        el.riding_on = b;
        el.registers_for = c;
        el.refuel_at = d;
    }
}
