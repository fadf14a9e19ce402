//! Between muster's values and the protocol's: URIs and paths, diagnostics.

use crate::line_index::LineIndex;
use lsp_types::{DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Url};
use muster_syntax::{Diagnostic, Severity};
use std::path::{Path, PathBuf};

/// The file a `file:` URI names; `None` for any other URI and for a path that
/// climbs with `..` (an escaped `%2F..` survives the URI's own normalisation).
pub fn path_of(uri: &Url) -> Option<PathBuf> {
    uri.to_file_path().ok().filter(|p| !has_parent_dir(p))
}

/// Whether a `file:` URI is refused for climbing with `..`.
pub fn refused(uri: &Url) -> bool {
    uri.to_file_path().is_ok_and(|p| has_parent_dir(&p))
}

/// Whether a path has a `..` component.
pub fn has_parent_dir(path: &Path) -> bool {
    path.components()
        .any(|c| matches!(c, std::path::Component::ParentDir))
}

/// The `file:` URI of a path.
pub fn uri_of(path: &Path) -> Option<Url> {
    Url::from_file_path(path).ok()
}

/// A muster diagnostic as the protocol's, positioned in `text` (the file `uri` of
/// its primary label); the help line follows the message, and the other labels in
/// that file become related information (the element it is separated from, the
/// units a template slip affects), as the terminal shows them.
pub fn diagnostic(
    d: &Diagnostic,
    text: &str,
    index: &LineIndex,
    uri: &Url,
) -> lsp_types::Diagnostic {
    let primary = d.primary();
    let range = primary
        .map(|l| index.range(text, l.span))
        .unwrap_or_default();
    let related: Vec<DiagnosticRelatedInformation> = d
        .labels
        .iter()
        .skip(1)
        .filter(|l| primary.is_some_and(|p| p.file == l.file))
        .filter(|l| !l.message.is_empty())
        .map(|l| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), index.range(text, l.span)),
            message: l.message.clone(),
        })
        .collect();
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
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}

/// A location in a file.
pub fn location(path: &Path, text: &str, span: muster_syntax::Span) -> Option<Location> {
    let index = LineIndex::new(text);
    Some(Location::new(uri_of(path)?, index.range(text, span)))
}
