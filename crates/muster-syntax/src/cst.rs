//! The concrete tree: every token in order, grouped by the grammar rule that read
//! it, for the formatter and the language server.
//!
//! It recovers as the typed tree does: a statement that does not parse is left
//! out of its block and an item that does not parse is kept as far as it goes,
//! each recorded in [`Cst::broken`], so an editor keeps every other item of a
//! broken file. The formatter asks for [`parse`], which has no tree for a file
//! with any syntax problem, because a layout built on a guess could change what
//! the file means. Everything between two tokens is whitespace or comments.

use crate::ast::Comment;
use crate::diagnostic::FileId;
use crate::grammar::Rule;
use crate::scan::Chunk;
use crate::span::Span;

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
    /// Where the text did not parse (a statement, an item's rest, an unclosed
    /// block): left out of the tree. Empty for a well-formed file.
    pub broken: Vec<Span>,
}

impl Cst {
    /// Every token of the file, in source order.
    pub fn tokens(&self) -> Vec<&Node> {
        self.items.iter().flat_map(Node::tokens).collect()
    }
}

/// The concrete tree of `text`, or `None` when the file has a syntax problem.
pub fn parse(text: &str) -> Option<Cst> {
    let cst = parse_recovering(text);
    (cst.broken.is_empty() && gaps_are_trivia(text, &cst)).then_some(cst)
}

/// The concrete tree of `text` as far as it parses: every item and statement
/// that reads, with the places that do not in [`Cst::broken`].
pub fn parse_recovering(text: &str) -> Cst {
    let mut diags = Vec::new();
    let mut cst = Cst::default();
    let Some(scanned) = crate::scan::scan(FileId(0), text, &mut diags, &mut cst.comments) else {
        cst.broken.push(Span::new(0, text.len()));
        return cst;
    };
    cst.broken
        .extend(diags.iter().filter_map(|d| d.primary()).map(|l| l.span));
    for chunk in &scanned.chunks {
        let src = chunk_source(text, chunk);
        if crate::scan::is_blank(&src) {
            continue;
        }
        let (pairs, complete) = match crate::grammar::run(Rule::item_only, &src) {
            Ok(p) => (Some(p), true),
            Err(_) => (crate::grammar::run(Rule::item_prefix, &src).ok(), false),
        };
        add_chunk(pairs, chunk, complete, &mut cst);
    }
    cst
}

/// An item's text as the parser reads it: unmatched `}` blanked out and the
/// braces of a block left open appended, as the scanner decided.
pub(crate) fn chunk_source<'t>(text: &'t str, chunk: &Chunk) -> std::borrow::Cow<'t, str> {
    let raw = &text[chunk.start..chunk.end];
    if chunk.close == 0 && chunk.blank.is_empty() {
        return std::borrow::Cow::Borrowed(raw);
    }
    let mut s = raw.to_string();
    for &b in &chunk.blank {
        let at = b - chunk.start;
        s.replace_range(at..at + 1, " ");
    }
    s.extend(std::iter::repeat_n('}', chunk.close));
    std::borrow::Cow::Owned(s)
}

/// Adds one item's nodes (from the pairs of its text, `complete` when the whole
/// text parsed) to `cst`, recording what did not parse.
pub(crate) fn add_chunk(
    pairs: Option<pest::iterators::Pairs<'_, Rule>>,
    chunk: &Chunk,
    complete: bool,
    cst: &mut Cst,
) {
    let whole = Span::new(chunk.start, chunk.end);
    if !complete || chunk.close > 0 || !chunk.blank.is_empty() {
        cst.broken.push(whole);
    }
    let mut b = Builder {
        offset: chunk.start,
        end: chunk.end,
        broken: &mut cst.broken,
    };
    for outer in pairs.into_iter().flatten() {
        for pair in outer.into_inner() {
            if pair.as_rule() != Rule::EOI {
                if let Some(n) = b.node(pair) {
                    cst.items.push(n);
                }
            }
        }
    }
}

/// Lowers pest pairs of one item to nodes.
struct Builder<'b> {
    /// Where the item's text starts in the file.
    offset: usize,
    /// Where it ends: tokens past it are braces the scanner appended.
    end: usize,
    broken: &'b mut Vec<Span>,
}

impl Builder<'_> {
    /// Lowers one pest pair; `None` for a statement that did not parse (recorded)
    /// or a token the file does not hold.
    fn node(&mut self, pair: pest::iterators::Pair<'_, Rule>) -> Option<Node> {
        let rule = pair.as_rule();
        let name = rule_name(rule);
        let s = pair.as_span();
        let span = Span::new(s.start() + self.offset, s.end() + self.offset);
        if name.starts_with("junk") {
            self.broken.push(span);
            return None;
        }
        if span.start >= self.end {
            return None;
        }
        let token = token_kind(rule, name);
        let children = if token.is_some() {
            Vec::new()
        } else {
            let mut kids = Vec::new();
            let mut inner = false;
            for p in pair.into_inner() {
                inner = true;
                if p.as_rule() == Rule::order {
                    kids.extend(self.orders(p));
                } else if let Some(n) = self.node(p) {
                    kids.push(n);
                }
            }
            if kids.is_empty() && inner {
                // everything in it was left out
                return None;
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
    fn orders(&mut self, pair: pest::iterators::Pair<'_, Rule>) -> Vec<Node> {
        let toks: Vec<_> = pair.into_inner().collect();
        let mut cuts = crate::lower::order_splits(&toks);
        cuts.push(toks.len());
        let mut out = Vec::new();
        let mut start = 0;
        for cut in cuts {
            let children: Vec<Node> = toks
                .get(start..cut)
                .unwrap_or_default()
                .iter()
                .filter_map(|p| self.node(p.clone()))
                .collect();
            if let (Some(first), Some(last)) = (children.first(), children.last()) {
                out.push(Node {
                    rule: Rule::order,
                    span: Span::new(first.span.start, last.span.end),
                    children,
                    token: None,
                });
            }
            start = cut;
        }
        out
    }
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
