//! Loads the shipped pack (scenarios/) into an in-memory world and resolves it.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use muster_model::analysis::{analyse, Analysis};
use muster_model::model::Model;
use muster_model::{resolve, MemoryWorld, PackConfig};

/// The shipped pack's root folder.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scenarios")
}

fn walk(dir: &Path, rel: &str, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let r = if rel.is_empty() {
            name.clone()
        } else {
            format!("{rel}/{name}")
        };
        if p.is_dir() {
            walk(&p, &r, out);
        } else if let Ok(text) = std::fs::read_to_string(&p) {
            out.push((r, text));
        }
    }
}

/// Every file of the pack, pack-relative.
pub fn files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    walk(&root(), "", &mut out);
    out
}

/// The pack's scenarios: top-level `.muster` files (libraries live in `lib/`).
pub fn scenario_paths() -> Vec<String> {
    files()
        .into_iter()
        .map(|(p, _)| p)
        .filter(|p| p.ends_with(".muster") && !p.starts_with("lib/"))
        .collect()
}

/// Resolves and analyses one scenario of the pack.
pub fn load(path: &str) -> (Model, Analysis) {
    let mut world = MemoryWorld::new();
    for (p, text) in files() {
        world.insert(p, text);
    }
    let resolved = resolve(&world, path, &PackConfig::default());
    let analysis = analyse(&resolved.model);
    (resolved.model, analysis)
}

/// Loads a scenario as `muster build` does, with the pack's `muster.toml`
/// (its house rules) applied.
pub fn load_as_built(path: &str) -> (Model, Analysis) {
    let mut world = MemoryWorld::new();
    for (p, text) in files() {
        world.insert(p, text);
    }
    let config = std::fs::read_to_string(root().join("muster.toml"))
        .ok()
        .and_then(|t| PackConfig::from_toml(&t).ok())
        .unwrap_or_default();
    let resolved = resolve(&world, path, &config);
    let analysis = analyse(&resolved.model);
    (resolved.model, analysis)
}
