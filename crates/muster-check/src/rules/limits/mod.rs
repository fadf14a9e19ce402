//! MC004–MC006: numbers outside their sane range, refused before any check runs
//! on them so that no check's work grows with an absurd value.

include!(concat!(env!("OUT_DIR"), "/rules_limits.rs"));
