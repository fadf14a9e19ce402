//! MC206 weapon-unfit-for-element: a weapon the element type does not carry.

use crate::prelude::*;
use muster_syntax::wording::with_article;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC206,
    summary: "weapons that do not fit the element type",
    explanation: "Each foot type of §18 is defined by what it carries: coherent elements \
have rifles, an LMG and a hand-held anti-tank weapon; integrated elements rifles and an \
LMG; assault elements SMGs, bare elements rifles; light support one LMG, hand-held AT \
weapon or light mortar; heavy support an HMG or a medium mortar (up to {{infantry-mortar}}). A weapon \
outside the type changes what the element may fire, so pick the type that carries it.",
    failing: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,480)
    element a bare lmg figures 4 at (500,500) //~ MC206
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,480)
    element a integrated lmg figures 5 at (500,500)
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
    for (e, ty) in cx.foot_elements() {
        for w in &e.weapons {
            if fits(ty, facts::specialism(e), w) {
                continue;
            }
            out.push(
                RULE.report(
                    format!(
                        "{} cannot carry `{}`",
                        with_article(&format!("{} element", ty.keyword())),
                        w.kind.keyword()
                    ),
                    w.loc,
                    format!("`{}` on `{}`", w.kind.keyword(), e.qualified),
                )
                .about(e)
                .with_help(suggestion(w)),
            );
        }
    }
    out
}

/// Whether the weapon belongs to the foot type (§18). Command elements are MC203's;
/// guns and heavy mortars are MC207's.
fn fits(ty: FootType, specialism: Option<Specialism>, w: &WeaponInfo) -> bool {
    ty == FootType::Command
        || muster_rules::troops::is_artillery_weapon(w.kind, w.calibre_mm)
        || muster_rules::foot::allows_weapon(ty, w.kind, w.calibre_mm, specialism)
}

fn suggestion(w: &WeaponInfo) -> String {
    match w.kind {
        WeaponKind::Lmg => "an LMG belongs in a coherent, integrated or light support element".into(),
        WeaponKind::HandAt => "a hand-held AT weapon belongs in a coherent or light support element".into(),
        WeaponKind::Hmg => "an HMG belongs in a heavy support element".into(),
        WeaponKind::Mortar => format!(
            "light mortars (up to {} mm) go in light support, medium ones (up to {} mm) in heavy support",
            muster_rules::foot::LIGHT_MORTAR_MAX_MM,
            muster_rules::troops::MAX_INFANTRY_MORTAR_MM
        ),
        _ => "pick the element type that carries this weapon".into(),
    }
}
