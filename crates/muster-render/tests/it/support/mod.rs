//! Shared test support: the generated scenario, the shipped pack and its built JSON.
#![allow(dead_code)]

pub mod built;
pub mod gen;
pub mod html;
pub mod ids;
pub mod pack;
pub mod print;
pub mod tool;
