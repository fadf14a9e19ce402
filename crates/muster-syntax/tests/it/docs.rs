//! Every ```muster example of docs/language.md parses with no syntax diagnostics, and the
//! reference mentions every keyword of the vocabulary.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use muster_rules::vocab::*;
use muster_syntax::{parse, FileId};

fn reference() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/language.md"
    ))
    .unwrap()
}

/// The fenced blocks tagged `muster`, with their first line number.
fn examples(doc: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (n, line) in doc.lines().enumerate() {
        match (&mut current, line.trim_end()) {
            // the fence may declare the codes `muster check` gives the block
            (None, l) if l == "```muster" || l.starts_with("```muster ") => {
                current = Some((n + 2, String::new()))
            }
            (Some(_), "```") => out.extend(current.take()),
            (Some((_, text)), l) => {
                text.push_str(l);
                text.push('\n');
            }
            _ => {}
        }
    }
    out
}

#[test]
fn every_example_parses_clean() {
    let doc = reference();
    let blocks = examples(&doc);
    assert!(blocks.len() >= 18, "only {} examples", blocks.len());
    for (line, text) in blocks {
        let p = parse(FileId(0), &text);
        assert!(
            p.diagnostics.is_empty(),
            "example at docs/language.md:{line}:\n{}",
            common::render(&text, &p)
        );
        assert!(!p.file.items.is_empty(), "example at line {line} is empty");
    }
}

#[test]
fn reference_lists_every_keyword() {
    let doc = reference();
    let mut words: Vec<&str> = Vec::new();
    words.extend(Weather::ALL.iter().map(|x| x.keyword()));
    words.extend(Light::ALL.iter().map(|x| x.keyword()));
    words.extend(Echelon::ALL.iter().map(|x| x.keyword()));
    words.extend(Branch::ALL.iter().map(|x| x.keyword()));
    words.extend(FootType::ALL.iter().map(|x| x.keyword()));
    words.extend(Specialism::ALL.iter().map(|x| x.keyword()));
    words.extend(VehicleRole::ALL.iter().map(|x| x.keyword()));
    words.extend(Drive::ALL.iter().map(|x| x.keyword()));
    words.extend(ArtilleryWeapon::ALL.iter().map(|x| x.keyword()));
    words.extend(AircraftRole::ALL.iter().map(|x| x.keyword()));
    words.extend(ShipRole::ALL.iter().map(|x| x.keyword()));
    words.extend(MessengerMethod::ALL.iter().map(|x| x.keyword()));
    words.extend(WeaponKind::ALL.iter().map(|x| x.keyword()));
    words.extend(Mount::ALL.iter().map(|x| x.keyword()));
    words.extend(RadioRange::ALL.iter().map(|x| x.keyword()));
    words.extend(Posture::ALL.iter().map(|x| x.keyword()));
    words.extend(TerrainKind::ALL.iter().map(|x| x.keyword()));
    words.extend(Strength::ALL.iter().map(|x| x.keyword()));
    words.extend(Height::ALL.iter().map(|x| x.keyword()));
    words.extend(LineKind::ALL.iter().map(|x| x.keyword()));
    words.extend(Stance::ALL.iter().map(|x| x.keyword()));
    words.extend(Intensity::ALL.iter().map(|x| x.keyword()));
    words.extend(SignalKind::ALL.iter().map(|x| x.keyword()));
    words.extend(Precision::ALL.iter().map(|x| x.keyword()));
    words.extend(SeverityLevel::ALL.iter().map(|x| x.keyword()));
    words.extend(Edge::ALL.iter().map(|x| x.keyword()));
    words.extend(BriefingSection::ALL.iter().map(|x| x.keyword()));
    words.extend(muster_syntax::RESERVED);
    let missing: Vec<&str> = words
        .into_iter()
        .filter(|w| !doc.contains(&format!("`{w}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/language.md does not mention: {missing:?}"
    );
}

/// Replaces (with `MUSTER_BLESS` set) or compares the text between
/// `<!-- NAME:begin…` and `<!-- NAME:end -->` of docs/language.md.
fn generated_section(name: &str, expected: &str) {
    let begin = format!("<!-- {name}:begin");
    let end_marker = format!("<!-- {name}:end -->");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/language.md");
    let doc = reference();
    let start = doc
        .find(&begin)
        .unwrap_or_else(|| panic!("docs/language.md has no {name}:begin marker"));
    let body = start + doc[start..].find('\n').unwrap() + 1;
    let end = doc
        .find(&end_marker)
        .unwrap_or_else(|| panic!("docs/language.md has no {name}:end marker"));
    if std::env::var_os("MUSTER_BLESS").is_some() {
        let updated = format!("{}{expected}{}", &doc[..body], &doc[end..]);
        std::fs::write(path, updated).unwrap();
        return;
    }
    assert!(
        doc[body..end] == *expected,
        "the {name} table of docs/language.md is out of date; regenerate it with\n\n    MUSTER_BLESS=1 cargo test -p muster-syntax --test it docs\n"
    );
}

/// The table of numeric limits between the markers of the "Numeric limits"
/// section is generated from `muster_rules::limits`; this fails when it drifts.
#[test]
fn limits_table_matches_the_constants() {
    generated_section("limits", &muster_rules::limits::markdown_table());
}

/// What the checks hold each foot element type to (figures, weapons such as
/// `hand-at`, the commander) is generated from `muster_rules::foot`.
#[test]
fn foot_element_table_matches_the_rules() {
    generated_section("foot-types", &muster_rules::foot::markdown_table());
}

/// Which element kinds are vehicles, armed by their role, command elements or
/// reconnaissance is generated from `muster_rules::troops`.
#[test]
fn element_kind_table_matches_the_rules() {
    generated_section("element-kinds", &muster_rules::troops::markdown_table());
}
