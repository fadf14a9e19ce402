//! Registers every rule from its file: each `src/rules/<group>/mcNNN_<name>.rs`
//! becomes a module of its group and a row of the registry, in code order, so a
//! new rule needs only its catalogue line (muster-codes) and its file. The
//! registry test holds the rule files and the catalogue to the same codes.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let rules = Path::new("src/rules");
    println!("cargo:rerun-if-changed={}", rules.display());
    let out = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into());
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let mut groups: Vec<_> = std::fs::read_dir(rules)
        .map(|d| d.flatten().filter(|e| e.path().is_dir()).collect())
        .unwrap_or_default();
    groups.sort_by_key(|e| e.file_name());
    let mut registry = Vec::new();
    for g in groups {
        let group = g.file_name().to_string_lossy().into_owned();
        println!("cargo:rerun-if-changed={}", g.path().display());
        let mut modules: Vec<String> = std::fs::read_dir(g.path())
            .map(|d| {
                d.flatten()
                    .filter_map(|e| e.file_name().to_str().map(str::to_string))
                    .filter(|n| is_rule_file(n))
                    .map(|n| n.trim_end_matches(".rs").to_string())
                    .collect()
            })
            .unwrap_or_default();
        modules.sort();
        let mut decls = String::new();
        for m in &modules {
            let path = Path::new(&root)
                .join("src/rules")
                .join(&group)
                .join(format!("{m}.rs"));
            let _ = writeln!(
                decls,
                "#[path = {:?}]\npub(crate) mod {m};",
                path.display().to_string()
            );
            registry.push((m.clone(), group.clone()));
        }
        let _ = std::fs::write(Path::new(&out).join(format!("rules_{group}.rs")), decls);
    }
    // code order: `mc005_…` before `mc101_…`
    registry.sort();
    let mut list = String::from("registry! {\n");
    for (m, g) in &registry {
        let _ = writeln!(list, "    {g}::{m},");
    }
    list.push_str("}\n");
    let _ = std::fs::write(Path::new(&out).join("registry.rs"), list);
}

/// `mc301_element_separated.rs`: `mc`, three digits, `_`, a name.
fn is_rule_file(name: &str) -> bool {
    let b = name.as_bytes();
    name.ends_with(".rs")
        && b.len() > 9
        && name.starts_with("mc")
        && b[2..5].iter().all(u8::is_ascii_digit)
        && b[5] == b'_'
}
