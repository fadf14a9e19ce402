//! MC959 orbat-mapper-needs-georeference: an export to ORBAT Mapper of a scenario not placed on the Earth.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC959,
    summary: "an export to ORBAT Mapper needs the scenario's `georeference`",
    explanation: "ORBAT Mapper places units by longitude and latitude. A scenario's positions \
are table metres; only its `georeference` (the south-west corner on WGS 84 and the bearing of \
table north) says where they lie on the Earth. Without it nothing is written: add the \
georeference from the map the scenario's sources use.",
    failing: "scenario \"Crossroads\" {\n  table 1000m by 1000m\n}\n# the shell\nmuster export orbat-mapper op.muster\n",
    fixed: "scenario \"Crossroads\" {\n  table 1000m by 1000m\n  georeference 49.2410N 0.2720W north-bearing 0 \"IGN 1:25 000\"\n}\n# the shell\nmuster export orbat-mapper op.muster\n",
};

/// Reported by `muster export orbat-mapper` before it writes anything.
pub(crate) const CHECK: Option<CheckFn> = None;
