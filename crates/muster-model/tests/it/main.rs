//! The integration tests, one binary: each module is one area of behaviour.

mod balance;
mod command;
mod common;
mod earth;
mod imports;
mod library_cache;
mod names;
mod pegasus;
mod robustness;
mod shipped_pack;
mod templates;
mod unplaced;
mod victory;
