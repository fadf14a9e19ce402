//! Imports through the file-system World never leave the pack root: each
//! attempt is an MC104 at the `use`, and a canary file outside is never read.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{run, TempPack, CLEAN};
use serde_json::Value;

/// Text that would produce unmistakable diagnostics if it were ever parsed.
const CANARY: &str = "CANARY-READ !!! this file lies outside the pack\n";

/// A pack whose `a.muster` starts with `use "<import>"`, a canary beside the
/// pack, and a sibling folder `pack-evil` sharing the root's name as a prefix.
fn pack_importing(import: &str) -> TempPack {
    let pack = TempPack::new();
    pack.write("canary.muster", CANARY);
    pack.write("pack-evil/x.muster", CANARY);
    pack.write("pack/a.muster", &format!("use \"{import}\"\n{CLEAN}"));
    pack
}

/// Checks `pack/a.muster` as JSON; returns its diagnostics.
fn diagnostics(pack: &TempPack) -> Vec<Value> {
    let (code, stdout, stderr) =
        run(&mut pack.muster(&["check", "pack/a.muster", "--format", "json"]));
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(!stdout.contains("CANARY"), "the canary was read: {stdout}");
    let value: Value = serde_json::from_str(&stdout).unwrap();
    value["files"][0]["diagnostics"].as_array().unwrap().clone()
}

/// Exactly one MC104, pointing at the `use` on line `line`, and nothing read outside.
fn assert_refused_at_use(pack: &TempPack, line: u64) {
    let found = diagnostics(pack);
    let imports: Vec<&Value> = found.iter().filter(|d| d["code"] == "MC104").collect();
    assert_eq!(imports.len(), 1, "{found:#?}");
    let label = &imports[0]["labels"][0];
    assert_eq!(label["start"]["line"], line, "{label:#}");
    assert!(
        label["file"].as_str().unwrap().ends_with(".muster"),
        "{label:#}"
    );
    let codes: Vec<&str> = found.iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert!(
        !codes.contains(&"MC001"),
        "an outside file was parsed: {codes:?}"
    );
}

#[test]
fn parent_folder_import_is_refused() {
    assert_refused_at_use(&pack_importing("../canary.muster"), 1);
}

#[test]
fn absolute_import_is_refused() {
    let pack = TempPack::new();
    let canary = pack.path().join("canary.muster");
    pack.write("canary.muster", CANARY);
    pack.write(
        "pack/a.muster",
        &format!("use \"{}\"\n{CLEAN}", canary.display()),
    );
    assert_refused_at_use(&pack, 1);
}

#[test]
fn sibling_folder_sharing_the_root_prefix_is_refused() {
    assert_refused_at_use(&pack_importing("../pack-evil/x.muster"), 1);
}

#[cfg(unix)]
#[test]
fn symlink_out_of_the_pack_is_refused() {
    let pack = pack_importing("lib/link.muster");
    std::fs::create_dir_all(pack.root().join("lib")).unwrap();
    std::os::unix::fs::symlink(
        pack.path().join("canary.muster"),
        pack.root().join("lib/link.muster"),
    )
    .unwrap();
    assert_refused_at_use(&pack, 1);
}

#[cfg(unix)]
#[test]
fn symlinked_folder_to_a_sibling_is_refused() {
    let pack = pack_importing("evil/x.muster");
    std::os::unix::fs::symlink(pack.path().join("pack-evil"), pack.root().join("evil")).unwrap();
    assert_refused_at_use(&pack, 1);
}

#[test]
fn self_import_is_refused() {
    assert_refused_at_use(&pack_importing("a.muster"), 1);
}

#[test]
fn import_cycle_is_reported_at_the_use() {
    let pack = pack_importing("lib/b.muster");
    pack.write("pack/lib/b.muster", "use \"c.muster\"\n");
    pack.write("pack/lib/c.muster", "use \"b.muster\"\n");
    let found = diagnostics(&pack);
    let imports: Vec<&Value> = found.iter().filter(|d| d["code"] == "MC104").collect();
    assert!(!imports.is_empty(), "{found:#?}");
    for d in imports {
        let label = &d["labels"][0];
        assert_eq!(label["start"]["line"], 1, "{d:#}");
    }
}

#[test]
fn missing_import_is_reported_at_the_use() {
    assert_refused_at_use(&pack_importing("lib/nothing.muster"), 1);
}

#[test]
fn invalid_utf8_and_oversize_files_are_refused() {
    let pack = TempPack::new();
    pack.write("pack/a.muster", &format!("use \"lib/bad.muster\"\n{CLEAN}"));
    std::fs::create_dir_all(pack.root().join("lib")).unwrap();
    std::fs::write(pack.root().join("lib/bad.muster"), b"template \xff\xfe").unwrap();
    pack.write("pack/big.muster", &"/".repeat(5 * 1024 * 1024));
    let (code, stdout, _) = run(&mut pack.muster(&["check", "pack", "--format", "json"]));
    assert_eq!(code, 1, "{stdout}");
    let value: Value = serde_json::from_str(&stdout).unwrap();
    let files = value["files"].as_array().unwrap();
    let codes = |path: &str| -> Vec<String> {
        files
            .iter()
            .find(|f| f["path"] == path)
            .map(|f| {
                f["diagnostics"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|d| d["code"].as_str().unwrap().to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(codes("pack/big.muster"), ["MC003"]);
    assert!(
        codes("pack/a.muster").contains(&"MC003".to_string()),
        "{stdout}"
    );
}

/// The configured output folder swapped for a link to a folder outside the pack
/// in a tight loop during a build of many scenarios: nothing lands outside.
/// Each file is written through the handle opened at the start, one name at a
/// time without following links, so a swap between the check and the write
/// makes that write fail or land in the real folder, never elsewhere.
#[test]
fn an_output_folder_swapped_for_a_link_during_a_build_writes_nothing_outside() {
    let pack = TempPack::new();
    pack.write("pack/muster.toml", "out = \"site\"\n");
    for i in 0..120 {
        pack.write(&format!("pack/s{i:03}.muster"), CLEAN);
    }
    std::fs::create_dir_all(pack.path().join("outside")).unwrap();
    std::fs::create_dir_all(pack.root().join("site/s000")).unwrap();
    let site = pack.root().join("site");
    let real = pack.root().join("site.real");
    let sub = pack.root().join("sub-real");
    let mut build = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["build", "pack"])
        .current_dir(pack.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Swapping starts once the folder is resolved and locked (before that, a
    // link there is refused with MC117 and nothing is built).
    let started = std::time::Instant::now();
    while !site.join(".muster-lock").exists() {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(120),
            "no build"
        );
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let mut swaps = 0;
    while build.try_wait().unwrap().is_none() {
        // The whole folder, and a scenario's folder inside it, in turn.
        if std::fs::rename(&site, &real).is_ok() {
            let _ = std::os::unix::fs::symlink(pack.path().join("outside"), &site);
            std::thread::yield_now();
            let _ = std::fs::remove_file(&site);
            std::fs::rename(&real, &site).unwrap();
            swaps += 1;
        }
        if std::fs::rename(site.join("s000"), &sub).is_ok() {
            let _ = std::os::unix::fs::symlink(pack.path().join("outside"), site.join("s000"));
            std::thread::yield_now();
            let _ = std::fs::remove_file(site.join("s000"));
            let _ = std::fs::rename(&sub, site.join("s000"));
        }
    }
    let built = build.wait_with_output().unwrap();
    let landed: Vec<_> = std::fs::read_dir(pack.path().join("outside"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(
        landed.is_empty(),
        "{landed:?} landed outside; {}",
        String::from_utf8_lossy(&built.stderr)
    );
    assert!(swaps > 10, "too few swaps to race");
}
