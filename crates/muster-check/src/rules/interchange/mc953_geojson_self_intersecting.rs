//! MC953 geojson-self-intersecting: a polygon to import crosses itself.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC953,
    summary: "a polygon to import crosses itself, after simplification",
    explanation: "An area's outline must not cross itself: no terrain test can say what is inside \
a figure of eight. A traced polygon may cross itself where the tracing doubled back, or only \
once simplified to the table's `--tolerance`, when two close edges are straightened across each \
other. Nothing is imported: mend the outline in QGIS (Vector > Geometry Tools > Check Validity \
finds the spot) or import with a smaller tolerance.",
    failing: "a polygon traced (0,0) (100,100) (100,0) (0,100): its edges cross at (50,50)\n# the shell\nmuster import geojson fields.geojson --kind open --scenario op.muster\n",
    fixed: "a polygon traced (0,0) (100,0) (100,100) (0,100)\n# the shell\nmuster import geojson fields.geojson --kind open --scenario op.muster\n",
};

/// Reported by `muster import geojson` before it writes anything.
pub(crate) const CHECK: Option<CheckFn> = None;
