//! Human output: miette graphical reports with the source snippet, labels, help,
//! the paragraph cited and a `muster explain` hint. Colour and Unicode only on a
//! terminal with `NO_COLOR` unset; plain ASCII otherwise.

use crate::output::rule_name;
use crate::pipeline::{Checked, Source};
use crate::terminal;
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};
use muster_syntax::{Diagnostic, FileId, Severity};
use std::fmt;

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
    let mut shown: Option<Vec<Source>> = None;
    for diagnostic in checked.diagnostics.iter().filter(|d| keep(d.severity)) {
        // each file made printable once, however many reports quote it
        let sources = shown.get_or_insert_with(|| {
            checked
                .sources
                .iter()
                .map(|s| Source::new(s.display.clone(), s.relative.clone(), printable(&s.text)))
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
    source: Option<NamedSource<std::sync::Arc<str>>>,
    labels: Vec<LabeledSpan>,
    related: Vec<Report>,
}

impl Report {
    fn new(d: &Diagnostic, sources: &[Source], scenario: &str) -> Report {
        // `warning[MC301] element-separated`: the severity in words, since the
        // plain theme's icons alone do not say it.
        let code = format!("{}[{}] {}", d.severity.as_str(), d.code, rule_name(d.code));
        let primary_file = d.primary().map(|l| l.file);
        let mut labels = Vec::new();
        let mut related: Vec<Report> = Vec::new();
        // the file of each related report, so labels in one file share a snippet
        let mut related_files = Vec::new();
        let primary_line = d.primary().and_then(|l| {
            sources
                .get(l.file.0 as usize)
                .map(|s| line_at(&s.text, l.span.start))
        });
        for (i, label) in d.labels.iter().enumerate() {
            let text = (!label.message.is_empty()).then(|| label.message.clone());
            let source = sources.get(label.file.0 as usize);
            let span = clamp(first_lines(label.span, source), source);
            // a label far from the primary one gets a short snippet of its own,
            // rather than stretching the primary snippet over every line between
            let far = i > 0
                && Some(label.file) == primary_file
                && primary_line.zip(source).is_some_and(|(p, s)| {
                    line_at(&s.text, label.span.start).abs_diff(p) > NEAR_LINES
                });
            if far {
                related.push(Report {
                    code: "related".into(),
                    severity: miette::Severity::Advice,
                    message: label.message.clone(),
                    help: None,
                    source: named(source),
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
                let source = named(sources.get(label.file.0 as usize));
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
            Some(file) => named(sources.get(file.0 as usize)),
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
            sources
                .get(l.file.0 as usize)
                .is_some_and(|s| line_length(&s.text, l.span.start) > MAX_LINE_SHOWN)
        });
        if too_long {
            if let Some(l) = d.primary() {
                let shown = sources
                    .get(l.file.0 as usize)
                    .map_or(scenario, |s| s.display.as_str());
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

/// The 0-based line of byte `at`.
fn line_at(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    text.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
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

fn named(source: Option<&Source>) -> Option<NamedSource<std::sync::Arc<str>>> {
    source.map(|s| NamedSource::new(s.display.clone(), s.text.clone()).with_language("muster"))
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
