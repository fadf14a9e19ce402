//! Lowering of one `element` or `hq`: its type, then attributes in any order.
use crate::Code;

use super::ctx::kids;
use super::element_attr::{bare_word, keyword_attr};
use super::element_kind::kind;
use super::{Ctx, P};
use crate::ast::{Calibre, Element};
use crate::grammar::Rule;
use crate::literal;
use crate::span::{Ident, Span};
use muster_rules::limits;

/// A calibre literal.
pub(crate) fn calibre(c: &mut Ctx, p: &P) -> Option<Calibre> {
    let mm = c.ranged(p, literal::calibre, &limits::CALIBRE)?;
    Some(Calibre {
        millimetres: mm.value,
        written: p.as_str().to_string(),
        span: mm.span,
    })
}

pub(crate) fn is_word(p: Option<&P>) -> bool {
    p.is_some_and(|p| p.as_rule() == Rule::elem_word)
}

/// Words that start a statement inside a unit's block, made once: every word
/// that starts a line of an element is compared with them.
fn statement_words() -> &'static [&'static str] {
    static WORDS: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
        let mut words = vec!["element", "hq"];
        words.extend(
            muster_rules::vocab::Echelon::ALL
                .iter()
                .map(|e| e.keyword()),
        );
        words
    });
    &WORDS
}

/// A word that starts its line and is a slip for `element`, `hq` or a unit
/// type (`elment nsfcp …`): the line was meant as a statement of its own, not
/// more attributes of the element above. Reports it once and skips the rest of
/// the line, whose words would otherwise each be "not an attribute".
fn misspelt_statement(c: &mut Ctx, items: &[P], i: &mut usize, w: &str, ks: Span) -> bool {
    let Some(local) = ks.start.checked_sub(c.base) else {
        return false;
    };
    // only white space between the line's start and the word: walk back over
    // it rather than search the whole line, since every word comes here
    let before = &c.src[..local.min(c.src.len())];
    let starts_line = before
        .chars()
        .rev()
        .find(|ch| *ch == '\n' || !ch.is_whitespace())
        .is_none_or(|ch| ch == '\n');
    // an attribute word is no slip (none is near a statement word: see the
    // test below), and most lines go on with one, so skip the search
    if !starts_line || super::element_attr::attribute_word(w) {
        return false;
    }
    let words = statement_words();
    let Some(meant) = super::ctx::nearest(w, words) else {
        return false;
    };
    let line_end = c.src[local..].find('\n').map_or(c.src.len(), |n| local + n) + c.base;
    c.error(
        Code::MC001,
        ks,
        format!(
            "`{w}` starts a line, but it is no statement and no attribute of the element above"
        ),
        "not understood here",
        Some(format!("did you mean `{meant}`?")),
    );
    while items.get(*i).is_some_and(|n| c.span(n).start < line_end) {
        *i += 1;
    }
    true
}

/// `element id ["Name"] type attrs…` or `hq id ["Name"] [type] attrs…`
pub(crate) fn element(c: &mut Ctx, p: P) -> Option<Element> {
    let span = c.span(&p);
    let mut it = kids(p);
    let is_hq = it.next().is_some_and(|k| k.as_rule() == Rule::kw_hq);
    let id = it.next().map_or_else(
        || Ident {
            name: String::new(),
            span,
        },
        |i| c.ident(&i),
    );
    // sized once from pest's count of children (punctuation included), not grown
    let mut items: Vec<P> = Vec::with_capacity(it.size_hint().1.unwrap_or(0));
    items.extend(it);
    // A quoted text right after the id is the name a reader sees on the sheets.
    let mut attrs = Vec::new();
    if items.first().is_some_and(|t| t.as_rule() == Rule::string) {
        let name = items.remove(0);
        attrs.push(crate::ast::ElementAttr::Name(c.text(name)));
    }
    let mut i = 0;
    let mut kind = kind(c, &items, &mut i);
    while i < items.len() {
        let k = &items[i];
        i += 1;
        let ks = c.span(k);
        match k.as_rule() {
            Rule::elem_word | Rule::kw_umpire => {
                // read once: pest finds a pair's text through its token queue
                let w = k.as_str();
                if misspelt_statement(c, &items, &mut i, w, ks) {
                    continue;
                }
                if let Some(a) = keyword_attr(c, &items, &mut i, k, w, ks) {
                    attrs.extend(a);
                } else {
                    bare_word(c, &items, &mut i, w, ks, &mut kind, &mut attrs);
                }
            }
            Rule::lit => c.error(
                Code::MC001,
                ks,
                format!("unexpected `{}`", k.as_str()),
                "not understood here",
                Some("a calibre follows its weapon, such as `mortar 2in` or `gun 75mm`; counts follow `figures` or `models`".into()),
            ),
            Rule::point => c.error(
                Code::MC001,
                ks,
                "unexpected point".into(),
                "not understood here",
                Some("a position is written `at (x,y)`".into()),
            ),
            Rule::string => c.error(
                Code::MC001,
                ks,
                "unexpected quoted text".into(),
                "not understood here",
                Some("a name goes right after the id; attach text with `note \"…\"` (for the side) or `umpire \"…\"` (umpire only)".into()),
            ),
            _ => {}
        }
    }
    Some(Element {
        id,
        is_hq,
        kind,
        attrs,
        span,
    })
}

/// Takes the next token if it is one of `rules`.
pub(crate) fn take<'i>(items: &[P<'i>], i: &mut usize, rules: &[Rule]) -> Option<P<'i>> {
    let t = items
        .get(*i)
        .filter(|t| rules.contains(&t.as_rule()))?
        .clone();
    *i += 1;
    Some(t)
}

#[cfg(test)]
mod tests {
    use super::statement_words;
    use crate::lower::element_attr::attribute_words;

    /// Skipping the search for attribute words changes no answer only while
    /// none of them is a near miss of a statement word.
    #[test]
    fn no_attribute_word_is_a_slip_for_a_statement_word() {
        for w in attribute_words() {
            assert_eq!(
                crate::wording::suggest(w, statement_words().iter().copied()),
                None,
                "`{w}` reads as a slip for a statement word"
            );
        }
    }
}
