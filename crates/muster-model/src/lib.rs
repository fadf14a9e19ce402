//! Resolution: imports, templates and names -> one resolved [`model::Model`], plus
//! the derived facts every output shows (command status, order latency).

pub mod analysis;
pub mod geometry;
pub mod model;
pub mod pack;
pub mod paths;
pub mod world;

pub use pack::PackConfig;
pub use world::{MemoryWorld, World, WorldError};
