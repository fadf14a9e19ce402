//! What a user sees: representative diagnostics rendered as plain text (code,
//! severity, message, the source underlined, related labels, help, paragraph).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_check::run;
use muster_model::model::Model;
use muster_model::{MemoryWorld, PackConfig};
use muster_syntax::Diagnostic;
use std::fmt::Write as _;
use std::path::PathBuf;

/// Renders one diagnostic the way a terminal without colour would show it.
fn render(model: &Model, d: &Diagnostic) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}[{}]: {}", d.severity.as_str(), d.code, d.message);
    for (i, label) in d.labels.iter().enumerate() {
        let Some(file) = model.files.iter().find(|f| f.id == label.file) else {
            continue;
        };
        let text = &file.text;
        let start = label.span.start.min(text.len());
        let line_start = text[..start].rfind('\n').map_or(0, |p| p + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |p| start + p);
        let line_no = text[..start].matches('\n').count() + 1;
        let col = text[line_start..start].chars().count();
        let width = text[start..label.span.end.min(line_end).max(start)]
            .chars()
            .count()
            .max(1);
        let mark = if i == 0 { '^' } else { '-' };
        let _ = writeln!(s, "  --> {}:{}:{}", file.path, line_no, col + 1);
        let _ = writeln!(s, "{line_no:>4} | {}", &text[line_start..line_end]);
        let _ = writeln!(
            s,
            "     | {}{} {}",
            " ".repeat(col),
            mark.to_string().repeat(width),
            label.message
        );
    }
    if let Some(h) = &d.help {
        let _ = writeln!(s, "   = help: {h}");
    }
    if let Some(p) = d.paragraph {
        let _ = writeln!(s, "   = rulebook: {p}");
    }
    s
}

/// Runs a case file of `tests/cases` and renders its diagnostics.
fn rendered(case: &str) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
    let text = std::fs::read_to_string(root.join(case)).unwrap();
    let world = MemoryWorld::new().with(case, text);
    let outcome = run(&world, case, &PackConfig::default());
    outcome
        .diagnostics
        .iter()
        .map(|d| render(&outcome.model, d))
        .collect::<Vec<_>>()
        .join("\n")
}

macro_rules! snapshot {
    ($name:ident, $case:literal) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(stringify!($name), rendered($case));
        }
    };
}

snapshot!(syntax_error, "MC001-syntax-error.muster");
snapshot!(undefined_reference, "MC102-undefined-reference.muster");
snapshot!(group_without_command, "MC201-group-without-command.muster");
snapshot!(element_separated, "MC301-element-separated.muster");
snapshot!(
    command_by_runner_only,
    "MC306-command-by-runner-only.muster"
);
snapshot!(
    order_timing_out_of_range,
    "MC405-order-timing-out-of-range.muster"
);
snapshot!(
    overlapping_main_terrain,
    "MC502-overlapping-main-terrain.muster"
);
snapshot!(may_begin_hot, "MC604-may-begin-hot.muster");
snapshot!(
    invalid_severity_override,
    "MC606-invalid-severity-override.muster"
);
snapshot!(
    enemy_named_without_intel,
    "MC802-enemy-named-without-intel.muster"
);

/// A finding in a library template, with the scenario's instance as a related label.
#[test]
fn library_template_instance() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
    let mut world = MemoryWorld::new();
    for f in ["library-template-instance.muster", "lib/shared.muster"] {
        world.insert(f, std::fs::read_to_string(root.join(f)).unwrap());
    }
    let outcome = run(
        &world,
        "library-template-instance.muster",
        &PackConfig::default(),
    );
    let text = outcome
        .diagnostics
        .iter()
        .map(|d| render(&outcome.model, d))
        .collect::<Vec<_>>()
        .join("\n");
    insta::assert_snapshot!("library_template_instance", text);
}

/// What `muster explain MC301` prints.
#[test]
fn explain_element_separated() {
    insta::assert_snapshot!("explain_mc301", muster_check::explain("MC301").unwrap());
}
