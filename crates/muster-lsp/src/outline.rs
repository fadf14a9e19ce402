//! The document outline (the order of battle as nested symbols) and folding
//! ranges (every block and every comment that spans lines).

use crate::index::{Def, DefKind, FileIndex};
use crate::line_index::LineIndex;
use lsp_types::{DocumentSymbol, FoldingRange, FoldingRangeKind, SymbolKind};
use muster_syntax::cst::{Cst, Node, TokenKind};

/// The outline of a file.
pub fn symbols(text: &str, index: &LineIndex, tree: &Cst) -> Vec<DocumentSymbol> {
    FileIndex::new(text, tree)
        .defs
        .iter()
        .map(|d| symbol(text, index, d))
        .collect()
}

#[allow(deprecated)] // `deprecated` is a required field of the protocol type
fn symbol(text: &str, index: &LineIndex, d: &Def) -> DocumentSymbol {
    DocumentSymbol {
        name: d.name.clone(),
        detail: Some(d.detail.clone()),
        kind: match d.kind {
            DefKind::Side | DefKind::Player => SymbolKind::NAMESPACE,
            DefKind::Area | DefKind::Line | DefKind::Crossing | DefKind::Place => {
                SymbolKind::OBJECT
            }
            DefKind::Template => SymbolKind::CLASS,
            DefKind::Unit => SymbolKind::MODULE,
            DefKind::Element => SymbolKind::FIELD,
            DefKind::Net | DefKind::Signal => SymbolKind::EVENT,
            DefKind::Event | DefKind::Victory => SymbolKind::KEY,
        },
        tags: None,
        deprecated: None,
        range: index.range(text, d.span),
        selection_range: index.range(text, d.name_span),
        children: Some(d.children.iter().map(|c| symbol(text, index, c)).collect()),
    }
}

/// Every block and multi-line comment, as folding ranges.
pub fn folding(text: &str, index: &LineIndex, tree: &Cst) -> Vec<FoldingRange> {
    let mut out = Vec::new();
    for item in &tree.items {
        blocks(text, index, item, &mut out);
    }
    for c in &tree.comments {
        fold(
            text,
            index,
            c.span.start,
            c.span.end,
            FoldingRangeKind::Comment,
            &mut out,
        );
    }
    out.sort_by_key(|f| (f.start_line, f.end_line));
    out
}

fn blocks(text: &str, index: &LineIndex, node: &Node, out: &mut Vec<FoldingRange>) {
    let open = node
        .children
        .iter()
        .find(|c| c.token == Some(TokenKind::Open));
    let close = node
        .children
        .iter()
        .rfind(|c| c.token == Some(TokenKind::Close));
    if let (Some(o), Some(c)) = (open, close) {
        fold(
            text,
            index,
            o.span.start,
            c.span.start,
            FoldingRangeKind::Region,
            out,
        );
    }
    for c in &node.children {
        if c.token.is_none() {
            blocks(text, index, c, out);
        }
    }
}

/// A folding range from the line of `from` to the line of `to`, if they differ.
fn fold(
    text: &str,
    index: &LineIndex,
    from: usize,
    to: usize,
    kind: FoldingRangeKind,
    out: &mut Vec<FoldingRange>,
) {
    let (a, b) = (
        index.position(text, from).line,
        index.position(text, to).line,
    );
    if b > a {
        out.push(FoldingRange {
            start_line: a,
            end_line: b,
            kind: Some(kind),
            ..Default::default()
        });
    }
}
