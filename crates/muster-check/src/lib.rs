//! The rule checks of muster: a registry of coded rules, each a pure function from
//! the resolved scenario to diagnostics, and `run`, the whole pipeline for one file.
//!
//! One file per rule under `rules/<group>/`, each declaring its [`registry::Rule`]
//! (code, name, severity, paragraph, docs, examples) beside its check, so the
//! docs, `muster explain` and the check cannot drift apart.

mod context;
mod docs;
mod facts;
mod geom;
mod overrides;
mod prelude;
pub mod registry;
mod rules;
mod run;

pub use context::Context;
pub use docs::{
    example_offset, example_source, explain, rules_markdown, EXAMPLE_HEADER, EXAMPLE_SIDES,
};
pub use run::{check, finish, Outcome};
