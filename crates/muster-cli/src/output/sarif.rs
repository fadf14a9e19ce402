//! `--format sarif`: SARIF 2.1.0 for code-scanning tools. Rule metadata comes
//! from the registry; locations are relative to the pack root (`PACKROOT`).
//!
//! Typed, borrowing serde structs keep a large run's log small in memory.

use crate::output::location;
use crate::pack::Discovery;
use crate::pipeline::Checked;
use muster_check::registry::{self, Rule};
use muster_syntax::{Diagnostic, Label, Severity};
use serde::Serialize;
use std::collections::BTreeMap;

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

#[derive(Serialize)]
struct Log<'a> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run<'a>; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run<'a> {
    tool: Tool,
    original_uri_base_ids: BTreeMap<String, Base>,
    column_kind: &'static str,
    results: Vec<SarifResult<'a>>,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    rules: Vec<RuleDescriptor>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleDescriptor {
    id: &'static str,
    name: &'static str,
    short_description: Text,
    full_description: Text,
    help: Help,
    default_configuration: Configuration,
    properties: RuleProperties,
}

#[derive(Serialize)]
struct Text {
    text: String,
}

#[derive(Serialize)]
struct Help {
    text: String,
    markdown: String,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleProperties {
    default_severity: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    paragraph: Option<&'static str>,
}

#[derive(Serialize)]
struct Base {
    uri: String,
    description: Text,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule_index: Option<usize>,
    level: &'static str,
    message: Text,
    locations: Vec<Location<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location<'a>>,
    /// On MC007 only: the code whose findings are not listed, how many, and the
    /// file's total of that code.
    #[serde(skip_serializing_if = "Option::is_none")]
    properties: Option<OmittedProperties>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OmittedProperties {
    omitted_code: &'static str,
    omitted_count: usize,
    total_count: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: Physical<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Text>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Physical<'a> {
    artifact_location: Artifact<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<Region>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Artifact<'a> {
    uri: String,
    uri_base_id: std::borrow::Cow<'a, str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: usize,
    start_column: usize,
    end_line: usize,
    end_column: usize,
}

/// The SARIF log of a run, pretty-printed.
pub fn render(discovery: &Discovery, results: &[Checked]) -> String {
    let original_uri_base_ids = discovery
        .packs
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let uri = format!(
                "file://{}/",
                encode(&p.root.to_string_lossy().replace('\\', "/"))
            );
            (
                base_id(i).into_owned(),
                Base {
                    uri,
                    description: Text {
                        text: "the pack root".into(),
                    },
                },
            )
        })
        .collect();
    let found = results
        .iter()
        .flat_map(|c| c.diagnostics.iter().map(move |d| result(c, d)))
        .collect();
    let log = Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: [Run {
            tool: Tool {
                driver: Driver {
                    name: "muster",
                    version: env!("CARGO_PKG_VERSION"),
                    semantic_version: env!("CARGO_PKG_VERSION"),
                    rules: registry::rules().iter().map(rule).collect(),
                },
            },
            original_uri_base_ids,
            column_kind: "unicodeCodePoints",
            results: found,
        }],
    };
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
    text.push('\n');
    text
}

fn result<'a>(c: &'a Checked, d: &'a Diagnostic) -> SarifResult<'a> {
    let locations = match d.primary() {
        Some(label) => vec![location(c, label, None)],
        None => vec![Location {
            id: None,
            physical_location: Physical {
                artifact_location: artifact(c.pack, &c.relative),
                region: None,
            },
            message: None,
        }],
    };
    SarifResult {
        rule_id: d.code.as_str(),
        rule_index: registry::rules().iter().position(|r| r.code == d.code),
        level: level(d.severity),
        message: Text {
            text: crate::output::plain_message(d),
        },
        locations,
        related_locations: d
            .labels
            .iter()
            .enumerate()
            .skip(1)
            .map(|(i, l)| location(c, l, Some(i)))
            .collect(),
        properties: d.omitted.as_ref().map(|o| OmittedProperties {
            omitted_code: o.code.as_str(),
            omitted_count: o.count,
            total_count: crate::output::json::total(c, d, o.code),
        }),
    }
}

fn rule(r: &Rule) -> RuleDescriptor {
    let explanation = r.explanation();
    let mut help = explanation.trim().to_string();
    if !r.failing.trim().is_empty() {
        help.push_str(&format!(
            "\n\nFailing:\n\n```\n{}\n```",
            r.failing.trim_end()
        ));
    }
    if !r.fixed.trim().is_empty() {
        help.push_str(&format!("\n\nFixed:\n\n```\n{}\n```", r.fixed.trim_end()));
    }
    RuleDescriptor {
        id: r.code.as_str(),
        name: r.name(),
        short_description: Text { text: r.summary() },
        full_description: Text {
            text: explanation.trim().into(),
        },
        help: Help {
            text: help.clone(),
            markdown: help,
        },
        default_configuration: Configuration {
            level: level(r.severity()),
        },
        properties: RuleProperties {
            default_severity: r.severity().as_str(),
            paragraph: r.paragraph(),
        },
    }
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

fn location<'a>(c: &'a Checked, label: &Label, id: Option<usize>) -> Location<'a> {
    let source = c.sources.get(label.file.0 as usize);
    let relative = source.map_or(c.relative.as_str(), |s| s.relative.as_str());
    let r = location::locate(source, label.span);
    Location {
        id,
        physical_location: Physical {
            artifact_location: artifact(c.pack, relative),
            region: Some(Region {
                start_line: r.start.line,
                start_column: r.start.column,
                end_line: r.end.line,
                end_column: r.end.column,
            }),
        },
        message: (id.is_some() && !label.message.is_empty()).then(|| Text {
            text: label.message.clone(),
        }),
    }
}

fn artifact(pack: usize, relative: &str) -> Artifact<'static> {
    Artifact {
        uri: encode(relative),
        uri_base_id: base_id(pack),
    }
}

fn base_id(pack: usize) -> std::borrow::Cow<'static, str> {
    if pack == 0 {
        "PACKROOT".into()
    } else {
        format!("PACKROOT{pack}").into()
    }
}

/// Percent-encodes a path for a URI, keeping `/` and unreserved characters.
fn encode(path: &str) -> String {
    let mut out = String::new();
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
