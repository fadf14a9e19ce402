//! MC704 observer-without-artillery: a forward observer with no guns to call on.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC704,
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
            Some(r) => {
                let why = match cx.unit_ref(r) {
                    Err(no) => no.clause(),
                    Ok(u) if cx.side_of(u) != Some(e.side) => "an enemy unit",
                    Ok(u) if !has_artillery(cx, u) => "which has no artillery",
                    Ok(_) => continue,
                };
                (
                    r.name.loc,
                    format!("registers fire for `{}`, {why}", r.name.id),
                )
            }
        };
        out.push(
            RULE.report(
                format!("forward observer `{}` {problem}", e.qualified),
                at,
                "forward observer",
            )
            .about(e)
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
        .flat_map(|x| cx.elements_of(x))
        .any(|el| {
            facts::is_artillery(el)
                || matches!(
                    el.kind,
                    Some(Troop::Vehicle(VehicleSpec {
                        role: VehicleRole::SpGun,
                        ..
                    }))
                )
                || el.weapons.iter().any(|w| w.kind == WeaponKind::Mortar)
                // naval fire support: a naval FOO or FOB calls on warships
                || matches!(el.kind, Some(Troop::Ship { role }) if role != ShipRole::LandingCraft)
        })
}
