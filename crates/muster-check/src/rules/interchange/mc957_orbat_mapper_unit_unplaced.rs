//! MC957 orbat-mapper-unit-unplaced: a unit to import has troops but no position.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC957,
    summary: "every imported unit with troops of its own needs a position on ORBAT Mapper's map",
    explanation: "The import places each unit's proposed elements where the unit stands at \
the start: its `location`, or else its first state with a location. A unit with personnel or \
equipment of its own (or with no sub-units) and neither has nowhere to stand on the table, \
and the import refuses the file rather than invent a place. A formation whose sub-units are \
placed needs no position of its own.",
    failing: "# the shell: a unit of the file has personnel but no location\nmuster import orbat-mapper unplaced.json\n",
    fixed: "# the shell: every unit with personnel has a location\nmuster import orbat-mapper placed.json\n",
};

/// Reported by `muster import orbat-mapper` as it reads the file.
pub(crate) const CHECK: Option<CheckFn> = None;
