//! `muster check` end to end: exit codes, every output format, the summary line.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

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

/// A scenario's control characters are reported, and never echoed: an escape
/// sequence in a pack from elsewhere must not drive the reader's terminal.
#[test]
fn control_characters_are_reported_and_not_echoed() {
    let text = CLEAN.replacen("\n", "\n\u{1b}]0;owned\u{7}\n", 2);
    let pack = pack_with(&[("pack/a.muster", &text)]);
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack"]));
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("invisible control character U+001B between words"),
        "{stdout}"
    );
    assert!(
        !stdout.contains('\u{1b}') && !stdout.contains('\u{7}'),
        "{stdout:?}"
    );
    assert!(stdout.contains("?]0;owned?"), "{stdout}");
}

#[test]
fn broken_scenario_json() {
    let pack = pack_with(&[("pack/a.muster", CLEAN), ("pack/broken.muster", &broken())]);
    let (code, stdout, stderr) = run(&mut pack.muster(&["check", "pack", "--format", "json"]));
    assert_eq!(code, 1);
    assert!(stderr.starts_with("checked 2 scenarios"), "{stderr}");
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(value["format_version"], 3);
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
    let schema = validator("schema/diagnostics.schema.json");
    let problems = errors(&schema, &value);
    assert!(problems.is_empty(), "{problems:#?}");
    let mut wrong = value.clone();
    wrong["files"][0]["diagnostics"] = serde_json::json!([{ "code": 301 }]);
    assert!(!errors(&schema, &wrong).is_empty());
    assert!(value["summary"]["errors"].as_u64().unwrap() >= 2);
}

/// Three companies built from a template nobody defined: the JSON lists the
/// first use and one finding standing for the other two, and counts all three.
#[test]
fn json_counts_the_uses_of_an_undefined_name_folded_under_the_first() {
    let three = CLEAN.replace(
        "forces blue {",
        "forces blue {\n  company c1 \"C1\" from rifle-compny at (700,700)\n  company c2 \"C2\" from rifle-compny at (700,800)\n  company c3 \"C3\" from rifle-compny at (800,800)",
    );
    let pack = pack_with(&[("pack/a.muster", &three)]);
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack", "--format", "json"]));
    assert_eq!(code, 1, "{stdout}");
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let undefined: Vec<_> = value["files"][0]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "MC102")
        .map(|d| (d["message"].as_str().unwrap(), d["omitted"].clone()))
        .collect();
    assert_eq!(
        undefined,
        [
            ("undefined template `rifle-compny`", serde_json::Value::Null),
            (
                "and 2 more MC102 for the same undefined template `rifle-compny`",
                serde_json::json!({ "code": "MC102", "count": 2, "total": 3 })
            ),
        ]
    );
    assert_eq!(value["summary"]["errors"], 3, "every use counts");
    let problems = errors(&validator("schema/diagnostics.schema.json"), &value);
    assert!(problems.is_empty(), "{problems:#?}");
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
    let sarif = validator("tests/data/sarif-schema-2.1.0.json");
    let problems = errors(&sarif, &value);
    assert!(problems.is_empty(), "{problems:#?}");
    // The validator is not vacuous: a broken log fails it.
    let mut wrong = value.clone();
    wrong["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!errors(&sarif, &wrong).is_empty());
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

#[test]
fn an_unknown_code_in_muster_toml_is_an_error() {
    let pack = pack_with(&[
        ("pack/a.muster", CLEAN),
        (
            "pack/muster.toml",
            "[severity]\nMC399 = \"deny\"\nMC001 = \"allow\"\n",
        ),
    ]);
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack", "--format", "github"]));
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("`MC399` in `[severity]` names no known rule"),
        "{stdout}"
    );
    assert!(
        stdout.contains("`MC001` in `[severity]` is a syntax code and cannot be re-graded"),
        "{stdout}"
    );
    assert!(stdout.contains("::error file=pack/muster.toml"), "{stdout}");
}

#[test]
fn a_problem_in_an_imported_library_points_into_the_library() {
    let pack = pack_with(&[
        (
            "pack/lib/small.muster",
            "template small-coy company \"Small Company\" {\n  hq coy-hq command figures 3 radio short at (0,0)\n  element pl-1 coherent figures 6 at (400,0)\n}\n",
        ),
        (
            "pack/a.muster",
            &format!(
                "use \"lib/small.muster\"\n{}",
                CLEAN.replace(
                    "forces red {\n",
                    "forces red {\n  company c \"C Company\" from small-coy at (100,300) facing 0\n",
                )
            ),
        ),
    ]);
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack"]));
    assert_eq!(code, 0, "{stdout}");
    settings(&pack).bind(|| insta::assert_snapshot!("check_library_human", stdout));
    let (_, stdout, _) = run(&mut pack.muster(&["check", "pack", "--format", "json"]));
    let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let files: Vec<&str> = value["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["diagnostics"].as_array().unwrap())
        .flat_map(|d| d["labels"].as_array().unwrap())
        .map(|l| l["file"].as_str().unwrap())
        .collect();
    assert!(files.contains(&"pack/lib/small.muster"), "{files:?}");
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    let pack = TempPack::new();
    for i in 0..25 {
        pack.write(&format!("pack/s{i:02}.muster"), CLEAN);
    }
    let (code, _, stderr) = run(&mut pack.muster(&["check", "pack", "--format", "json"]));
    assert_eq!(code, 0);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("checked 25 scenarios in "), "{stderr}");
}

#[test]
fn a_folder_without_scenarios_exits_2() {
    let pack = TempPack::new();
    std::fs::create_dir_all(pack.path().join("empty")).unwrap();
    let (code, stdout, stderr) = run(&mut pack.muster(&["check", "empty"]));
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("no `.muster` files found under `empty`"),
        "{stderr}"
    );
}

#[test]
fn a_library_slip_used_by_three_units_is_one_diagnostic() {
    let pack = pack_with(&[
        (
            "pack/lib/weak.muster",
            "template weak-platoon platoon \"Understrength Platoon\" {\n  hq pl-hq command figures 2 at (0,-20)\n  element sec-1 coherent figures 5 at (0,0)\n}\n",
        ),
        (
            "pack/a.muster",
            &format!(
                "use \"lib/weak.muster\"\n{}",
                CLEAN.replace(
                    "forces red {\n",
                    "forces red {\n  platoon p1 \"1 Platoon\" from weak-platoon at (100,300) facing 0\n  platoon p2 \"2 Platoon\" from weak-platoon at (200,300) facing 0\n  platoon p3 \"3 Platoon\" from weak-platoon at (300,300) facing 0\n",
                )
            ),
        ),
    ]);
    let (_, stdout, _) = run(&mut pack.muster(&["check", "pack"]));
    settings(&pack).bind(|| insta::assert_snapshot!("check_library_slip_three_units", stdout));
    assert_eq!(stdout.matches("[MC205]").count(), 1, "{stdout}");
    assert!(stdout.contains("`p1`, `p2` and `p3`"), "{stdout}");
}

/// Lines of source one snippet quotes, at most, on the whole shipped pack: a
/// label far from the primary one gets its own short snippet, and a label over a
/// whole block is cut to its first lines (an MC506 once quoted 28 lines).
#[test]
fn snippets_stay_short_on_the_shipped_pack() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (_, stdout, _) = run(common::muster()
        .current_dir(root)
        .args(["check", "scenarios"]));
    let mut longest = 0;
    let mut run_of = 0;
    for line in stdout.lines() {
        let t = line.trim_start();
        let quoted = t
            .split_once(" | ")
            .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
            || t.split_once(" |")
                .is_some_and(|(n, rest)| rest.is_empty() && n.parse::<u32>().is_ok());
        if quoted {
            run_of += 1;
            longest = longest.max(run_of);
        } else if !(t.starts_with(':')
            || t.starts_with(',')
            || t.starts_with('`')
            || t.starts_with('|'))
        {
            run_of = 0;
        }
    }
    assert!(
        stdout.contains("error[") || stdout.contains("note["),
        "{stdout}"
    );
    assert!(longest <= 10, "a snippet quotes {longest} lines");
}

#[test]
fn the_shipped_pack_checks_clean_with_deny_warnings() {
    // every unit states its real strength (MC812 is on for the pack) and Arnhem's
    // cut-off company allows its separation on the unit, so no warning stands
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let (code, stdout, stderr) =
        run(common::muster()
            .current_dir(&root)
            .args(["check", "scenarios", "--deny-warnings"]));
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("0 errors, 0 warnings"), "{stdout}{stderr}");
}
