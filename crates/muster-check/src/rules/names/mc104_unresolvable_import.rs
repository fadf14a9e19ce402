//! MC104 unresolvable-import: a `use` that cannot be followed.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC104,
    summary: "an import that is not found, forms a cycle, or leaves the pack's root folder",
    explanation: "`use \"lib/…\"` brings a library file of the same pack into the scenario. \
The path is relative to the importing file and must name an existing file inside the \
pack's root folder (so a pack checked in CI cannot read files elsewhere on the machine), \
and libraries may not import each other in a circle.",
    failing: r#"use "lib/missing.muster" //~ MC104
"#,
    fixed: r#"// no import: everything the scenario needs is written in it
"#,
};

/// Emitted by `muster-model` during resolution.
pub(crate) const CHECK: Option<CheckFn> = None;
