//! MC109 invalid-pack-configuration: `muster.toml` cannot be read.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC109,
    summary: "the pack's `muster.toml` is not valid",
    explanation: "A pack may hold a `muster.toml` at its root with the pack's name, default \
severities for rules (house rules, p.1), template overrides and an output folder. A file \
that is not valid TOML, or has an unknown key, a value of the wrong kind or a severity for \
a code muster does not know (or a syntax code, which cannot be re-graded), is reported \
rather than ignored, so that house rules are never silently dropped. `muster check` and \
the language server read it alike.",
    failing: "# muster.toml\n[severity]\nMC302 = \"sometimes\"\n",
    fixed: "# muster.toml\n[severity]\nMC302 = \"allow\"\n",
};

/// Emitted by `muster-model` when it reads `muster.toml`.
pub(crate) const CHECK: Option<CheckFn> = None;
