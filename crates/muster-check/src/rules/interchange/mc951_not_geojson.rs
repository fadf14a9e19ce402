//! MC951 not-geojson: the file given to `muster import geojson` is not GeoJSON muster can use.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC951,
    summary: "the file to import is not GeoJSON, or holds a geometry that is not a polygon or a line",
    explanation: "`muster import geojson` reads an RFC 7946 FeatureCollection (or a single \
Feature) in longitude and latitude, as QGIS writes with \"Export > Save Features As > GeoJSON\". \
Areas come from Polygon and MultiPolygon features, lines from LineString and MultiLineString \
features. A file that is not JSON, JSON that is not GeoJSON, a point or a polygon with holes \
cannot become a `map` item; nothing is written, and the message names the first feature that \
could not be read.",
    failing: "{\"type\": \"Topology\", \"objects\": {}}\n# the shell\nmuster import geojson woods.json --kind dense-woods --scenario op.muster\n",
    fixed: "{\"type\": \"FeatureCollection\", \"features\": []}\n# the shell\nmuster import geojson woods.geojson --kind dense-woods --scenario op.muster\n",
};

/// Reported by `muster import geojson` before it writes anything.
pub(crate) const CHECK: Option<CheckFn> = None;
