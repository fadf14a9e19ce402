//! Shared helpers for the end-to-end tests: temporary packs, running the binary
//! without colour, and snapshot filters for temporary paths and timings.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};

/// A clean scenario: two sides, each with a company in command, orders, no problems.
pub const CLEAN: &str = r#"scenario "Crossroads" {
  start 1944-06-10 06:00
  turns 12
  first-bound red
  weather clear
  light day
  table 1000m by 1000m
}

side red "Red Force" nation british
side blue "Blue Force" nation german

map {
  place crossroads "The crossroads" at (500,500)
}

forces red {
  company a "A Company" {
    hq a-hq command figures 3 radio short at (100,100)
    element a-1 coherent figures 6 at (150,100)
  }
}

forces blue {
  company b "B Company" {
    hq b-hq command figures 3 radio short at (900,900)
    element b-1 coherent figures 6 at (850,900)
  }
}

orders red {
  a attack probe crossroads "Take the crossroads"
}

orders blue {
  b defend crossroads "Hold the crossroads"
}

victory red "Hold the crossroads at the end" holds crossroads at end
victory blue "Hold the crossroads at the end" holds crossroads at end
"#;

/// The clean scenario with one error (an order to an undefined place) and one
/// warning with a related label (an element out of command range).
pub fn broken() -> String {
    CLEAN
        .replace("a attack probe crossroads", "a attack probe crossroad")
        .replace(
            "element b-1 coherent figures 6 at (850,900)",
            "element b-1 coherent figures 6 at (600,900)",
        )
}

/// The clean scenario with one warning: too many figures for a coherent element.
pub fn warning_only() -> String {
    CLEAN.replace(
        "element a-1 coherent figures 6",
        "element a-1 coherent figures 9",
    )
}

/// A temporary folder holding a pack at `pack/` (with `muster.toml`).
pub struct TempPack {
    pub dir: tempfile::TempDir,
}

impl TempPack {
    pub fn new() -> TempPack {
        let dir = tempfile::tempdir().unwrap();
        let pack = TempPack { dir };
        pack.write("pack/muster.toml", "name = \"test pack\"\n");
        pack
    }

    /// The temporary folder (the working folder of every run).
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The pack root.
    pub fn root(&self) -> PathBuf {
        self.dir.path().join("pack")
    }

    /// Writes a file relative to the temporary folder.
    pub fn write(&self, relative: &str, text: &str) {
        let path = self.dir.path().join(relative);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }

    /// `muster ARGS` run in the temporary folder, without colour.
    pub fn muster(&self, args: &[&str]) -> Command {
        let mut cmd = muster();
        cmd.current_dir(self.dir.path()).args(args);
        cmd
    }
}

/// The binary under test, with `NO_COLOR` and a fixed environment.
pub fn muster() -> Command {
    let mut cmd = Command::cargo_bin("muster").unwrap();
    cmd.env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .env("RAYON_NUM_THREADS", "2");
    cmd
}

/// stdout and stderr as text, with temporary paths and timings filtered out.
pub fn run(cmd: &mut Command) -> (i32, String, String) {
    let out = cmd.output().unwrap();
    let code = out.status.code().unwrap_or(-1);
    (
        code,
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Insta settings filtering the temporary folder and the elapsed time.
pub fn settings(pack: &TempPack) -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    let tmp = fs::canonicalize(pack.path()).unwrap();
    s.add_filter(&regex_escape(&tmp.to_string_lossy()), "[TMP]");
    s.add_filter(&regex_escape(&pack.path().to_string_lossy()), "[TMP]");
    s.add_filter(r"in \d+\.\d+s", "in [TIME]");
    s.set_prepend_module_to_snapshot(false);
    s
}

fn regex_escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A validator for a JSON Schema file of this repository.
pub fn validator(relative: &str) -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    let schema: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap()
}

/// Every validation error of `instance`, as text.
pub fn errors(validator: &jsonschema::Validator, instance: &serde_json::Value) -> Vec<String> {
    validator
        .iter_errors(instance)
        .map(|e| format!("{e} at {}", e.instance_path))
        .collect()
}

/// Whether `program` runs (`program arg` succeeds). A missing tool fails the
/// test under `CI=true` and skips it, with a printed note, elsewhere.
pub fn tool_present(program: &str, arg: &str) -> bool {
    let found = std::process::Command::new(program)
        .arg(arg)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "`{program}` is needed for this test under CI"
        );
        eprintln!("skipped: `{program}` is not installed");
    }
    found
}

/// The case files of `code` under `tests/cases` as (name, text), sorted: a
/// trigger and a near miss, which every code with case files must have.
pub fn case_files(code: &str) -> Vec<(String, String)> {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut names: Vec<String> = fs::read_dir(&cases)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(code) && n.ends_with(".muster"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 2, "{code}: a trigger and a near miss");
    names
        .into_iter()
        .map(|n| {
            let text = fs::read_to_string(cases.join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

/// The lines a child writes to `reader`, read on a thread of their own.
pub fn lines_of(reader: impl std::io::Read + Send + 'static) -> std::sync::mpsc::Receiver<String> {
    use std::io::BufRead;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(reader).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Copies the binary under test to `dest`, executable by anyone, for runs as an
/// unprivileged user. The copy is written by a `cp` child, never by this process:
/// a write descriptor held here would be inherited by any child another test
/// thread forks meanwhile, and executing the copy would then fail with "Text file
/// busy" (ETXTBSY).
pub fn copy_binary_for_anyone(dest: &Path) {
    let status = std::process::Command::new("cp")
        .arg(assert_cmd::cargo::cargo_bin("muster"))
        .arg(dest)
        .status()
        .unwrap();
    assert!(
        status.success(),
        "cp of the binary to {} failed",
        dest.display()
    );
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(dest, fs::Permissions::from_mode(0o755)).unwrap();
}
