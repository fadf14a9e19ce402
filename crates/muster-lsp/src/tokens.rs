//! Semantic tokens from the concrete tree: keywords, names (definitions marked),
//! vocabulary words, texts, numbers and points, comments.

use crate::index::FileIndex;
use crate::line_index::LineIndex;
use lsp_types::{SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokensLegend};
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
pub fn tokens(text: &str, index: &LineIndex, tree: &Cst) -> Vec<SemanticToken> {
    let names = FileIndex::new(text, tree);
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
            let def = names
                .mentions
                .iter()
                .any(|m| m.is_def && m.span.start == t.span.start);
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
    for (span, ty, mods) in raw {
        let start = index.position(text, span.start);
        let end = index.position(text, span.end);
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
