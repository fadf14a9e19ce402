//! `muster export orbat-mapper` and `muster import orbat-mapper` as a writer
//! runs them: the cases of MC955–MC959 (each trigger reports its code and
//! writes nothing, each near miss goes through), and the import never writes
//! over a file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common::{self, run, TempPack};
use std::fs;
use std::path::Path;

/// Runs one case file: its `// orbat-mapper:` line is the file imported;
/// without one the case is the scenario exported.
fn run_case(name: &str, text: &str) -> Result<(), String> {
    let pack = TempPack::new();
    pack.write("pack/op.muster", text);
    let directive = |key: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix(&format!("// {key}: ")))
            .map(str::to_string)
            .collect()
    };
    let mut cmd = match directive("orbat-mapper").first() {
        Some(json) => {
            pack.write("in.json", json);
            pack.muster(&["import", "orbat-mapper", "in.json", "--out", "out.muster"])
        }
        None => pack.muster(&[
            "export",
            "orbat-mapper",
            "pack/op.muster",
            "--out",
            "out.json",
        ]),
    };
    let (code, _, stderr) = run(&mut cmd);
    let written = pack.path().join("out.muster").exists() || pack.path().join("out.json").exists();
    let expected = directive("cli-expect");
    if expected.is_empty() {
        return match (code, written) {
            (0, true) => Ok(()),
            _ => Err(format!("{name}: exit {code}, written {written}: {stderr}")),
        };
    }
    if code == 0 || written {
        return Err(format!("{name}: exit {code}, written {written}: {stderr}"));
    }
    for want in expected {
        let (want_code, fragment) = want.split_once(' ').unwrap_or((&want, ""));
        let found = stderr
            .lines()
            .any(|l| l.starts_with(&format!("error[{want_code}]")) && l.contains(fragment));
        if !found {
            return Err(format!(
                "{name}: no {want_code} saying {fragment:?}: {stderr}"
            ));
        }
    }
    Ok(())
}

#[test]
fn interchange_cases_report_their_codes_and_write_nothing() {
    let mut failures = Vec::new();
    let mut ran = 0;
    for code in ["MC955", "MC956", "MC957", "MC958", "MC959"] {
        for (name, text) in common::case_files(code) {
            if let Err(e) = run_case(&name, &text) {
                failures.push(e);
            }
            ran += 1;
        }
    }
    assert_eq!(ran, 10);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_import_never_writes_over_a_file() {
    let pack = TempPack::new();
    let json = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("crates/muster-render/tests/data/orbat-mapper-sample.json"),
    )
    .unwrap();
    pack.write("in.json", &json);
    pack.write("mine.muster", "// the writer's own scenario\n");
    let (code, _, stderr) =
        run(&mut pack.muster(&["import", "orbat-mapper", "in.json", "--out", "mine.muster"]));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("never over the writer's"), "{stderr}");
    let kept = fs::read_to_string(pack.path().join("mine.muster")).unwrap();
    assert_eq!(kept, "// the writer's own scenario\n");
    // to standard output it prints the scenario, which checks without errors
    let (code, stdout, stderr) = run(&mut pack.muster(&["import", "orbat-mapper", "in.json"]));
    assert_eq!(code, 0, "{stderr}");
    pack.write("pack/imported.muster", &stdout);
    let (code, out, err) = run(&mut pack.muster(&["check", "pack/imported.muster"]));
    assert_eq!(code, 0, "{out}{err}");
}
