//! MC956 orbat-mapper-version-unknown: an ORBAT Mapper scenario of a version muster does not read.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC956,
    summary: "the ORBAT Mapper scenario must be of a version whose units muster knows",
    explanation: "An ORBAT Mapper scenario names its format's `version`. muster was written \
from the type definitions of version 3.4.0 and reads the versions from 2.0.0 on, whose sides, \
groups and units have the same shape. A file of another version (an older one, or one newer \
than muster knows) is refused rather than read wrongly; open and save it in ORBAT Mapper to \
bring it to a version muster reads.",
    failing: "# the shell: the file says \"version\": \"9.0.0\"\nmuster import orbat-mapper future.json\n",
    fixed: "# the shell: the file says \"version\": \"3.4.0\"\nmuster import orbat-mapper saved.json\n",
};

/// Reported by `muster import orbat-mapper` as it reads the file.
pub(crate) const CHECK: Option<CheckFn> = None;
