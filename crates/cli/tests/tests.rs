//! Integration tests of the `keisei` binary: run it, check what it prints.

mod show;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root (fixtures are addressed relative to it, as in the README).
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `keisei ARGS` from the repository root; returns (status, stdout, stderr).
pub(crate) fn keisei(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_keisei"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the keisei binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}
