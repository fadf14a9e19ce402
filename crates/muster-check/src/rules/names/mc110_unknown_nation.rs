//! MC110 unknown-nation: a `nation` the language does not know.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC110,
    summary: "a side, template or unit names a nation muster does not know",
    explanation: "Some rules depend on the nation of the troops: only German infantry may \
field assault (MP44) elements (§18). A misspelt nation (`germna`) would silently switch \
such rules off, so every `nation` must be one of the nations listed in \
docs/language.md: american (or us), australian, belgian, british, canadian, czech, \
dutch, finnish, french, german, greek, hungarian, indian, italian, japanese, \
new-zealand, norwegian, polish, romanian, south-african, soviet, yugoslav.",
    failing: r#"side red "Red" nation britsh //~ MC110
side blue "Blue" nation german
"#,
    fixed: r#"side red "Red" nation british
side blue "Blue" nation german
"#,
};

/// Emitted by `muster-model` during resolution.
pub(crate) const CHECK: Option<CheckFn> = None;
