//! The canonical layout of `.muster` files: a pure function from text to text.
//!
//! The layout is built on the concrete tree ([`muster_syntax::cst`]) and its
//! comments: every top-level item starts at the left margin, every statement of a
//! block on its own line two spaces deeper, a statement too long for the line
//! continues two spaces deeper still, and a wrapped header puts its `{` on a line
//! of its own. Comments stay where they were relative to the tokens; blank lines
//! between statements are kept (one at most).
//!
//! Architecture Invariant: formatting never changes what a file means. A file
//! with a syntax problem is refused, and every result is re-read and compared
//! token by token and comment by comment with the input before it is returned.
use muster_syntax::Code;

mod layout;
mod print;

use muster_syntax::cst::{self, TokenKind};

/// The widest line the layout aims for (a token or comment may still exceed it).
pub const WIDTH: usize = 100;

/// Why a file was not formatted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// The file does not parse; formatting it could change its meaning.
    #[error("the file has syntax errors; run `muster check` on it and fix them first")]
    Syntax,
    /// The layout would have changed a token or lost a comment (a formatter bug).
    #[error("the formatter could not keep the file's meaning; the file is left unchanged")]
    Unsafe,
}

/// Formats one file's text.
pub fn format(text: &str) -> Result<String, FormatError> {
    let tree = cst::parse(text).ok_or(FormatError::Syntax)?;
    // The grammar's recovery rules let some broken statements parse as junk that
    // lowering then reports (MC001); their layout is not known, so refuse them.
    let parsed = muster_syntax::parse(muster_syntax::FileId(0), text);
    if parsed
        .diagnostics
        .iter()
        .any(|d| d.code == Code::MC001 || d.code == Code::MC003)
    {
        return Err(FormatError::Syntax);
    }
    let placed = layout::place(text, &tree);
    let out = print::print(text, &tree, &placed, WIDTH);
    verify(text, &tree, &out)?;
    Ok(out)
}

/// The text a token is written as: points lose the spaces around their numbers.
pub(crate) fn token_text(kind: TokenKind, text: &str) -> String {
    if kind == TokenKind::Point {
        if let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
            let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
            if parts.len() == 2 && parts.iter().all(|p| !p.is_empty()) {
                return format!("({},{})", parts[0], parts[1]);
            }
        }
    }
    text.to_string()
}

/// The tree as written canonically: every group's rule and every token's kind and
/// text, in order, so two files with the same shape read the same.
fn shape(tree: &cst::Cst, text: &str) -> Vec<String> {
    fn walk(n: &cst::Node, text: &str, out: &mut Vec<String>) {
        match n.token {
            Some(kind) => {
                let raw = text.get(n.span.start..n.span.end).unwrap_or("");
                out.push(format!("{kind:?} {}", token_text(kind, raw)));
            }
            None => {
                out.push(format!("{:?}", n.rule));
                for c in &n.children {
                    walk(c, text, out);
                }
                out.push(String::new());
            }
        }
    }
    let mut out = Vec::new();
    for item in &tree.items {
        walk(item, text, &mut out);
    }
    out
}

/// Re-reads `out` and compares its tokens and comments with the input's.
fn verify(text: &str, before: &cst::Cst, out: &str) -> Result<(), FormatError> {
    let after = cst::parse(out).ok_or(FormatError::Unsafe)?;
    let same_comments = before.comments.len() == after.comments.len()
        && before
            .comments
            .iter()
            .zip(&after.comments)
            .all(|(a, b)| a.text.replace("\r\n", "\n") == b.text);
    if same_comments && shape(before, text) == shape(&after, out) {
        Ok(())
    } else {
        Err(FormatError::Unsafe)
    }
}
