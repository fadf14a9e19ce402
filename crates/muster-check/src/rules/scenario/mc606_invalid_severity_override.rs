//! MC606 invalid-severity-override: a house rule naming a code muster does not know.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: "MC606",
    name: "invalid-severity-override",
    severity: Severity::Warning,
    paragraph: None,
    summary: "a severity override naming an unknown rule code, or a syntax code that cannot be overridden",
    explanation: "Scenarios and packs may re-grade rules as house rules (p.1): `allow MC305` \
switches one off, `note`, `warn` and `deny` change its severity. An override naming a code \
muster does not know does nothing, which usually hides a typing slip in a house rule the \
umpire relies on. Syntax codes (MC0xx) cannot be overridden: a file that cannot be read \
cannot be played. `muster explain` lists every code.",
    failing: r#"scenario "Example" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
  allow MC350 "the umpire accepts telephones in villages" //~ MC606
}
side red "Red" nation british
side blue "Blue" nation german
"#,
    fixed: r#"scenario "Example" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
  allow MC305 "the umpire accepts telephones in villages"
}
side red "Red" nation british
side blue "Blue" nation german
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

/// Whether an override may re-grade this code.
pub(crate) fn overridable(code: &str) -> bool {
    crate::registry::lookup(code).is_some_and(|r| !r.code.starts_with("MC0"))
}

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for o in &cx.model.overrides {
        let msg = match crate::registry::lookup(&o.code) {
            None => format!("`{} {}` names no known rule", o.level.keyword(), o.code),
            Some(_) if !overridable(&o.code) => {
                format!("`{}` is a syntax error and cannot be overridden", o.code)
            }
            Some(_) => continue,
        };
        let help = "`muster explain` lists every rule code; check the spelling";
        out.push(match o.loc {
            Some(loc) => RULE.report(msg, loc, "house rule").with_help(help),
            None => RULE
                .report_unlocated(format!("{msg} in `muster.toml`"))
                .with_help(help),
        });
    }
    out
}
