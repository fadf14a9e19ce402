//! The pest parser generated from `grammar/muster.pest`.

use pest_derive::Parser;

/// The generated parser; its `Rule` enum names every grammar rule.
#[derive(Parser)]
#[grammar = "../../grammar/muster.pest"]
pub(crate) struct MusterParser;
