//! Queries several checks share: the iteration shapes and reference readings that
//! would otherwise be written again in each rule file.

use crate::context::Context;
use crate::facts;
use muster_model::analysis::CommandStatus;
use muster_model::model::*;
use muster_rules::troops::Troop;
use muster_rules::vocab::{FootType, ShipRole};

/// Why a reference that should name a unit names none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NoUnit {
    /// The name is defined nowhere.
    Undefined,
    /// The name is a place, signal or side.
    NotAUnit,
}

impl NoUnit {
    /// The clause that ends a message: "`x` supports `y`, which is not defined".
    pub(crate) fn clause(self) -> &'static str {
        match self {
            NoUnit::Undefined => "which is not defined",
            NoUnit::NotAUnit => "which is not a unit",
        }
    }
}

/// A turn or clock time of the scenario, read as a turn.
pub(crate) struct Moment {
    pub turn: i64,
    pub loc: Loc,
    /// As written for messages: `turn 3`, `06:30 (turn 2)`.
    pub written: String,
}

impl<'a> Context<'a> {
    /// The unit's elements that exist in the model.
    pub(crate) fn elements_of(&self, unit: &'a Unit) -> impl Iterator<Item = &'a Element> + 'a {
        let elements = &self.model.elements;
        unit.elements.iter().filter_map(move |e| elements.get(e.0))
    }

    /// Every foot element with its type (§18).
    pub(crate) fn foot_elements(&self) -> impl Iterator<Item = (&'a Element, FootType)> + 'a {
        self.model
            .elements
            .iter()
            .filter_map(|e| Some((e, facts::foot_type(e)?)))
    }

    /// Every ship on the table that is not in a `water` or `lake` area, with its
    /// role and position: on land or on a river line (§95; MC708, MC517).
    pub(crate) fn ships_out_of_open_water(
        &self,
    ) -> impl Iterator<Item = (&'a Element, ShipRole, Pos)> + 'a {
        let model = self.model;
        model.elements.iter().filter_map(move |e| {
            let Some(Troop::Ship { role }) = e.kind else {
                return None;
            };
            let p = e.pos?;
            let afloat = muster_model::geometry::areas_at(model, p)
                .any(|a| muster_rules::terrain::is_water(a.kind));
            (!afloat).then_some((e, role, p))
        })
    }

    /// Every group holding aircraft, with its first aircraft element (§11, §20).
    pub(crate) fn aircraft_groups(&self) -> impl Iterator<Item = (&'a Unit, &'a Element)> + '_ {
        self.model
            .units
            .iter()
            .filter_map(|u| Some((u, self.elements_of(u).find(|e| facts::is_aircraft(e))?)))
    }

    /// Every element with its command status from the analysis (§87–§89).
    pub(crate) fn command_statuses(
        &self,
    ) -> impl Iterator<Item = (&'a Element, &'a CommandStatus)> + 'a {
        self.model.elements.iter().zip(&self.analysis.command)
    }

    /// The element a reference stands for in communications: the element itself,
    /// or the command element of a unit.
    pub(crate) fn element_of_target(&self, target: Option<Target>) -> Option<&'a Element> {
        match target? {
            Target::Element(e) => self.element(e),
            Target::Unit(u) => self.element(self.unit(u)?.command_element?),
            _ => None,
        }
    }

    /// The unit a reference names, directly or through one of its elements.
    pub(crate) fn unit_ref(&self, r: &Ref) -> Result<UnitId, NoUnit> {
        match (r.target, self.unit_of_target(r.target)) {
            (None, _) => Err(NoUnit::Undefined),
            (Some(_), None) => Err(NoUnit::NotAUnit),
            (Some(_), Some(u)) => Ok(u),
        }
    }

    /// The side of a unit.
    pub(crate) fn side_of(&self, id: UnitId) -> Option<SideId> {
        self.unit(id).map(|u| u.side)
    }

    /// The turn a moment falls in (§7), counting the first turn as 1; `None` for a
    /// clock time without a start time. Times up to 12 hours before the start are
    /// before the game.
    pub(crate) fn turn_of(&self, when: When) -> Option<i64> {
        match when {
            When::Turn(n, _) => Some(i64::from(n)),
            When::Clock(m, _) => {
                let h = self.model.header.as_ref()?;
                Some(muster_rules::scale::turn_of_clock(
                    h.start_minutes?,
                    m,
                    h.turn_minutes,
                ))
            }
        }
    }

    /// A moment read as a turn; `None` for a clock time without a start time.
    pub(crate) fn moment(&self, when: When) -> Option<Moment> {
        let turn = self.turn_of(when)?;
        let (written, loc) = match when {
            When::Turn(n, loc) => (format!("turn {n}"), loc),
            When::Clock(m, loc) => (
                format!("{} (turn {turn})", muster_rules::scale::format_clock(m)),
                loc,
            ),
        };
        Some(Moment { turn, loc, written })
    }

    /// The game's turns, written for messages, when `turn` falls outside them.
    pub(crate) fn outside_game(&self, turn: i64) -> Option<String> {
        let last = self.turns();
        if turn >= 1 && last.is_none_or(|l| turn <= i64::from(l)) {
            return None;
        }
        Some(
            last.map(|l| format!("turns 1 to {l}"))
                .unwrap_or_else(|| "the game".into()),
        )
    }
}
