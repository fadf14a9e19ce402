//! The rule registry: every diagnostic code muster knows, with its documentation.
//!
//! The registry is the only source of rule docs: `muster explain`, SARIF rule
//! metadata and `docs/rules.md` all read it, so they cannot disagree.

use crate::context::Context;
use muster_codes::Phase;
use muster_model::model::Loc;
use muster_syntax::{Code, Diagnostic, Severity};

/// One rule: its code from the catalogue, and the text that explains it. What the
/// code is (name, severity, paragraph, phase) lives in the catalogue only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// `MC301`: stable forever once released.
    pub code: Code,
    /// One line saying what the rule finds; numbers as `{{placeholders}}`
    /// (`numbers.rs`), read through [`Rule::summary`].
    pub(crate) summary: &'static str,
    /// Markdown: what the rule checks and why the rulebook wants it; numbers as
    /// `{{placeholders}}`, read through [`Rule::explanation`].
    pub(crate) explanation: &'static str,
    /// A scenario snippet that triggers the rule (lines marked `//~ CODE`).
    pub failing: &'static str,
    /// The same snippet corrected.
    pub fixed: &'static str,
}

/// A check: from the resolved model and its analysis to diagnostics.
pub(crate) type CheckFn = fn(&Context) -> Vec<Diagnostic>;

impl Rule {
    /// One line saying what the rule finds, its numbers taken from the rulebook.
    pub fn summary(&self) -> String {
        crate::numbers::fill(self.summary)
    }

    /// Markdown: what the rule checks and why, its numbers taken from the rulebook.
    pub fn explanation(&self) -> String {
        crate::numbers::fill(self.explanation)
    }

    /// Kebab-case, names the problem (`element-separated`).
    pub fn name(&self) -> &'static str {
        self.code.name()
    }

    /// The default severity; a scenario or pack may re-grade it.
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    /// The rulebook paragraph(s) enforced (`§88`, `§87–§89`).
    pub fn paragraph(&self) -> Option<&'static str> {
        self.code.paragraph()
    }

    /// Starts a diagnostic of this rule with its primary label.
    pub(crate) fn report(
        &self,
        message: impl Into<String>,
        at: Loc,
        label: impl Into<String>,
    ) -> Diagnostic {
        let mut d = Diagnostic::new(self.code, self.severity(), message)
            .with_label(at.file, at.span, label);
        d.paragraph = self.paragraph();
        d
    }

    /// A diagnostic of this rule with no location (for `muster.toml` settings).
    pub(crate) fn report_unlocated(&self, message: impl Into<String>) -> Diagnostic {
        let mut d = Diagnostic::new(self.code, self.severity(), message);
        d.paragraph = self.paragraph();
        d
    }

    /// Whether another crate (syntax, model, the CLI) emits this code rather than a
    /// check here.
    pub fn is_external(&self) -> bool {
        self.code.phase() != Phase::Checks
    }
}

/// Adds a related label at a model location.
pub(crate) trait Related {
    fn related(self, at: Loc, label: impl Into<String>) -> Self;
}

impl Related for Diagnostic {
    fn related(self, at: Loc, label: impl Into<String>) -> Self {
        self.with_label(at.file, at.span, label)
    }
}

/// Every rule, in code order.
pub fn rules() -> &'static [Rule] {
    crate::rules::RULES
}

/// The rule with this code (`MC301`), case-insensitively.
pub fn lookup(code: &str) -> Option<&'static Rule> {
    let code = Code::parse(code)?;
    rules().iter().find(|r| r.code == code)
}

/// The rule with this kebab-case name (`element-separated`).
pub fn lookup_name(name: &str) -> Option<&'static Rule> {
    let code = Code::from_name(name)?;
    rules().iter().find(|r| r.code == code)
}

/// Records which element a finding is about (its unit, by index), so template
/// folding and the "built here" label read it instead of searching the message.
pub(crate) trait About {
    fn about(self, e: &muster_model::model::Element) -> Self;
}

impl About for Diagnostic {
    fn about(mut self, e: &muster_model::model::Element) -> Self {
        self.about_unit = Some(e.unit.0);
        self
    }
}
