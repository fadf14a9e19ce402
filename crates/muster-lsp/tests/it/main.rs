//! The integration tests, one binary: each module is one area of behaviour.

mod actions;
mod completion;
mod hover;
mod server;
mod support;
mod textmate;
