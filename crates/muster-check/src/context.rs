//! What every check reads: the resolved model, its analysis, and lookups over both.

use crate::rules::fog::knowledge::Fog;
use muster_model::analysis::Analysis;
use muster_model::model::*;
use muster_rules::vocab::Weather;
use muster_syntax::Code;
use std::cell::{OnceCell, RefCell};

/// The input of every check.
pub struct Context<'a> {
    pub model: &'a Model,
    pub analysis: &'a Analysis,
    /// Facts several checks share, built on first use.
    fog: OnceCell<Fog<'a>>,
    /// What each side can bring to each objective, turn by turn (the balance report).
    balance: OnceCell<muster_model::balance::Balance>,
    /// Findings checks left unbuilt because their file already shows enough of
    /// their code (see [`crate::cap`]).
    left: RefCell<crate::cap::Left>,
}

impl<'a> Context<'a> {
    pub fn new(model: &'a Model, analysis: &'a Analysis) -> Self {
        Context {
            model,
            analysis,
            fog: OnceCell::new(),
            balance: OnceCell::new(),
            left: RefCell::default(),
        }
    }

    /// A gatherer for a check whose findings can outgrow its input (pairs): it
    /// builds only the findings that will be shown.
    pub(crate) fn bounded(&self, code: Code) -> crate::cap::Bounded<'a> {
        crate::cap::Bounded::new(code, self.model.findings_limit.0, &self.model.overrides)
    }

    /// Hands over what a [`crate::cap::Bounded`] gatherer kept.
    pub(crate) fn gathered(
        &self,
        bounded: crate::cap::Bounded<'a>,
    ) -> Vec<muster_syntax::Diagnostic> {
        bounded.finish(&mut self.left.borrow_mut())
    }

    /// The findings checks left unbuilt, per file and code.
    pub(crate) fn take_left(&self) -> crate::cap::Left {
        std::mem::take(&mut self.left.borrow_mut())
    }

    /// What each side may know and reads (the fog rules' shared facts).
    pub(crate) fn fog(&self) -> &Fog<'a> {
        self.fog.get_or_init(|| Fog::new(self))
    }

    /// The balance report: who can reach each objective of the victory
    /// conditions by which turn, at the pack's movement rates.
    pub(crate) fn balance(&self) -> &muster_model::balance::Balance {
        self.balance
            .get_or_init(|| muster_model::balance::report(self.model, self.analysis))
    }

    pub fn unit(&self, id: UnitId) -> Option<&'a Unit> {
        self.model.units.get(id.0)
    }

    pub fn element(&self, id: ElementId) -> Option<&'a Element> {
        self.model.elements.get(id.0)
    }

    pub fn side(&self, id: SideId) -> Option<&'a Side> {
        self.model.sides.get(id.0)
    }

    /// The side's identifier, for messages.
    pub fn side_name(&self, id: SideId) -> &'a str {
        self.side(id).map(|s| s.name.id.as_str()).unwrap_or("?")
    }

    pub fn unit_name(&self, id: UnitId) -> &'a str {
        self.unit(id).map(|u| u.name.id.as_str()).unwrap_or("?")
    }

    pub fn element_name(&self, id: ElementId) -> &'a str {
        self.element(id)
            .map(|e| e.qualified.as_str())
            .unwrap_or("?")
    }

    /// Table width and depth in metres, when the scenario gives them.
    pub fn table(&self) -> Option<(f64, f64)> {
        self.model.header.as_ref().and_then(|h| h.table)
    }

    pub fn weather(&self) -> Weather {
        self.model
            .header
            .as_ref()
            .map(|h| h.weather)
            .unwrap_or(Weather::Clear)
    }

    /// The number of turns, when the scenario sets a limit.
    pub fn turns(&self) -> Option<u32> {
        self.model.header.as_ref().and_then(|h| h.turns)
    }

    /// Whether the location lies in a library file (reached through `use`).
    pub fn in_library(&self, loc: Loc) -> bool {
        self.model
            .files
            .iter()
            .any(|f| f.id == loc.file && f.is_library)
    }

    /// Where a unit built from a library template was placed in the scenario, for
    /// an element written in the library: the author edits the instance, not the library.
    pub fn instance_site(&self, e: &Element) -> Option<(Loc, String)> {
        if !self.in_library(e.name.loc) {
            return None;
        }
        let unit = self.unit(e.unit)?;
        (!self.in_library(unit.loc)).then(|| {
            (
                unit.name.loc,
                format!("`{}` is built here from a library template", unit.name.id),
            )
        })
    }

    /// The unit a reference names, directly or through one of its elements.
    pub fn unit_of_target(&self, target: Option<Target>) -> Option<UnitId> {
        match target? {
            Target::Unit(u) => Some(u),
            Target::Element(e) => self.element(e).map(|e| e.unit),
            _ => None,
        }
    }

    /// The unit's superior in its line of command: where it is attached, else its parent.
    pub fn superior(&self, id: UnitId) -> Option<UnitId> {
        let unit = self.unit(id)?;
        if let Some(Target::Unit(t)) = unit.attached_to.as_ref().and_then(|r| r.target) {
            // an attachment to the other side is MC103's; the written tree stands
            if t != id && self.unit(t).is_some_and(|x| x.side == unit.side) {
                return Some(t);
            }
        }
        unit.parent
    }

    /// The unit and every unit above it in the written tree, nearest first.
    pub fn lineage(&self, id: UnitId) -> Vec<UnitId> {
        let mut out = vec![id];
        let mut cur = self.unit(id).and_then(|u| u.parent);
        while let Some(p) = cur {
            if out.contains(&p) {
                break;
            }
            out.push(p);
            cur = self.unit(p).and_then(|u| u.parent);
        }
        out
    }

    /// The unit and every unit written inside it.
    pub fn subtree(&self, id: UnitId) -> Vec<UnitId> {
        let mut out = vec![id];
        let mut i = 0;
        while let Some(&u) = out.get(i) {
            if let Some(unit) = self.unit(u) {
                for &c in &unit.children {
                    if !out.contains(&c) {
                        out.push(c);
                    }
                }
            }
            i += 1;
        }
        out
    }

    /// The order written for this unit itself.
    pub fn own_order(&self, id: UnitId) -> Option<&'a Order> {
        self.model
            .orders
            .iter()
            .find(|o| o.unit.target == Some(Target::Unit(id)))
    }

    /// The unit and its superiors up its line of command (attachments followed, §14).
    pub fn command_lineage(&self, id: UnitId) -> Vec<UnitId> {
        let mut out = vec![id];
        let mut cur = self.superior(id);
        while let Some(p) = cur {
            if out.contains(&p) {
                break;
            }
            out.push(p);
            cur = self.superior(p);
        }
        out
    }

    /// The order the unit acts on: its own, else the nearest superior's (§83, §86).
    pub fn effective_order(&self, id: UnitId) -> Option<&'a Order> {
        self.command_lineage(id)
            .into_iter()
            .find_map(|u| self.own_order(u))
    }

    /// The nations of a unit: its own, else its ancestors', else its side's.
    pub fn nations_of_unit(&self, id: UnitId) -> Vec<&'a str> {
        for u in self.lineage(id) {
            if let Some(n) = self.unit(u).and_then(|u| u.nation.as_deref()) {
                return vec![n];
            }
        }
        self.unit(id)
            .and_then(|u| self.side(u.side))
            .map(|s| s.nations.iter().map(|n| n.id.as_str()).collect())
            .unwrap_or_default()
    }

    /// Every reference written anywhere in the scenario.
    pub fn all_refs(&self) -> Vec<&'a Ref> {
        let m = self.model;
        let mut out: Vec<&Ref> = Vec::new();
        if let Some(h) = &m.header {
            out.extend(h.first_bound.iter());
        }
        for s in &m.sides {
            out.extend(s.players.iter().filter_map(|p| p.commands.as_ref()));
        }
        for c in &m.crossings {
            out.extend(c.over.iter().chain(c.carries.iter()));
        }
        for u in &m.units {
            out.extend(u.attached_to.iter());
        }
        for e in &m.elements {
            out.extend(
                [&e.embussed_in, &e.riding_on, &e.registers_for, &e.refuel_at]
                    .into_iter()
                    .filter_map(|r| r.as_ref()),
            );
            out.extend(e.tasks.iter().filter_map(|t| t.target.as_ref()));
        }
        for l in m.radio_links.iter().chain(&m.telephone_lines) {
            out.push(&l.from);
            out.push(&l.to);
        }
        for l in &m.messengers {
            out.push(&l.from);
            out.push(&l.to);
            out.extend(l.via.iter().filter_map(|w| match &w.stop {
                Stop::Named(r) => Some(r),
                Stop::Point(_) => None,
            }));
        }
        for n in &m.nets {
            out.extend(n.members.iter());
        }
        for o in &m.orders {
            out.push(&o.unit);
            let objectives =
                std::iter::once(&o.objective).chain(o.phases.iter().map(|p| &p.objective));
            for ob in objectives {
                if let Some(Objective::Ref(r)) = ob {
                    out.push(r);
                }
            }
            for t in o
                .timing
                .iter()
                .chain(o.phases.iter().flat_map(|p| &p.timing))
            {
                match t {
                    Timing::OnSignal(r) => out.push(r),
                    Timing::Condition(c) => out.push(&c.signal),
                    _ => {}
                }
            }
        }
        for c in m.arrivals.iter().filter_map(|a| a.condition.as_ref()) {
            out.push(&c.signal);
        }
        for c in m.events.iter().filter_map(|e| e.condition.as_ref()) {
            out.push(&c.signal);
        }
        for s in &m.signals {
            out.extend(s.sender.iter());
            if let Some(Trigger::Capture(r)) = &s.trigger {
                out.push(r);
            }
            out.extend(s.affects.iter());
        }
        for a in &m.arrivals {
            out.push(&a.unit);
            out.push(&a.at);
        }
        for v in &m.victories {
            out.push(&v.side);
            for c in &v.conditions {
                match c {
                    Condition::Holds { target, .. } | Condition::Destroys { target, .. } => {
                        out.push(target)
                    }
                    Condition::Exits { unit, at, .. } => {
                        out.push(unit);
                        out.push(at);
                    }
                    Condition::Losses { of, .. } => out.push(of),
                }
            }
        }
        for i in &m.intel {
            out.push(&i.side);
            out.push(&i.unit);
            if let Some(Objective::Ref(r)) = &i.seen_at {
                out.push(r);
            }
        }
        out
    }
}

/// Metres written for messages: `120 m`, `1,001 m`, `12.3 km` (one wording for all).
pub use muster_syntax::wording::metres;
