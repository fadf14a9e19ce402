//! MC007: what a run says about its own findings (more of one code in a file
//! than it shows).

pub(crate) mod mc007_findings_capped;
