//! The shipped pack printed once per run of the test binary: `build --pdf
//! --map-geometry` under umask 022, in a network namespace with only loopback
//! where one can be made. Every test that reads printed sheets of the whole pack
//! (page counts, file modes, map and set-up measurements) shares this one print,
//! which is the slowest thing the tests do.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common::tool_present;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Whether Chromium and poppler are here; under `CI=true` their absence fails.
pub(crate) fn can_print() -> bool {
    tool_present("chromium", "--version") && tool_present("pdftotext", "-v")
}

/// Whether a network namespace can be made (root and `unshare`): the print runs
/// inside one, so nothing could leave even if the sealed browser tried.
fn offline_namespace() -> bool {
    std::process::Command::new("unshare")
        .args(["-n", "true"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The output folder of the shipped pack printed and measured, in the target's
/// scratch folder; built by the first test that asks, shared by the rest.
pub(crate) fn printed_pack() -> &'static Path {
    static OUT: OnceLock<PathBuf> = OnceLock::new();
    OUT.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("printed-pack");
        // A folder left by an earlier run is replaced.
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        build(&dir)
    })
}

fn build(dir: &Path) -> PathBuf {
    let out = dir.join("out");
    let pack = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let script = "umask 022; exec \"$0\" build --pdf --map-geometry --out \"$1\" \"$2\"";
    let mut command = if offline_namespace() {
        let mut c = std::process::Command::new("unshare");
        c.args(["-n", "sh", "-c"])
            .arg(format!("ip link set lo up && {script}"));
        c
    } else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "printing the pack needs a network namespace (root and `unshare`) under CI"
        );
        let mut c = std::process::Command::new("sh");
        c.arg("-c").arg(script);
        c
    };
    let output = command
        .arg(env!("CARGO_BIN_EXE_muster"))
        .arg(&out)
        .arg(&pack)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("game-pack.pdf"), "{stderr}");
    out
}
