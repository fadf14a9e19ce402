//! MC117 unsafe-output-folder: the output folder would leave the pack or hold its sources.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC117,
    summary: "the output folder leaves the pack through a symlink, or is or contains the sources",
    explanation: "`muster build` and `muster watch --out` write only below one output folder, \
resolved once before anything is written. `out` in `muster.toml` must stay inside the pack \
after symlinks are followed: a repository can carry a symlink that would otherwise send the \
briefings (and the clean-up of stale temporaries) into any folder of the machine. No output \
folder may be the pack itself, a folder above it, or a folder holding `.muster` files: \
outputs would mix with the sources and watch would rebuild on its own writes. A folder \
replaced by a symlink while muster runs is refused too.",
    failing: "# muster.toml\nout = \".\"\n",
    fixed: "# muster.toml\nout = \"site\"\n",
};

/// Emitted by `muster-model` for `out = "."`, by the `muster` command otherwise.
pub(crate) const CHECK: Option<CheckFn> = None;
