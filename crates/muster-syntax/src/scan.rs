//! The cheap pre-scan that runs before pest: size and nesting limits, comments,
//! and the split of the file into top-level items.
//!
//! It skips strings and comments and never recurses, so deep or huge input is
//! refused here (MC003) before the recursive parser can overflow the stack.
use crate::Code;

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

/// The end of the word starting at `i`.
fn word_end(bytes: &[u8], i: usize) -> usize {
    bytes[i..]
        .iter()
        .position(|b| !is_ident_byte(*b))
        .map_or(bytes.len(), |n| i + n)
}

/// The item keyword that is the word `bytes[i..end]`, if a whole word starts at `i`.
fn item_keyword_at(bytes: &[u8], i: usize, end: usize) -> Option<&'static str> {
    if i > 0 && is_ident_byte(bytes[i - 1]) {
        return None;
    }
    // Most words start with a letter no item keyword starts with.
    if !matches!(
        bytes[i],
        b'a' | b'b' | b'e' | b'f' | b'i' | b'm' | b'n' | b'o' | b's' | b't' | b'u' | b'v'
    ) {
        return None;
    }
    let word = &bytes[i..end];
    ITEM_KEYWORDS
        .iter()
        .copied()
        .find(|kw| kw.as_bytes() == word)
}

/// Whether a word starting a line at `i` is a slip for an item keyword.
fn misspelt_item_at(bytes: &[u8], i: usize) -> bool {
    let end = word_end(bytes, i);
    if i > 0 && is_ident_byte(bytes[i - 1]) || item_keyword_at(bytes, i, end).is_some() {
        return false;
    }
    std::str::from_utf8(&bytes[i..end])
        .ok()
        .is_some_and(|w| crate::wording::suggest(w, ITEM_KEYWORDS.iter().copied()).is_some())
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
                Code::MC003,
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
    let mut s = Scanner::new(file, text, diags, comments);
    while s.i < s.bytes.len() {
        let b = s.bytes[s.i];
        let follows_briefing = std::mem::take(&mut s.after_briefing);
        if s.line_start && !matches!(b, b'\n' | b' ' | b'\t' | b'\r') {
            s.indent = s.i - s.line_begin;
        }
        match s.step(b, follows_briefing) {
            Step::Space => continue,
            Step::Token => s.line_start = false,
            Step::Refused => return None,
            Step::Ended => return Some(s.into_scanned()),
        }
    }
    let end = s.bytes.len();
    s.split(end);
    Some(s.into_scanned())
}

/// What one step of the scan leaves the loop to do.
enum Step {
    /// White space or a control character: the line has not started yet.
    Space,
    /// Something the line starts with.
    Token,
    /// The file is refused (MC003).
    Refused,
    /// The rest of the file is an unclosed comment: nothing more to split.
    Ended,
}

/// The scan's state as it walks the file once, byte class by byte class.
struct Scanner<'a> {
    file: FileId,
    text: &'a str,
    bytes: &'a [u8],
    begin: usize,
    i: usize,
    diags: &'a mut Vec<Diagnostic>,
    comments: &'a mut Vec<Comment>,
    chunks: Vec<Chunk>,
    cur: Chunk,
    /// Offsets of unclosed `{`.
    opens: Vec<usize>,
    braces: Braces,
    parens: usize,
    line_start: bool,
    /// The last word read, so `if signal` and `unless signal` (a condition inside
    /// an arrival or event) do not split the item before `signal`.
    prev_word: (usize, usize),
    line_begin: usize,
    indent: usize,
    /// `briefing umpire {` is one item: `umpire` right after `briefing` is its
    /// audience, not the start of a top-level umpire note.
    after_briefing: bool,
}

impl<'a> Scanner<'a> {
    fn new(
        file: FileId,
        text: &'a str,
        diags: &'a mut Vec<Diagnostic>,
        comments: &'a mut Vec<Comment>,
    ) -> Scanner<'a> {
        let begin = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
        Scanner {
            file,
            text,
            bytes: text.as_bytes(),
            begin,
            i: begin,
            diags,
            comments,
            chunks: Vec::new(),
            cur: Chunk {
                start: begin,
                ..Chunk::default()
            },
            opens: Vec::new(),
            braces: Braces::default(),
            parens: 0,
            line_start: true,
            prev_word: (0, 0),
            line_begin: begin,
            indent: 0,
            after_briefing: false,
        }
    }

    /// Reads what starts at `self.i`, whose first byte is `b`.
    fn step(&mut self, b: u8, follows_briefing: bool) -> Step {
        let next = self.bytes.get(self.i + 1);
        match b {
            b'\n' => {
                self.line_start = true;
                self.after_briefing = follows_briefing;
                self.i += 1;
                self.line_begin = self.i;
                Step::Space
            }
            b' ' | b'\t' | b'\r' => {
                self.after_briefing = follows_briefing;
                self.i += 1;
                Step::Space
            }
            b'"' => {
                self.quoted_text();
                Step::Token
            }
            b'/' if next == Some(&b'/') => {
                self.after_briefing = follows_briefing;
                self.line_comment();
                Step::Token
            }
            b'/' if next == Some(&b'*') => {
                self.after_briefing = follows_briefing;
                self.block_comment()
            }
            b'{' | b'(' => self.open(b),
            b')' => {
                self.parens = self.parens.saturating_sub(1);
                self.i += 1;
                Step::Token
            }
            b'}' => {
                self.close();
                Step::Token
            }
            _ if b.is_ascii_lowercase() => {
                self.word(follows_briefing);
                Step::Token
            }
            _ if b < b' ' => {
                // Like a space, a control character does not part `briefing`
                // from its audience.
                self.after_briefing = follows_briefing;
                self.control_characters();
                Step::Space
            }
            _ => {
                // Skip a whole UTF-8 sequence so offsets stay on char boundaries,
                // and with it the run of bytes that would come here one by one.
                self.prev_word = (0, 0);
                self.i += 1;
                while self.i < self.bytes.len() && plain(self.bytes[self.i]) {
                    self.i += 1;
                }
                Step::Token
            }
        }
    }

    /// A quoted text, reported when it is never closed.
    fn quoted_text(&mut self) {
        let bytes = self.bytes;
        self.prev_word = (0, 0);
        let start = self.i;
        let mut i = self.i + 1;
        // texts are most of a scenario's bytes: jump from one `"`, `\\`
        // or newline to the next
        loop {
            i = memchr::memchr3(b'"', b'\\', b'\n', &bytes[i..]).map_or(bytes.len(), |n| i + n);
            if i + 1 < bytes.len() && bytes[i] == b'\\' && bytes[i + 1] != b'\n' {
                i += 2;
            } else if i < bytes.len() && bytes[i] == b'\\' {
                // a backslash before a newline or the end escapes nothing
                i += 1;
            } else {
                break;
            }
        }
        if i < bytes.len() && bytes[i] == b'"' {
            i += 1;
        } else {
            let end = trim_cr(bytes, start, i);
            self.diags.push(
                Diagnostic::error(Code::MC001, "unterminated text: expected a closing `\"`")
                    .with_label(
                        self.file,
                        Span::new(start, end),
                        "this text is never closed",
                    )
                    .with_help("a quoted text ends with `\"` on the same line"),
            );
        }
        self.i = i;
    }

    /// A `//` comment, kept for the formatter.
    fn line_comment(&mut self) {
        let start = self.i;
        while self.i < self.bytes.len() && self.bytes[self.i] != b'\n' {
            self.i += 1;
        }
        let end = trim_cr(self.bytes, start, self.i);
        self.comments.push(Comment {
            text: self.text[start..end].to_string(),
            span: Span::new(start, end),
        });
    }

    /// A `/* */` comment; one never closed takes the rest of the file.
    fn block_comment(&mut self) -> Step {
        let bytes = self.bytes;
        let start = self.i;
        let mut i = self.i + 2;
        while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
            i += 1;
        }
        if i < bytes.len() {
            self.i = i + 2;
            self.comments.push(Comment {
                text: self.text[start..self.i].to_string(),
                span: Span::new(start, self.i),
            });
            return Step::Token;
        }
        self.i = i;
        self.diags.push(
            Diagnostic::error(Code::MC001, "unterminated comment: expected a closing `*/`")
                .with_label(
                    self.file,
                    Span::new(start, start + 2),
                    "this comment is never closed",
                )
                .with_help("end the comment with `*/`"),
        );
        self.comments.push(Comment {
            text: self.text[start..].to_string(),
            span: Span::new(start, bytes.len()),
        });
        // The rest of the file is comment: the item ends where it began.
        self.split(start);
        Step::Ended
    }

    /// A `{` or `(`, refused past the nesting limit.
    fn open(&mut self, b: u8) -> Step {
        if b == b'{' {
            self.opens.push(self.i);
            self.braces.indents.push(self.indent);
        } else {
            self.parens += 1;
        }
        if self.opens.len() + self.parens > MAX_NESTING {
            self.diags.push(
                Diagnostic::error(
                    Code::MC003,
                    format!("nesting is deeper than the limit of {MAX_NESTING} levels"),
                )
                .with_label(
                    self.file,
                    Span::new(self.i, self.i + 1),
                    format!("level {} starts here", MAX_NESTING + 1),
                )
                .with_help(
                    "braces and parentheses may nest at most 64 deep; flatten the unit tree",
                ),
            );
            return Step::Refused;
        }
        self.i += 1;
        Step::Token
    }

    /// A `}`: unmatched ones are reported and blanked; one left of its `{`'s
    /// line is noted for [`close_unclosed`].
    fn close(&mut self) {
        let i = self.i;
        let popped = self.opens.pop();
        let opened_at = self.braces.indents.pop();
        if let (Some(o), Some(j), true) = (popped, opened_at, self.line_start) {
            // a `}` that starts its line and sits left of its `{`'s line
            // closes an outer block: the `{` it pops was really left open
            if self.indent < j {
                self.braces.misfits.push((o, i));
            }
        }
        if popped.is_none() {
            self.diags.push(
                Diagnostic::error(Code::MC001, "unmatched `}`")
                    .with_label(self.file, Span::new(i, i + 1), "nothing to close here")
                    .with_help("remove this `}` or add the `{` it was meant to close"),
            );
            self.cur.blank.push(i);
        }
        self.i += 1;
    }

    /// A word: an item keyword at the top level or a line's start begins a
    /// new item, as does a line-starting slip for one after an item.
    fn word(&mut self, follows_briefing: bool) {
        let (bytes, i) = (self.bytes, self.i);
        let col0 = self.line_start && i > 0 && bytes[i - 1] == b'\n' || i == self.begin;
        if self.opens.is_empty() && col0 && i > self.cur.start && misspelt_item_at(bytes, i) {
            // `forcse german {` after an item: its own chunk, so the
            // error names the misspelt keyword, not "the end of the item"
            self.split(i);
        }
        let end = word_end(bytes, i);
        // a keyword splits only at the top level or at a line's start,
        // so the words inside blocks (most of a file) skip the look-up
        let keyword = if self.opens.is_empty() || col0 {
            item_keyword_at(bytes, i, end)
        } else {
            None
        };
        let audience = follows_briefing && keyword == Some("umpire");
        self.after_briefing = keyword == Some("briefing");
        let prev = &bytes[self.prev_word.0..self.prev_word.1];
        let conditional = prev == b"if" || prev == b"unless";
        if let Some(kw) = keyword.filter(|k| !(audience || conditional && *k == "signal")) {
            if self.opens.is_empty() || (col0 && kw != "umpire") {
                self.split(i);
            }
        }
        self.prev_word = (i, end);
        self.i = end;
    }

    /// A run of control characters: the grammar passes over them as it does
    /// spaces, so they are reported here, once per run, in the author's terms.
    fn control_characters(&mut self) {
        let bytes = self.bytes;
        let start = self.i;
        while self.i < bytes.len()
            && bytes[self.i] < b' '
            && !matches!(bytes[self.i], b'\n' | b'\r')
        {
            self.i += 1;
        }
        if let Some(c) = bytes[start..self.i].iter().find(|c| **c != b'\t') {
            self.diags.push(
                Diagnostic::error(
                    Code::MC001,
                    format!("invisible control character U+{c:04X} between words"),
                )
                .with_label(
                    self.file,
                    Span::new(start, self.i),
                    "control character here",
                )
                .with_help("delete it; words are separated by spaces, tabs and line breaks only"),
            );
        }
    }

    /// Ends the current item at `at` (closing what it left open) and starts
    /// the next one there.
    fn split(&mut self, at: usize) {
        self.cur.end = at;
        close_unclosed(
            self.file,
            self.text,
            &mut self.cur,
            &mut self.opens,
            &mut self.braces,
            self.diags,
        );
        self.parens = 0;
        let next = Chunk {
            start: at,
            ..Chunk::default()
        };
        self.chunks.push(std::mem::replace(&mut self.cur, next));
    }

    /// The items found, without the blank text before the first.
    fn into_scanned(self) -> Scanned {
        Scanned {
            chunks: finish(self.chunks),
        }
    }
}

/// Whether `text` holds only what the grammar skips: whitespace and closed
/// comments. The grammar's `blank_only` rule says the same, but a failed pest
/// parse builds an error with a line and column, for every chunk that is not blank.
pub(crate) fn is_blank(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            // control characters too, as the grammar's `WHITESPACE` (the scanner reports them)
            (0..=b' ', _) => i += 1,
            (b'/', Some(b'/')) => {
                i = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |n| i + n);
            }
            (b'/', Some(b'*')) => match memchr::memmem::find(&bytes[i + 2..], b"*/") {
                Some(n) => i += 2 + n + 2,
                None => return false,
            },
            _ => return false,
        }
    }
    true
}

/// A byte the scanner passes over with nothing to note: not a space, control
/// character, quote, slash, bracket or lower-case letter (UTF-8 continuation bytes included).
fn plain(b: u8) -> bool {
    !matches!(
        b,
        0..=b' ' | b'"' | b'/' | b'{' | b'(' | b')' | b'}' | b'a'..=b'z'
    )
}

fn trim_cr(bytes: &[u8], start: usize, end: usize) -> usize {
    if end > start && bytes[end - 1] == b'\r' {
        end - 1
    } else {
        end
    }
}

/// What the indentation says about the braces of the current item.
#[derive(Debug, Default)]
struct Braces {
    /// The indentation of the line of each open `{`, parallel to `opens`.
    indents: Vec<usize>,
    /// `({` offset, `}` offset) where a `}` left of its `{`'s line closed it:
    /// the `{` is the one really left open (an extra `{`, or a missing `}`).
    misfits: Vec<(usize, usize)>,
    /// Lines of the `}` the reports name.
    lines: Lines,
}

/// Finds the 1-based lines of byte offsets met in increasing order, reading each
/// byte of the file at most once (reports come item by item, down the file).
#[derive(Debug)]
struct Lines {
    at: usize,
    line: usize,
}

impl Default for Lines {
    fn default() -> Self {
        Lines { at: 0, line: 1 }
    }
}

impl Lines {
    fn line_of(&mut self, text: &str, at: usize) -> usize {
        let at = at.min(text.len());
        if at < self.at {
            *self = Lines::default();
        }
        let read = &text.as_bytes()[self.at..at];
        crate::work::rescanned(read.len());
        self.line += memchr::memchr_iter(b'\n', read).count();
        self.at = at;
        self.line
    }
}

/// Reports every `{` still open at the end of an item and schedules its closing.
/// When indentation shows which `{` is extra (a `}` lined up with an outer block
/// closed it), that one is reported and blanked, so the rest of the item reads
/// as written and nothing downstream is misplaced by the repair.
fn close_unclosed(
    file: FileId,
    text: &str,
    cur: &mut Chunk,
    opens: &mut Vec<usize>,
    braces: &mut Braces,
    diags: &mut Vec<Diagnostic>,
) {
    let misfits = std::mem::take(&mut braces.misfits);
    braces.indents.clear();
    if !opens.is_empty() && !misfits.is_empty() {
        let n = opens.len().min(misfits.len());
        for &(open, close) in &misfits[..n] {
            // of two `{` on one line (`… { {`), the later one is the extra one
            let line_end = text[open..].find('\n').map_or(text.len(), |e| open + e);
            let open = text[open + 1..line_end]
                .rfind('{')
                .map_or(open, |k| open + 1 + k);
            diags.push(
                Diagnostic::error(Code::MC001, "unclosed block: this `{` is never closed")
                    .with_label(file, Span::new(open, open + 1), "this `{` is never closed")
                    .with_label(
                        file,
                        Span::new(close, close + 1),
                        "this `}` lines up with an outer block",
                    )
                    .with_help(format!(
                        "remove this `{{` if it is extra, or close its block before line {}",
                        braces.lines.line_of(text, close)
                    )),
            );
            cur.blank.push(open);
        }
        cur.close = opens.len() - n;
        opens.clear();
        return;
    }
    if let Some(&first) = opens.first() {
        diags.push(
            Diagnostic::error(Code::MC001, "unclosed block: expected a closing `}`")
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::is_blank;
    use crate::grammar::{MusterParser, Rule};
    use pest::Parser;
    use proptest::prelude::*;

    proptest! {
        /// The hand-written test agrees with the grammar's `blank_only` rule.
        #[test]
        fn is_blank_agrees_with_the_grammar(text in "[ \t\r\n\x0c\x01/*a\"]{0,16}") {
            prop_assert_eq!(
                is_blank(&text),
                MusterParser::parse(Rule::blank_only, &text).is_ok(),
                "{:?}", text
            );
        }
    }

    #[test]
    fn comments_and_space_are_blank_and_an_unclosed_comment_is_not() {
        assert!(is_blank(" \t\r\n// note\n/* a\n b */ "));
        assert!(!is_blank("/* open"));
        assert!(!is_blank("map"));
    }
}
