//! MC954 geojson-off-table: a feature to import lies off the scenario's table.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC954,
    summary: "a feature to import lies off the scenario's table",
    explanation: "Imported coordinates are turned into table metres through the scenario's \
`georeference`. A feature with a point beyond the table's edges (and the margin `muster check` \
allows for off-table places, MC005) was traced elsewhere, or the georeference is wrong, or the \
coordinates are not longitude and latitude (a file in a national grid must be saved as WGS 84, \
EPSG:4326, first). Nothing is imported; the message gives how far off the table the point lies.",
    failing: "a wood traced 30 km from the table's corner\n# the shell\nmuster import geojson woods.geojson --kind dense-woods --scenario op.muster\n",
    fixed: "the same wood traced on the table\n# the shell\nmuster import geojson woods.geojson --kind dense-woods --scenario op.muster\n",
};

/// Reported by `muster import geojson` before it writes anything.
pub(crate) const CHECK: Option<CheckFn> = None;
