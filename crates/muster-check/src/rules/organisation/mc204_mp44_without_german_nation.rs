//! MC204 mp44-without-german-nation: MP44 assault elements outside the German army.

use crate::prelude::*;
use muster_syntax::wording::with_article;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC204,
    summary: "an assault (MP44) element on a side with no German nation",
    explanation: "The assault (MP44) element type of §18 is German only: it portrays \
infantry armed with the MP44 assault rifle. Another army's SMG-armed assault troops are \
plain `assault` elements. A unit may state its own `nation` when its side is \
multinational.",
    failing: r#"forces red {
  platoon p "Assault Platoon" {
    hq p-hq command figures 2 at (500,480)
    element a assault-mp44 figures 4 at (500,500) //~ MC204
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon p "Assault Platoon" {
    hq p-hq command figures 2 at (500,480)
    element a assault figures 4 at (500,500)
  }
}
orders red {
  p defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (e, ty) in cx
        .foot_elements()
        .filter(|(_, ty)| muster_rules::foot::german_only(*ty))
    {
        let nations = cx.nations_of_unit(e.unit);
        if nations.contains(&"german") {
            continue;
        }
        let list = nations
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let at = e.kind_loc.unwrap_or(e.name.loc);
        out.push(
            RULE.report(
                format!("`{}` is {} but its nation is {}", e.qualified, with_article(&format!("{} element", ty.keyword())), if list.is_empty() { "not stated".to_string() } else { list }),
                at,
                "German-only element type",
            )
.about(e)
            .with_help("use `assault` for SMG-armed troops of other armies, or give the unit `nation german`"),
        );
    }
    out
}
