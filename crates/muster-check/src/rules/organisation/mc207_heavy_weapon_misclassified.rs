//! MC207 heavy-weapon-misclassified: artillery written as an infantry support element.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: "MC207",
    name: "heavy-weapon-misclassified",
    severity: Severity::Error,
    paragraph: Some("§12"),
    summary: "a heavy mortar or a gun declared as an infantry support element instead of artillery",
    explanation: "§12 separates infantry support weapons from artillery: mortars over 82 mm, \
field guns, howitzers and anti-tank guns are artillery elements with their own rules for \
moving, firing and limbering. Written as a foot support element they would move and \
fight like infantry. Self-propelled artillery, in turn, is a vehicle.",
    failing: r#"forces red {
  battery b "Mortar Battery" {
    hq b-hq command figures 2 at (500,480)
    element m heavy-support mortar 120mm figures 3 at (500,500) //~ MC207
  }
}
orders red {
  b defend (500,500)
}
"#,
    fixed: r#"forces red {
  battery b "Mortar Battery" {
    hq b-hq command figures 2 at (500,480)
    element m artillery mortar 120mm models 1 at (500,500)
  }
}
orders red {
  b defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for e in &cx.model.elements {
        if facts::foot_type(e).is_none() {
            continue;
        }
        for w in &e.weapons {
            let heavy_mortar =
                w.kind == WeaponKind::Mortar && w.calibre_mm.is_some_and(|c| c > 82.0);
            if !(heavy_mortar || w.kind == WeaponKind::Gun) {
                continue;
            }
            let what = if heavy_mortar {
                format!("a {} mm mortar", w.calibre_mm.unwrap_or(0.0).round())
            } else {
                "a gun".to_string()
            };
            out.push(
                RULE.report(
                    format!(
                        "`{}` carries {what} but is declared as a foot element",
                        e.qualified
                    ),
                    w.loc,
                    "artillery weapon",
                )
                .with_help("declare it as `artillery` with its weapon and calibre"),
            );
        }
    }
    out
}
