//! Outputs of a checked scenario: the scenario JSON (with its schema and the
//! per-side fog-of-war views) and the HTML briefings rendered from that JSON.

pub mod json;
