//! MC111 ambiguous-name: a short name that is an element of both sides.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC111,
    summary: "a victory condition names an element both sides have, without its unit",
    explanation: "A `destroys` condition may name an element by its short name. When \
both sides have an element of that name (each side has its `guns`), muster could only \
guess which one is meant, and a guess that picks the wrong side turns the condition \
upside down. Write the element with its unit, `unit.element`.",
    failing: r#"forces red {
  battery guns-r "Red battery" {
    hq bty-hq command figures 2
    element guns artillery gun 25pdr models 2
  }
}
forces blue {
  battery guns-b "Blue battery" {
    hq bty-hq command figures 2
    element guns artillery gun 105mm models 2
  }
}
victory red "Silence the guns" destroys guns //~ MC111
"#,
    fixed: r#"forces red {
  battery guns-r "Red battery" {
    hq bty-hq command figures 2
    element guns artillery gun 25pdr models 2
  }
}
forces blue {
  battery guns-b "Blue battery" {
    hq bty-hq command figures 2
    element guns artillery gun 105mm models 2
  }
}
victory red "Silence the guns" destroys guns-b.guns
"#,
};

/// Emitted by `muster-model` during resolution.
pub(crate) const CHECK: Option<CheckFn> = None;
