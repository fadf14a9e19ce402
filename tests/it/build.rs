//! `muster build` end to end: outputs written for clean scenarios only, earlier
//! outputs kept on errors, never half a file even when the build is killed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{broken, run, TempPack, CLEAN};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    if let Ok(entries) = fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                found.extend(files_under(&path));
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn writes_outputs_for_a_clean_scenario() {
    let pack = TempPack::new();
    pack.write("pack/crossroads.muster", CLEAN);
    let (code, _, stderr) = run(&mut pack.muster(&["build", "pack", "--out", "out"]));
    assert_eq!(code, 0, "{stderr}");
    let json = fs::read_to_string(pack.path().join("out/crossroads/scenario.json")).unwrap();
    serde_json::from_str::<serde_json::Value>(&json).unwrap();
    assert!(pack.path().join("out/crossroads/umpire.html").is_file());
    assert!(
        stderr.contains("built `pack/crossroads.muster`"),
        "{stderr}"
    );
}

#[test]
fn a_scenario_with_errors_writes_nothing_and_keeps_old_outputs() {
    let pack = TempPack::new();
    pack.write("pack/crossroads.muster", CLEAN);
    let (code, _, _) = run(&mut pack.muster(&["build", "pack", "--out", "out"]));
    assert_eq!(code, 0);
    let before: Vec<(PathBuf, Vec<u8>)> = files_under(&pack.path().join("out"))
        .into_iter()
        .map(|p| (p.clone(), fs::read(p).unwrap()))
        .collect();
    assert!(!before.is_empty());

    pack.write("pack/crossroads.muster", &broken());
    pack.write("pack/fresh.muster", &broken());
    let (code, _, stderr) = run(&mut pack.muster(&["build", "pack", "--out", "out"]));
    assert_eq!(code, 1);
    assert!(
        stderr.contains("skipped `pack/crossroads.muster`"),
        "{stderr}"
    );
    let after: Vec<(PathBuf, Vec<u8>)> = files_under(&pack.path().join("out"))
        .into_iter()
        .map(|p| (p.clone(), fs::read(p).unwrap()))
        .collect();
    assert_eq!(
        before, after,
        "outputs changed although the scenario had errors"
    );
}

#[test]
fn refuses_an_output_folder_that_is_a_file() {
    let pack = TempPack::new();
    pack.write("pack/crossroads.muster", CLEAN);
    pack.write("out", "not a folder");
    let (code, _, stderr) = run(&mut pack.muster(&["build", "pack", "--out", "out"]));
    assert_eq!(code, 2);
    assert!(stderr.contains("is a file"), "{stderr}");
}

#[test]
fn uses_the_out_folder_of_muster_toml() {
    let pack = TempPack::new();
    pack.write("pack/muster.toml", "out = \"site\"\n");
    pack.write("pack/crossroads.muster", CLEAN);
    let (code, _, stderr) = run(&mut pack.muster(&["build", "pack"]));
    assert_eq!(code, 0, "{stderr}");
    assert!(pack.root().join("site/crossroads/scenario.json").is_file());
}

/// A pack of `n` scenarios with titles marked `mark`.
fn large_pack(pack: &TempPack, n: usize, mark: &str) {
    for i in 0..n {
        let text = CLEAN.replace("\"Crossroads\"", &format!("\"Crossroads {mark} {i}\""));
        pack.write(&format!("pack/s{i:04}.muster"), &text);
    }
}

/// Every output is complete: JSON parses, HTML ends its document; no temporaries.
fn assert_outputs_whole(out: &Path) {
    for file in files_under(out) {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        assert!(
            !name.starts_with(".muster-tmp-"),
            "temporary file left: {}",
            file.display()
        );
        let text = fs::read_to_string(&file).unwrap();
        if name.ends_with(".json") {
            serde_json::from_str::<serde_json::Value>(&text)
                .unwrap_or_else(|e| panic!("{} is not whole JSON: {e}", file.display()));
        } else if name.ends_with(".html") {
            assert!(
                text.trim_end().ends_with("</html>"),
                "{} is cut short",
                file.display()
            );
        }
    }
}

/// Starts a build of the whole pack, waits until `started` says it is writing
/// (or a bounded time), then stops it with `signal`.
fn interrupted_build(pack: &TempPack, signal: &str, started: impl Fn(&Path) -> bool) {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("muster"))
        .current_dir(pack.path())
        .args(["build", "pack", "--out", "out", "--format", "json"])
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let clock = Instant::now();
    let out = pack.path().join("out");
    while clock.elapsed() < Duration::from_secs(20) && !started(&out) {
        std::thread::sleep(Duration::from_millis(2));
    }
    std::process::Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    child.wait().unwrap();
}

/// The title written in a scenario's JSON output, if the file exists.
fn title_in(out: &Path, scenario: &str) -> Option<String> {
    let text = fs::read_to_string(out.join(scenario).join("scenario.json")).ok()?;
    Some(text.lines().find(|l| l.contains("Crossroads"))?.to_string())
}

#[cfg(unix)]
#[test]
fn a_build_stopped_midway_leaves_only_whole_files() {
    let pack = TempPack::new();
    large_pack(&pack, 300, "old");
    let (code, _, stderr) =
        run(&mut pack.muster(&["build", "pack", "--out", "out", "--format", "json"]));
    assert_eq!(code, 0, "{stderr}");
    large_pack(&pack, 300, "new");
    interrupted_build(&pack, "-TERM", |out| {
        title_in(out, "s0000").is_some_and(|t| t.contains("new"))
    });
    let out = pack.path().join("out");
    assert_outputs_whole(&out);
    // Stopped midway: the first scenario is rebuilt, the last one not yet.
    assert!(title_in(&out, "s0000").unwrap().contains("new"));
    assert!(
        title_in(&out, "s0299").unwrap().contains("old"),
        "the build was not stopped midway"
    );
}

#[cfg(unix)]
#[test]
fn a_killed_build_leaves_whole_files_and_the_next_build_tidies_up() {
    let pack = TempPack::new();
    large_pack(&pack, 300, "first");
    interrupted_build(&pack, "-KILL", |out| files_under(out).len() > 3);
    let out = pack.path().join("out");
    for file in files_under(&out) {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        if name.ends_with(".json") && !name.starts_with(".muster-tmp-") {
            serde_json::from_str::<serde_json::Value>(&fs::read_to_string(&file).unwrap()).unwrap();
        }
    }
    let (code, _, stderr) =
        run(&mut pack.muster(&["build", "pack", "--out", "out", "--format", "json"]));
    assert_eq!(code, 0, "{stderr}");
    assert_outputs_whole(&out);
}

/// Builds the shipped pack into a fresh folder under umask 022 (through `sh`, so
/// the test process's own umask is untouched); returns the output folder.
fn build_shipped_pack(dir: &Path) -> PathBuf {
    let out = dir.join("out");
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg("umask 022; exec \"$0\" build \"$1\" --out \"$2\"")
        .arg(env!("CARGO_BIN_EXE_muster"))
        .arg(&scenarios)
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    out
}

fn relative(out: &Path, p: &Path) -> String {
    p.strip_prefix(out).unwrap().to_string_lossy().to_string()
}

#[test]
fn the_index_lists_every_sheet_and_files_are_0644_in_0755_folders() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let out = build_shipped_pack(dir.path());
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    let sheets: Vec<String> = files_under(&out)
        .iter()
        .map(|p| relative(&out, p))
        .filter(|r| r.ends_with(".html") && r != "index.html")
        .collect();
    assert!(sheets.len() > 40, "{sheets:?}");
    for sheet in &sheets {
        assert!(index.contains(&format!("href=\"{sheet}\"")), "{sheet}");
    }
    for whom in ["<td>umpire</td>", "<td>side: ", "<td>player: "] {
        assert!(index.contains(whom), "{whom}");
    }
    // Under umask 022: every file rw-r--r--, every folder rwxr-xr-x.
    let mut folders = vec![out.clone()];
    for file in files_under(&out) {
        let mode = fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644, "{} is {mode:o}", file.display());
        folders.extend(file.parent().map(Path::to_path_buf));
    }
    for folder in folders {
        let mode = fs::metadata(&folder).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o755, "{} is {mode:o}", folder.display());
    }
}

#[test]
fn command_cards_one_per_unit_with_its_own_order_and_fogged() {
    let dir = tempfile::tempdir().unwrap();
    let out = build_shipped_pack(dir.path());
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    let mut checked = 0;
    for side_json in files_under(&out).iter().filter(|p| {
        let name = p.file_name().unwrap().to_string_lossy();
        name.starts_with("side-") && name.ends_with(".json")
    }) {
        let view: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(side_json).unwrap()).unwrap();
        let text = fs::read_to_string(side_json).unwrap();
        let folder = side_json.parent().unwrap();
        let sid = side_json
            .file_name()
            .unwrap()
            .to_string_lossy()
            .trim_start_matches("side-")
            .trim_end_matches(".json")
            .to_string();
        let side = view["sides"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| {
                s["id"].as_str().map(|i| {
                    i.replace(
                        |c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_',
                        "_",
                    )
                }) == Some(sid.clone())
            })
            .unwrap();
        let side_id = side["id"].as_str().unwrap();
        let mut units: Vec<&str> = view["orders"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["side"] == side_id)
            .filter_map(|o| o["unit"]["id"].as_str())
            .collect();
        units.sort_unstable();
        units.dedup();
        let cards_path = folder.join(format!("cards-{sid}.html"));
        let cards = fs::read_to_string(&cards_path).unwrap();
        assert_eq!(
            cards.matches("class=\"cmd-card\"").count(),
            units.len(),
            "{}",
            cards_path.display()
        );
        for u in &units {
            assert!(cards.contains(&format!("id=\"card-{u}\"")), "{u}");
        }
        assert!(index.contains(&format!("href=\"{}\"", relative(&out, &cards_path))));
        // Fog: no enemy unit's display name the side's own JSON does not hold.
        let full: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(folder.join("scenario.json")).unwrap())
                .unwrap();
        for enemy in full["sides"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["id"] != side_id)
        {
            for name in display_names(&enemy["units"]) {
                if !text.contains(&name) {
                    assert!(
                        !cards.contains(&name),
                        "{name} leaks into {}",
                        cards_path.display()
                    );
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "{checked} sides checked");
}

/// Every unit's display name below `units`, sub-units included.
fn display_names(units: &serde_json::Value) -> Vec<String> {
    let mut names = Vec::new();
    for u in units.as_array().into_iter().flatten() {
        names.extend(u["display"].as_str().map(str::to_string));
        names.extend(display_names(&u["units"]));
    }
    names
}
