//! `docs/rules.md` is generated from the registry; this test fails when it drifts.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;

fn rules_md() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules.md")
}

#[test]
fn rules_md_matches_the_registry() {
    let expected = muster_check::rules_markdown();
    let path = rules_md();
    if std::env::var_os("MUSTER_BLESS").is_some() {
        std::fs::write(&path, &expected).unwrap();
        return;
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "docs/rules.md is out of date with the rule registry; regenerate it with\n\n    MUSTER_BLESS=1 cargo test -p muster-check --test it docs\n"
    );
}

#[test]
fn explain_knows_every_code_and_nothing_else() {
    for rule in muster_check::registry::rules() {
        let text = muster_check::explain(rule.code.as_str()).unwrap();
        assert!(text.starts_with(rule.code.as_str()));
        assert!(text.contains(&rule.summary()));
        assert_eq!(
            muster_check::explain(&rule.code.as_str().to_lowercase()),
            Some(text)
        );
    }
    assert_eq!(muster_check::explain("MC999"), None);
}
