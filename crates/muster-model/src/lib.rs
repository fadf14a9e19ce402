//! Resolution: imports, templates and names -> one resolved [`model::Model`], plus
//! the derived facts every output shows (command status, order latency).

pub mod analysis;
pub mod model;
