//! MC955 not-orbat-mapper: the file given to `muster import orbat-mapper` is not an ORBAT Mapper scenario.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC955,
    summary: "the file given to `muster import orbat-mapper` must be an ORBAT Mapper scenario",
    explanation: "ORBAT Mapper saves a scenario as JSON whose `type` is `ORBAT-mapper`, with \
sides, groups and units (`schema/orbat-mapper.schema.json`). A file that is not JSON, JSON of \
another kind (a GeoJSON file, muster's own scenario JSON, an encrypted ORBAT Mapper scenario), \
or a scenario whose sides or units lack what the format requires is refused, and nothing is \
written.",
    failing: "# the shell\nmuster import orbat-mapper out/pegasus-bridge/scenario.json\n",
    fixed: "# the shell\nmuster import orbat-mapper pegasus-bridge.orbat.json\n",
};

/// Reported by `muster import orbat-mapper` as it reads the file.
pub(crate) const CHECK: Option<CheckFn> = None;
