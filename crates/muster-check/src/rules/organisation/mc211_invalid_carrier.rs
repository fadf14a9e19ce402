//! MC211 invalid-carrier: troops embussed in or riding on something that cannot carry them.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC211,
    summary: "an element embussed in or riding on something other than a friendly vehicle",
    explanation: "Embussed troops and tank riders (§14) travel in or on vehicle elements \
(§12): lorries, half-tracks, carriers, tanks. The carrier must be a vehicle of the same \
side, and what it carries must be foot troops or a gun, not another vehicle or an \
aircraft. Otherwise the element has no way to move with its transport.",
    failing: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,480)
    element a coherent figures 6 at (500,500)
    element b coherent figures 6 riding-on a //~ MC211
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,480)
    element a vehicle tank tracked armoured enclosed models 1 at (500,500)
    element b coherent figures 6 riding-on a
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
    for e in &cx.model.elements {
        for (how, r) in [("embussed in", &e.embussed_in), ("riding on", &e.riding_on)] {
            let Some(r) = r else { continue };
            let Some(Target::Element(c)) = r.target else {
                if r.target.is_some() {
                    out.push(report(e, r, how, "which is not an element"));
                }
                continue;
            };
            let Some(carrier) = cx.element(c) else {
                continue;
            };
            let problem = if std::ptr::eq(carrier, e) {
                Some("that is, itself")
            } else if carrier.side != e.side {
                Some("an enemy element")
            } else if landing_craft(carrier) && how == "embussed in" {
                // a landing craft carries foot, guns and vehicles ashore
                (facts::is_aircraft(e) || matches!(e.kind, Some(Troop::Ship { .. })))
                    .then_some("but a landing craft carries no aircraft or ships")
            } else if !facts::is_vehicle(carrier) {
                Some("which is not a vehicle or landing craft")
            } else if facts::is_vehicle(e) || facts::is_aircraft(e) {
                Some("but only foot troops and guns are carried")
            } else {
                None
            };
            if let Some(problem) = problem {
                out.push(
                    report(e, r, how, problem)
                        .related(carrier.name.loc, format!("`{}`", carrier.qualified)),
                );
            }
        }
    }
    out
}

fn report(e: &Element, r: &Ref, how: &str, problem: &str) -> Diagnostic {
    RULE.report(
        format!("`{}` is {how} `{}`, {problem}", e.qualified, r.name.id),
        r.name.loc,
        "carrier",
    )
    .about(e)
    .with_help("name a vehicle element of the same side: a lorry, half-track, carrier or tank")
}

/// Whether the element is a landing craft, which carries elements `embussed-in` it.
fn landing_craft(e: &Element) -> bool {
    matches!(
        e.kind,
        Some(Troop::Ship {
            role: ShipRole::LandingCraft
        })
    )
}
