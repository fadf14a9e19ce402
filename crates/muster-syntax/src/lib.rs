//! Text to syntax tree: the pest grammar, the typed tree with spans, and the
//! syntax diagnostics MC001–MC003.
//!
//! Parsing is a pure function that never fails: it returns the tree it could
//! build and the diagnostics for the rest.

pub mod ast;
pub mod cst;
pub mod diagnostic;
pub mod reading;
pub mod span;
pub mod wording;

mod error;
mod grammar;
mod literal;
mod lower;
mod names;
mod reserved;
mod scan;
pub mod work;

pub use diagnostic::{Code, Diagnostic, FileId, Label, Omitted, Severity};
/// The grammar's rules, generated from `grammar/muster.pest`: the formatter and the
/// language server name rules through it, so renaming one breaks their build.
pub use grammar::Rule;
pub use reserved::RESERVED;

/// Whether `name` is written as a name may be (lowercase ASCII, digits, `-`, `_`,
/// dotted parts) and is not reserved; lowering reports any other as MC001, so
/// later stages pass over it rather than report it again.
pub fn is_valid_name(name: &str) -> bool {
    is_name_shaped(name) && !reserved::is_reserved(name)
}

/// The shape of a name, reserved words aside: dot-separated parts, each a
/// lowercase letter then lowercase letters, digits, `-` or `_`. One pass over the
/// bytes, since every identifier lowered comes here.
fn is_name_shaped(name: &str) -> bool {
    // whether the next byte starts a part (at the start and after each `.`)
    let mut part_start = true;
    for b in name.bytes() {
        if part_start {
            if !b.is_ascii_lowercase() {
                return false;
            }
            part_start = false;
        } else if b == b'.' {
            part_start = true;
        } else if !(b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_') {
            return false;
        }
    }
    // an empty name, or one ending in `.`, has an empty last part
    !part_start
}
pub use scan::{MAX_FILE_BYTES, MAX_NESTING};
pub use span::{Ident, Span, Spanned};

/// The result of parsing one file: the tree that could be built and the
/// diagnostics for everything else.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Parsed {
    pub file: ast::File,
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses one file's text. Never panics; refuses oversize or too-deep input with
/// MC003 and recovers per item and per statement.
pub fn parse(file: FileId, text: &str) -> Parsed {
    parse_into(file, text, None)
}

/// [`parse`] and the concrete tree of the same text ([`cst::parse_recovering`])
/// from one run of the parser, for the language server's keystrokes.
pub fn parse_with_tree(file: FileId, text: &str) -> (Parsed, cst::Cst) {
    let mut tree = cst::Cst::default();
    let parsed = parse_into(file, text, Some(&mut tree));
    (parsed, tree)
}

fn parse_into(file: FileId, text: &str, mut tree: Option<&mut cst::Cst>) -> Parsed {
    let mut diagnostics = Vec::new();
    let mut out = ast::File::default();
    let Some(scanned) = scan::scan(file, text, &mut diagnostics, &mut out.comments) else {
        if let Some(tree) = tree {
            tree.broken.push(Span::new(0, text.len()));
        }
        return Parsed {
            file: out,
            diagnostics,
        };
    };
    if let Some(tree) = tree.as_deref_mut() {
        tree.comments = out.comments.clone();
        tree.broken.extend(
            diagnostics
                .iter()
                .filter_map(|d| d.primary())
                .map(|l| l.span),
        );
    }
    for chunk in &scanned.chunks {
        lower::chunk(
            file,
            text,
            chunk,
            &mut out.items,
            &mut diagnostics,
            tree.as_deref_mut(),
        );
    }
    diagnostics.sort_by_key(Diagnostic::sort_key);
    Parsed {
        file: out,
        diagnostics,
    }
}

/// Parses raw bytes: invalid UTF-8 is refused with MC003 at the first bad byte.
pub fn parse_bytes(file: FileId, bytes: &[u8]) -> Parsed {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(file, text),
        Err(e) => {
            let at = e.valid_up_to();
            // The span must lie on char boundaries of the valid prefix.
            let span = Span::new(at, at);
            Parsed {
                file: ast::File::default(),
                diagnostics: vec![Diagnostic::error(
                    Code::MC003,
                    format!("file is not valid UTF-8 (invalid byte at offset {at})"),
                )
                .with_label(file, span, "invalid UTF-8 here")
                .with_help("save the file as UTF-8; muster reads only UTF-8 text")],
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// The definition [`super::is_name_shaped`] implements in one pass.
    fn name_shaped_by_parts(name: &str) -> bool {
        name.split('.').all(|part| {
            part.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
        })
    }

    #[test]
    fn name_shapes_at_the_edges() {
        for name in [
            "", ".", "a.", ".a", "a..b", "a.b", "a-1_b.c2", "A", "1a", "é", "a.B",
        ] {
            assert_eq!(
                super::is_name_shaped(name),
                name_shaped_by_parts(name),
                "{name:?}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn name_shape_agrees_with_the_parts(name in "[a-cA_0-9.é-]{0,8}") {
            proptest::prop_assert_eq!(super::is_name_shaped(&name), name_shaped_by_parts(&name));
        }
    }
}
