//! MC8xx: briefings and fog of war: what each side may be told.

include!(concat!(env!("OUT_DIR"), "/rules_fog.rs"));

pub(crate) mod knowledge;
mod name_search;
mod prose;
