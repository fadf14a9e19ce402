//! MC508 outside-table: an element or a place off the table's edges.

use super::pos_loc;
use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC508,
    summary: "an element or a place outside the table",
    explanation: "Coordinates are metres from the table's south-west corner. An element or \
place beyond the table's width or depth cannot be put on it; elements that enter later \
or stay off the table say so with `off-table` or an arrival instead of a position.",
    failing: r#"map {
  place hill "Hill 112" at (2500,500) //~ MC508
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
orders red {
  p attack full hill
}
"#,
    fixed: r#"map {
  place hill "Hill 112" at (1500,500)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
  }
}
orders red {
  p attack full hill
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let Some(t) = cx.table() else {
        return Vec::new();
    };
    let size = format!("{} by {}", metres(t.0), metres(t.1));
    let help = "check the coordinates: metres from the south-west corner, x east, y north";
    let mut out = Vec::new();
    for e in &cx.model.elements {
        let Some(p) = e.pos.filter(|p| !geometry::on_table(t, *p)) else {
            continue;
        };
        out.push(
            RULE.report(
                format!(
                    "`{}` at ({}, {}) is outside the table of {size}",
                    e.qualified, p.x, p.y
                ),
                pos_loc(e),
                "off the table",
            )
            .about(e)
            .with_help(help),
        );
    }
    for pl in &cx.model.places {
        let PlaceAt::Point(p) = pl.at else { continue };
        if !geometry::on_table(t, p) {
            out.push(
                RULE.report(
                    format!(
                        "place `{}` at ({}, {}) is outside the table of {size}",
                        pl.name.id, p.x, p.y
                    ),
                    pl.loc,
                    "off the table",
                )
                .with_help(help),
            );
        }
    }
    out
}
