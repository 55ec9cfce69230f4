//! Integration tests of the `keisei` binary: run it, check what it prints.

mod candidates;
mod db;
mod eval;
mod groups;
mod gtp;
mod influence;
mod render;
mod score;
mod show;
mod territory;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root (fixtures are addressed relative to it, as in the README).
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `keisei ARGS` from the repository root; returns (status, stdout, stderr).
pub(crate) fn keisei(args: &[&str]) -> (i32, String, String) {
    keisei_with_input(args, "")
}

/// Runs `keisei ARGS` with `input` on stdin.
pub(crate) fn keisei_with_input(args: &[&str], input: &str) -> (i32, String, String) {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_keisei"))
        .args(args)
        .current_dir(root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the keisei binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    let out = child
        .wait_with_output()
        .expect("the keisei binary finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}
