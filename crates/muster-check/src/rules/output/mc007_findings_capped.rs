//! MC007 findings-capped: more findings of one code in one file than are shown.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC007,
    summary: "more findings of one code in one file than are shown",
    explanation: "A generated map or a slip repeated down a file can produce thousands of \
findings of one code, and nobody reads past the first screen of them. muster shows the \
first 50 findings of each code in each file, in file order, and closes them with one \
line saying how many more there are; the JSON and SARIF outputs carry the total. \
`--max-diagnostics N` changes the limit and `--max-diagnostics 0` shows everything. \
Fix the first findings shown: the rest often share their cause.",
    failing: r#"map {
  area w0 open-woods rect (100,100) size 200m by 200m
  area w1 open-woods rect (110,110) size 200m by 200m //~ MC502
  area w2 open-woods rect (120,120) size 200m by 200m //~ MC502
  area w3 open-woods rect (130,130) size 200m by 200m //~ MC502
  area w4 open-woods rect (140,140) size 200m by 200m //~ MC502
  area w5 open-woods rect (150,150) size 200m by 200m //~ MC502
  area w6 open-woods rect (160,160) size 200m by 200m //~ MC502
  area w7 open-woods rect (170,170) size 200m by 200m //~ MC502
  area w8 open-woods rect (180,180) size 200m by 200m //~ MC502
  area w9 open-woods rect (190,190) size 200m by 200m //~ MC502
  area w10 open-woods rect (200,200) size 200m by 200m //~ MC502 MC007 and 5 more MC502 in this file
}
"#,
    fixed: r#"map {
  area w0 open-woods rect (100,100) size 200m by 200m
  area w1 open-woods rect (350,100) size 200m by 200m
  area w2 open-woods rect (600,100) size 200m by 200m
  area w3 open-woods rect (850,100) size 200m by 200m
  area w4 open-woods rect (100,350) size 200m by 200m
  area w5 open-woods rect (350,350) size 200m by 200m
  area w6 open-woods rect (600,350) size 200m by 200m
  area w7 open-woods rect (850,350) size 200m by 200m
  area w8 open-woods rect (100,600) size 200m by 200m
  area w9 open-woods rect (350,600) size 200m by 200m
  area w10 open-woods rect (600,600) size 200m by 200m
}
"#,
};

/// Emitted by the run once a file's findings are gathered (`crate::cap`).
pub(crate) const CHECK: Option<CheckFn> = None;
