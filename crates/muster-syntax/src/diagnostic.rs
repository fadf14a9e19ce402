//! Diagnostics as plain data: every phase produces these, the CLI renders them.
//!
//! Keeping the data apart from its rendering (miette, JSON, SARIF, GitHub
//! annotations) lets every output format and every test read the same values.

use crate::span::Span;
use serde::Serialize;

/// Which loaded file a span points into; index into the model's file table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize)]
pub struct FileId(pub u32);

pub use muster_codes::{Code, Severity};

/// A labelled span: the first label of a diagnostic is its primary location.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Label {
    pub file: FileId,
    pub span: Span,
    pub message: String,
}

impl Label {
    pub fn new(file: FileId, span: Span, message: impl Into<String>) -> Self {
        Label {
            file,
            span,
            message: message.into(),
        }
    }
}

/// One finding: a stable code, what is wrong in the author's words, where, what to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// `MC301`: what it is lives in the catalogue (`muster-codes`).
    pub code: Code,
    pub severity: Severity,
    /// One line, lowercase, no final period, user text in backticks.
    pub message: String,
    /// Primary label first, then related ones.
    pub labels: Vec<Label>,
    /// One line saying what to do about it.
    pub help: Option<String>,
    /// The rulebook paragraph enforced (`§88`), when there is one.
    pub paragraph: Option<&'static str>,
    /// The unit (index into the resolved model's units) the finding is about,
    /// when the check knows it: later stages read this, never the message.
    #[serde(skip)]
    pub about_unit: Option<usize>,
    /// For the closing line of a capped code (MC007): which code, and how many
    /// of its findings in this file are not shown.
    #[serde(skip)]
    pub omitted: Option<Omitted>,
}

/// Findings of one code in one file left out of the output (see MC007).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Omitted {
    pub code: Code,
    pub count: usize,
    /// Where the findings it stands for would have pointed, when they are
    /// folded under a cause: a finding another code would report at one of
    /// these places (an undefined name, MC102) is folded too.
    pub covers: Vec<(FileId, Span)>,
}

impl Diagnostic {
    /// How many findings this one stands for: itself, or for a closing MC007
    /// the findings it replaces.
    pub fn weight(&self) -> usize {
        self.omitted.as_ref().map_or(1, |o| o.count)
    }
}

impl Diagnostic {
    pub fn new(code: Code, severity: Severity, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity,
            message: message.into(),
            labels: Vec::new(),
            help: None,
            paragraph: None,
            about_unit: None,
            omitted: None,
        }
    }

    pub fn error(code: Code, message: impl Into<String>) -> Self {
        Self::new(code, Severity::Error, message)
    }

    pub fn with_label(mut self, file: FileId, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label::new(file, span, message));
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_paragraph(mut self, paragraph: &'static str) -> Self {
        self.paragraph = Some(paragraph);
        self
    }

    /// The primary label, if any.
    pub fn primary(&self) -> Option<&Label> {
        self.labels.first()
    }

    /// Orders diagnostics by file, position, then code, so output is stable.
    pub fn sort_key(&self) -> (FileId, usize, usize, Code) {
        match self.primary() {
            Some(l) => (l.file, l.span.start, l.span.end, self.code),
            None => (FileId(0), 0, 0, self.code),
        }
    }
}
