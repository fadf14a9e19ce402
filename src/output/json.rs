//! `--format json`: versioned diagnostics through their own serde types, which
//! also generate the committed schema (schema/diagnostics.schema.json).

use crate::output::location::{self, Position};
use crate::output::rule_name;
use crate::pipeline::{Checked, Totals};
use schemars::JsonSchema;
use serde::Serialize;

/// Bumped on any incompatible change to these types.
pub const FORMAT_VERSION: u32 = 1;

/// The whole output of `muster check --format json`.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(title = "muster diagnostics")]
pub struct Output {
    /// Version of this format; incompatible changes bump it.
    pub format_version: u32,
    /// Every file checked (scenarios, libraries, `muster.toml`), sorted by path.
    pub files: Vec<FileReport>,
    pub summary: Summary,
}

/// One checked scenario (or library, or `muster.toml`) and what was found in it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FileReport {
    /// The path as given on the command line (relative to the working folder when below it).
    pub path: String,
    /// Path relative to the pack root, `/`-separated.
    pub pack_path: String,
    /// Checked as a library file: syntax and imports only.
    pub library: bool,
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// One finding.
#[derive(Debug, Serialize, JsonSchema)]
pub struct JsonDiagnostic {
    /// Stable code, e.g. `MC301`.
    pub code: String,
    /// Kebab-case rule name, e.g. `element-separated`.
    pub name: Option<String>,
    pub severity: JsonSeverity,
    /// One line, lowercase.
    pub message: String,
    /// The primary label first, then related ones.
    pub labels: Vec<JsonLabel>,
    pub help: Option<String>,
    /// The rulebook paragraph enforced, e.g. `§88`.
    pub paragraph: Option<String>,
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum JsonSeverity {
    Error,
    Warning,
    Note,
}

/// A labelled span of source text.
#[derive(Debug, Serialize, JsonSchema)]
pub struct JsonLabel {
    /// The file the span is in, as shown (may differ from the scenario: an imported library).
    pub file: String,
    pub message: String,
    pub primary: bool,
    pub start: JsonPosition,
    /// Exclusive end.
    pub end: JsonPosition,
}

/// A position: 1-based line and column (in Unicode scalar values) and byte offset.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
pub struct JsonPosition {
    pub line: usize,
    pub column: usize,
    pub offset: usize,
}

/// Totals over the run.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Summary {
    pub scenarios: usize,
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
}

impl From<Position> for JsonPosition {
    fn from(p: Position) -> Self {
        JsonPosition {
            line: p.line,
            column: p.column,
            offset: p.offset,
        }
    }
}

/// The output value for a run.
pub fn output(results: &[Checked], totals: &Totals) -> Output {
    let files = results.iter().map(file_report).collect();
    Output {
        format_version: FORMAT_VERSION,
        files,
        summary: Summary {
            scenarios: totals.scenarios,
            errors: totals.errors,
            warnings: totals.warnings,
            notes: totals.notes,
        },
    }
}

/// Pretty JSON followed by a newline.
pub fn render(results: &[Checked], totals: &Totals) -> String {
    let mut text = serde_json::to_string_pretty(&output(results, totals)).unwrap_or_default();
    text.push('\n');
    text
}

fn file_report(c: &Checked) -> FileReport {
    let diagnostics = c
        .diagnostics
        .iter()
        .map(|d| JsonDiagnostic {
            code: d.code.to_string(),
            name: rule_name(d.code).map(str::to_string),
            severity: match d.severity {
                muster_syntax::Severity::Error => JsonSeverity::Error,
                muster_syntax::Severity::Warning => JsonSeverity::Warning,
                muster_syntax::Severity::Note => JsonSeverity::Note,
            },
            message: d.message.clone(),
            labels: d
                .labels
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let source = c.sources.get(l.file.0 as usize);
                    let region = location::region(source.map_or("", |s| s.text.as_str()), l.span);
                    JsonLabel {
                        file: source.map_or_else(|| c.display.clone(), |s| s.display.clone()),
                        message: l.message.clone(),
                        primary: i == 0,
                        start: region.start.into(),
                        end: region.end.into(),
                    }
                })
                .collect(),
            help: d.help.clone(),
            paragraph: d.paragraph.map(str::to_string),
        })
        .collect();
    FileReport {
        path: c.display.clone(),
        pack_path: c.relative.clone(),
        library: c.library,
        diagnostics,
    }
}

/// The JSON Schema of [`Output`], pretty-printed with a final newline.
pub fn schema() -> String {
    let schema = schemars::schema_for!(Output);
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}
