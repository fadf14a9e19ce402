//! Queries several checks share: the iteration shapes and reference readings that
//! would otherwise be written again in each rule file.

use crate::context::{clock_turn, Context};
use crate::facts;
use muster_model::analysis::CommandStatus;
use muster_model::model::*;
use muster_rules::vocab::FootType;

/// Why a reference that should name a unit does not.
pub(crate) const NOT_DEFINED: &str = "which is not defined";
pub(crate) const NOT_A_UNIT: &str = "which is not a unit";

impl<'a> Context<'a> {
    /// The unit's elements that exist in the model.
    pub fn elements_of(&self, unit: &'a Unit) -> impl Iterator<Item = &'a Element> + 'a {
        let elements = &self.model.elements;
        unit.elements.iter().filter_map(move |e| elements.get(e.0))
    }

    /// Every foot element with its type (§18).
    pub fn foot_elements(&self) -> impl Iterator<Item = (&'a Element, FootType)> + 'a {
        self.model
            .elements
            .iter()
            .filter_map(|e| Some((e, facts::foot_type(e)?)))
    }

    /// Every group holding aircraft, with its first aircraft element (§11, §20).
    pub fn aircraft_groups(&self) -> impl Iterator<Item = (&'a Unit, &'a Element)> + '_ {
        self.model
            .units
            .iter()
            .filter_map(|u| Some((u, self.elements_of(u).find(|e| facts::is_aircraft(e))?)))
    }

    /// Every element with its command status from the analysis (§87–§89).
    pub fn command_statuses(&self) -> impl Iterator<Item = (&'a Element, &'a CommandStatus)> + 'a {
        self.model.elements.iter().zip(&self.analysis.command)
    }

    /// The element a reference stands for in communications: the element itself,
    /// or the command element of a unit.
    pub fn element_of_target(&self, target: Option<Target>) -> Option<&'a Element> {
        match target? {
            Target::Element(e) => self.element(e),
            Target::Unit(u) => self.element(self.unit(u)?.command_element?),
            _ => None,
        }
    }

    /// The unit a reference names, directly or through one of its elements; else
    /// why it names none ([`NOT_DEFINED`], [`NOT_A_UNIT`]), for messages.
    pub fn unit_ref(&self, r: &Ref) -> Result<UnitId, &'static str> {
        match (r.target, self.unit_of_target(r.target)) {
            (None, _) => Err(NOT_DEFINED),
            (Some(_), None) => Err(NOT_A_UNIT),
            (Some(_), Some(u)) => Ok(u),
        }
    }

    /// The side of a unit.
    pub fn side_of(&self, id: UnitId) -> Option<SideId> {
        self.unit(id).map(|u| u.side)
    }

    /// The turn a moment falls in (§7); `None` for a clock time without a start time.
    pub fn turn_of(&self, when: When) -> Option<i64> {
        match when {
            When::Turn(n, _) => Some(i64::from(n)),
            When::Clock(m, _) => clock_turn(self.model.header.as_ref(), m),
        }
    }

    /// A moment as its turn and as written for messages: `turn 3`, `06:30 (turn 2)`.
    pub fn moment(&self, when: When) -> Option<(i64, String)> {
        let turn = self.turn_of(when)?;
        let written = match when {
            When::Turn(n, _) => format!("turn {n}"),
            When::Clock(m, _) => format!("{:02}:{:02} (turn {turn})", m / 60, m % 60),
        };
        Some((turn, written))
    }

    /// The game's turns, written for messages, when `turn` falls outside them.
    pub fn outside_game(&self, turn: i64) -> Option<String> {
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
