//! The integration tests, one binary: each module is one area of behaviour.

mod sealed;
