//! MC005 coordinate-far-off-table: a position kilometres beyond the table's edges.

use crate::prelude::*;
use muster_model::bounds::{Allowed, FarOffItem};
use muster_rules::limits::{self, COORDINATE_MARGIN};

pub(crate) const RULE: Rule = Rule {
    code: Code::MC005,
    summary: "a position far beyond the table's edges",
    explanation: "Coordinates are metres from the table's south-west corner. A point a \
little off the table is an off-table place or an arrival point (MC508 reports an element \
or place just outside); a point kilometres beyond an edge is a typo. Such a position is \
refused before any check runs: the element counts as not placed, and the area, line or \
point is left out, so no check walks the distance to it. The message gives the allowed \
range.",
    failing: r#"scenario "Example" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
  table 2000m by 2000m
}
side red "Red" nation british
side blue "Blue" nation german
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,10000000000) //~ MC005
  }
}
orders red {
  p defend (500,500)
}
"#,
    fixed: r#"scenario "Example" {
  start 1944-06-06 06:00
  turns 12
  first-bound red
  table 2000m by 2000m
}
side red "Red" nation british
side blue "Blue" nation german
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,1000)
  }
}
orders red {
  p defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

/// The allowed box in words.
fn describe(allowed: &Allowed) -> String {
    let n = limits::number;
    format!(
        "x from {} m to {} m and y from {} m to {} m",
        n(allowed.x.0),
        n(allowed.x.1),
        n(allowed.y.0),
        n(allowed.y.1)
    )
}

/// A coordinate for a message: huge ones in exponent form.
fn coord(v: f64) -> String {
    if v.is_finite() && v.abs() < 1e9 {
        limits::number(v)
    } else {
        format!("{v:e}")
    }
}

/// What held the refused position, in the author's words.
fn what(model: &Model, item: FarOffItem) -> String {
    match item {
        FarOffItem::Element(i) => model
            .elements
            .get(i)
            .map_or_else(String::new, |e| format!("`{}`", e.qualified)),
        FarOffItem::Area(i) => model.areas.get(i).map_or_else(String::new, |a| {
            format!("{} `{}`", a.kind.keyword(), a.name.id)
        }),
        FarOffItem::Line(i) => model.lines.get(i).map_or_else(String::new, |l| {
            format!("{} `{}`", l.kind.keyword(), l.name.id)
        }),
        FarOffItem::Crossing(i) => model
            .crossings
            .get(i)
            .map_or_else(String::new, |c| format!("crossing `{}`", c.name.id)),
        FarOffItem::Place(i) => model
            .places
            .get(i)
            .map_or_else(String::new, |p| format!("place `{}`", p.name.id)),
        FarOffItem::Point => "the point".to_string(),
    }
}

/// Reports each position resolution refused as far off the table
/// (`muster_model::bounds`), which has already taken it out of the model.
fn check(cx: &Context) -> Vec<Diagnostic> {
    if cx.model.far_off.is_empty() {
        return Vec::new();
    }
    let allowed = Allowed::of(cx.model);
    cx.model
        .far_off
        .iter()
        .map(|f| {
            RULE.report(
                format!(
                    "{} at ({}, {}) is far off the table: allowed {}",
                    what(cx.model, f.item),
                    coord(f.at.x),
                    coord(f.at.y),
                    describe(&allowed)
                ),
                f.loc,
                "far off the table",
            )
            .with_help(format!(
                "coordinates are metres from the south-west corner and may lie at most {} m beyond an edge",
                limits::number(COORDINATE_MARGIN.max)
            ))
        })
        .collect()
}
