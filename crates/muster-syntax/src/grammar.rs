//! The pest parser generated from `grammar/muster.pest`.

use pest_derive::Parser;

/// The generated parser; its `Rule` enum names every grammar rule.
#[derive(Parser)]
#[grammar = "../../grammar/muster.pest"]
pub(crate) struct MusterParser;

/// Runs the grammar's `rule` over `text`; every run goes through here so that the
/// bytes handed to the grammar are counted ([`crate::work`]).
pub(crate) fn run(
    rule: Rule,
    text: &str,
) -> Result<pest::iterators::Pairs<'_, Rule>, Box<pest::error::Error<Rule>>> {
    crate::work::grammar(text.len());
    <MusterParser as pest::Parser<Rule>>::parse(rule, text).map_err(Box::new)
}
