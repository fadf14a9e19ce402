//! Text to syntax tree: the pest grammar, the typed tree with spans, and the
//! syntax diagnostics MC001–MC003.
//!
//! Parsing is a pure function that never fails: it returns the tree it could
//! build and the diagnostics for the rest.

pub mod ast;
pub mod diagnostic;
pub mod span;

pub use diagnostic::{Diagnostic, FileId, Label, Severity};
pub use span::{Ident, Span, Spanned};
