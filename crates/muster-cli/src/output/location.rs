//! Byte offsets to 1-based lines and columns (columns count Unicode scalar
//! values), shared by the JSON, GitHub and SARIF outputs.

use crate::pipeline::Source;
use muster_syntax::Span;

/// A position in a file: 1-based line and column, and the byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
    pub offset: usize,
}

/// A span's start and (exclusive) end positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub start: Position,
    pub end: Position,
}

/// The byte offset where each line of `text` starts (the first is 0). With it a
/// label is located by a binary search and a count within its own line: scanning
/// from the file's start for every label made a file's report quadratic.
pub fn line_starts(text: &str) -> Vec<usize> {
    // memchr finds the line breaks many bytes at a time
    std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
        .collect()
}

/// Locates a byte offset in `text`, clamped to the text and to a char boundary.
#[cfg(test)]
pub fn position(text: &str, offset: usize) -> Position {
    position_in(text, &line_starts(text), offset)
}

/// [`position`] with the text's [`line_starts`].
pub fn position_in(text: &str, starts: &[usize], offset: usize) -> Position {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    // the lines starting at or before `offset`; the first always does
    let line = starts.partition_point(|&s| s <= offset).max(1);
    let line_start = starts.get(line - 1).copied().unwrap_or(0);
    Position {
        line,
        column: text[line_start..offset].chars().count() + 1,
        offset,
    }
}

/// Locates a span.
pub fn region(text: &str, span: Span) -> Region {
    region_in(text, &line_starts(text), span)
}

/// [`region`] with the text's [`line_starts`].
pub fn region_in(text: &str, starts: &[usize], span: Span) -> Region {
    Region {
        start: position_in(text, starts, span.start),
        end: position_in(text, starts, span.end.max(span.start)),
    }
}

/// Where `span` lies in `source`, through its line index (built on first use);
/// line 1, column 1 when the diagnostic names no known file.
pub fn locate(source: Option<&Source>, span: Span) -> Region {
    match source {
        Some(s) => region_in(&s.text, s.line_starts(), span),
        None => region("", span),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let text = "ab\nBénouville x\n";
        assert_eq!(
            position(text, 0),
            Position {
                line: 1,
                column: 1,
                offset: 0
            }
        );
        assert_eq!(
            position(text, 3),
            Position {
                line: 2,
                column: 1,
                offset: 3
            }
        );
        // `x` sits after the 10-character word and a space: column 12.
        let x = text.find('x').unwrap_or(0);
        assert_eq!(position(text, x).column, 12);
        // Inside the two-byte `é`: clamped back to its start.
        assert_eq!(position(text, 5).column, 2);
        assert_eq!(position(text, 999).offset, text.len());
    }

    /// The scan from the file's start that the line index replaced.
    fn scanned(text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Position {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            offset,
        }
    }

    #[test]
    fn the_line_index_locates_every_offset_as_a_scan_does() {
        for text in ["", "\n", "ab\nBénouville x\n\nc", "é\n\né"] {
            for offset in 0..=text.len() + 2 {
                assert_eq!(
                    position(text, offset),
                    scanned(text, offset),
                    "{text:?} {offset}"
                );
            }
        }
    }

    #[test]
    fn a_region_ends_where_its_end_offset_is_located() {
        let text = "ab\nBénouville x\nc\n";
        for start in 0..=text.len() + 1 {
            for end in 0..=text.len() + 1 {
                let r = region(text, Span::new(start, end));
                assert_eq!(r.start, position(text, start), "{start}..{end}");
                assert_eq!(r.end, position(text, end.max(start)), "{start}..{end}");
            }
        }
    }
}
