//! MC001 syntax-error: the text does not follow the scenario language.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC001,
    summary: "the text does not follow the scenario language",
    explanation: "The parser met something it could not read at this point of the file: a \
misspelt keyword, a missing brace, a word where a number belongs. The message says what \
would have fitted (\"a terrain type such as `dense-woods`\"). The parser recovers at the \
next item, so one slip does not hide the problems after it.",
    failing: r#"map {
  area bois woods circle (500,500) radius 100m //~ MC001
}
"#,
    fixed: r#"map {
  area bois dense-woods circle (500,500) radius 100m
}
"#,
};

/// Emitted by `muster-syntax`.
pub(crate) const CHECK: Option<CheckFn> = None;
