//! Runs an outside checker (node, python3) and keeps what it said.
#![allow(dead_code, clippy::expect_used)]

use std::process::Command;

/// Whether `cmd` succeeded, and its stdout then stderr as one text.
pub fn run(cmd: &mut Command) -> (bool, String) {
    let out = cmd.output().expect("the checker runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}
