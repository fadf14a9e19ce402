//! MC0xx: the text cannot be read. The parser (`muster-syntax`) emits these.

pub(crate) mod mc001_syntax_error;
pub(crate) mod mc002_malformed_literal;
pub(crate) mod mc003_input_refused;
