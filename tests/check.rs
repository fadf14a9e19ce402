//! `muster check` end to end: exit codes, every output format, the summary line.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{broken, errors, run, settings, validator, warning_only, TempPack, CLEAN};

fn pack_with(files: &[(&str, &str)]) -> TempPack {
    let pack = TempPack::new();
    for (path, text) in files {
        pack.write(path, text);
    }
    pack
}

#[test]
fn clean_pack_exits_0_with_one_summary_line() {
    let pack = pack_with(&[("pack/a.muster", CLEAN), ("pack/b.muster", CLEAN)]);
    let (code, stdout, stderr) = run(&mut pack.muster(&["check", "pack"]));
    settings(&pack).bind(|| insta::assert_snapshot!("check_clean_human", stdout));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(stdout.lines().count(), 1);
    assert!(stdout.starts_with("checked 2 scenarios in "), "{stdout}");
}

#[test]
fn broken_scenario_exits_1_human() {
    let pack = pack_with(&[("pack/a.muster", CLEAN), ("pack/broken.muster", &broken())]);
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack"]));
    assert_eq!(code, 1);
    settings(&pack).bind(|| insta::assert_snapshot!("check_broken_human", stdout));
}

#[test]
fn human_output_is_plain_ascii_without_colour() {
    let pack = pack_with(&[("pack/broken.muster", &broken())]);
    let (_, stdout, _) = run(&mut pack.muster(&["check", "pack"]));
    assert!(!stdout.contains('\u{1b}'), "escape codes in {stdout}");
    // Box drawing is ASCII; only the author's text and `§` may be non-ASCII.
    assert!(!stdout.contains('│') && !stdout.contains('╭'), "{stdout}");
}

#[test]
fn broken_scenario_json() {
    let pack = pack_with(&[("pack/a.muster", CLEAN), ("pack/broken.muster", &broken())]);
    let (code, stdout, stderr) = run(&mut pack.muster(&["check", "pack", "--format", "json"]));
    assert_eq!(code, 1);
    assert!(stderr.starts_with("checked 2 scenarios"), "{stderr}");
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(value["format_version"], 1);
    settings(&pack).bind(|| insta::assert_snapshot!("check_broken_json", stdout));
}

#[test]
fn json_output_matches_the_committed_schema() {
    let pack = pack_with(&[
        ("pack/a.muster", CLEAN),
        ("pack/broken.muster", &broken()),
        ("pack/warn.muster", &warning_only()),
        ("pack/syntax.muster", "scenario {\n  turns twelve\n"),
    ]);
    let (_, stdout, _) = run(&mut pack.muster(&["check", "pack", "--format", "json"]));
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let problems = errors(&validator("schema/diagnostics.schema.json"), &value);
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(value["summary"]["errors"].as_u64().unwrap() >= 2);
}

#[test]
fn broken_scenario_github() {
    let pack = pack_with(&[("pack/a.muster", CLEAN), ("pack/broken.muster", &broken())]);
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack", "--format", "github"]));
    assert_eq!(code, 1);
    assert!(stdout.lines().all(|l| l.starts_with("::")), "{stdout}");
    settings(&pack).bind(|| insta::assert_snapshot!("check_broken_github", stdout));
}

#[test]
fn sarif_output_is_valid_sarif_2_1_0() {
    let pack = pack_with(&[
        ("pack/a.muster", CLEAN),
        ("pack/broken.muster", &broken()),
        ("pack/warn.muster", &warning_only()),
    ]);
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack", "--format", "sarif"]));
    assert_eq!(code, 1);
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let problems = errors(&validator("tests/data/sarif-schema-2.1.0.json"), &value);
    assert!(problems.is_empty(), "{problems:#?}");
    let run = &value["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert!(rules
        .iter()
        .any(|r| r["id"] == "MC301" && r["name"] == "element-separated"));
    let results = run["results"].as_array().unwrap();
    let undefined = results.iter().find(|r| r["ruleId"] == "MC403").unwrap();
    assert_eq!(undefined["level"], "error");
    let location = &undefined["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "broken.muster");
    assert_eq!(location["artifactLocation"]["uriBaseId"], "PACKROOT");
    assert_eq!(location["region"]["startLine"], 32);
    let separated = results.iter().find(|r| r["ruleId"] == "MC301").unwrap();
    assert_eq!(separated["level"], "warning");
    let related = &separated["relatedLocations"][0];
    assert_eq!(related["message"]["text"], "nearest link, 300 m away");
    assert_eq!(related["physicalLocation"]["region"]["startLine"], 26);
}

#[test]
fn warnings_pass_unless_denied() {
    let pack = pack_with(&[("pack/warn.muster", &warning_only())]);
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack"]));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("1 warning"), "{stdout}");
    let (code, _, _) = run(&mut pack.muster(&["check", "pack", "--deny-warnings"]));
    assert_eq!(code, 1);
}

#[test]
fn missing_path_exits_2_with_a_clear_message() {
    let pack = TempPack::new();
    let (code, stdout, stderr) = run(&mut pack.muster(&["check", "nowhere.muster"]));
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    settings(&pack).bind(|| insta::assert_snapshot!("check_missing_path", stderr));
}

#[test]
fn usage_error_exits_2() {
    let pack = TempPack::new();
    let (code, _, _) = run(&mut pack.muster(&["check", "--format", "xml"]));
    assert_eq!(code, 2);
}

#[test]
fn default_path_is_the_working_folder_and_lib_files_are_not_scenarios() {
    let pack = pack_with(&[
        ("pack/a.muster", CLEAN),
        ("pack/lib/only-templates.muster", "// no scenario here\n"),
    ]);
    let (code, stdout, _) = run(pack.muster(&["check"]).current_dir(pack.root()));
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.starts_with("checked 1 scenario in"), "{stdout}");
}

#[test]
fn a_lib_folder_or_file_given_by_name_is_checked_as_a_library() {
    let pack = pack_with(&[("pack/lib/empty.muster", "// templates to come\n")]);
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack/lib"]));
    assert_eq!(code, 0, "{stdout}");
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack/lib/empty.muster"]));
    assert_eq!(code, 0, "{stdout}");
    pack.write("pack/lib/bad.muster", "template broken {\n");
    let (code, stdout, _) =
        run(&mut pack.muster(&["check", "pack/lib/bad.muster", "--format", "json"]));
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("\"MC001\""), "{stdout}");
}

#[test]
fn output_is_sorted_by_path() {
    let pack = pack_with(&[
        ("pack/z.muster", &broken()),
        ("pack/a.muster", &broken()),
        ("pack/m/b.muster", &broken()),
    ]);
    let (_, stdout, _) = run(&mut pack.muster(&["check", "pack", "--format", "github"]));
    let files: Vec<&str> = stdout
        .lines()
        .map(|l| l.split("file=").nth(1).unwrap().split(',').next().unwrap())
        .collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted);
    sorted.dedup();
    assert_eq!(
        sorted,
        ["pack/a.muster", "pack/m/b.muster", "pack/z.muster"]
    );
}

#[test]
fn an_invalid_muster_toml_is_reported() {
    let pack = pack_with(&[
        ("pack/a.muster", CLEAN),
        ("pack/muster.toml", "name = 3\nfoo = [\n"),
    ]);
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack"]));
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("muster.toml"), "{stdout}");
}
