//! The docs agree with the tool: every `muster` block of the README and of
//! docs/*.md checks with exactly the codes its fence declares (```` ```muster
//! MC301 ````; none by default), and the README's sample output is what
//! `muster check scenarios` prints (regenerate it with `MUSTER_BLESS=1`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use muster_check::run;
use muster_model::{MemoryWorld, PackConfig};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The README and every page of docs/, by their path from the repository root.
fn pages() -> Vec<(String, String)> {
    let mut names = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_string_lossy().into_owned();
            name.ends_with(".md").then(|| format!("docs/{name}"))
        })
        .collect();
    docs.sort();
    names.extend(docs);
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(root().join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

/// A fenced `muster` block: where it starts, the codes its fence declares, its text.
struct Block {
    line: usize,
    declared: BTreeSet<String>,
    text: String,
}

fn blocks(page: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    for (n, line) in page.lines().enumerate() {
        let trimmed = line.trim_end();
        match &mut current {
            None => {
                let Some(info) = trimmed.strip_prefix("```muster") else {
                    continue;
                };
                if !(info.is_empty() || info.starts_with(' ')) {
                    continue;
                }
                current = Some(Block {
                    line: n + 1,
                    declared: info.split_whitespace().map(str::to_string).collect(),
                    text: String::new(),
                });
            }
            Some(_) if trimmed == "```" => out.extend(current.take()),
            Some(block) => {
                block.text.push_str(line);
                block.text.push('\n');
            }
        }
    }
    out
}

/// The codes `muster check` reports for a block checked as a file of its own.
fn codes_of(text: &str) -> BTreeSet<String> {
    let world = MemoryWorld::new().with("example.muster", text.to_string());
    run(&world, "example.muster", &PackConfig::default())
        .diagnostics
        .iter()
        .map(|d| d.code.as_str().to_string())
        .collect()
}

#[test]
fn every_muster_block_of_the_docs_checks_with_the_codes_it_declares() {
    let bless = std::env::var_os("MUSTER_BLESS").is_some();
    let mut failures = Vec::new();
    let mut seen = 0;
    for (name, page) in pages() {
        let mut lines: Vec<String> = page.lines().map(str::to_string).collect();
        let mut changed = false;
        for block in blocks(&page) {
            seen += 1;
            let found = codes_of(&block.text);
            if found == block.declared {
                continue;
            }
            if bless {
                let codes: Vec<&str> = found.iter().map(String::as_str).collect();
                lines[block.line - 1] = format!("```muster {}", codes.join(" "))
                    .trim_end()
                    .to_string();
                changed = true;
            }
            failures.push(format!(
                "{name}:{}: declares {:?}, checks with {:?}",
                block.line, block.declared, found
            ));
        }
        if changed {
            let mut text = lines.join("\n");
            text.push('\n');
            std::fs::write(root().join(&name), text).unwrap();
        }
    }
    assert!(seen >= 20, "only {seen} muster blocks in the docs");
    assert!(
        bless || failures.is_empty(),
        "{}\n(a fence declares the codes its block checks with: ```muster MC106 MC601)",
        failures.join("\n")
    );
}

/// The README's sample: `muster check scenarios` as it prints the pack's first
/// finding and its closing count, with the time it took left out.
fn sample_output() -> String {
    let (_, stdout, stderr) = crate::common::run(
        crate::common::muster()
            .current_dir(root())
            .args(["check", "scenarios"]),
    );
    let all = format!("{stdout}{stderr}");
    let lines: Vec<&str> = all.lines().collect();
    let first = lines
        .iter()
        .position(|l| {
            ["warning[", "error[", "note["]
                .iter()
                .any(|k| l.starts_with(k))
        })
        .expect("the pack has a finding to show");
    let last = (first..lines.len())
        .find(|&i| lines[i].contains("has the full rule"))
        .expect("a report ends with its help");
    let summary = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("checked "))
        .expect("a closing count");
    format!(
        "$ muster check scenarios\n...\n{}\n...\n{}\n",
        lines[first..=last].join("\n"),
        summary
    )
}

/// `in 0.43s` left out, since the time differs from run to run.
fn untimed(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        match line.find(" in ").filter(|_| line.starts_with("checked ")) {
            Some(at) => {
                let rest = &line[at + 4..];
                out.push_str(&line[..at]);
                out.push_str(rest.find(':').map_or("", |c| &rest[c..]));
            }
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

#[test]
fn the_readme_sample_is_what_muster_check_prints() {
    let readme_path = root().join("README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let open = "```text\n$ muster check scenarios\n";
    let start = readme
        .find(open)
        .expect("the README shows `muster check scenarios`")
        + 8;
    let end = start
        + readme[start..]
            .find("```\n")
            .expect("the sample's closing fence");
    let printed = sample_output();
    if std::env::var_os("MUSTER_BLESS").is_some() {
        let text = format!("{}{printed}{}", &readme[..start], &readme[end..]);
        std::fs::write(&readme_path, text).unwrap();
        return;
    }
    assert_eq!(
        untimed(&readme[start..end]),
        untimed(&printed),
        "the README's sample output differs from what `muster check scenarios` prints; \
         regenerate it with MUSTER_BLESS=1 cargo test --test it docs"
    );
}
