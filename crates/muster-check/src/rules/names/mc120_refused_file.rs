//! MC120 refused-file: a file muster will not read: not a regular file, or a name it cannot trust.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC120,
    summary: "muster reads only regular files and real folders of the pack, with plain names",
    explanation: "`check`, `fmt`, `build` and `watch` find a pack's files the same way: they \
never follow a symlinked folder, and skip FIFOs, sockets and device files (reading one could \
wait forever or never end). A path named on the command line that is one of these is \
refused at once with this code. A name holding a backslash is refused too: on Unix it is \
an ordinary character, so `a\\b.muster` would mean one file here and a folder `a` elsewhere. \
Names longer than 255 bytes are refused as well.",
    failing: "# the shell\nmkfifo pipe.muster\nmuster check pipe.muster\n",
    fixed: "# the shell\nmuster check op.muster\n",
};

/// Emitted by the `muster` command while it finds and reads the files.
pub(crate) const CHECK: Option<CheckFn> = None;
