//! MC212 template-echelon-differs: a unit made from a template of another echelon.

use crate::prelude::*;
use muster_syntax::wording::with_article;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC212,
    summary: "a unit is built `from` a template written for another echelon",
    explanation: "Units are organised in echelons (§9): a battalion holds companies, a \
company platoons, and the command rules read the echelon. A template describes one \
echelon's organisation; building a battalion from a company template gives a \
battalion with a company's elements, which is nearly always a wrong template name. \
National names of one level agree (a `battery` or `squadron` from a `company` template, \
a `troop` from a `platoon` one; a `regiment` is a battalion or a brigade), and `group` \
fits any level.",
    failing: r#"template rifle-company company "Rifle company" {
  hq coy-hq command figures 2
  element pl-1 integrated figures 5
}
forces red {
  battalion bn-1 "1st Battalion" from rifle-company at (500,500) //~ MC212
}
"#,
    fixed: r#"template rifle-company company "Rifle company" {
  hq coy-hq command figures 2
  element pl-1 integrated figures 5
}
forces red {
  company a-coy "A Company" from rifle-company at (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

/// The levels of the command hierarchy an echelon word may stand for (§9):
/// national words share a level, and `regiment` means a battalion in some armies
/// (British armour) and a brigade-sized formation in others.
fn levels(e: Echelon) -> Option<(u8, u8)> {
    Some(match e {
        Echelon::Division => (5, 5),
        Echelon::Brigade => (4, 4),
        Echelon::Regiment => (3, 4),
        Echelon::Battalion => (3, 3),
        Echelon::Company | Echelon::Battery | Echelon::Squadron => (2, 2),
        Echelon::Platoon | Echelon::Troop | Echelon::Flight => (1, 1),
        Echelon::Group => return None,
    })
}

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for u in &cx.model.units {
        let Some(t) = u.template.and_then(|t| cx.model.templates.get(t.0)) else {
            continue;
        };
        let (Some((ulo, uhi)), Some((tlo, thi))) = (levels(u.echelon), levels(t.echelon)) else {
            continue;
        };
        if uhi < tlo || thi < ulo {
            let theirs = t.echelon.keyword();
            out.push(
                RULE.report(
                    format!(
                        "`{}` is {}, but its template `{}` is {}",
                        u.name.id,
                        with_article(u.echelon.keyword()),
                        t.name.id,
                        with_article(&format!("{theirs} template")),
                    ),
                    u.name.loc,
                    format!("built as {}", with_article(u.echelon.keyword())),
                )
                .related(t.name.loc, with_article(&format!("{theirs} template")))
                .with_help(format!(
                    "make `{}` {}, or build it from {} template",
                    u.name.id,
                    with_article(theirs),
                    with_article(u.echelon.keyword())
                )),
            );
        }
    }
    out
}
