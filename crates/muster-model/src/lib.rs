//! Resolution: imports, templates and names -> one resolved [`model::Model`], plus
//! the derived facts every output shows (command status, order latency).

pub mod analysis;
pub mod balance;
pub mod bounds;
pub mod cache;
pub mod collection;
pub mod earth;
pub mod geometry;
pub mod ground;
pub mod model;
pub mod pack;
pub mod pack_readme;
pub mod paths;
pub mod resolve;
pub mod spatial;
pub mod strength;
pub mod work;
pub mod world;

pub use analysis::analyse;
pub use cache::SourceCache;
pub use collection::Collection;
pub use pack::{FindingsLimit, PackConfig, CONFIG_FILE};
pub use resolve::{resolve, resolve_cached, Resolved};
pub use world::{MemoryWorld, World, WorldError};
