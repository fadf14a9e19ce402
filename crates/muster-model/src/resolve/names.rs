//! Scopes and lookups: MC101 (defined twice) and MC102 (undefined, ambiguous).
//!
//! Scopes: sides; the map (places, areas, lines and crossings share one
//! namespace); units (all sides together, since orders name them bare); signals;
//! templates; players; elements within a unit. Elements are found by `unit.element`
//! or by their short name when it is unique within the side (or the current unit).
use muster_syntax::Code;

use super::Ctx;
use crate::model::*;
use muster_syntax::Diagnostic;
use std::collections::BTreeMap;

/// Every name declared so far, by scope.
#[derive(Debug, Default)]
pub(crate) struct Names {
    pub sides: BTreeMap<String, SideId>,
    pub map: BTreeMap<String, Target>,
    pub units: BTreeMap<String, UnitId>,
    pub signals: BTreeMap<String, SignalId>,
    pub terrains: BTreeMap<String, TerrainId>,
    pub players: BTreeMap<String, Loc>,
    /// Elements by (side, short name).
    pub elements: BTreeMap<(usize, String), Vec<ElementId>>,
}

/// The namespaces a reference may point into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Space {
    Side,
    Map,
    Unit,
    Signal,
    Element,
}

impl Space {
    fn word(self) -> &'static str {
        match self {
            Space::Side => "side",
            Space::Map => "place",
            Space::Unit => "unit",
            Space::Signal => "signal",
            Space::Element => "element",
        }
    }
}

/// Words for "what was expected": `unit`, `place or unit`, …
fn describe(spaces: &[Space]) -> String {
    let words: Vec<&str> = spaces.iter().map(|s| s.word()).collect();
    match words.as_slice() {
        [] => "name".into(),
        [one] => (*one).into(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

pub use muster_syntax::wording::{did_you_mean, suggest};

impl Ctx<'_> {
    /// Where a target was defined.
    pub fn target_loc(&self, t: Target) -> Loc {
        let m = &self.model;
        match t {
            Target::Unit(i) => m.units[i.0].name.loc,
            Target::Element(i) => m.elements[i.0].name.loc,
            Target::Place(i) => m.places[i.0].name.loc,
            Target::Area(i) => m.areas[i.0].name.loc,
            Target::Line(i) => m.lines[i.0].name.loc,
            Target::Crossing(i) => m.crossings[i.0].name.loc,
            Target::Signal(i) => m.signals[i.0].name.loc,
            Target::Side(i) => m.sides[i.0].name.loc,
        }
    }

    /// Reports MC101 for `name` already defined at `first`.
    pub fn duplicate(&mut self, what: &str, name: &Name, first: Loc) {
        let d = Diagnostic::error(
            Code::MC101,
            format!("{what} `{}` is defined twice", name.id),
        )
        .with_label(name.loc.file, name.loc.span, "defined again here")
        .with_label(first.file, first.span, "first defined here")
        .with_help(format!("rename one of them or remove the second {what}"));
        self.push(d);
    }

    /// Looks `name` up in `spaces`, in order; no report.
    pub fn find(&self, name: &str, spaces: &[Space], side: Option<SideId>) -> Option<Target> {
        let n = &self.names;
        spaces.iter().find_map(|s| match s {
            Space::Side => n.sides.get(name).map(|i| Target::Side(*i)),
            Space::Map => n.map.get(name).copied(),
            Space::Unit => n.units.get(name).map(|i| Target::Unit(*i)),
            Space::Signal => n.signals.get(name).map(|i| Target::Signal(*i)),
            Space::Element => match self.element(name, side, None) {
                Ok(e) => Some(Target::Element(e)),
                Err(_) => None,
            },
        })
    }

    fn candidates(&self, spaces: &[Space], side: Option<SideId>) -> Vec<String> {
        let n = &self.names;
        let mut out = Vec::new();
        for s in spaces {
            match s {
                Space::Side => out.extend(n.sides.keys().cloned()),
                Space::Map => out.extend(n.map.keys().cloned()),
                Space::Unit => out.extend(n.units.keys().cloned()),
                Space::Signal => out.extend(n.signals.keys().cloned()),
                Space::Element => out.extend(
                    n.elements
                        .keys()
                        .filter(|(sd, _)| side.is_none_or(|s| s.0 == *sd))
                        .map(|(_, e)| e.clone()),
                ),
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// Resolves a reference in place, reporting MC102 when nothing matches.
    pub fn resolve_ref(&mut self, r: &mut Ref, spaces: &[Space], side: Option<SideId>) {
        self.resolve_ref_in(r, spaces, side, None);
    }

    /// As [`Ctx::resolve_ref`], trying elements of `unit` first.
    pub fn resolve_ref_in(
        &mut self,
        r: &mut Ref,
        spaces: &[Space],
        side: Option<SideId>,
        unit: Option<UnitId>,
    ) {
        let id = r.name.id.clone();
        let only_elements = spaces == [Space::Element];
        if only_elements || (spaces.contains(&Space::Element) && id.contains('.')) {
            match self.element(&id, side, unit) {
                Ok(e) => r.target = Some(Target::Element(e)),
                Err(d) => self.push(d.at(&r.name)),
            }
            return;
        }
        if let Some(t) = self.find(&id, spaces, side) {
            r.target = Some(t);
            return;
        }
        if spaces.contains(&Space::Element) {
            if let Err(miss) = self.element(&id, side, unit) {
                if miss.message.starts_with("ambiguous") {
                    self.push(miss.at(&r.name));
                    return;
                }
            }
        }
        let cands = self.candidates(spaces, side);
        let mut d = Diagnostic::error(
            Code::MC102,
            format!("undefined {} `{id}`", describe(spaces)),
        )
        .with_label(r.name.loc.file, r.name.loc.span, "not defined");
        d = d.with_help(
            did_you_mean(&id, cands.iter().map(String::as_str)).unwrap_or_else(|| {
                format!(
                    "define {} `{id}`, or name one that is defined",
                    describe(spaces)
                )
            }),
        );
        self.push(d);
    }

    /// Finds an element by `unit.element`, by short name within `unit`, or by short
    /// name unique within `side` (any side when `None`).
    pub fn element(
        &self,
        name: &str,
        side: Option<SideId>,
        unit: Option<UnitId>,
    ) -> Result<ElementId, ElementMiss> {
        let m = &self.model;
        if let Some((u, e)) = name.split_once('.') {
            let Some(uid) = self.names.units.get(u) else {
                let help = did_you_mean(u, self.names.units.keys().map(String::as_str))
                    .unwrap_or_default();
                return Err(ElementMiss {
                    message: format!("undefined unit `{u}`"),
                    help,
                });
            };
            let unit = &m.units[uid.0];
            let found = unit.elements.iter().find(|i| m.elements[i.0].name.id == e);
            return match found {
                Some(i) => Ok(*i),
                None => {
                    let names = unit
                        .elements
                        .iter()
                        .map(|i| m.elements[i.0].name.id.as_str());
                    Err(ElementMiss {
                        message: format!("unit `{u}` has no element `{e}`"),
                        help: did_you_mean(e, names).unwrap_or_default(),
                    })
                }
            };
        }
        if let Some(u) = unit {
            if let Some(i) = m.units[u.0]
                .elements
                .iter()
                .find(|i| m.elements[i.0].name.id == name)
            {
                return Ok(*i);
            }
        }
        // one map lookup per side, not a scan of every name
        let sides: Vec<usize> = match side {
            Some(s) => vec![s.0],
            None => (0..m.sides.len()).collect(),
        };
        let hits: Vec<ElementId> = sides
            .into_iter()
            .filter_map(|sd| self.names.elements.get(&(sd, name.to_string())))
            .flat_map(|v| v.iter().copied())
            .collect();
        match hits.as_slice() {
            [one] => Ok(*one),
            [] => Err(ElementMiss {
                message: format!("undefined element `{name}`"),
                help: did_you_mean(
                    name,
                    self.candidates(&[Space::Element], side)
                        .iter()
                        .map(String::as_str),
                )
                .unwrap_or_default(),
            }),
            many => {
                let q: Vec<String> = many
                    .iter()
                    .map(|i| format!("`{}`", m.elements[i.0].qualified))
                    .collect();
                Err(ElementMiss {
                    message: format!("ambiguous element `{name}`"),
                    help: format!("several units have one; write one of {}", q.join(", ")),
                })
            }
        }
    }
}

/// Why an element reference did not resolve: message and help for MC102.
#[derive(Debug, Clone)]
pub(crate) struct ElementMiss {
    pub message: String,
    pub help: String,
}

impl ElementMiss {
    /// The MC102 diagnostic, pointing at the reference.
    pub fn at(self, name: &Name) -> Diagnostic {
        let label = if self.message.starts_with("ambiguous") {
            "ambiguous"
        } else {
            "not defined"
        };
        let d = Diagnostic::error(Code::MC102, self.message).with_label(
            name.loc.file,
            name.loc.span,
            label,
        );
        let help = if self.help.is_empty() {
            format!("define `{}`, or name one that is defined", name.id)
        } else {
            self.help
        };
        d.with_help(help)
    }
}
