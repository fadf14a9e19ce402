//! Semantic tokens from the concrete tree: keywords, names (definitions marked),
//! vocabulary words, texts, numbers and points, comments.

use crate::index::FileIndex;
use lsp_types::{
    Position, SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokensLegend,
};
use muster_syntax::cst::{Cst, TokenKind};
use muster_syntax::Span;

/// The token types, in legend order.
const TYPES: &[SemanticTokenType] = &[
    SemanticTokenType::KEYWORD,
    SemanticTokenType::VARIABLE,
    SemanticTokenType::ENUM_MEMBER,
    SemanticTokenType::STRING,
    SemanticTokenType::NUMBER,
    SemanticTokenType::COMMENT,
];

pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.to_vec(),
        token_modifiers: vec![SemanticTokenModifier::DECLARATION],
    }
}

/// The tokens of a file, encoded as the protocol wants (relative positions).
/// Linear in the file: definitions are looked up by their start in a sorted
/// list, and columns are counted forward from the previous token, never from
/// the start of the line again (a road of many points is one long line).
pub fn tokens(text: &str, tree: &Cst) -> Vec<SemanticToken> {
    let names = FileIndex::new(text, tree);
    let mut defs: Vec<usize> = names
        .mentions
        .iter()
        .filter(|m| m.is_def)
        .map(|m| m.span.start)
        .collect();
    defs.sort_unstable();
    let mut raw: Vec<(Span, u32, u32)> = tree
        .tokens()
        .into_iter()
        .filter_map(|t| {
            let ty = match t.token? {
                TokenKind::Keyword => 0,
                TokenKind::Name => 1,
                TokenKind::Word => 2,
                TokenKind::Text => 3,
                TokenKind::Literal | TokenKind::Point => 4,
                TokenKind::Open | TokenKind::Close => return None,
            };
            crate::work::step(1);
            let def = defs.binary_search(&t.span.start).is_ok();
            Some((t.span, ty, u32::from(def)))
        })
        .collect();
    for c in &tree.comments {
        // A token may not span lines: one per line of the comment.
        let mut at = c.span.start;
        for line in c.text.split('\n') {
            let len = line.trim_end_matches('\r').len();
            raw.push((Span::new(at, at + len), 5, 0));
            at += line.len() + 1;
        }
    }
    raw.sort_by_key(|(s, _, _)| s.start);
    let mut out = Vec::with_capacity(raw.len());
    let (mut line, mut col) = (0u32, 0u32);
    let mut cursor = Cursor::default();
    for (span, ty, mods) in raw {
        let start = cursor.advance(text, span.start);
        let mut ahead = cursor;
        let end = ahead.advance(text, span.end);
        if end.line != start.line || end.character <= start.character {
            continue;
        }
        let delta_line = start.line - line;
        let delta_start = if delta_line == 0 {
            start.character - col
        } else {
            start.character
        };
        out.push(SemanticToken {
            delta_line,
            delta_start,
            length: end.character - start.character,
            token_type: ty,
            token_modifiers_bitset: mods,
        });
        line = start.line;
        col = start.character;
    }
    out
}

/// A position walked forward through a text: each byte is stepped over once
/// for all the tokens together.
#[derive(Debug, Clone, Copy, Default)]
struct Cursor {
    offset: usize,
    line: u32,
    /// UTF-16 units since the start of the line.
    col: u32,
}

impl Cursor {
    /// The position of `to` (clamped to the text and to a character boundary),
    /// moving the cursor there; a `to` behind the cursor leaves it where it is.
    fn advance(&mut self, text: &str, to: usize) -> Position {
        let to = to.min(text.len());
        if let Some(between) = text.get(self.offset..to) {
            crate::work::step(between.len());
            for ch in between.chars() {
                if ch == '\n' {
                    self.line += 1;
                    self.col = 0;
                } else {
                    self.col += ch.len_utf16() as u32;
                }
            }
            self.offset = to;
        }
        Position::new(self.line, self.col)
    }
}
