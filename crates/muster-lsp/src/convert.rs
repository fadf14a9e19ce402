//! Between muster's values and the protocol's: URIs and paths, diagnostics.

use crate::line_index::LineIndex;
use lsp_types::{DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri};
use muster_syntax::{Diagnostic, Severity};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The file a `file:` URI names; `None` for any other URI and for a path that
/// climbs with `..` (an escaped `%2F..` included: the path is read decoded).
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    file_path(uri).filter(|p| !has_parent_dir(p))
}

/// Whether a `file:` URI is refused for climbing with `..`.
pub fn refused(uri: &Uri) -> bool {
    file_path(uri).is_some_and(|p| has_parent_dir(&p))
}

/// Whether a path has a `..` component.
pub fn has_parent_dir(path: &Path) -> bool {
    path.components()
        .any(|c| matches!(c, std::path::Component::ParentDir))
}

/// The absolute path a `file:` URI spells, percent-decoded, as the protocol's
/// URI type keeps it (it neither decodes nor removes `..`): `None` for another
/// scheme, a host other than this machine, a relative path, a NUL or a path that
/// is not UTF-8.
fn file_path(uri: &Uri) -> Option<PathBuf> {
    if !uri.scheme()?.as_str().eq_ignore_ascii_case("file") {
        return None;
    }
    if let Some(authority) = uri.authority() {
        let host = authority.host().as_str();
        if !(host.is_empty() || host.eq_ignore_ascii_case("localhost")) {
            return None;
        }
    }
    let path = uri.path();
    if !path.is_absolute() {
        return None;
    }
    let text = path.as_estr().decode().into_string().ok()?;
    (!text.contains('\0')).then(|| PathBuf::from(text.as_ref()))
}

/// The `file:` URI of an absolute path: every byte but the unreserved ones and
/// `/` percent-encoded, as editors write them.
pub fn uri_of(path: &Path) -> Option<Uri> {
    if !path.is_absolute() {
        return None;
    }
    let mut text = String::from("file://");
    for b in path.to_str()?.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            text.push(char::from(b));
        } else {
            let _ = write!(text, "%{b:02X}");
        }
    }
    text.parse().ok()
}

/// A muster diagnostic as the protocol's, positioned in `text` (the file `uri` of
/// its primary label); the help line follows the message, and the other labels in
/// that file become related information (the element it is separated from, the
/// units a template slip affects), as the terminal shows them.
pub fn diagnostic(
    d: &Diagnostic,
    text: &str,
    index: &LineIndex,
    uri: &Uri,
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

#[cfg(test)]
#[allow(clippy::panic)]
mod tests {
    use super::*;

    fn uri(text: &str) -> Uri {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn a_path_goes_to_a_file_uri_and_back_whatever_its_characters() {
        for path in [
            "/tmp/a b/Pegasus #1 100%.muster",
            "/srv/Kłobuck/Übung?.muster",
            "/x",
        ] {
            let u = uri_of(Path::new(path)).unwrap_or_else(|| panic!("{path}"));
            assert!(u.as_str().starts_with("file:///"), "{}", u.as_str());
            assert!(!u.as_str().contains(' '), "{}", u.as_str());
            assert_eq!(path_of(&u), Some(PathBuf::from(path)));
        }
        assert_eq!(uri_of(Path::new("relative/x.muster")), None);
    }

    #[test]
    fn only_local_file_uris_name_files() {
        assert_eq!(
            path_of(&uri("file://localhost/tmp/x.muster")),
            Some(PathBuf::from("/tmp/x.muster"))
        );
        assert_eq!(path_of(&uri("file://server/share/x.muster")), None);
        assert_eq!(path_of(&uri("untitled:Untitled-1")), None);
        assert_eq!(path_of(&uri("https://example.org/x.muster")), None);
        assert_eq!(path_of(&uri("file:///tmp/a%00b.muster")), None);
    }

    #[test]
    fn a_uri_that_climbs_is_refused_written_plain_or_escaped() {
        for text in [
            "file:///srv/pack/../../etc/x.muster",
            "file:///srv/pack/..%2F..%2Fetc/x.muster",
        ] {
            assert!(refused(&uri(text)), "{text}");
            assert_eq!(path_of(&uri(text)), None, "{text}");
        }
        assert!(!refused(&uri("file:///srv/pack/a..b.muster")));
    }
}
