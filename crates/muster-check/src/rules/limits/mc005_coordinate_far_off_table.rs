//! MC005 coordinate-far-off-table: a position kilometres beyond the table's edges.

use crate::prelude::*;
use muster_rules::limits::{self, COORDINATE_MARGIN, TABLE_SIDE};

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

/// Reported by [`refuse`] before analysis and the checks.
pub(crate) const CHECK: Option<CheckFn> = None;

/// The box every position must lie in: the table (the largest allowed table when
/// none is given) widened by the margin on every side.
struct Allowed {
    x: (f64, f64),
    y: (f64, f64),
}

impl Allowed {
    fn of(model: &Model) -> Self {
        let (w, d) = model
            .header
            .as_ref()
            .and_then(|h| h.table)
            .unwrap_or((TABLE_SIDE.max, TABLE_SIDE.max));
        let m = COORDINATE_MARGIN.max;
        Allowed {
            x: (-m, w + m),
            y: (-m, d + m),
        }
    }

    /// Whether `p` is inside (never for NaN or infinite coordinates).
    fn holds(&self, p: Pos) -> bool {
        p.x >= self.x.0 && p.x <= self.x.1 && p.y >= self.y.0 && p.y <= self.y.1
    }

    /// The nearest allowed point, for positions that have no "absent" value.
    fn clamp(&self, p: Pos) -> Pos {
        let c = |v: f64, (lo, hi): (f64, f64)| if v.is_nan() { lo } else { v.clamp(lo, hi) };
        Pos {
            x: c(p.x, self.x),
            y: c(p.y, self.y),
        }
    }

    fn describe(&self) -> String {
        let n = limits::number;
        format!(
            "x from {} m to {} m and y from {} m to {} m",
            n(self.x.0),
            n(self.x.1),
            n(self.y.0),
            n(self.y.1)
        )
    }
}

/// A coordinate for a message: huge ones in exponent form.
fn coord(v: f64) -> String {
    if v.is_finite() && v.abs() < 1e9 {
        limits::number(v)
    } else {
        format!("{v:e}")
    }
}

fn report(allowed: &Allowed, what: String, p: Pos, loc: Loc) -> Diagnostic {
    RULE.report(
        format!(
            "{what} at ({}, {}) is far off the table: allowed {}",
            coord(p.x),
            coord(p.y),
            allowed.describe()
        ),
        loc,
        "far off the table",
    )
    .with_help(format!(
        "coordinates are metres from the south-west corner and may lie at most {} m beyond an edge",
        limits::number(COORDINATE_MARGIN.max)
    ))
}

/// Finds every position far off the table, reports it, and takes it out of the
/// model (elements become unplaced, areas and lines lose their outline, points are
/// pulled to the edge of the allowed box), so no later stage works on it.
pub(crate) fn refuse(model: &mut Model) -> Vec<Diagnostic> {
    let allowed = Allowed::of(model);
    let mut out = Vec::new();
    for e in &mut model.elements {
        let Some(p) = e.pos.filter(|p| !allowed.holds(*p)) else {
            continue;
        };
        let loc = e.pos_loc.unwrap_or(e.name.loc);
        out.push(report(&allowed, format!("`{}`", e.qualified), p, loc));
        e.pos = None;
    }
    for a in &mut model.areas {
        if let Some(p) = a.outline.iter().copied().find(|p| !allowed.holds(*p)) {
            let what = format!("{} `{}`", a.kind.keyword(), a.name.id);
            out.push(report(&allowed, what, p, a.shape_loc));
            a.outline.clear();
        }
    }
    for l in &mut model.lines {
        if let Some(p) = l.points.iter().copied().find(|p| !allowed.holds(*p)) {
            let what = format!("{} `{}`", l.kind.keyword(), l.name.id);
            out.push(report(&allowed, what, p, l.loc));
            l.points.clear();
        }
    }
    for c in &mut model.crossings {
        if !allowed.holds(c.at) {
            out.push(report(
                &allowed,
                format!("crossing `{}`", c.name.id),
                c.at,
                c.loc,
            ));
            c.at = allowed.clamp(c.at);
        }
    }
    for pl in &mut model.places {
        if let PlaceAt::Point(p) = pl.at {
            if !allowed.holds(p) {
                out.push(report(
                    &allowed,
                    format!("place `{}`", pl.name.id),
                    p,
                    pl.loc,
                ));
                pl.at = PlaceAt::Point(allowed.clamp(p));
            }
        }
    }
    let objectives = model
        .orders
        .iter_mut()
        .filter_map(|o| o.objective.as_mut())
        .chain(model.intel.iter_mut().filter_map(|i| i.seen_at.as_mut()));
    for obj in objectives {
        if let Objective::Point(p, loc) = obj {
            if !allowed.holds(*p) {
                out.push(report(&allowed, "the point".to_string(), *p, *loc));
                *p = allowed.clamp(*p);
            }
        }
    }
    out
}
