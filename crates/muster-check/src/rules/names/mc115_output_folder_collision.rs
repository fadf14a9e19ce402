//! MC115 output-folder-collision: two scenarios would build into one folder.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC115,
    summary: "two scenarios would be built into the same output folder",
    explanation: "`muster build` writes each scenario's JSON and briefings into a folder named \
after the scenario's file name alone (`east/op.muster` builds into `op/`), with every \
character other than letters, digits, `-` and `_` made `_`. Two scenarios of one build whose \
names meet there (`east/op.muster` and `west/op.muster`, or `my op.muster` and \
`my_op.muster`) would overwrite each other's briefings, so both are reported and neither is \
built until one is renamed. Emitted by the `muster` command, which sees every file of the run.",
    failing: "# files of the pack\neast/op.muster\nwest/op.muster\n",
    fixed: "# files of the pack\neast/op-east.muster\nwest/op-west.muster\n",
};

/// Emitted by the `muster` command when it finds the scenarios of a run.
pub(crate) const CHECK: Option<CheckFn> = None;
