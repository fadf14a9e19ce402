//! The concrete tree of a well-formed file: every token in order, grouped by the
//! grammar rule that read it, for the formatter and the language server.
//!
//! Unlike [`crate::parse`] it does not recover: a file with any syntax problem
//! (an unclosed block or text, a statement that does not parse) has no concrete
//! tree, because a layout built on a guess could change what the file means.
//! Everything between two tokens is whitespace or comments.

use crate::ast::Comment;
use crate::diagnostic::FileId;
use crate::grammar::{MusterParser, Rule};
use crate::span::Span;
use pest::Parser;

/// What a token is, as far as layout and highlighting care.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// A word of the language (`element`, `at`, `attack`, `company`, `road`).
    Keyword,
    /// A name the writer chose, or a dotted path to one (`d-coy.coy-hq`).
    Name,
    /// A free word read while lowering: element words, area terrain, weather.
    Word,
    /// A quoted text.
    Text,
    /// A point `(x,y)`.
    Point,
    /// A number, distance, date, time or calibre.
    Literal,
    /// `{`
    Open,
    /// `}`
    Close,
}

/// One node: a token (no children) or a grammar rule's group of nodes.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The grammar rule that read it (`Rule::unit`, `Rule::kw_at`).
    pub rule: Rule,
    pub span: Span,
    pub children: Vec<Node>,
    /// For a token, what it is; `None` for a group.
    pub token: Option<TokenKind>,
}

impl Node {
    /// Every token under this node, in source order.
    pub fn tokens(&self) -> Vec<&Node> {
        let mut out = Vec::new();
        self.collect_tokens(&mut out);
        out
    }

    fn collect_tokens<'a>(&'a self, out: &mut Vec<&'a Node>) {
        if self.token.is_some() {
            out.push(self);
        } else {
            for c in &self.children {
                c.collect_tokens(out);
            }
        }
    }
}

/// A whole file's concrete tree: its top-level items and its comments.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Cst {
    pub items: Vec<Node>,
    pub comments: Vec<Comment>,
}

impl Cst {
    /// Every token of the file, in source order.
    pub fn tokens(&self) -> Vec<&Node> {
        self.items.iter().flat_map(Node::tokens).collect()
    }
}

/// The concrete tree of `text`, or `None` when the file has a syntax problem.
pub fn parse(text: &str) -> Option<Cst> {
    let mut diags = Vec::new();
    let mut comments = Vec::new();
    let scanned = crate::scan::scan(FileId(0), text, &mut diags, &mut comments)?;
    if !diags.is_empty() {
        return None;
    }
    let mut items = Vec::new();
    for chunk in &scanned.chunks {
        if chunk.close > 0 || !chunk.blank.is_empty() {
            return None;
        }
        let src = &text[chunk.start..chunk.end];
        if crate::scan::is_blank(src) {
            continue;
        }
        let pairs = MusterParser::parse(Rule::item_only, src).ok()?;
        for outer in pairs {
            for pair in outer.into_inner() {
                if pair.as_rule() != Rule::EOI {
                    items.push(node(pair, chunk.start)?);
                }
            }
        }
    }
    let cst = Cst { items, comments };
    gaps_are_trivia(text, &cst).then_some(cst)
}

/// Lowers one pest pair; `None` if it holds a statement that did not parse.
fn node(pair: pest::iterators::Pair<'_, Rule>, offset: usize) -> Option<Node> {
    let rule = pair.as_rule();
    let name = rule_name(rule);
    if name.starts_with("junk") {
        return None;
    }
    let s = pair.as_span();
    let span = Span::new(s.start() + offset, s.end() + offset);
    let token = token_kind(rule, name);
    let children = if token.is_some() {
        Vec::new()
    } else {
        let mut kids = Vec::new();
        for p in pair.into_inner() {
            if p.as_rule() == Rule::order {
                kids.extend(orders(p, offset)?);
            } else {
                kids.push(node(p, offset)?);
            }
        }
        if kids.is_empty() {
            // A group with no inner tokens reads its text as one token.
            return Some(Node {
                rule,
                span,
                children: Vec::new(),
                token: Some(TokenKind::Word),
            });
        }
        kids
    };
    Some(Node {
        rule,
        span,
        children,
        token,
    })
}

/// One grammar `order`, split where lowering reads the start of another order.
fn orders(pair: pest::iterators::Pair<'_, Rule>, offset: usize) -> Option<Vec<Node>> {
    let toks: Vec<_> = pair.into_inner().collect();
    let mut cuts = crate::lower::order_splits(&toks);
    cuts.push(toks.len());
    let mut out = Vec::new();
    let mut start = 0;
    for cut in cuts {
        let children: Option<Vec<Node>> = toks
            .get(start..cut)?
            .iter()
            .map(|p| node(p.clone(), offset))
            .collect();
        let children = children?;
        let (Some(first), Some(last)) = (children.first(), children.last()) else {
            return None;
        };
        out.push(Node {
            rule: Rule::order,
            span: Span::new(first.span.start, last.span.end),
            children,
            token: None,
        });
        start = cut;
    }
    Some(out)
}

/// The token kind of rules that are read as one token.
fn token_kind(rule: Rule, name: &str) -> Option<TokenKind> {
    Some(match rule {
        Rule::lbrace => TokenKind::Open,
        Rule::rbrace => TokenKind::Close,
        Rule::string => TokenKind::Text,
        Rule::point => TokenKind::Point,
        Rule::lit => TokenKind::Literal,
        Rule::ident | Rule::path => TokenKind::Name,
        Rule::num | Rule::code => TokenKind::Literal,
        Rule::severity_level
        | Rule::scoped_level
        | Rule::line_kind
        | Rule::crossing_kind
        | Rule::echelon
        | Rule::stance
        | Rule::group_mode
        | Rule::strength_kind => TokenKind::Keyword,
        _ if name.starts_with("kw_") => TokenKind::Keyword,
        // `order_word` and `intel_word` are groups around a path or a word.
        Rule::order_word | Rule::intel_word => return None,
        _ if name.ends_with("_word") || name == "signal_kind" => TokenKind::Word,
        _ => return None,
    })
}

/// The rule's name as written in the grammar, for the naming conventions that
/// classify whole families of rules (`kw_…`, `…_word`, `…_block`, `junk…`).
pub fn rule_name(rule: Rule) -> &'static str {
    // `Rule` is generated; its Debug form is the grammar name, made once per rule.
    use std::collections::HashMap;
    use std::sync::OnceLock;
    static NAMES: OnceLock<HashMap<Rule, &'static str>> = OnceLock::new();
    NAMES
        .get_or_init(|| {
            Rule::all_rules()
                .iter()
                .map(|r| (*r, &*Box::leak(format!("{r:?}").into_boxed_str())))
                .collect()
        })
        .get(&rule)
        .copied()
        .unwrap_or("")
}

/// Whether everything between tokens is whitespace or one of the comments, so
/// the tokens and comments together are the whole file.
fn gaps_are_trivia(text: &str, cst: &Cst) -> bool {
    let mut comments = cst.comments.iter().peekable();
    let mut at = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    let mut check_gap = |from: usize, to: usize| -> bool {
        let mut i = from;
        while i < to {
            if let Some(c) = comments.peek().filter(|c| c.span.start == i) {
                i = c.span.end;
                comments.next();
                continue;
            }
            match text.as_bytes().get(i) {
                Some(b' ' | b'\t' | b'\r' | b'\n') => i += 1,
                _ => return false,
            }
        }
        i == to
    };
    for t in cst.tokens() {
        if t.span.start < at || !check_gap(at, t.span.start) {
            return false;
        }
        at = t.span.end;
    }
    check_gap(at, text.len())
}
