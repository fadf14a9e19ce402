//! MC952 geojson-property-missing: a feature to import lacks the property that names it.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC952,
    summary: "a feature to import has no value for the property `--name-property` names",
    explanation: "Each imported feature becomes a `map` item whose display name is the value of \
the property `--name-property` names (`name` unless said otherwise); its identifier is made from \
that name. A feature without a text in that property would get no name a player could read on \
the map, so nothing is imported: fill the attribute in QGIS's attribute table, or name another \
property.",
    failing: "{\"type\": \"Feature\", \"properties\": {\"nom\": \"Bois de Bavent\"}, \"geometry\": …}\n# the shell\nmuster import geojson woods.geojson --kind dense-woods --scenario op.muster\n",
    fixed: "{\"type\": \"Feature\", \"properties\": {\"nom\": \"Bois de Bavent\"}, \"geometry\": …}\n# the shell\nmuster import geojson woods.geojson --kind dense-woods --name-property nom --scenario op.muster\n",
};

/// Reported by `muster import geojson` before it writes anything.
pub(crate) const CHECK: Option<CheckFn> = None;
