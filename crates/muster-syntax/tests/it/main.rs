//! The integration tests, one binary: each module is one area of behaviour.

mod common;
mod complexity;
mod constructs;
mod counting;
mod docs;
mod example;
mod malformed;
mod robustness;
