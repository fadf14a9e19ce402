//! The integration tests, one binary: each module is one area of behaviour.

mod actions;
mod completion;
mod hover;
mod server;
mod studio;
mod support;
mod textmate;
