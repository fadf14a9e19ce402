//! MC510 terrain-kind-shadows-built-in: a `terrain` item named like a built-in kind.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC510,
    summary: "a scenario terrain kind named like a built-in terrain type or line kind",
    explanation: "A scenario may describe terrain of its own with the rulebook's grades \
(§98), and its areas and lines name it where a built-in type stands. A definition named \
like a built-in type (`cliffs`, `hedge`) can never be used: the built-in word wins \
wherever it is written, so the grades written for it are silently ignored. Give it a \
name of its own, such as `climbable-cliffs`.",
    failing: r#"terrain cliffs "Cliffs the rangers climbed" { //~ MC510
  movement foot difficult vehicles impassable
}
map {
  area pointe cliffs polygon (0,600) (900,640) (900,660) (0,620)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
orders red {
  p defend pointe
}
"#,
    fixed: r#"terrain climbable-cliffs "Cliffs the rangers climbed" {
  movement foot difficult vehicles impassable
}
map {
  area pointe climbable-cliffs polygon (0,600) (900,640) (900,660) (0,620)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
orders red {
  p defend pointe
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for t in &cx.model.terrains {
        let what = if TerrainKind::from_keyword(&t.name.id).is_some() {
            "terrain type"
        } else if LineKind::from_keyword(&t.name.id).is_some() {
            "line kind"
        } else {
            continue;
        };
        out.push(
            RULE.report(
                format!(
                    "terrain kind `{}` has the name of a built-in {what}, so no area or line can use it",
                    t.name.id
                ),
                t.name.loc,
                format!("the built-in {what} wins"),
            )
            .with_help(format!(
                "rename it, such as `{}-2`, and use that name in the map",
                t.name.id
            )),
        );
    }
    out
}
