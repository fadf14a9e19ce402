//! The lowering context: spans, identifiers, texts, literals, vocabulary words,
//! and the re-parse of skipped statements for a precise error.
use crate::Code;

use crate::ast::{Point, Text};
use crate::diagnostic::{Diagnostic, FileId};
use crate::error::{or_list, to_diagnostic};
use crate::grammar::Rule;
use crate::literal::LitError;
use crate::span::{Ident, Span, Spanned};
use muster_rules::limits::Limit;
use pest::iterators::Pair;

/// A pest pair of our grammar.
pub(crate) type P<'i> = Pair<'i, Rule>;

/// A `KEYWORD side { statements }` block (`forces`, `nets`, `orders`, `intel`): the
/// side, then every statement lowered by `lower`. Text the grammar skipped (`junk`)
/// is re-parsed as `only` for a precise error, so one typo costs one statement.
pub(crate) fn side_block<'i, T, I: IntoIterator<Item = T>>(
    c: &mut Ctx,
    p: P<'i>,
    junk: Rule,
    only: Rule,
    mut lower: impl FnMut(&mut Ctx, P<'i>) -> I,
) -> (Ident, Vec<T>) {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let side = it.next().map_or_else(
        || Ident {
            name: String::new(),
            span,
        },
        |i| c.ident(&i),
    );
    let mut out = Vec::new();
    let mut prev: Option<P> = None;
    for k in it {
        if k.as_rule() == junk {
            if let Some((s, at)) = c.junk(&k, only, prev.as_ref()) {
                out.extend(c.shifted(at, |c| lower(c, s)));
            }
            prev = None;
        } else {
            out.extend(lower(c, k.clone()));
            prev = Some(k);
        }
    }
    (side, out)
}

/// Where lowered spans land in the file, and where diagnostics go.
pub(crate) struct Ctx<'d> {
    pub file: FileId,
    /// File offset of the parsed text's first byte.
    pub offset: usize,
    /// No span may reach past this file offset (text appended by repairs).
    pub limit: usize,
    pub diags: &'d mut Vec<Diagnostic>,
    /// The whole parsed item text and its file offset, so an error at the end
    /// of a re-parsed statement can name what follows it.
    pub src: &'d str,
    pub base: usize,
}

/// The children of a pair, without punctuation.
pub(crate) fn kids<'i>(p: P<'i>) -> impl Iterator<Item = P<'i>> {
    p.into_inner()
        .filter(|k| !matches!(k.as_rule(), Rule::lbrace | Rule::rbrace))
}

/// The closest word of `words` to `word`, if close enough to be a typo
/// ([`crate::wording::suggest`], the one suggestion search).
pub(crate) fn nearest<'w>(word: &str, words: &[&'w str]) -> Option<&'w str> {
    let best = crate::wording::suggest(word, words.iter().copied())?;
    words.iter().copied().find(|w| *w == best)
}

impl<'d> Ctx<'d> {
    pub fn new(
        file: FileId,
        src: &'d str,
        base: usize,
        limit: usize,
        diags: &'d mut Vec<Diagnostic>,
    ) -> Self {
        Ctx {
            file,
            offset: base,
            limit,
            diags,
            src,
            base,
        }
    }

    /// The file span of a pair.
    pub fn span(&self, p: &P) -> Span {
        let s = p.as_span();
        Span::new(
            (s.start() + self.offset).min(self.limit),
            (s.end() + self.offset).min(self.limit),
        )
    }

    /// Reports an error with one label.
    pub fn error(
        &mut self,
        code: Code,
        span: Span,
        message: String,
        label: &str,
        help: Option<String>,
    ) {
        let mut d = Diagnostic::error(code, message).with_label(self.file, span, label);
        d.help = help;
        self.diags.push(d);
    }

    /// An identifier or dotted path; names must be lowercase ASCII (MC001).
    pub fn ident(&mut self, p: &P) -> Ident {
        let name = p.as_str().to_string();
        let span = self.span(p);
        let ok = crate::is_name_shaped(&name);
        // every reserved word is name-shaped, so only a well-shaped name is looked up
        if ok && crate::reserved::is_reserved(&name) {
            self.error(
                Code::MC001,
                span,
                format!("`{name}` is a reserved word and cannot be used as a name"),
                "reserved word",
                Some(format!(
                    "choose another name, such as `{name}-1`; reserved words: {}",
                    crate::reserved::RESERVED.join(", ")
                )),
            );
        } else if !ok {
            let help = if name.is_ascii() {
                format!(
                    "names use lowercase letters, digits, `-` and `_`, such as `{}`",
                    name.to_ascii_lowercase()
                )
            } else {
                "names use lowercase ASCII letters, digits, `-` and `_`; put other text in a quoted display name".to_string()
            };
            self.error(
                Code::MC001,
                span,
                format!("`{name}` is not a valid name"),
                "invalid name",
                Some(help),
            );
        }
        Ident { name, span }
    }

    /// A quoted text, unescaped.
    pub fn text(&mut self, p: P) -> Text {
        let span = self.span(&p);
        let raw = p.into_inner().next().map_or("", |i| i.as_str());
        // most texts have no escape and no carriage return: copy them whole
        if memchr::memchr2(b'\\', b'\r', raw.as_bytes()).is_none() {
            return Spanned::new(crate::reading::printed(raw).into_owned(), span);
        }
        let mut out = String::with_capacity(raw.len());
        let mut chars = raw.chars();
        while let Some(ch) = chars.next() {
            if ch == '\\' {
                match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some(o) => out.push(o),
                    None => {}
                }
            } else if ch != '\r' {
                out.push(ch);
            }
        }
        // what the sheets print and the checker compares (`reading.rs`)
        let out = match crate::reading::printed(&out) {
            std::borrow::Cow::Owned(o) => o,
            std::borrow::Cow::Borrowed(_) => out,
        };
        Spanned::new(out, span)
    }

    /// A literal validated by `f`; MC002 on the literal when malformed.
    pub fn lit<T>(&mut self, p: &P, f: fn(&str) -> Result<T, LitError>) -> Option<T> {
        match f(p.as_str()) {
            Ok(v) => Some(v),
            Err(e) => {
                let span = self.span(p);
                self.malformed(span, e);
                None
            }
        }
    }

    /// Reports a malformed literal (MC002) at `span`.
    fn malformed(&mut self, span: Span, LitError { message, help }: LitError) {
        self.error(Code::MC002, span, message, "malformed literal", Some(help));
    }

    /// A spanned literal.
    pub fn slit<T>(&mut self, p: &P, f: fn(&str) -> Result<T, LitError>) -> Option<Spanned<T>> {
        let span = self.span(p);
        self.lit(p, f).map(|v| Spanned::new(v, span))
    }

    /// A spanned literal held to `limit`: outside it, the limit's code (MC004,
    /// MC006) with the allowed range, and no value, so no later stage works on it.
    // never inlined: lowering recurses through unit headers, and a report's
    // formatting would grow every frame of that recursion
    #[inline(never)]
    pub fn ranged<T: Copy + Into<f64>>(
        &mut self,
        p: &P,
        f: fn(&str) -> Result<T, LitError>,
        limit: &Limit,
    ) -> Option<Spanned<T>> {
        // the pair's text and span read once, for the value and the range report
        let text = p.as_str();
        let span = self.span(p);
        match f(text) {
            Ok(v) => self.within(Spanned::new(v, span), text, limit),
            Err(e) => {
                self.malformed(span, e);
                None
            }
        }
    }

    /// `v` when `limit` allows it; otherwise reports it (written as `text`).
    #[inline(never)]
    pub fn within<T: Copy + Into<f64>>(
        &mut self,
        v: Spanned<T>,
        text: &str,
        limit: &Limit,
    ) -> Option<Spanned<T>> {
        if limit.allows(v.value.into()) {
            return Some(v);
        }
        let mut d = Diagnostic::error(
            limit.code,
            format!(
                "{} `{}` is out of range: allowed {}",
                limit.what,
                text.trim(),
                limit.range_text()
            ),
        )
        .with_label(self.file, v.span, "out of range")
        .with_help(limit.why);
        if let Some(para) = limit.paragraph {
            d = d.with_paragraph(para);
        }
        self.diags.push(d);
        None
    }

    /// A `(x,y)` point in metres: two coordinates, closed (MC002 otherwise).
    pub fn point<'i>(&mut self, p: P<'i>) -> Option<Point> {
        let span = self.span(&p);
        let text = p.as_str();
        let help = "a point is two coordinates in metres, `(x,y)`, such as `(1200,800)`";
        let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) else {
            self.error(
                Code::MC002,
                span,
                format!(
                    "point {} is not closed",
                    crate::wording::quoted(text.trim_end())
                ),
                "expected `)`",
                Some(help.into()),
            );
            return None;
        };
        // exactly one comma: two coordinates
        let Some((x, y)) = inner.split_once(',').filter(|(_, y)| !y.contains(',')) else {
            self.error(
                Code::MC002,
                span,
                format!("malformed point {}", crate::wording::quoted(text)),
                "not two coordinates",
                Some(help.into()),
            );
            return None;
        };
        // Each coordinate, trimmed, with its own span for a precise MC002.
        let limit = self.limit;
        let sub = |part: &'i str| -> (&'i str, Span) {
            let start = span.start + 1 + (part.as_ptr() as usize - inner.as_ptr() as usize);
            let trimmed = part.trim_start();
            let from = start + (part.len() - trimmed.len());
            let trimmed = trimmed.trim_end();
            let s = Span::new(from.min(limit), (from + trimmed.len()).min(limit));
            (trimmed, s)
        };
        let ((x, xs), (y, ys)) = (sub(x), sub(y));
        let coord = |c: &mut Self, part: &str, s: Span| match crate::literal::coordinate(part) {
            Ok(v) => Some(v),
            Err(e) => {
                c.malformed(s, e);
                None
            }
        };
        let x = coord(self, x, xs);
        let y = coord(self, y, ys);
        Some(Point { x: x?, y: y?, span })
    }

    /// A vocabulary word; MC001 with examples and a "did you mean" when unknown.
    pub fn vocab<T: Copy>(
        &mut self,
        p: &P,
        all: &[T],
        keyword: fn(T) -> &'static str,
        what: &str,
    ) -> Option<Spanned<T>> {
        let word = p.as_str();
        let span = self.span(p);
        if let Some(v) = all.iter().copied().find(|v| keyword(*v) == word) {
            return Some(Spanned::new(v, span));
        }
        let words: Vec<&'static str> = all.iter().map(|v| keyword(*v)).collect();
        let examples: Vec<String> = words.iter().take(3).map(|w| format!("`{w}`")).collect();
        let help = match nearest(word, &words) {
            Some(n) => format!("did you mean `{n}`?"),
            None => format!("one of: {}", words.join(", ")),
        };
        self.error(
            Code::MC001,
            span,
            format!(
                "expected {what} such as {}, found `{word}`",
                or_list(&examples)
            ),
            &format!("not {what}"),
            Some(help),
        );
        None
    }

    /// Re-parses a skipped statement with `rule` to report its precise error;
    /// returns the statement pair (and its offset) when it parses after all.
    ///
    /// When the skipped text directly follows a statement (`prev`), the two are
    /// first re-parsed together: `company c "C" frm x` is a header setting gone
    /// wrong, better reported as "expected a unit setting such as `from`".
    pub fn junk<'i>(
        &mut self,
        p: &P<'i>,
        rule: Rule,
        prev: Option<&P<'i>>,
    ) -> Option<(P<'i>, usize)> {
        let text = p.as_str();
        let offset = self.offset + p.as_span().start();
        if let Some(prev) = prev {
            if let Some(d) = self.continuation_error(prev, p, rule) {
                self.diags.push(d);
                return None;
            }
        }
        match crate::grammar::run(rule, text) {
            Ok(mut pairs) => {
                let outer = pairs.next()?;
                let inner = kids(outer).find(|k| k.as_rule() != Rule::EOI)?;
                Some((inner, p.as_span().start()))
            }
            Err(e) => {
                let from = (offset - self.base).min(self.src.len());
                let context = self.src.get(from..).unwrap_or(text);
                let d = to_diagnostic(self.file, context, offset, self.limit, &e);
                self.diags.push(d);
                None
            }
        }
    }

    /// The error of `prev` and `p` parsed as one statement, if it falls where `p`
    /// starts and expects something more than the end of the statement.
    fn continuation_error(&self, prev: &P, p: &P, rule: Rule) -> Option<Diagnostic> {
        let (ps, js, je) = (
            prev.as_span().start(),
            p.as_span().start(),
            p.as_span().end(),
        );
        let base = self.offset.checked_sub(self.base)?;
        let text = self.src.get(base + ps..base + je)?;
        let Err(e) = crate::grammar::run(rule, text) else {
            return None;
        };
        let pos = match e.location {
            pest::error::InputLocation::Pos(x) => x,
            pest::error::InputLocation::Span((x, _)) => x,
        };
        let useful = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => {
                positives.iter().any(|r| !matches!(r, Rule::EOI))
            }
            pest::error::ErrorVariant::CustomError { .. } => false,
        };
        let context = self.src.get(base + ps..)?;
        (useful && pos == js - ps)
            .then(|| to_diagnostic(self.file, context, self.offset + ps, self.limit, &e))
    }

    /// Runs `f` with spans shifted by `extra` bytes (for re-parsed statements).
    pub fn shifted<R>(&mut self, extra: usize, f: impl FnOnce(&mut Ctx) -> R) -> R {
        self.offset += extra;
        let r = f(self);
        self.offset -= extra;
        r
    }
}
