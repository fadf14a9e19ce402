//! Byte offsets to 1-based lines and columns (columns count Unicode scalar
//! values), shared by the JSON, GitHub and SARIF outputs.

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

/// Locates a byte offset in `text`, clamped to the text and to a char boundary.
pub fn position(text: &str, offset: usize) -> Position {
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

/// Locates a span.
pub fn region(text: &str, span: Span) -> Region {
    let start = position(text, span.start);
    // the end from the start, so the text before the span is read once
    let mut to = span.end.max(span.start).min(text.len());
    while !text.is_char_boundary(to) {
        to -= 1;
    }
    let between = &text[start.offset..to];
    let end = match between.rfind('\n') {
        Some(last) => Position {
            line: start.line + between.matches('\n').count(),
            column: between[last + 1..].chars().count() + 1,
            offset: to,
        },
        None => Position {
            line: start.line,
            column: start.column + between.chars().count(),
            offset: to,
        },
    };
    Region { start, end }
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
