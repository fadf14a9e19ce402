//! MC116 unreadable-path: a file or folder of the pack cannot be read.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC116,
    summary: "a scenario file, a folder of scenarios or `muster.toml` cannot be read",
    explanation: "A file or folder of the pack that muster may not read (its permissions, \
or a file system error) is reported with the reason, and everything else is still checked, \
so one locked folder does not hide the findings of the rest. A scenario that cannot be read \
is reported only as unreadable, not as an empty scenario. Emitted by the `muster` command, \
which does the reading.",
    failing: "# files of the pack (`locked` is mode 000)\nlocked/op.muster\nother.muster\n",
    fixed: "# files of the pack (`locked` is readable)\nlocked/op.muster\nother.muster\n",
};

/// Emitted by the `muster` command while it finds and reads the files.
pub(crate) const CHECK: Option<CheckFn> = None;
