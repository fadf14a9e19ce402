//! `muster new NAME`: a new scenario pack that checks clean, with a library
//! folder, a `.gitignore` and an example CI workflow. It never overwrites.

use super::Status;
use crate::cli::NewArgs;
use crate::error::CliError;
use std::path::Path;

const TOML: &str = r#"# A Mission Command scenario pack: `muster check` checks every scenario here,
# `muster build` writes their briefings to `out`.
name = "{NAME}"
out = "out"

[severity]
# House rules for the whole pack, e.g.:
# MC802 = "deny"
"#;

const LIBRARY: &str = r#"// Unit templates shared by the pack's scenarios: `use "lib/units.muster"`.
// Positions are relative to where a unit is placed: x to the right of its
// facing, y forward, in metres.

template rifle-platoon platoon "Rifle Platoon" {
  hq pl-hq command figures 2 at (0,-30)
  element section-1 coherent rifles lmg figures 6 at (-40,0)
  element section-2 coherent rifles lmg figures 6 at (40,0)
}
"#;

const SCENARIO: &str = r#"// A first scenario: two platoons meet at a crossroads.
use "lib/units.muster"

scenario "The Crossroads" {
  start 1944-06-10 08:00
  turns 10
  turn-length 10min
  first-bound blue
  weather clear
  light day
  table 1200m by 1200m
  ground-scale 2m
  ends "the crossroads is held at the end of turn 10"
}

side blue "Blue" nation british
side red "Red" nation german

map {
  road main "Main road" width 6m line (0,600) (1200,600)
  place crossroads "The crossroads" at (600,600)
}

forces blue {
  platoon first from rifle-platoon at (600,200) facing 0
}

forces red {
  platoon second from rifle-platoon at (600,1000) facing 180
}

orders blue {
  first attack full crossroads
}

orders red {
  second defend crossroads
}

victory blue "Hold the crossroads at the end of turn 10" holds crossroads at end
victory red "Hold the crossroads at the end of turn 10" holds crossroads at end
"#;

const GITIGNORE: &str = "# Briefings and JSON written by `muster build`\n/out/\n";

const WORKFLOW: &str = r#"# Checks every scenario on each push; findings appear as annotations.
name: muster
on: [push, pull_request]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      # Put `muster` on the PATH the way your team installs it (a release binary,
      # or `cargo install --path` from a checkout of the toolchain).
      - run: cargo install --locked --git "$MUSTER_REPOSITORY" muster
        env:
          MUSTER_REPOSITORY: ${{ vars.MUSTER_REPOSITORY }}
      - run: muster check --format github --deny-warnings
      - run: muster fmt --check .
"#;

/// The files of a new pack, pack-relative, with their text.
pub fn files(name: &str) -> Vec<(&'static str, String)> {
    vec![
        (
            "muster.toml",
            TOML.replace("{NAME}", &name.replace('"', "'")),
        ),
        ("scenario.muster", SCENARIO.to_string()),
        ("lib/units.muster", LIBRARY.to_string()),
        (".gitignore", GITIGNORE.to_string()),
        (".github/workflows/muster.yml", WORKFLOW.to_string()),
    ]
}

/// Creates the pack; refuses (exit 2) when the folder already exists.
pub fn run(args: &NewArgs) -> Result<Status, CliError> {
    let dir = &args.name;
    if dir.exists() {
        eprintln!(
            "error: `{}` already exists; `muster new` never writes into an existing folder",
            dir.display()
        );
        eprintln!("  help: choose a new name, or remove the folder first");
        return Ok(Status::Trouble);
    }
    let name = dir
        .file_name()
        .map_or("pack".into(), |n| n.to_string_lossy().into_owned());
    for (rel, text) in files(&name) {
        write(&dir.join(rel), &text)?;
    }
    println!(
        "created pack `{}`: muster.toml, scenario.muster, lib/units.muster, .gitignore, .github/workflows/muster.yml",
        dir.display()
    );
    println!("next: cd {} && muster check", dir.display());
    Ok(Status::Clean)
}

fn write(path: &Path, text: &str) -> Result<(), CliError> {
    let err = |e: std::io::Error| CliError::Write {
        path: path.to_path_buf(),
        reason: e.to_string(),
    };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(err)?;
    }
    std::fs::write(path, text).map_err(err)
}
