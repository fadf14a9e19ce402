//! MC501 invalid-terrain-shape: an outline that is not an area, or leaves the table.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC501,
    summary: "a terrain shape that is not a valid area or line, or lies outside the table",
    explanation: "Terrain pieces (§98) are areas with a clear edge: the edge decides who is \
inside woods or a village. An outline needs at least three points, may not cross itself \
and must enclose some ground; a line needs two points. Terrain must also lie on the \
table, or it will never be placed.",
    failing: r#"map {
  area bois dense-woods polygon (100,100) (300,300) (300,100) (100,300) //~ MC501
}
"#,
    fixed: r#"map {
  area bois dense-woods polygon (100,100) (300,100) (300,300) (100,300)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let table = cx.table();
    for a in &cx.model.areas {
        let problem = if a.outline.len() < 3 {
            Some(format!(
                "has {} points; an area needs at least 3",
                a.outline.len()
            ))
        } else if matches!(a.shape, ShapeKind::Polygon) && geom::self_intersects(&a.outline) {
            Some("crosses itself".to_string())
        } else if geom::area(&a.outline) <= 1e-6 {
            Some("encloses no ground".to_string())
        } else {
            beyond_table(table, &a.outline)
        };
        if let Some(problem) = problem {
            out.push(
                RULE.report(
                    format!("the outline of `{}` {problem}", a.name.id),
                    a.shape_loc,
                    "outline",
                )
                .related(a.name.loc, format!("{} `{}`", a.kind.keyword(), a.name.id))
                .with_help("list the corners in order around the edge, inside the table"),
            );
        }
    }
    for l in &cx.model.lines {
        let problem = if l.points.len() < 2 {
            Some(format!(
                "has {} point; a line needs at least 2",
                l.points.len()
            ))
        } else {
            beyond_table(table, &l.points)
        };
        if let Some(problem) = problem {
            out.push(
                RULE.report(format!("the line `{}` {problem}", l.name.id), l.loc, "line")
                    .with_help("give the line two or more points inside the table"),
            );
        }
    }
    out
}

/// "reaches beyond the table of …" when a point lies off the table.
fn beyond_table(table: Option<(f64, f64)>, points: &[Pos]) -> Option<String> {
    let (w, d) = table.filter(|t| points.iter().any(|p| !geom::on_table(*t, *p)))?;
    Some(format!(
        "reaches beyond the table of {} by {}",
        metres(w),
        metres(d)
    ))
}
