//! House rules (p.1): `allow` removes a rule's findings, `note`, `warn` and `deny`
//! re-grade them; the scenario's header wins over the pack's `muster.toml`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_check::run;
use muster_model::{MemoryWorld, PackConfig};
use muster_syntax::Severity;

const BODY: &str = r#"
side red "Red" nation british
side blue "Blue" nation german
map {
  place farm "Le Mesnil" at (900,500)
}
forces red {
  platoon p "1 Platoon" {
    hq p-hq command figures 2 at (500,500)
    element b coherent figures 6 at (800,500)
  }
  platoon q "2 Platoon" {
    hq q-hq command figures 2 at (500,900)
  }
}
orders red {
  p defend (500,500)
}
"#;

fn severities(header_rules: &str, toml: &str) -> Vec<(&'static str, Severity)> {
    let text = format!(
        "scenario \"Example\" {{\n  start 1944-06-06 06:00\n  turns 12\n  first-bound red\n  table 2000m by 2000m\n{header_rules}}}\n{BODY}"
    );
    let pack = PackConfig::from_toml(toml).unwrap();
    let world = MemoryWorld::new().with("s.muster", text);
    let mut v: Vec<_> = run(&world, "s.muster", &pack)
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.severity))
        .collect();
    v.sort();
    v
}

#[test]
fn without_house_rules_the_defaults_apply() {
    assert_eq!(
        severities("", ""),
        [
            ("MC105", Severity::Warning),
            ("MC301", Severity::Warning),
            ("MC407", Severity::Note)
        ]
    );
}

#[test]
fn allow_removes_and_levels_regrade() {
    let rules = "  allow MC105 \"the farm is scenery\"\n  deny MC301\n  warn MC407\n";
    assert_eq!(
        severities(rules, ""),
        [("MC301", Severity::Error), ("MC407", Severity::Warning)]
    );
}

#[test]
fn the_pack_sets_defaults_and_the_scenario_wins() {
    let toml = "[severity]\nMC105 = \"allow\"\nMC301 = \"deny\"\n";
    assert_eq!(
        severities("", toml),
        [("MC301", Severity::Error), ("MC407", Severity::Note)]
    );
    assert_eq!(
        severities("  note MC301\n", toml),
        [("MC301", Severity::Note), ("MC407", Severity::Note)]
    );
}

#[test]
fn syntax_errors_cannot_be_allowed() {
    let rules = "  allow MC001\n";
    let text = format!("scenario \"Example\" {{\n  turns 12\n  first-bound red\n{rules}}}\nside red \"Red\" nation british\nside blue \"Blue\" nation german\nmap {{ area x dense-woods circel (1,1) radius 5m }}\n");
    let world = MemoryWorld::new().with("s.muster", text);
    let codes: Vec<_> = run(&world, "s.muster", &PackConfig::default())
        .diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    assert!(codes.contains(&"MC001"), "{codes:?}");
    assert!(codes.contains(&"MC606"), "{codes:?}");
}
