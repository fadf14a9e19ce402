//! The integration tests, one binary: each module is one area of behaviour.

mod function_length;
mod no_code_literals;
