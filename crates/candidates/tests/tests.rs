//! Integration tests of keisei-candidates: one test binary, one module per
//! concern. Every test uses the repository's own fixtures (composed by the
//! keisei developers); none reads `../shared/data`.

// Tests compare exact values on purpose.
#![allow(clippy::float_cmp)]

mod bench;
mod efficiency;
mod generate;
mod split;
mod store;
mod tables;

use keisei_candidates::{
    BuildOptions, BuildReport, Split, Tables, build_tables, collect_sgf_files,
};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The repository root.
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fixture file by its path from the repository root.
pub(crate) fn fixture(path: &str) -> PathBuf {
    root().join(path)
}

/// The records the fixture table is counted from: `fixtures/positions` and
/// `fixtures/candidates`, all of the split.
pub(crate) fn fixture_files() -> Vec<PathBuf> {
    collect_sgf_files(
        &[
            fixture("fixtures/positions"),
            fixture("fixtures/candidates"),
        ],
        Split::All,
    )
    .unwrap()
}

fn build(symmetric: bool) -> (Tables, BuildReport) {
    build_tables(&fixture_files(), BuildOptions { symmetric }, "all", &|| {}).unwrap()
}

/// The fixture table counted under the 8 symmetries, built once.
pub(crate) fn symmetric() -> &'static (Tables, BuildReport) {
    static T: OnceLock<(Tables, BuildReport)> = OnceLock::new();
    T.get_or_init(|| build(true))
}

/// The fixture table counted plainly, built once.
pub(crate) fn plain() -> &'static (Tables, BuildReport) {
    static T: OnceLock<(Tables, BuildReport)> = OnceLock::new();
    T.get_or_init(|| build(false))
}
