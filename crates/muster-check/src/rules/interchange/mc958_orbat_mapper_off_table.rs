//! MC958 orbat-mapper-off-table: positions no table can hold.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC958,
    summary: "the imported units must stand where one table can hold them",
    explanation: "The import lays a table round the units, with a margin, and georeferences \
its south-west corner. A position that is not a longitude and latitude (out of range, or \
latitude and longitude swapped into an impossible value), or units spread wider than the \
largest table the language accepts (`table` in docs/language.md), cannot be put on a table, \
and nothing is written. Export only the units of one action from ORBAT Mapper.",
    failing: "# the shell: units in Normandy and in Russia\nmuster import orbat-mapper two-fronts.json\n",
    fixed: "# the shell: the units of one action\nmuster import orbat-mapper one-action.json\n",
};

/// Reported by `muster import orbat-mapper` as it reads the file.
pub(crate) const CHECK: Option<CheckFn> = None;
