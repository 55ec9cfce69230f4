//! The fixed train/test split of game records, and finding the records in
//! directories.
//!
//! A record's part of the split depends on its **file name only** (not its
//! directory, not its contents): `h = FNV-1a-64(file name bytes)`, and
//! `h % 10 == 0` is a test game, `h % 10 == 1` a validation game, anything
//! else a fitting game. "Train" is fitting plus validation. The same file is in
//! the same part on every machine, whatever directory it is read from, so the
//! table builder, the candidate benchmark and the next-move benchmark of the
//! evaluate crate all agree by calling [`Split::contains`].

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// FNV-1a, 64 bits, of `bytes` (offset basis `0xcbf29ce484222325`, prime
/// `0x100000001b3`).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The bucket (0..10) of a record: FNV-1a-64 of its file name, modulo 10.
/// A path without a file name falls in bucket of the empty name.
pub fn split_bucket(path: &Path) -> u8 {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    (fnv1a64(name.as_bytes()) % 10) as u8
}

/// A part of the fixed split of game records (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Split {
    /// Every record not in the test part (fitting plus validation): 90 %.
    Train,
    /// The held-out records: bucket 0, 10 %.
    Test,
    /// Every record.
    All,
    /// Training records that are not validation records: buckets 2..=9, 80 %.
    Fit,
    /// Training records held out for choosing parameters: bucket 1, 10 %.
    Valid,
}

impl Split {
    /// Every split, in the order of their names in [`Split::NAMES`].
    pub const ALL: [Split; 5] = [
        Split::Train,
        Split::Test,
        Split::All,
        Split::Fit,
        Split::Valid,
    ];

    /// The names accepted by [`Split::from_str`], in the order of [`Split::ALL`].
    pub const NAMES: [&'static str; 5] = ["train", "test", "all", "fit", "valid"];

    /// Whether the record at `path` belongs to this part.
    pub fn contains(self, path: &Path) -> bool {
        let bucket = split_bucket(path);
        match self {
            Split::Train => bucket != 0,
            Split::Test => bucket == 0,
            Split::All => true,
            Split::Fit => bucket >= 2,
            Split::Valid => bucket == 1,
        }
    }

    /// The lowercase name, e.g. `train`.
    pub fn name(self) -> &'static str {
        Split::NAMES[self as usize]
    }
}

impl fmt::Display for Split {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Split {
    type Err = String;

    fn from_str(s: &str) -> Result<Split, String> {
        Split::ALL
            .into_iter()
            .find(|sp| sp.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown split `{s}` (expected one of: {})",
                    Split::NAMES.join(", ")
                )
            })
    }
}

/// Every `.sgf` file (extension compared without case) under the given files
/// and directories, searched recursively, that belongs to `split`; sorted by
/// path and without duplicates, so every run sees the same list in the same
/// order. A path given explicitly as a file is taken whatever its extension.
pub fn collect_sgf_files(roots: &[PathBuf], split: Split) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for root in roots {
        let meta = std::fs::metadata(root).map_err(|e| {
            std::io::Error::new(e.kind(), format!("{}: cannot read: {e}", root.display()))
        })?;
        if meta.is_dir() {
            walk(root, &mut files)?;
        } else {
            files.push(root.clone());
        }
    }
    files.retain(|f| split.contains(f));
    files.sort();
    files.dedup();
    Ok(files)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        std::io::Error::new(e.kind(), format!("{}: cannot read: {e}", dir.display()))
    })?;
    for entry in entries {
        let entry = entry?;
        let path = entry.path();
        let kind = entry.file_type()?;
        if kind.is_dir() {
            walk(&path, files)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            files.push(path);
        }
    }
    Ok(())
}
