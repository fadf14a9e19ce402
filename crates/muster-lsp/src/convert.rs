//! Between muster's values and the protocol's: URIs and paths, diagnostics.

use crate::line_index::LineIndex;
use lsp_types::{DiagnosticSeverity, Location, NumberOrString, Url};
use muster_syntax::{Diagnostic, Severity};
use std::path::{Path, PathBuf};

/// The file a `file:` URI names.
pub fn path_of(uri: &Url) -> Option<PathBuf> {
    uri.to_file_path().ok()
}

/// The `file:` URI of a path.
pub fn uri_of(path: &Path) -> Option<Url> {
    Url::from_file_path(path).ok()
}

/// A muster diagnostic as the protocol's, positioned in `text` (the file of its
/// primary label); the help line follows the message.
pub fn diagnostic(d: &Diagnostic, text: &str, index: &LineIndex) -> lsp_types::Diagnostic {
    let range = d
        .primary()
        .map(|l| index.range(text, l.span))
        .unwrap_or_default();
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    lsp_types::Diagnostic {
        range,
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            Severity::Note => DiagnosticSeverity::INFORMATION,
        }),
        code: Some(NumberOrString::String(d.code.to_string())),
        source: Some("muster".into()),
        message,
        ..Default::default()
    }
}

/// A location in a file.
pub fn location(path: &Path, text: &str, span: muster_syntax::Span) -> Option<Location> {
    let index = LineIndex::new(text);
    Some(Location::new(uri_of(path)?, index.range(text, span)))
}
