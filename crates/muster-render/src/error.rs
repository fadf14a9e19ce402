//! What can go wrong while rendering outputs.

/// A rendering failure: a template that does not parse or render, or JSON that
/// cannot be written.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum RenderError {
    #[error("template `{name}` failed: {message}")]
    Template { name: String, message: String },
    /// A pack's template holds something that runs or loads (see `vet`).
    #[error("template `{name}` line {line} holds {what}")]
    Unsafe {
        name: String,
        line: usize,
        what: String,
    },
    #[error("cannot write JSON: {0}")]
    Json(String),
}

impl RenderError {
    /// Wraps a tera error with its whole cause chain (tera hides the detail there).
    pub(crate) fn template(name: &str, e: &dyn std::error::Error) -> RenderError {
        let mut message = e.to_string();
        let mut source = e.source();
        while let Some(s) = source {
            message.push_str(": ");
            message.push_str(&s.to_string());
            source = s.source();
        }
        RenderError::Template {
            name: name.to_string(),
            message,
        }
    }
}
