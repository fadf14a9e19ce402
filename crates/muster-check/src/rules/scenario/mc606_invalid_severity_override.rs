//! MC606 invalid-severity-override: a house rule naming a code muster does not know.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC606,
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
    Code::parse(code).is_some_and(Code::overridable)
}

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for o in &cx.model.overrides {
        let (msg, help) = match crate::registry::lookup(&o.code) {
            None => (
                format!("`{} {}` names no known rule", o.level.keyword(), o.code),
                match nearest_code(&o.code) {
                    Some(code) => {
                        format!("did you mean `{code}`? `muster explain` lists every rule code")
                    }
                    None => {
                        "`muster explain` lists every rule code; check the spelling".to_string()
                    }
                },
            ),
            Some(_) if !overridable(&o.code) => (
                format!("`{}` is a syntax error and cannot be overridden", o.code),
                "fix the text instead: a file muster cannot read cannot be played".to_string(),
            ),
            Some(_) => continue,
        };
        out.push(match o.loc {
            Some(loc) => RULE.report(msg, loc, "house rule").with_help(help),
            None => RULE
                .report_unlocated(format!("{msg} in `muster.toml`"))
                .with_help(help),
        });
    }
    out
}

/// The registered code one edit (a changed, swapped or missing digit) away, if any.
fn nearest_code(code: &str) -> Option<Code> {
    let code = code.to_ascii_uppercase();
    Code::ALL
        .iter()
        .copied()
        .find(|c| c.overridable() && one_edit(c.as_str(), &code))
}

fn one_edit(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len() == b.len() {
        let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
        match diff.as_slice() {
            [_] => true,
            [i, j] => *j == i + 1 && a[*i] == b[*j] && a[*j] == b[*i],
            _ => false,
        }
    } else {
        let (long, short) = if a.len() > b.len() {
            (&a, &b)
        } else {
            (&b, &a)
        };
        long.len() == short.len() + 1
            && (0..long.len()).any(|k| long[..k] == short[..k] && long[k + 1..] == short[k..])
    }
}
