//! Integration tests of keisei-eyes: one test binary, one module per concern.

mod database;
mod errors;
mod lookup;
mod properties;
mod sample;

use std::path::{Path, PathBuf};

/// The repository's `fixtures/eyes` directory.
pub(crate) fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/eyes")
}

/// Reads a fixture file, naming it relative to the repository root.
pub(crate) fn read(rel: &str) -> (String, String) {
    let path = fixtures().join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (format!("fixtures/eyes/{rel}"), text)
}
