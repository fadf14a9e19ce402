//! Human output: miette graphical reports with the source snippet, labels, help,
//! the paragraph cited and a `muster explain` hint. Colour and Unicode only on a
//! terminal with `NO_COLOR` unset; plain ASCII otherwise.

use crate::output::rule_name;
use crate::pipeline::{Checked, Source};
use crate::terminal;
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    NamedSource, SourceCode, SourceSpan, SpanContents,
};
use muster_syntax::{Diagnostic, FileId, Severity};
use std::fmt;
use std::sync::Arc;

/// Every diagnostic of every result, one report after another, in parts (one
/// per result) rendered in parallel.
pub fn render_parts(results: &[Checked]) -> Vec<String> {
    use rayon::prelude::*;
    let handler = handler();
    results
        .par_iter()
        .map(|checked| reports(&handler, checked, &|_| true).concat())
        .collect()
}

/// One rendered report (ending in a blank line) per diagnostic of the given
/// severities, in order: the watch screen sorts and bounds them.
pub fn render_each(results: &[Checked], keep: impl Fn(Severity) -> bool) -> Vec<String> {
    let handler = handler();
    results
        .iter()
        .flat_map(|checked| reports(&handler, checked, &keep))
        .collect()
}

fn handler() -> GraphicalReportHandler {
    let colour = terminal::stdout_colour();
    let theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::none()
    };
    GraphicalReportHandler::new_themed(theme).with_width(terminal::width())
}

/// The reports of one result's diagnostics of the kept severities.
fn reports(
    handler: &GraphicalReportHandler,
    checked: &Checked,
    keep: &dyn Fn(Severity) -> bool,
) -> Vec<String> {
    let mut all = Vec::new();
    let mut shown: Option<Vec<Shown>> = None;
    for diagnostic in checked.diagnostics.iter().filter(|d| keep(d.severity)) {
        // each file made printable once, however many reports quote it
        let sources = shown.get_or_insert_with(|| {
            checked
                .sources
                .iter()
                .map(|s| {
                    let text = printable(&s.text);
                    Shown {
                        breaks: breaks(&text).into(),
                        source: Source::new(s.display.clone(), s.relative.clone(), text),
                    }
                })
                .collect()
        });
        let mut out = String::new();
        let report = Report::new(diagnostic, sources, &checked.display);
        if handler.render_report(&mut out, &report).is_err() {
            out.push_str(&report.message);
            out.push('\n');
        }
        // a terminal wraps a long line under its gutter; a pipe or file does not
        if let Some((cols, _)) = terminal::size() {
            out = super::snippet::fit(&out, cols);
        }
        out.push('\n');
        all.push(out);
    }
    all
}

/// One diagnostic shaped for miette: labels in the primary label's file are drawn
/// on its snippet; labels in other files become related reports.
#[derive(Debug)]
struct Report {
    code: String,
    severity: miette::Severity,
    message: String,
    help: Option<String>,
    source: Option<NamedSource<Lined>>,
    labels: Vec<LabeledSpan>,
    related: Vec<Report>,
}

impl Report {
    fn new(d: &Diagnostic, shown: &[Shown], scenario: &str) -> Report {
        let sources = |i: usize| shown.get(i).map(|s| &s.source);
        // `warning[MC301] element-separated`: the severity in words, since the
        // plain theme's icons alone do not say it.
        let code = format!("{}[{}] {}", d.severity.as_str(), d.code, rule_name(d.code));
        let primary_file = d.primary().map(|l| l.file);
        let mut labels = Vec::new();
        let mut related: Vec<Report> = Vec::new();
        // the file of each related report, so labels in one file share a snippet
        let mut related_files = Vec::new();
        let primary_line = d
            .primary()
            .and_then(|l| sources(l.file.0 as usize).map(|s| line_at(s, l.span.start)));
        for (i, label) in d.labels.iter().enumerate() {
            let text = (!label.message.is_empty()).then(|| label.message.clone());
            let source = sources(label.file.0 as usize);
            let span = clamp(first_lines(label.span, source), source);
            // a label far from the primary one gets a short snippet of its own,
            // rather than stretching the primary snippet over every line between
            let far = i > 0
                && Some(label.file) == primary_file
                && primary_line
                    .zip(source)
                    .is_some_and(|(p, s)| line_at(s, label.span.start).abs_diff(p) > NEAR_LINES);
            if far {
                related.push(Report {
                    code: "related".into(),
                    severity: miette::Severity::Advice,
                    message: label.message.clone(),
                    help: None,
                    source: named(shown.get(label.file.0 as usize)),
                    labels: vec![LabeledSpan::new_primary_with_span(None, span)],
                    related: Vec::new(),
                });
                // not a file group: a later label in this file stays on the primary snippet
                related_files.push(FileId(u32::MAX));
            } else if Some(label.file) == primary_file {
                labels.push(if i == 0 {
                    LabeledSpan::new_primary_with_span(text, span)
                } else {
                    LabeledSpan::new_with_span(text, span)
                });
            } else if let Some(group) = related_files
                .iter()
                .position(|f| *f == label.file)
                .and_then(|i| related.get_mut(i))
            {
                // a second label in the same other file joins that file's snippet
                if group.labels.len() == 1 {
                    let first = std::mem::take(&mut group.message);
                    if let Some(l) = group.labels.first_mut() {
                        *l = LabeledSpan::new_primary_with_span(Some(first), *l.inner());
                    }
                    group.message = "see also".into();
                }
                group.labels.push(LabeledSpan::new_with_span(text, span));
            } else {
                let source = named(shown.get(label.file.0 as usize));
                related_files.push(label.file);
                related.push(Report {
                    code: "related".into(),
                    severity: miette::Severity::Advice,
                    message: label.message.clone(),
                    help: None,
                    source,
                    labels: vec![LabeledSpan::new_primary_with_span(None, span)],
                    related: Vec::new(),
                });
            }
        }
        let mut source = match primary_file {
            Some(file) => named(shown.get(file.0 as usize)),
            None => None,
        };
        // Without a label the report would not say which scenario it is about.
        let mut message = if primary_file.is_none() {
            format!("{} (in `{scenario}`)", d.message)
        } else {
            d.message.clone()
        };
        // A line of megabytes (one huge token) is not drawn: say where it is.
        let too_long = d.labels.iter().any(|l| {
            sources(l.file.0 as usize)
                .is_some_and(|s| line_length(&s.text, l.span.start) > MAX_LINE_SHOWN)
        });
        if too_long {
            if let Some(l) = d.primary() {
                let shown = sources(l.file.0 as usize).map_or(scenario, |s| s.display.as_str());
                message = format!(
                    "{message} (in `{shown}` at byte {}; the line is too long to show)",
                    l.span.start
                );
            }
            source = None;
            labels.clear();
            related.clear();
        }
        Report {
            code,
            severity: match d.severity {
                Severity::Error => miette::Severity::Error,
                Severity::Warning => miette::Severity::Warning,
                Severity::Note => miette::Severity::Advice,
            },
            message,
            help: Some(help_text(d)),
            source,
            labels,
            related,
        }
    }
}

/// Lines between the primary label and another before the other gets its own snippet.
const NEAR_LINES: usize = 6;

/// Lines a label may cover before it is cut to its first lines (a label on a
/// whole unit block would quote all of it).
const MAX_LABEL_LINES: usize = 3;

/// The 0-based line of byte `at`: the line breaks before it, through the
/// file's line index, not a count from its start for every label.
fn line_at(source: &Source, at: usize) -> usize {
    let at = at.min(source.text.len());
    source
        .line_starts()
        .partition_point(|&s| s <= at)
        .saturating_sub(1)
}

/// The span cut to its first [`MAX_LABEL_LINES`] lines.
fn first_lines(span: muster_syntax::Span, source: Option<&Source>) -> muster_syntax::Span {
    let Some(text) = source.map(|s| &*s.text) else {
        return span;
    };
    let start = span.start.min(text.len());
    let end = span.end.clamp(start, text.len());
    let cut = text.as_bytes()[start..end]
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(MAX_LABEL_LINES - 1)
        .map_or(end, |(i, _)| start + i);
    muster_syntax::Span::new(start, cut)
}

/// Longest source line drawn under a report, in bytes.
const MAX_LINE_SHOWN: usize = 2000;

/// The length of the line holding byte `at` of `text`.
fn line_length(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    let bytes = text.as_bytes();
    let start = bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let end = bytes[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |i| at + i);
    end - start
}

/// The help line, then where the rule comes from and how to read it in full.
fn help_text(d: &Diagnostic) -> String {
    let see = match d.paragraph {
        Some(p) => format!("see {p}; `muster explain {}` has the full rule", d.code),
        None => format!("`muster explain {}` has the full rule", d.code),
    };
    match &d.help {
        Some(help) => format!("{help}\n{see}"),
        None => see,
    }
}

fn named(shown: Option<&Shown>) -> Option<NamedSource<Lined>> {
    shown.map(|s| {
        let lined = Lined {
            text: s.source.text.clone(),
            breaks: s.breaks.clone(),
        };
        NamedSource::new(s.source.display.clone(), lined).with_language("muster")
    })
}

/// A file as the reports quote it: its printable text, and where each of its
/// lines starts as miette counts lines.
struct Shown {
    source: Source,
    breaks: Arc<[usize]>,
}

/// Where each line of `text` starts as miette counts them (after a `\n`, a
/// `\r`, or a `\r\n` taken as one break); the first is 0.
fn breaks(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    let mut at = 0;
    while let Some(i) = memchr::memchr2(b'\r', b'\n', bytes.get(at..).unwrap_or_default()) {
        let p = at + i;
        let crlf = bytes.get(p) == Some(&b'\r') && bytes.get(p + 1) == Some(&b'\n');
        at = p + if crlf { 2 } else { 1 };
        starts.push(at);
    }
    starts
}

/// A file's text for miette with its line index: a report's snippet is read
/// from a few lines before its span, so a file's reports cost what they quote,
/// not a scan from the file's start each (12,000 reports on a 2 MB file).
#[derive(Debug)]
struct Lined {
    text: Arc<str>,
    breaks: Arc<[usize]>,
}

impl SourceCode for Lined {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        // miette's own reading, from the start of a line at least one line
        // above the context, with its lines and offsets moved back in place.
        let line = self
            .breaks
            .partition_point(|&s| s <= span.offset())
            .saturating_sub(1);
        let first = line.saturating_sub(context_lines_before + 1);
        let base = self
            .breaks
            .get(first)
            .copied()
            .unwrap_or(0)
            .min(span.offset());
        let rest = self.text.as_bytes().get(base..).unwrap_or_default();
        let shifted = SourceSpan::new((span.offset() - base).into(), span.len());
        let part = rest.read_span(&shifted, context_lines_before, context_lines_after)?;
        let at = part.span();
        Ok(Box::new(MietteSpanContents::new(
            part.data(),
            SourceSpan::new((at.offset() + base).into(), at.len()),
            part.line() + first,
            part.column(),
            part.line_count() + first,
        )))
    }
}

/// The text with each control character but tab and line breaks shown as `?`
/// (one per byte): a scenario's escape sequences must not reach the terminal,
/// and keeping the length keeps every span where it was. Shared when clean.
fn printable(text: &std::sync::Arc<str>) -> std::sync::Arc<str> {
    if !text.chars().any(hidden) {
        return std::sync::Arc::clone(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if hidden(c) {
            out.extend(std::iter::repeat_n('?', c.len_utf8()));
        } else {
            out.push(c);
        }
    }
    out.into()
}

fn hidden(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// A span that stays inside its file, so a stale offset cannot break rendering.
fn clamp(span: muster_syntax::Span, source: Option<&Source>) -> SourceSpan {
    let len = source.map_or(0, |s| s.text.len());
    let start = span.start.min(len);
    let end = span.end.clamp(start, len);
    SourceSpan::new(start.into(), end - start)
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl miette::Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        (!self.code.is_empty()).then(|| Box::new(&self.code) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|s| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            None
        } else {
            Some(Box::new(self.labels.iter().cloned()))
        }
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        if self.related.is_empty() {
            None
        } else {
            Some(Box::new(
                self.related.iter().map(|r| r as &dyn miette::Diagnostic),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What miette reads of a span: its text, span and where it stands.
    fn read(source: &dyn SourceCode, span: SourceSpan, before: usize, after: usize) -> String {
        match source.read_span(&span, before, after) {
            Ok(c) => format!(
                "{:?} {:?} line {} column {} of {}",
                String::from_utf8_lossy(c.data()),
                c.span(),
                c.line(),
                c.column(),
                c.line_count()
            ),
            Err(e) => format!("{e}"),
        }
    }

    #[test]
    fn a_snippet_read_through_the_line_index_is_what_miette_reads_from_the_start() {
        let text = "scenario \"x\" {\n  turns 3\r\n\r\n  notes \"a\rb\"\n}\nside a \"A\" nation british {\n\n  player p \"P\" commands u\n}\n";
        let lined = Lined {
            text: text.into(),
            breaks: breaks(text).into(),
        };
        let whole = text.to_string();
        for start in 0..=text.len() {
            for len in [0, 1, 5, 30] {
                let len = len.min(text.len() - start);
                for (before, after) in [(0, 0), (1, 1), (2, 3), (5, 5)] {
                    let span = SourceSpan::new(start.into(), len);
                    assert_eq!(
                        read(&lined, span, before, after),
                        read(&whole, span, before, after),
                        "span {start}+{len}, {before} lines before, {after} after"
                    );
                }
            }
        }
    }
}
