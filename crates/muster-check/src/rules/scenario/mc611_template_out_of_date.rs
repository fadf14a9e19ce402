//! MC611 template-out-of-date: a unit built from a template dated for other years.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC611,
    summary: "a unit built from a template whose `dated` years do not include the scenario's date",
    explanation: "Organisations changed through the war, so a template says the years it \
applies with `dated 1943-1945` (docs/language.md promises the check). A unit \
built from it in a scenario dated outside those years has the wrong organisation, such as \
a 1944 company with radios in a 1940 battle. Use the template of the right years, or \
override the elements that differ.",
    failing: r#"template rifle-company-1940 company "Rifle Company (1940)" dated 1939-1942 {
  hq coy-hq command figures 3 at (0,-40)
  element pl-1 coherent figures 6 at (0,0)
}
forces red {
  company a "A Company" from rifle-company-1940 at (500,500) //~ MC611
}
orders red {
  a defend (500,500)
}
"#,
    fixed: r#"template rifle-company-1944 company "Rifle Company (1944)" dated 1943-1945 {
  hq coy-hq command figures 3 radio long at (0,-40)
  element pl-1 coherent figures 6 at (0,0)
}
forces red {
  company a "A Company" from rifle-company-1944 at (500,500)
}
orders red {
  a defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let Some((year, _, _)) = cx.model.header.as_ref().and_then(|h| h.date) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for t in &cx.model.templates {
        let Some((from, to)) = t.dated else { continue };
        if (from..=to).contains(&year) {
            continue;
        }
        let years = if from == to {
            from.to_string()
        } else {
            format!("{from}–{to}")
        };
        for u in t.used_by.iter().filter_map(|u| cx.unit(*u)) {
            out.push(
                RULE.report(
                    format!(
                        "`{}` is built from `{}`, dated {years}, but the scenario is set in {year}",
                        u.name.id, t.name.id
                    ),
                    u.name.loc,
                    format!("organisation of {years}"),
                )
                .related(t.loc, "template dated here")
                .with_help(format!(
                    "use a template dated for {year}, or override the elements that differ"
                )),
            );
        }
    }
    out
}
