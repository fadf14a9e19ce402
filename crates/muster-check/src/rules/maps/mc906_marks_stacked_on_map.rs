//! MC906 marks-stacked-on-map: element marks with no free spot to be drawn apart in.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC906,
    summary: "element marks print on top of each other with no room to set them apart",
    explanation: "A map that cannot part crowded element marks by its scale (a set-up tile at \
table scale, an inset as wide as a page) draws them a little apart round their spot, each on \
a thin line from where it stands. Where so many elements stand on one spot, or so close to \
the table's edge, that no free spot is left round them, the rest are drawn where they stand, \
on top of the others. This note names them: fewer elements on one spot, or the spot moved \
in from the edge, lets every mark be seen.",
    failing: r#"forces red {
  company a "A" {
    hq a-hq command figures 2 at (0,0)
    element e1 coherent figures 6 at (0,0)
    element e2 coherent figures 6 at (0,0) //~ MC906
    element e3 coherent figures 6 at (0,0)
    element e4 coherent figures 6 at (0,0)
    element e5 coherent figures 6 at (0,0)
    element e6 coherent figures 6 at (0,0)
    element e7 coherent figures 6 at (0,0)
  }
}
"#,
    fixed: r#"forces red {
  company a "A" {
    hq a-hq command figures 2 at (100,100)
    element e1 coherent figures 6 at (200,100)
    element e2 coherent figures 6 at (300,100)
  }
}
"#,
};

/// Reported by `muster build` as it draws the maps (`muster-render`).
pub(crate) const CHECK: Option<CheckFn> = None;
