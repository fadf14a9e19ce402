//! MC207 heavy-weapon-misclassified: artillery written as an infantry support element.

use crate::prelude::*;
use muster_syntax::wording::with_article;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC207,
    summary: "a heavy mortar or a gun declared as an infantry support element instead of artillery",
    explanation: "§12 separates infantry support weapons from artillery: mortars over {{infantry-mortar}}, \
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
    for (e, _) in cx.foot_elements() {
        for w in e
            .weapons
            .iter()
            .filter(|w| muster_rules::troops::is_artillery_weapon(w.kind, w.calibre_mm))
        {
            let what = match w.calibre_mm.filter(|_| w.kind == WeaponKind::Mortar) {
                Some(calibre) => with_article(&format!("{} mm mortar", calibre.round())),
                None => "a gun".to_string(),
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
                .about(e)
                .with_help("declare it as `artillery` with its weapon and calibre"),
            );
        }
    }
    out
}
