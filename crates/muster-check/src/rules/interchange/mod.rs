//! MC950–MC959: what `muster export` and `muster import` find in another
//! tool's format, or find missing for it. The CLI and `muster-render` report
//! them; these files document them.

include!(concat!(env!("OUT_DIR"), "/rules_interchange.rs"));
