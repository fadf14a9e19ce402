//! `--format json`: versioned diagnostics through their own serde types, which
//! also generate the committed schema (schema/diagnostics.schema.json).

use crate::output::location::{self, Position};
use crate::output::rule_name;
use crate::pipeline::{Checked, Totals};
use muster_render::json::strict::{CODE, PARAGRAPH};
use muster_render::json::Generator;
use schemars::JsonSchema;
use serde::Serialize;

/// Bumped when a field is added, removed, renamed or changes meaning, since the
/// schema refuses fields it does not list.
pub const FORMAT_VERSION: u32 = 3;

/// The whole output of `muster check --format json`.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(title = "muster diagnostics")]
pub struct Output {
    /// Version of this format; a reader refuses a version it does not know.
    #[schemars(extend("const" = FORMAT_VERSION))]
    pub format_version: u32,
    /// The program that wrote this output.
    pub generator: Generator,
    /// Every file checked (scenarios, libraries, `muster.toml`), sorted by path.
    pub files: Vec<FileReport>,
    /// Totals over the run.
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
    /// What was found, in source order.
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// One finding.
#[derive(Debug, Serialize, JsonSchema)]
pub struct JsonDiagnostic {
    /// Stable code, e.g. `MC301`.
    #[schemars(pattern(CODE))]
    pub code: String,
    /// Kebab-case rule name, e.g. `element-separated`.
    #[schemars(pattern("^[a-z][a-z0-9]*(-[a-z0-9]+)*$"))]
    pub name: Option<String>,
    /// How serious it is, after the pack's and scenario's overrides.
    pub severity: JsonSeverity,
    /// One line, lowercase.
    pub message: String,
    /// The primary label first, then related ones.
    pub labels: Vec<JsonLabel>,
    /// How to fix it.
    pub help: Option<String>,
    /// The rulebook paragraph enforced, e.g. `§88`.
    #[schemars(pattern(PARAGRAPH))]
    pub paragraph: Option<String>,
    /// On MC007, which closes a code's findings in a file past the limit
    /// (`--max-diagnostics`), and on a finding that stands for others of one
    /// cause (the later uses of one undefined name, MC102; the players of a side
    /// with no forces, MC803): which code, and how many are not listed on their own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub omitted: Option<JsonOmitted>,
}

/// Findings of one code in one file that are counted but not listed.
#[derive(Debug, Serialize, JsonSchema)]
pub struct JsonOmitted {
    /// The code whose findings are not listed, e.g. `MC502`.
    #[schemars(pattern(CODE))]
    pub code: String,
    /// How many are not listed on their own.
    pub count: usize,
    /// How many there are in the file, listed and not.
    pub total: usize,
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum JsonSeverity {
    /// The scenario is wrong: `muster check` fails.
    Error,
    /// Probably wrong.
    Warning,
    /// Worth knowing.
    Note,
}

/// A labelled span of source text.
#[derive(Debug, Serialize, JsonSchema)]
pub struct JsonLabel {
    /// The file the span is in, as shown (may differ from the scenario: an imported library).
    pub file: String,
    /// What this span shows.
    pub message: String,
    /// Whether this is the finding's main span (always the first label).
    pub primary: bool,
    /// Where the span starts.
    pub start: JsonPosition,
    /// Exclusive end.
    pub end: JsonPosition,
}

/// A position: 1-based line and column (in Unicode scalar values) and byte offset.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
pub struct JsonPosition {
    /// Line, from 1.
    #[schemars(range(min = 1))]
    pub line: usize,
    /// Column in Unicode scalar values, from 1.
    #[schemars(range(min = 1))]
    pub column: usize,
    /// Byte offset from the start of the file, from 0.
    pub offset: usize,
}

/// Totals over the run.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Summary {
    /// Scenarios checked.
    pub scenarios: usize,
    /// Errors found (those not listed past the limit included).
    pub errors: usize,
    /// Warnings found (those not listed past the limit included).
    pub warnings: usize,
    /// Notes found (those not listed past the limit included).
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
        generator: Generator::muster(),
        files,
        summary: Summary {
            scenarios: totals.scenarios,
            errors: totals.errors,
            warnings: totals.warnings,
            notes: totals.notes,
        },
    }
}

/// Pretty JSON followed by a newline, in parts that concatenate to it: each file's
/// report is serialised on its own, in parallel, then indented to its place in
/// the `files` array (JSON strings hold no raw line breaks, so indenting by lines
/// is exact).
pub fn render_parts(results: &[Checked], totals: &Totals) -> Vec<String> {
    use rayon::prelude::*;
    let frame = serde_json::to_string_pretty(&output(&[], totals)).unwrap_or_default();
    let Some(at) = frame.find(EMPTY_FILES) else {
        return vec![render_whole(results, totals)];
    };
    let head = &frame[..at + EMPTY_FILES.len() - 1];
    let tail = &frame[at + EMPTY_FILES.len() - 1..];
    let mut parts = Vec::with_capacity(results.len() + 2);
    parts.push(head.to_string());
    parts.par_extend(results.par_iter().enumerate().map(|(i, c)| {
        let one = serde_json::to_string_pretty(&file_report(c)).unwrap_or_default();
        let mut part = String::with_capacity(one.len() + one.len() / 8 + 8);
        part.push_str(if i == 0 { "\n" } else { ",\n" });
        for (n, line) in one.split('\n').enumerate() {
            if n > 0 {
                part.push('\n');
            }
            part.push_str(FILE_INDENT);
            part.push_str(line);
        }
        part
    }));
    let mut end = String::with_capacity(tail.len() + 4);
    if !results.is_empty() {
        end.push_str("\n  ");
    }
    end.push_str(tail);
    end.push('\n');
    parts.push(end);
    parts
}

/// How the frame (an output without files) shows the files, and how deep a file
/// report sits in the array: `files` is a field of the top object.
const EMPTY_FILES: &str = "\"files\": []";
const FILE_INDENT: &str = "    ";

/// The whole output in one piece (the reference the parts are tested against).
fn render_whole(results: &[Checked], totals: &Totals) -> String {
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
            name: Some(rule_name(d.code).to_string()),
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
                    let region = location::locate(source, l.span);
                    JsonLabel {
                        file: source.map_or_else(|| c.display.clone(), |s| s.display.clone()),
                        message: l.message.clone(),
                        primary: i == 0,
                        start: region.start.into(),
                        end: region.end.into(),
                    }
                })
                .collect(),
            // never null: a finding without its own help still says where to read more
            help: Some(d.help.clone().unwrap_or_else(|| {
                format!("`muster explain {}` says what the rule wants", d.code)
            })),
            paragraph: d.paragraph.map(str::to_string),
            omitted: d.omitted.as_ref().map(|o| JsonOmitted {
                code: o.code.to_string(),
                count: o.count,
                total: total(c, d, o.code),
            }),
        })
        .collect();
    FileReport {
        path: c.display.clone(),
        pack_path: c.relative.clone(),
        library: c.library,
        diagnostics,
    }
}

/// How many findings of `code` the file of `closing` has, listed or not: each
/// finding counts for what it stands for, and an MC007 adds those it closes.
pub fn total(c: &Checked, closing: &muster_syntax::Diagnostic, code: muster_syntax::Code) -> usize {
    let file = closing.primary().map(|l| l.file);
    let of_code: usize = c
        .diagnostics
        .iter()
        .filter(|d| d.code == code && d.primary().map(|l| l.file) == file)
        .map(muster_syntax::Diagnostic::weight)
        .sum();
    let closed = match &closing.omitted {
        Some(o) if closing.code != code => o.count,
        _ => 0,
    };
    of_code + closed
}

/// The JSON Schema of [`Output`], pretty-printed with a final newline.
pub fn schema() -> String {
    muster_render::json::strict::strict_schema::<Output>(&muster_render::json::schema_id(
        "diagnostics",
        FORMAT_VERSION,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::Source;
    use muster_syntax::{Code, Diagnostic, FileId, Span};
    use std::sync::Arc;

    fn checked(name: &str, findings: usize) -> Checked {
        let text: Arc<str> = Arc::from("forces red {\n  company a \"A \\\"Able\\\" Company\"\n}\n");
        let diagnostics = (0..findings)
            .map(|i| {
                Diagnostic::error(
                    Code::MC102,
                    format!("finding {i} with \"quotes\"\nand a break"),
                )
                .with_label(FileId(0), Span::new(15, 24), "here")
                .with_help("fix it")
                .with_paragraph("§12")
            })
            .collect();
        Checked {
            pack: 0,
            display: name.to_string(),
            relative: name.to_string(),
            library: false,
            sources: vec![Source::new(name.into(), name.into(), text)],
            diagnostics,
            model: None,
        }
    }

    /// The parts written one after another are byte for byte the pretty output
    /// of the whole value, with no files, one file, and several.
    #[test]
    fn parts_concatenate_to_the_whole_output() {
        for files in [0, 1, 3] {
            let results: Vec<Checked> = (0..files)
                .map(|i| checked(&format!("s{i}.muster"), i))
                .collect();
            let totals = Totals::of(&results);
            assert_eq!(
                render_parts(&results, &totals).concat(),
                render_whole(&results, &totals),
                "{files} files"
            );
        }
    }
}
