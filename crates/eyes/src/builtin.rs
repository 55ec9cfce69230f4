//! The database shipped in the binary: the text files under `crates/eyes/db/`
//! (the source maintainers edit) and their compiled index `db/compiled.bin`,
//! both embedded at build time so nothing must be installed.
//!
//! Start-up loads the compiled index (parsing and indexing the text takes
//! about 12 ms, more than the 1 ms budget for loading built-in databases; the
//! compiled index loads in well under that — see `docs/results.md`). A test
//! recompiles the text and fails if `compiled.bin` is stale; `keisei db
//! compile` rewrites it.

use crate::db::EyeDb;
use std::sync::OnceLock;

/// The built-in text files: (name shown in diagnostics, text).
pub const FILES: &[(&str, &str)] = &[
    (
        "crates/eyes/db/centre.eyes",
        include_str!("../db/centre.eyes"),
    ),
    ("crates/eyes/db/edge.eyes", include_str!("../db/edge.eyes")),
    (
        "crates/eyes/db/corner.eyes",
        include_str!("../db/corner.eyes"),
    ),
    (
        "crates/eyes/db/marginal.eyes",
        include_str!("../db/marginal.eyes"),
    ),
    (
        "crates/eyes/db/killing.eyes",
        include_str!("../db/killing.eyes"),
    ),
];

/// The compiled index of [`FILES`].
pub const COMPILED: &[u8] = include_bytes!("../db/compiled.bin");

/// Where the compiled index lives, relative to the repository root.
pub const COMPILED_PATH: &str = "crates/eyes/db/compiled.bin";

/// Parses and indexes the built-in text files (for lint, verify and fmt).
pub fn load_text() -> Result<EyeDb, keisei_board::diag::SourceErrors> {
    EyeDb::from_texts(FILES.iter().copied())
}

/// The built-in database (compiled index), loaded on first use.
///
/// # Panics
/// If the embedded compiled index does not decode, which the crate's tests
/// rule out.
pub fn builtin() -> &'static EyeDb {
    static DB: OnceLock<EyeDb> = OnceLock::new();
    DB.get_or_init(|| match crate::store::load_static(COMPILED) {
        Ok(db) => db,
        Err(e) => panic!("the built-in compiled eye database is broken: {e}"),
    })
}
