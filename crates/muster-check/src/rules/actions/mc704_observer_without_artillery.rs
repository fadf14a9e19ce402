//! MC704 observer-without-artillery: a forward observer with no guns to call on.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: "MC704",
    name: "observer-without-artillery",
    severity: Severity::Error,
    paragraph: Some("§55, §56"),
    summary: "a forward observer with no artillery unit it can register fire for",
    explanation: "A forward observer (§55, §56) registers and adjusts fire for an artillery \
unit of its own side. Without `registers-for` naming a friendly unit that has artillery \
(guns, howitzers, rockets, self-propelled guns or mortars), \
the observer has no guns to call on and its specialist actions cannot be used.",
    failing: r#"forces red {
  battery fo "FOO party" {
    hq fo-hq command figures 2 at (480,500)
    element foo specialist foo figures 2 radio short at (500,500) //~ MC704
  }
}
orders red {
  fo defend (500,500)
}
"#,
    fixed: r#"forces red {
  battery fo "FOO party" {
    hq fo-hq command figures 2 at (480,500)
    element foo specialist foo figures 2 radio short registers-for guns at (500,500)
  }
  battery guns "25-pdr Battery" {
    element g1 artillery gun 87mm models 1 off-table
  }
}
orders red {
  fo support guns
  guns support fo
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for e in &cx.model.elements {
        if facts::specialism(e) != Some(Specialism::Foo) {
            continue;
        }
        let (at, problem) = match &e.registers_for {
            None => (
                e.name.loc,
                "registers fire for no artillery unit".to_string(),
            ),
            Some(r) => match cx.unit_of_target(r.target) {
                None if r.target.is_none() => (
                    r.name.loc,
                    format!("registers fire for `{}`, which is not defined", r.name.id),
                ),
                None => (
                    r.name.loc,
                    format!("registers fire for `{}`, which is not a unit", r.name.id),
                ),
                Some(u) if cx.unit(u).map(|u| u.side) != Some(e.side) => (
                    r.name.loc,
                    format!("registers fire for `{}`, an enemy unit", r.name.id),
                ),
                Some(u) if !has_artillery(cx, u) => (
                    r.name.loc,
                    format!("registers fire for `{}`, which has no artillery", r.name.id),
                ),
                Some(_) => continue,
            },
        };
        out.push(
            RULE.report(
                format!("forward observer `{}` {problem}", e.qualified),
                at,
                "forward observer",
            )
            .with_help("add `registers-for UNIT` naming a friendly unit with artillery elements"),
        );
    }
    out
}

/// Whether the unit or one below it can fire indirectly: artillery, self-propelled
/// guns (§12), or mortars.
fn has_artillery(cx: &Context, u: UnitId) -> bool {
    cx.subtree(u)
        .into_iter()
        .filter_map(|x| cx.unit(x))
        .flat_map(|x| x.elements.iter())
        .filter_map(|&el| cx.element(el))
        .any(|el| {
            facts::is_artillery(el)
                || matches!(
                    el.kind,
                    Some(Kind::Vehicle {
                        role: VehicleRole::SpGun,
                        ..
                    })
                )
                || el.weapons.iter().any(|w| w.kind == WeaponKind::Mortar)
        })
}
