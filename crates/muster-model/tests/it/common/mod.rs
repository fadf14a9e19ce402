//! Test helpers: resolve in-memory packs and read diagnostics as a user sees them.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_model::model::Model;
use muster_model::{resolve, MemoryWorld, PackConfig, Resolved};
use muster_syntax::Diagnostic;

/// Two sides and a header, for scenarios that only care about their forces.
pub const PRELUDE: &str = r#"
scenario "Test" {
  turns 12
  first-bound blue
  table 4000m by 4000m
}
side blue "Blue" nation british
side red "Red" nation german
"#;

/// Resolves `main.muster` of a pack of files.
pub fn resolve_files(files: &[(&str, &str)]) -> (Resolved, MemoryWorld) {
    let mut w = MemoryWorld::new();
    for (p, t) in files {
        w.insert(*p, *t);
    }
    let r = resolve(&w, "main.muster", &PackConfig::default());
    (r, w)
}

/// Resolves one scenario text with the prelude prepended.
pub fn resolve_body(body: &str) -> Resolved {
    let text = format!("{PRELUDE}{body}");
    resolve_files(&[("main.muster", &text)]).0
}

/// The source text a label points at.
pub fn underlined(m: &Model, d: &Diagnostic, label: usize) -> String {
    let l = &d.labels[label];
    let f = &m.files[l.file.0 as usize];
    f.text[l.span.start..l.span.end].to_string()
}

/// Every diagnostic as `CODE message [underlined text]`, one per line.
pub fn render(r: &Resolved) -> Vec<String> {
    r.diagnostics
        .iter()
        .map(|d| {
            let under = if d.labels.is_empty() {
                String::new()
            } else {
                format!(" [{}]", underlined(&r.model, d, 0))
            };
            let help = d
                .help
                .as_deref()
                .map(|h| format!(" (help: {h})"))
                .unwrap_or_default();
            format!("{} {}{}{}", d.code, d.message, under, help)
        })
        .collect()
}

/// Fails with the rendered diagnostics when there are any.
pub fn assert_clean(r: &Resolved) {
    let all = render(r);
    assert!(
        all.is_empty(),
        "unexpected diagnostics:\n{}",
        all.join("\n")
    );
}

/// The element with this qualified name.
pub fn element(m: &Model, qualified: &str) -> usize {
    m.elements
        .iter()
        .position(|e| e.qualified == qualified)
        .unwrap_or_else(|| panic!("no element `{qualified}`"))
}

/// The unit with this name.
pub fn unit(m: &Model, name: &str) -> usize {
    m.units
        .iter()
        .position(|u| u.name.id == name)
        .unwrap_or_else(|| panic!("no unit `{name}`"))
}
