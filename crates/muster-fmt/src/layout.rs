//! From the concrete tree to a layout decision before each token: a new
//! statement, a space where the line may break, a space where it may not, or a
//! brace.
//!
//! Statements are found by shape, not by name: whatever stands between a `{` and
//! its `}` is a statement of that block. A grammar rule added later is laid out
//! without a change here.

use muster_syntax::cst::{Cst, Node, TokenKind};
use muster_syntax::Rule;

/// What comes before one token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Before {
    /// The token starts a statement at this depth.
    Line(usize),
    /// A space, or a line break to the continuation of the statement at this depth.
    Break(usize),
    /// A space; it stays with the token before it unless a comment intervenes.
    Glue(usize),
    /// The `{` of a statement at this depth.
    Open(usize),
    /// The `}` of a block whose statement is at this depth.
    Close(usize),
    /// The `}` of an empty block: written right after its `{`.
    CloseEmpty(usize),
}

/// One token and what comes before it.
#[derive(Debug, Clone)]
pub(crate) struct Placed<'a> {
    pub node: &'a Node,
    pub before: Before,
}

/// Places every token of the tree, in source order.
pub(crate) fn place<'a>(text: &str, tree: &'a Cst) -> Vec<Placed<'a>> {
    let mut out = Vec::new();
    for item in &tree.items {
        statement(text, item, 0, &mut out);
    }
    out
}

/// A statement: its header tokens, then its block if it has one.
fn statement<'a>(text: &str, node: &'a Node, depth: usize, out: &mut Vec<Placed<'a>>) {
    let (header, block) = split_block(node);
    let mut prev: Option<&Node> = None;
    for group in header {
        for (k, t) in group.tokens().into_iter().enumerate() {
            let before = match prev {
                None => Before::Line(depth),
                // An order's text may always start a continuation line.
                Some(_) if node.rule == Rule::order && t.token == Some(TokenKind::Text) => {
                    Before::Break(depth)
                }
                Some(p) if binds(p, t) || takes_word(text, p) => Before::Glue(depth),
                // A clause (`in line from … to …`, `holds x by turn 3`) stays
                // whole; only a list inside it (points, names) may break.
                Some(p) if k > 0 && !(p.token == t.token && is_list(t)) => Before::Glue(depth),
                // An order may not wrap before a word: lowering reads a name at
                // the start of a line as the unit of the next order.
                Some(_) if node.rule == Rule::order && t.token != Some(TokenKind::Text) => {
                    Before::Glue(depth)
                }
                Some(_) => Before::Break(depth),
            };
            out.push(Placed { node: t, before });
            prev = Some(t);
        }
    }
    let Some((open, body, close)) = block else {
        return;
    };
    out.push(Placed {
        node: open,
        before: if prev.is_none() {
            Before::Line(depth)
        } else {
            Before::Open(depth)
        },
    });
    for s in &body {
        statement(text, s, depth + 1, out);
    }
    out.push(Placed {
        node: close,
        before: if body.is_empty() {
            Before::CloseEmpty(depth)
        } else {
            Before::Close(depth)
        },
    });
}

type Block<'a> = (&'a Node, Vec<&'a Node>, &'a Node);

/// The header of a statement and its block: the `{ … }` among its children, or
/// in its last child (`side_block`, `unit_block`).
fn split_block(node: &Node) -> (Vec<&Node>, Option<Block<'_>>) {
    if node.token.is_some() {
        return (vec![node], None);
    }
    if let Some(b) = block_in(node) {
        let open_at = node
            .children
            .iter()
            .position(|c| c.token == Some(TokenKind::Open))
            .unwrap_or(node.children.len());
        return (node.children[..open_at].iter().collect(), Some(b));
    }
    if let Some((last, rest)) = node.children.split_last() {
        if let Some(b) = block_in(last) {
            return (rest.iter().collect(), Some(b));
        }
    }
    (node.children.iter().collect(), None)
}

/// A `{ … }` among the direct children of `node`.
fn block_in(node: &Node) -> Option<Block<'_>> {
    let kids = &node.children;
    let open = kids.iter().position(|c| c.token == Some(TokenKind::Open))?;
    let close = kids
        .iter()
        .rposition(|c| c.token == Some(TokenKind::Close))?;
    (close > open).then(|| {
        (
            &kids[open],
            kids[open + 1..close].iter().collect(),
            &kids[close],
        )
    })
}

/// Whether `next` stays on the line of `prev`: a keyword keeps its first value
/// (`at (1,2)`, `figures 6`, `note "…"`), a name keeps its title, a point list
/// and a run of words may break anywhere.
fn binds(prev: &Node, next: &Node) -> bool {
    use TokenKind::*;
    let (Some(p), Some(n)) = (prev.token, next.token) else {
        return false;
    };
    match n {
        Text => !matches!(p, Literal | Point | Text),
        Literal | Point => !matches!(p, Literal | Point | Text),
        _ => false,
    }
}

/// Tokens that come in lists a line may break inside.
fn is_list(t: &Node) -> bool {
    matches!(t.token, Some(TokenKind::Point | TokenKind::Name))
}

/// Element words whose argument is the next word (`radio long`, `riding-on pz-1`).
fn takes_word(text: &str, t: &Node) -> bool {
    const WORDS: &[&str] = &[
        "radio",
        "embussed-in",
        "riding-on",
        "registers-for",
        "refuel-at",
        "task",
        "bearing",
        "spread",
        "range",
        "figures",
        "models",
        "represents",
        "mix",
        "start",
        "prepared",
        "since",
        "overnight",
        "allow",
        "warn",
        "deny",
    ];
    t.rule == Rule::elem_word && WORDS.contains(&text.get(t.span.start..t.span.end).unwrap_or(""))
}
