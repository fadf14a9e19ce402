//! The rule checks of muster: a registry of coded rules, each a pure function from
//! the resolved scenario to diagnostics, and `run`, the whole pipeline for one file.
//!
//! One file per rule under `rules/<group>/`, each declaring its [`registry::Rule`]
//! (code, name, severity, paragraph, docs, examples) beside its check, so the
//! docs, `muster explain` and the check cannot drift apart.
//!
//! Adding a rule: one line in the code catalogue (`muster-codes`), then copy a rule
//! file of its group with `code: Code::MCnnn`, write its docs and a failing and a
//! fixed example (mark the failing lines `//~ CODE`; `build.rs` registers the
//! file), add `tests/cases/CODE-name.muster` and `CODE-name-ok.muster`, and regenerate
//! `docs/rules.md` with `MUSTER_BLESS=1 cargo test -p muster-check --test it docs`.
//! ARCHITECTURE.md, "Adding a diagnostic code", has the steps.
//!
//! Architecture Invariant: checks are pure functions of the model and its analysis;
//! they never read files, never panic, and report every finding rather than the first.

mod cap;
mod cascade;
mod context;
mod docs;
mod facts;
mod instances;
mod numbers;
mod overrides;
mod prelude;
mod query;
pub mod registry;
mod rules;
mod run;
#[doc(hidden)]
pub mod work;

pub use context::Context;
pub use docs::{
    example_offset, example_source, explain, rules_markdown, EXAMPLE_HEADER, EXAMPLE_SIDES,
};
pub use run::{check, finish, run, run_cached, time_checks, Outcome};
