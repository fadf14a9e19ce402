//! The pack's README holds a table of its scenarios (sources, each side's stated
//! strength beside the game's, known deviations) generated from the scenarios
//! themselves, so it cannot drift from them. This test fails when the two differ;
//! `MUSTER_BLESS=1 cargo test -p muster --test it pack_readme` writes the table.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_model::pack_readme::markdown_table;
use muster_model::{MemoryWorld, PackConfig};
use std::path::{Path, PathBuf};

const OPEN: &str = "<!-- The table below is generated from the scenarios: \
MUSTER_BLESS=1 cargo test -p muster --test it pack_readme -->\n";
const CLOSE: &str = "<!-- end of the generated table -->\n";

fn pack() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios")
}

/// Every `.muster` file of the pack, by its pack-relative path, in path order.
fn files(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "muster") {
            let rel = path.strip_prefix(root).unwrap().to_string_lossy();
            out.push((
                rel.replace('\\', "/"),
                std::fs::read_to_string(&path).unwrap(),
            ));
        }
    }
    out.sort();
}

/// The table as the scenarios make it today.
fn generated() -> String {
    let root = pack();
    let mut all = Vec::new();
    files(&root, &root, &mut all);
    let toml = std::fs::read_to_string(root.join("muster.toml")).unwrap();
    let config = PackConfig::from_toml(&toml).expect("the pack's muster.toml is valid");
    let world = all.iter().fold(MemoryWorld::new(), |w, (path, text)| {
        w.with(path.clone(), text.clone())
    });
    let models: Vec<(String, muster_model::model::Model)> = all
        .iter()
        .filter(|(path, _)| !path.contains('/'))
        .map(|(path, _)| {
            let resolved = muster_model::resolve::resolve(&world, path, &config);
            (path.clone(), resolved.model)
        })
        .collect();
    let refs: Vec<(&str, &muster_model::model::Model)> =
        models.iter().map(|(p, m)| (p.as_str(), m)).collect();
    markdown_table(&refs)
}

#[test]
fn the_pack_readme_table_is_generated_from_the_scenarios() {
    let path = pack().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let start = readme
        .find(OPEN)
        .expect("the pack's README marks where its scenario table begins")
        + OPEN.len();
    let end = start
        + readme[start..]
            .find(CLOSE)
            .expect("the pack's README marks where its scenario table ends");
    let table = generated();
    if std::env::var_os("MUSTER_BLESS").is_some() {
        let text = format!("{}{table}{}", &readme[..start], &readme[end..]);
        std::fs::write(&path, text).unwrap();
        return;
    }
    assert_eq!(
        &readme[start..end],
        table,
        "the pack's README table differs from the scenarios; regenerate it with \
         MUSTER_BLESS=1 cargo test -p muster --test it pack_readme"
    );
}

#[test]
fn every_scenario_of_the_pack_has_a_row_with_its_sources() {
    let table = generated();
    let root = pack();
    let mut all = Vec::new();
    files(&root, &root, &mut all);
    for (path, _) in all.iter().filter(|(p, _)| !p.contains('/')) {
        let stem = path.trim_end_matches(".muster");
        let row = table
            .lines()
            .find(|l| l.starts_with(&format!("| `{stem}` ")))
            .unwrap_or_else(|| panic!("no row for {path}"));
        assert!(!row.contains("not given"), "{path} names no sources: {row}");
        assert!(
            !row.contains("not every unit states it"),
            "{path} has a unit without its real strength: {row}"
        );
    }
}
