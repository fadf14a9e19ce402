//! The names of one file: where each is defined and every place it is written,
//! read from the concrete tree. Definition, references, rename, the outline and
//! completion all read this.
//!
//! A dotted path (`d-coy.coy-hq`) is split into its parts, each a reference of
//! its own, so renaming `coy-hq` also renames it inside paths.

use muster_syntax::cst::{rule_name, Cst, Node, TokenKind};
use muster_syntax::Rule;
use muster_syntax::Span;

/// What a definition defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefKind {
    Side,
    Player,
    Area,
    Line,
    Crossing,
    Place,
    Template,
    Unit,
    Element,
    Net,
    Signal,
    Event,
    Victory,
}

impl DefKind {
    /// The grammar rule that defines this kind of name.
    fn of_rule(rule: Rule) -> Option<DefKind> {
        Some(match rule {
            Rule::side => DefKind::Side,
            Rule::player => DefKind::Player,
            Rule::area => DefKind::Area,
            Rule::line_feature => DefKind::Line,
            Rule::crossing => DefKind::Crossing,
            Rule::place => DefKind::Place,
            Rule::template => DefKind::Template,
            Rule::unit => DefKind::Unit,
            Rule::element => DefKind::Element,
            Rule::net_def => DefKind::Net,
            Rule::signal => DefKind::Signal,
            Rule::event => DefKind::Event,
            Rule::victory => DefKind::Victory,
            _ => return None,
        })
    }

    pub fn word(self) -> &'static str {
        match self {
            DefKind::Side => "side",
            DefKind::Player => "player",
            DefKind::Area => "area",
            DefKind::Line => "line",
            DefKind::Crossing => "crossing",
            DefKind::Place => "place",
            DefKind::Template => "template",
            DefKind::Unit => "unit",
            DefKind::Element => "element",
            DefKind::Net => "net",
            DefKind::Signal => "signal",
            DefKind::Event => "event",
            DefKind::Victory => "victory condition",
        }
    }
}

/// One definition: the name, its token, the whole statement and what it holds.
#[derive(Debug, Clone)]
pub struct Def {
    pub name: String,
    pub kind: DefKind,
    pub name_span: Span,
    pub span: Span,
    /// The statement's header text (`company d-coy "D Company" from …`).
    pub detail: String,
    pub children: Vec<Def>,
}

/// One written name: a whole identifier or one part of a dotted path.
#[derive(Debug, Clone)]
pub struct Mention {
    pub name: String,
    pub span: Span,
    /// It is the name token of a definition.
    pub is_def: bool,
}

/// The names of one file.
#[derive(Debug, Clone, Default)]
pub struct FileIndex {
    pub defs: Vec<Def>,
    pub mentions: Vec<Mention>,
    /// `use "path"` texts: the path written and the text's span.
    pub uses: Vec<(String, Span)>,
}

impl FileIndex {
    pub fn new(text: &str, tree: &Cst) -> Self {
        let mut out = FileIndex::default();
        for item in &tree.items {
            if item.rule == Rule::use_item {
                if let Some(s) = item
                    .children
                    .iter()
                    .find(|c| c.token == Some(TokenKind::Text))
                {
                    let path = text
                        .get(s.span.start..s.span.end)
                        .unwrap_or("")
                        .trim_matches('"')
                        .to_string();
                    out.uses.push((path, s.span));
                }
            }
            let defs = walk(text, item, &mut out.mentions, None);
            out.defs.extend(defs);
        }
        out
    }

    /// Every definition, depth first.
    pub fn all_defs(&self) -> Vec<&Def> {
        fn go<'a>(d: &'a Def, out: &mut Vec<&'a Def>) {
            out.push(d);
            for c in &d.children {
                go(c, out);
            }
        }
        let mut out = Vec::new();
        for d in &self.defs {
            go(d, &mut out);
        }
        out
    }

    /// The mention at a byte offset.
    pub fn mention_at(&self, offset: usize) -> Option<&Mention> {
        self.mentions
            .iter()
            .find(|m| m.span.start <= offset && offset <= m.span.end)
    }
}

/// Rules whose names are vocabulary, not references (`nation british`).
const NOT_NAMES: &[Rule] = &[Rule::nation, Rule::nations];

/// Collects the definitions under `node` and every name mention.
fn walk(text: &str, node: &Node, mentions: &mut Vec<Mention>, parent: Option<Rule>) -> Vec<Def> {
    let kind = DefKind::of_rule(node.rule);
    let name_tok = kind.and_then(|_| {
        node.children
            .iter()
            .find(|c| c.token == Some(TokenKind::Name) && c.rule == Rule::ident)
    });
    let mut children = Vec::new();
    for c in &node.children {
        if c.token == Some(TokenKind::Name) {
            if parent.is_some_and(|p| NOT_NAMES.contains(&p)) || NOT_NAMES.contains(&node.rule) {
                continue;
            }
            let is_def = name_tok.is_some_and(|n| std::ptr::eq(n, c));
            split_path(text, c.span, is_def, mentions);
        } else if c.token == Some(TokenKind::Word) && node.rule == Rule::element {
            // Element attributes are free words; those naming things are mentions.
            split_path(text, c.span, false, mentions);
        } else if c.token.is_none() {
            children.extend(walk(text, c, mentions, Some(node.rule)));
        }
    }
    match (kind, name_tok) {
        (Some(kind), Some(n)) => {
            let header_end = node
                .children
                .iter()
                .find(|c| c.token == Some(TokenKind::Open) || rule_name(c.rule).ends_with("_block"))
                .map_or(node.span.end, |c| c.span.start);
            let detail = text
                .get(node.span.start..header_end)
                .unwrap_or("")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            vec![Def {
                name: text.get(n.span.start..n.span.end).unwrap_or("").to_string(),
                kind,
                name_span: n.span,
                span: node.span,
                detail,
                children,
            }]
        }
        _ => children,
    }
}

/// Splits `a.b.c` into three mentions with their own spans.
fn split_path(text: &str, span: Span, is_def: bool, out: &mut Vec<Mention>) {
    let whole = text.get(span.start..span.end).unwrap_or("");
    let mut at = span.start;
    for part in whole.split('.') {
        out.push(Mention {
            name: part.to_string(),
            span: Span::new(at, at + part.len()),
            is_def,
        });
        at += part.len() + 1;
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn mentions_in_orders_and_paths() {
        let text = "map {\n  place hill at (1,1)\n}\norders red {\n  p attack full hill\n  q.r defend hill\n}\n";
        let tree = muster_syntax::cst::parse(text).unwrap();
        let index = FileIndex::new(text, &tree);
        let hills: Vec<_> = index.mentions.iter().filter(|m| m.name == "hill").collect();
        assert_eq!(hills.len(), 3, "{:?}", index.mentions);
        assert!(index.mentions.iter().any(|m| m.name == "r"));
    }
}
