//! MC950 needs-georeference: an export or import (GeoJSON, ORBAT Mapper) of a scenario not placed on the Earth.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC950,
    summary: "exporting to GeoJSON or ORBAT Mapper, or importing GeoJSON, needs the scenario's `georeference`",
    explanation: "GeoJSON and ORBAT Mapper give every position in longitude and latitude; a \
scenario's positions are table metres. Only its `georeference` (the table's south-west corner on WGS 84 and the \
bearing of table north) says where the table lies on the Earth, so without it nothing is \
exported or imported: add the georeference from the map the scenario's sources use.",
    failing: "scenario \"Crossroads\" {\n  table 1000m by 1000m\n}\n# the shell\nmuster export geojson crossroads.muster\n",
    fixed: "scenario \"Crossroads\" {\n  table 1000m by 1000m\n  georeference 49.2410N 0.2720W north-bearing 0 \"IGN 1:25 000\"\n}\n# the shell\nmuster export geojson crossroads.muster\n",
};

/// Reported by `muster export geojson`, `muster export orbat-mapper` and `muster import
/// geojson` before they write anything.
pub(crate) const CHECK: Option<CheckFn> = None;
