//! Writes placed tokens and the comments between them as text.
//!
//! A comment on the line of the token before it stays at the end of that line; a
//! comment on a line of its own stays on a line of its own, indented like what
//! follows it. A blank line before a statement or an own-line comment is kept.

use crate::layout::{Before, Placed};
use muster_syntax::ast::Comment;
use muster_syntax::cst::Cst;

const INDENT: &str = "  ";

/// What stands in the gap before a token (or after the last one).
struct Gap<'a> {
    /// Comments with the number of line breaks before each.
    comments: Vec<(&'a Comment, usize)>,
    /// Line breaks between the last comment (or token) and the token.
    breaks: usize,
}

/// Splits the text between tokens into comments and line-break counts.
fn gaps<'a>(text: &str, tree: &'a Cst, placed: &[Placed<'_>]) -> Vec<Gap<'a>> {
    let mut out = Vec::with_capacity(placed.len() + 1);
    let mut comments = tree.comments.iter().peekable();
    let mut at = 0;
    let ends = placed
        .iter()
        .map(|p| (p.node.span.start, p.node.span.end))
        .chain(std::iter::once((text.len(), text.len())));
    for (start, end) in ends {
        let mut gap = Gap {
            comments: Vec::new(),
            breaks: 0,
        };
        let mut from = at;
        while let Some(c) = comments.next_if(|c| c.span.start < start) {
            gap.comments.push((c, breaks(text, from, c.span.start)));
            from = c.span.end;
        }
        gap.breaks = breaks(text, from, start);
        out.push(gap);
        at = end;
    }
    out
}

fn breaks(text: &str, from: usize, to: usize) -> usize {
    text.get(from..to)
        .map_or(0, |s| s.bytes().filter(|&b| b == b'\n').count())
}

/// The printer's state: the text so far and where its last line stands.
struct Printer {
    out: String,
    col: usize,
    width: usize,
    /// The next token must start a new line (after a line comment).
    forced: bool,
    /// The current statement's header has taken more than one line.
    wrapped: bool,
    /// The last thing written is a `{` with nothing after it yet.
    after_open: bool,
}

impl Printer {
    fn newline(&mut self, blank: bool) {
        if self.out.is_empty() {
            return;
        }
        self.out.push('\n');
        if blank && !self.after_open {
            self.out.push('\n');
        }
        self.col = 0;
        self.forced = false;
    }

    fn write(&mut self, s: &str) {
        self.out.push_str(s);
        self.col = match s.rfind('\n') {
            Some(i) => s[i + 1..].chars().count(),
            None => self.col + s.chars().count(),
        };
        self.after_open = false;
    }

    fn indent(&mut self, depth: usize) {
        self.write(&INDENT.repeat(depth));
    }

    /// Writes a comment, inline when it followed a token on the same line.
    fn comment(&mut self, c: &Comment, breaks: usize, depth: usize, blank_ok: bool) {
        let text = c.text.replace("\r\n", "\n");
        if breaks == 0 && self.col > 0 {
            self.write(" ");
            self.write(&text);
        } else {
            self.newline(breaks >= 2 && blank_ok);
            self.indent(depth);
            self.write(&text);
            self.forced = true;
        }
        if text.starts_with("//") {
            self.forced = true;
        }
    }
}

/// Prints the placed tokens with the comments of `text` between them.
pub(crate) fn print(text: &str, tree: &Cst, placed: &[Placed<'_>], width: usize) -> String {
    let gaps = gaps(text, tree, placed);
    let mut p = Printer {
        out: String::with_capacity(text.len() + text.len() / 8),
        col: 0,
        width,
        forced: false,
        wrapped: false,
        after_open: false,
    };
    let words: Vec<String> = placed
        .iter()
        .map(|t| {
            crate::token_text(
                t.node.token.unwrap_or(muster_syntax::cst::TokenKind::Word),
                text.get(t.node.span.start..t.node.span.end).unwrap_or(""),
            )
        })
        .collect();
    for (i, gap) in gaps.iter().enumerate() {
        let placed_here = placed.get(i);
        let before = placed_here.map(|t| t.before);
        // Where an own-line comment in this gap is indented, and whether a blank
        // line before it is the writer's grouping (kept) or layout (dropped).
        let (depth, statement_level) = match before {
            None => (0, true),
            Some(Before::Line(d)) => (d, true),
            Some(Before::Close(d) | Before::CloseEmpty(d)) => (d + 1, true),
            Some(Before::Open(d) | Before::Break(d) | Before::Glue(d)) => (d + 1, false),
        };
        let had_comments = !gap.comments.is_empty();
        for &(c, breaks) in &gap.comments {
            p.comment(c, breaks, depth, statement_level);
        }
        let Some(t) = placed_here else {
            break;
        };
        let word = words.get(i).map_or("", String::as_str);
        match t.before {
            Before::Line(d) => {
                p.newline(gap.breaks >= 2);
                p.indent(d);
                p.wrapped = false;
            }
            Before::Break(d) | Before::Glue(d) => {
                let fits = p.col + 1 + group_width(&words, placed, i) <= p.width;
                if p.forced || (matches!(t.before, Before::Break(_)) && !fits) {
                    p.newline(false);
                    p.indent(d + 1);
                    p.wrapped = true;
                } else {
                    p.write(" ");
                }
            }
            Before::Open(d) => {
                if p.forced || p.wrapped || p.col + 2 > p.width {
                    p.newline(false);
                    p.indent(d);
                } else {
                    p.write(" ");
                }
            }
            Before::CloseEmpty(d) if !had_comments && !p.forced => {
                let _ = d;
            }
            Before::Close(d) | Before::CloseEmpty(d) => {
                p.newline(false);
                p.indent(d);
            }
        }
        p.write(word);
        p.after_open = matches!(t.before, Before::Open(_)) || is_open_line(t.before, word);
    }
    if !p.out.is_empty() {
        p.out.push('\n');
    }
    p.out
}

/// A `{` standing alone as a statement's first token (a block with no header).
fn is_open_line(before: Before, word: &str) -> bool {
    matches!(before, Before::Line(_)) && word == "{"
}

/// The width of the token at `i` and the tokens glued after it.
fn group_width(words: &[String], placed: &[Placed<'_>], i: usize) -> usize {
    let w = |j: usize| words.get(j).map_or(0, |s| s.chars().count());
    let mut total = w(i);
    for (j, t) in placed.iter().enumerate().skip(i + 1) {
        if !matches!(t.before, Before::Glue(_)) {
            break;
        }
        total += 1 + w(j);
    }
    total
}
