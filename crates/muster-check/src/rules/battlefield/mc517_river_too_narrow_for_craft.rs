//! MC517 river-too-narrow-for-craft: a gunboat or landing craft on a river narrower than it needs.

use crate::prelude::*;
use muster_rules::troops::river_width_needed_m;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC517,
    summary: "a gunboat or landing craft on a river line narrower than the craft needs",
    explanation: "River flotillas and assault crossings put gunboats and landing craft on \
rivers: water is their only ground (§95). A `river` line carries them where it is wide \
enough to float, turn and pass: muster asks {{gunboat-river}} for a gunboat and \
{{landing-craft-river}} for a landing craft (its own estimates; the rulebook gives none). A \
river written without `width` is taken at the default width of a river line.",
    failing: r#"map {
  river odon "River Odon" width 8m line (500,0) (500,2000)
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (400,900)
    element lcm ship landing-craft models 1 at (500,900) //~ MC517
  }
}
orders red {
  a defend (400,900)
}
"#,
    fixed: r#"map {
  river rhine "Rhine" width 300m line (500,0) (500,2000)
}
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (300,900)
    element lcm ship landing-craft models 1 at (500,900)
  }
}
orders red {
  a defend (300,900)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (e, role, p) in cx.ships_out_of_open_water() {
        let Some(needed) = river_width_needed_m(role) else {
            continue;
        };
        let Some(r) = geometry::river_at(cx.model, p) else {
            continue;
        };
        if r.width >= needed {
            continue;
        }
        out.push(
            RULE.report(
                format!(
                    "{role} `{}` is on river `{}`, {} wide, but a {role} needs {}",
                    e.qualified,
                    r.name.id,
                    metres(r.width),
                    metres(needed)
                ),
                e.pos_loc.unwrap_or(e.name.loc),
                "craft here",
            )
            .about(e)
            .related(r.name.loc, format!("river `{}`", r.name.id))
            .with_help(format!(
                "give the river its real `width` if it is at least {}, or move the craft to wider water",
                metres(needed)
            )),
        );
    }
    out
}
