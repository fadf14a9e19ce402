//! Shared test support: the generated scenario.
#![allow(dead_code)]

pub mod gen;
pub mod pack;
