//! MC0xx: the text cannot be read. The parser (`muster-syntax`) emits these.

include!(concat!(env!("OUT_DIR"), "/rules_syntax.rs"));
