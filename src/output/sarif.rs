//! `--format sarif`: SARIF 2.1.0 for code-scanning tools. Rule metadata comes
//! from the registry; locations are relative to the pack root (`PACKROOT`).

use crate::output::location;
use crate::pack::Discovery;
use crate::pipeline::{Checked, Source};
use muster_check::registry;
use muster_syntax::{Label, Severity};
use serde_json::{json, Value};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The SARIF log of a run, pretty-printed.
pub fn render(discovery: &Discovery, results: &[Checked]) -> String {
    let rules: Vec<Value> = registry::rules().iter().map(rule).collect();
    let bases: serde_json::Map<String, Value> = discovery
        .packs
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let uri = format!(
                "file://{}/",
                encode(&p.root.to_string_lossy().replace('\\', "/"))
            );
            (
                base_id(i),
                json!({ "uri": uri, "description": { "text": "the pack root" } }),
            )
        })
        .collect();
    let mut found = Vec::new();
    for c in results {
        for d in &c.diagnostics {
            let mut result = json!({
                "ruleId": d.code,
                "level": level(d.severity),
                "message": { "text": message(d.message.as_str(), d.help.as_deref(), d.paragraph) },
            });
            if let Some(index) = registry::rules().iter().position(|r| r.code == d.code) {
                result["ruleIndex"] = json!(index);
            }
            let locations: Vec<Value> = d
                .primary()
                .map(|l| location(c, l, None))
                .into_iter()
                .collect();
            result["locations"] = if locations.is_empty() {
                json!([{ "physicalLocation": { "artifactLocation": artifact(c.pack, &c.relative) } }])
            } else {
                json!(locations)
            };
            let related: Vec<Value> = d
                .labels
                .iter()
                .skip(1)
                .enumerate()
                .map(|(i, l)| location(c, l, Some(i + 1)))
                .collect();
            if !related.is_empty() {
                result["relatedLocations"] = json!(related);
            }
            found.push(result);
        }
    }
    let log = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "muster",
                "version": env!("CARGO_PKG_VERSION"),
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "originalUriBaseIds": bases,
            "columnKind": "unicodeCodePoints",
            "results": found,
        }],
    });
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
    text.push('\n');
    text
}

fn rule(r: &registry::Rule) -> Value {
    let mut properties = json!({ "defaultSeverity": r.severity.as_str() });
    if let Some(p) = r.paragraph {
        properties["paragraph"] = json!(p);
    }
    let mut help = r.explanation.trim().to_string();
    if !r.failing.trim().is_empty() {
        help.push_str(&format!(
            "\n\nFailing:\n\n```\n{}\n```",
            r.failing.trim_end()
        ));
    }
    if !r.fixed.trim().is_empty() {
        help.push_str(&format!("\n\nFixed:\n\n```\n{}\n```", r.fixed.trim_end()));
    }
    json!({
        "id": r.code,
        "name": r.name,
        "shortDescription": { "text": r.summary },
        "fullDescription": { "text": r.explanation.trim() },
        "help": { "text": help, "markdown": help },
        "defaultConfiguration": { "level": level(r.severity) },
        "properties": properties,
    })
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

fn message(text: &str, help: Option<&str>, paragraph: Option<&str>) -> String {
    let mut m = text.to_string();
    if let Some(h) = help {
        m.push_str("\nhelp: ");
        m.push_str(h);
    }
    if let Some(p) = paragraph {
        m.push_str("\nsee ");
        m.push_str(p);
    }
    m
}

fn location(c: &Checked, label: &Label, id: Option<usize>) -> Value {
    let source: Option<&Source> = c.sources.get(label.file.0 as usize);
    let relative = source.map_or(c.relative.as_str(), |s| s.relative.as_str());
    let r = location::region(source.map_or("", |s| s.text.as_str()), label.span);
    let mut value = json!({
        "physicalLocation": {
            "artifactLocation": artifact(c.pack, relative),
            "region": {
                "startLine": r.start.line,
                "startColumn": r.start.column,
                "endLine": r.end.line,
                "endColumn": r.end.column,
            },
        },
    });
    if let Some(id) = id {
        value["id"] = json!(id);
        if !label.message.is_empty() {
            value["message"] = json!({ "text": label.message });
        }
    }
    value
}

fn artifact(pack: usize, relative: &str) -> Value {
    json!({ "uri": encode(relative), "uriBaseId": base_id(pack) })
}

fn base_id(pack: usize) -> String {
    if pack == 0 {
        "PACKROOT".into()
    } else {
        format!("PACKROOT{pack}")
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
