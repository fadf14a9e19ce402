//! MC003 input-refused: input so large, deep or garbled that muster will not read it.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC003,
    summary: "input refused to protect the tool: too large, nested too deep or not UTF-8",
    explanation: "muster reads files from packs it did not write, in CI and in editors. To \
stay fast and never crash it refuses a file over its size limit, blocks nested deeper than \
its depth limit, and text that is not UTF-8. The message names the limit. Save the file as \
UTF-8 or split it into a scenario and library files brought in with `use`.",
    failing: r#"// sixty-six blocks inside each other: more than the 64 levels muster reads
map { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { { //~ MC003
"#,
    fixed: r#"// one block, as the language needs
map {
  place hill "Hill 112" at (500,500)
}
victory red "Hold Hill 112" holds hill at end
"#,
};

/// Emitted by `muster-syntax` and the file loader.
pub(crate) const CHECK: Option<CheckFn> = None;
