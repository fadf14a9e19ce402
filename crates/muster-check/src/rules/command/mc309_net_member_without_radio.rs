//! MC309 net-member-without-radio: a radio net listing someone who cannot be on it.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC309,
    summary: "a radio net member or radio link end without a radio, or of the other side",
    explanation: "A net (§70) joins radio sets, and its seniority order (§71) says which \
set takes over its frequencies when a command element is knocked out. A member without \
a radio (for a unit: its command element has none) can never be on the net, and a member \
of the other side would let one side listen to the other. The same holds for both ends \
of an extra radio link (`radio a to b` in `nets`).",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 radio short at (500,500)
    platoon p1 "1 Platoon" {
      hq p1-hq command figures 2 at (520,500)
    }
  }
}
nets red {
  net coy-net "Company net" seniority a-hq p1-hq //~ MC309
}
orders red {
  a defend (500,500)
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 radio short at (500,500)
    platoon p1 "1 Platoon" {
      hq p1-hq command figures 2 radio short at (520,500)
    }
  }
}
nets red {
  net coy-net "Company net" seniority a-hq p1-hq
}
orders red {
  a defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let nets = cx.model.nets.iter().flat_map(|n| {
        n.members
            .iter()
            .map(move |m| (m, n.side, format!("net `{}`", n.name.id)))
    });
    let links = cx.model.radio_links.iter().flat_map(|l| {
        [
            (&l.from, l.side, "a radio link".to_string()),
            (&l.to, l.side, "a radio link".to_string()),
        ]
    });
    for (m, side, on) in nets.chain(links) {
        let Some(e) = cx.element_of_target(m.target) else {
            continue;
        };
        // the advice fits the problem: a radio is no cure for an enemy on the net
        let (problem, help) = if e.side != side {
            (
                format!("`{}` on {on} belongs to the other side", m.name.id),
                "name an element of this side, or leave it off the net",
            )
        } else if e.radio.is_none() {
            (
                format!("`{}` on {on} has no radio", m.name.id),
                "give the element a `radio`, or leave it off the net",
            )
        } else {
            continue;
        };
        out.push(
            RULE.report(problem, m.name.loc, "radio set expected")
                .related(e.name.loc, format!("`{}`", e.qualified))
                .with_help(help),
        );
    }
    out
}
