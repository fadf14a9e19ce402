//! MC216 template-of-another-nation: a unit built from a template of a nation its side does not field.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC216,
    summary: "a unit built from a template whose nation is not its side's",
    explanation: "A template states the nation whose organisation it is (`nation german`). A \
unit built from it on a side of other nations gets that army's organisation and equipment: a \
British unit made from a Tiger company is usually a slip of the template's name, and its \
nation in the JSON is left empty. When the unit really fights in captured equipment, say \
`captured`; when it is of that nation (Free French in British kit say `nation french` with a \
British template), say its `nation`.",
    failing: r#"template tiger-company company "Tiger company" nation german {
  hq kp-hq vehicle tank tracked armoured enclosed models 1 gun 88mm radio long at (0,0)
}
forces red {
  company a "A Squadron" from tiger-company at (500,500) //~ MC216
}
orders red {
  a defend (500,500)
}
"#,
    fixed: r#"template tiger-company company "Tiger company" nation german {
  hq kp-hq vehicle tank tracked armoured enclosed models 1 gun 88mm radio long at (0,0)
}
forces red {
  company a "A Squadron" from tiger-company captured at (500,500)
}
orders red {
  a defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, u) in cx.model.units.iter().enumerate() {
        if u.captured || u.nation.is_some() {
            continue;
        }
        let Some(t) = u.template.and_then(|t| cx.model.templates.get(t.0)) else {
            continue;
        };
        // a misspelt nation is MC110's to report
        let Some(tn) = t
            .nation
            .as_deref()
            .filter(|n| muster_rules::nations::is_nation(n))
        else {
            continue;
        };
        let nations = cx.nations_of_unit(UnitId(i));
        if nations.is_empty()
            || nations.contains(&tn)
            || !nations.iter().all(|n| muster_rules::nations::is_nation(n))
        {
            continue;
        }
        out.push(
            RULE.report(
                format!(
                    "`{}` is built from `{}`, a {tn} template, but it fights for {}",
                    u.name.id,
                    t.name.id,
                    nations.join(" and ")
                ),
                u.name.loc,
                "unit",
            )
            .related(t.name.loc, format!("nation {tn}"))
            .with_help(format!(
                "build it from a template of its own nation, or say `captured` (enemy equipment) or `nation {tn}`"
            )),
        );
    }
    out
}
