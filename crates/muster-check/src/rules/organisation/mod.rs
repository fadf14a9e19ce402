//! MC2xx: how units and elements are organised (§10–§20).

include!(concat!(env!("OUT_DIR"), "/rules_organisation.rs"));
mod strength;
