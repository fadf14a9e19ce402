//! MC1xx: names and structure. Resolution (`muster-model`) emits all but MC105.

include!(concat!(env!("OUT_DIR"), "/rules_names.rs"));
