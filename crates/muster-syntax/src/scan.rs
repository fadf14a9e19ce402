//! The cheap pre-scan that runs before pest: size and nesting limits, comments,
//! and the split of the file into top-level items.
//!
//! It skips strings and comments and never recurses, so deep or huge input is
//! refused here (MC003) before the recursive parser can overflow the stack.

use crate::ast::Comment;
use crate::diagnostic::{Diagnostic, FileId};
use crate::reserved::ITEM_KEYWORDS;
use crate::span::Span;

/// Files larger than this are refused (MC003).
pub const MAX_FILE_BYTES: usize = 4 * 1024 * 1024;

/// Braces and parentheses nested deeper than this are refused (MC003).
pub const MAX_NESTING: usize = 64;

/// One top-level item's text, with the repairs the scanner decided on.
#[derive(Debug, Clone, Default)]
pub(crate) struct Chunk {
    pub start: usize,
    pub end: usize,
    /// Closing braces to append because the item's block is never closed.
    pub close: usize,
    /// Offsets of unmatched `}` to blank out.
    pub blank: Vec<usize>,
}

/// The scan's result: the chunks to parse, in order.
pub(crate) struct Scanned {
    pub chunks: Vec<Chunk>,
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.' || b >= 0x80
}

/// The item keyword starting at `i`, if a whole word starts there.
fn item_keyword_at(bytes: &[u8], i: usize) -> Option<&'static str> {
    if i > 0 && is_ident_byte(bytes[i - 1]) {
        return None;
    }
    // Most words start with a letter no item keyword starts with.
    if !matches!(
        bytes[i],
        b'a' | b'e' | b'f' | b'i' | b'm' | b'n' | b'o' | b's' | b't' | b'u' | b'v'
    ) {
        return None;
    }
    ITEM_KEYWORDS.iter().copied().find(|kw| {
        bytes[i..].starts_with(kw.as_bytes())
            && bytes.get(i + kw.len()).is_none_or(|b| !is_ident_byte(*b))
    })
}

/// Scans `text`; `None` when the whole file is refused (MC003).
pub(crate) fn scan(
    file: FileId,
    text: &str,
    diags: &mut Vec<Diagnostic>,
    comments: &mut Vec<Comment>,
) -> Option<Scanned> {
    if text.len() > MAX_FILE_BYTES {
        diags.push(
            Diagnostic::error(
                "MC003",
                format!(
                    "file is {} bytes, over the limit of {} bytes (4 MiB)",
                    text.len(),
                    MAX_FILE_BYTES
                ),
            )
            .with_label(file, Span::new(0, 0), "file refused")
            .with_help("split the scenario into library files joined with `use`"),
        );
        return None;
    }
    let bytes = text.as_bytes();
    let begin = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    let mut chunks: Vec<Chunk> = Vec::new();
    let mut cur = Chunk {
        start: begin,
        ..Chunk::default()
    };
    let mut opens: Vec<usize> = Vec::new(); // offsets of unclosed `{`
    let mut parens = 0usize;
    let mut line_start = true;
    // The last word read, so `if signal` and `unless signal` (a condition inside
    // an arrival or event) do not split the item before `signal`.
    let mut prev_word: (usize, usize) = (0, 0);
    let mut i = begin;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\n' => {
                line_start = true;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                i += 1;
                continue;
            }
            b'"' => {
                prev_word = (0, 0);
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    if bytes[i] == b'\\' && i + 1 < bytes.len() && bytes[i + 1] != b'\n' {
                        i += 1;
                    }
                    i += 1;
                }
                if i < bytes.len() && bytes[i] == b'"' {
                    i += 1;
                } else {
                    let end = trim_cr(bytes, start, i);
                    diags.push(
                        Diagnostic::error("MC001", "unterminated text: expected a closing `\"`")
                            .with_label(file, Span::new(start, end), "this text is never closed")
                            .with_help("a quoted text ends with `\"` on the same line"),
                    );
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let start = i;
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                let end = trim_cr(bytes, start, i);
                comments.push(Comment {
                    text: text[start..end].to_string(),
                    span: Span::new(start, end),
                });
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let start = i;
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                if i < bytes.len() {
                    i += 2;
                    comments.push(Comment {
                        text: text[start..i].to_string(),
                        span: Span::new(start, i),
                    });
                } else {
                    diags.push(
                        Diagnostic::error("MC001", "unterminated comment: expected a closing `*/`")
                            .with_label(
                                file,
                                Span::new(start, start + 2),
                                "this comment is never closed",
                            )
                            .with_help("end the comment with `*/`"),
                    );
                    comments.push(Comment {
                        text: text[start..].to_string(),
                        span: Span::new(start, bytes.len()),
                    });
                    // The rest of the file is comment: the item ends where it began.
                    cur.end = start;
                    close_unclosed(file, &mut cur, &mut opens, diags);
                    chunks.push(std::mem::take(&mut cur));
                    return Some(Scanned {
                        chunks: finish(chunks),
                    });
                }
            }
            b'{' | b'(' => {
                if b == b'{' {
                    opens.push(i);
                } else {
                    parens += 1;
                }
                if opens.len() + parens > MAX_NESTING {
                    diags.push(
                        Diagnostic::error(
                            "MC003",
                            format!("nesting is deeper than the limit of {MAX_NESTING} levels"),
                        )
                        .with_label(file, Span::new(i, i + 1), format!("level {} starts here", MAX_NESTING + 1))
                        .with_help("braces and parentheses may nest at most 64 deep; flatten the unit tree"),
                    );
                    return None;
                }
                i += 1;
            }
            b')' => {
                parens = parens.saturating_sub(1);
                i += 1;
            }
            b'}' => {
                if opens.pop().is_none() {
                    diags.push(
                        Diagnostic::error("MC001", "unmatched `}`")
                            .with_label(file, Span::new(i, i + 1), "nothing to close here")
                            .with_help("remove this `}` or add the `{` it was meant to close"),
                    );
                    cur.blank.push(i);
                }
                i += 1;
            }
            _ if b.is_ascii_lowercase() => {
                let prev = &bytes[prev_word.0..prev_word.1];
                let conditional = prev == b"if" || prev == b"unless";
                if let Some(kw) =
                    item_keyword_at(bytes, i).filter(|k| !(conditional && *k == "signal"))
                {
                    let col0 = line_start && i > 0 && bytes[i - 1] == b'\n' || i == begin;
                    if opens.is_empty() || (col0 && kw != "umpire") {
                        cur.end = i;
                        close_unclosed(file, &mut cur, &mut opens, diags);
                        parens = 0;
                        chunks.push(std::mem::replace(
                            &mut cur,
                            Chunk {
                                start: i,
                                ..Chunk::default()
                            },
                        ));
                    }
                }
                let word_start = i;
                while i < bytes.len() && is_ident_byte(bytes[i]) {
                    i += 1;
                }
                prev_word = (word_start, i);
            }
            _ => {
                // Skip a whole UTF-8 sequence so offsets stay on char boundaries.
                prev_word = (0, 0);
                i += 1;
                while i < bytes.len() && (bytes[i] & 0xC0) == 0x80 {
                    i += 1;
                }
            }
        }
        line_start = false;
    }
    cur.end = bytes.len();
    close_unclosed(file, &mut cur, &mut opens, diags);
    chunks.push(cur);
    Some(Scanned {
        chunks: finish(chunks),
    })
}

fn trim_cr(bytes: &[u8], start: usize, end: usize) -> usize {
    if end > start && bytes[end - 1] == b'\r' {
        end - 1
    } else {
        end
    }
}

/// Reports every `{` still open at the end of an item and schedules its closing.
fn close_unclosed(
    file: FileId,
    cur: &mut Chunk,
    opens: &mut Vec<usize>,
    diags: &mut Vec<Diagnostic>,
) {
    if let Some(&first) = opens.first() {
        diags.push(
            Diagnostic::error("MC001", "unclosed block: expected a closing `}`")
                .with_label(
                    file,
                    Span::new(first, first + 1),
                    "this `{` is never closed",
                )
                .with_help("add `}` at the end of the block"),
        );
    }
    cur.close = opens.len();
    opens.clear();
}

/// Drops chunks holding only whitespace (the text before the first item).
fn finish(chunks: Vec<Chunk>) -> Vec<Chunk> {
    chunks.into_iter().filter(|c| c.end > c.start).collect()
}
