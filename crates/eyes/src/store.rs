//! The compiled form of the database, serialized with bincode.
//!
//! All bincode use in keisei-eyes is in this module, so a successor to
//! bincode (pinned at `=2.0.1`; 3.0.0 is an empty release and the project has
//! ended) replaces it here and nowhere else.
//!
//! The compiled form is the finished index (canonical shape key → value and
//! vital points, and the hash table that finds a key) plus each entry's file
//! and id, behind a header of magic bytes and a format version. Each array
//! is one run of bytes in the layout the index uses (see
//! [`FlatIndex`](crate::db::FlatIndex)), so the built-in index, embedded in
//! the binary, is used where it lies: loading checks it and copies nothing
//! but the few vital points.

use crate::db::{Bytes, EyeDb, FlatIndex, Names};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

const MAGIC: [u8; 8] = *b"KSEYEDB\0";
/// Bump when the compiled layout or the meaning of its fields changes.
pub const FORMAT_VERSION: u32 = 2;

/// The layout: the header, the labels' file names, then byte runs (see
/// [`Names`] and [`FlatIndex`]; vital points are two i8 each).
#[derive(Serialize, Deserialize)]
struct Compiled<'a> {
    magic: [u8; 8],
    version: u32,
    files: Vec<String>,
    file: &'a [u8],
    ids: &'a str,
    id_end: &'a [u8],
    keys: &'a [u8],
    key_start: &'a [u8],
    entry: &'a [u8],
    value: &'a [u8],
    either: &'a [u8],
    defence: &'a [u8],
    defence_start: &'a [u8],
    attack: &'a [u8],
    attack_start: &'a [u8],
    tag: &'a [u8],
    table: &'a [u8],
}

/// Why a compiled database cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// Not a compiled eye database (bad magic bytes or undecodable).
    NotADatabase(String),
    /// Written by another version of the format.
    Version {
        /// The version found.
        found: u32,
        /// The version this build reads.
        expected: u32,
    },
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::NotADatabase(m) => write!(f, "not a compiled eye database: {m}"),
            StoreError::Version { found, expected } => write!(
                f,
                "compiled eye database of format version {found}, this build reads version {expected}"
            ),
        }
    }
}

impl std::error::Error for StoreError {}

fn decode_error(e: bincode::error::DecodeError) -> StoreError {
    StoreError::NotADatabase(match e {
        bincode::error::DecodeError::UnexpectedEnd { .. } => {
            "the data ends early (a truncated file?)".to_string()
        }
        other => other.to_string(),
    })
}

fn config() -> bincode::config::Configuration {
    bincode::config::standard()
}

fn points(v: &[(i8, i8)]) -> Vec<u8> {
    v.iter().flat_map(|&(x, y)| [x as u8, y as u8]).collect()
}

/// Serializes the index of `db`.
///
/// # Panics
/// Never in practice: encoding plain data into a vector cannot fail.
pub fn compile(db: &EyeDb) -> Vec<u8> {
    let (names, index) = db.parts();
    let c = Compiled {
        magic: MAGIC,
        version: FORMAT_VERSION,
        files: names.files,
        file: &names.file,
        ids: &names.ids,
        id_end: &names.id_end,
        keys: &index.keys,
        key_start: &index.key_start,
        entry: &index.entry,
        value: &index.value,
        either: &index.either,
        defence: &points(&index.defence),
        defence_start: &index.defence_start,
        attack: &points(&index.attack),
        attack_start: &index.attack_start,
        tag: &index.tag,
        table: &index.table,
    };
    bincode::serde::encode_to_vec(&c, config()).expect("encoding into a Vec cannot fail")
}

fn to_points(b: &[u8]) -> Result<Vec<(i8, i8)>, StoreError> {
    if b.len() % 2 != 0 {
        return Err(StoreError::NotADatabase(
            "an array of points has half a point".to_string(),
        ));
    }
    Ok(b.chunks_exact(2)
        .map(|p| (p[0] as i8, p[1] as i8))
        .collect())
}

/// Reads a compiled database (copying its arrays; see [`load_static`]).
pub fn load(bytes: &[u8]) -> Result<EyeDb, StoreError> {
    read(
        bytes,
        |b| Cow::Owned(b.to_vec()),
        |s| Cow::Owned(s.to_string()),
    )
}

/// Reads a compiled database that lives as long as the program (the
/// built-in one): its arrays are used where they lie, not copied.
pub fn load_static(bytes: &'static [u8]) -> Result<EyeDb, StoreError> {
    read(bytes, Cow::Borrowed, Cow::Borrowed)
}

fn read<'a>(
    bytes: &'a [u8],
    keep: impl Fn(&'a [u8]) -> Bytes,
    keep_str: impl Fn(&'a str) -> Cow<'static, str>,
) -> Result<EyeDb, StoreError> {
    if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
        return Err(StoreError::NotADatabase(
            "missing the KSEYEDB header".to_string(),
        ));
    }
    // The version follows the magic bytes; check it before decoding the rest.
    let (version, _): (u32, usize) =
        bincode::serde::decode_from_slice(&bytes[MAGIC.len()..], config()).map_err(decode_error)?;
    if version != FORMAT_VERSION {
        return Err(StoreError::Version {
            found: version,
            expected: FORMAT_VERSION,
        });
    }
    let (c, used): (Compiled<'a>, usize) =
        bincode::serde::borrow_decode_from_slice(bytes, config()).map_err(decode_error)?;
    if used != bytes.len() {
        return Err(StoreError::NotADatabase(format!(
            "{} trailing bytes",
            bytes.len() - used
        )));
    }
    let names = Names {
        files: c.files,
        file: keep(c.file),
        ids: keep_str(c.ids),
        id_end: keep(c.id_end),
    };
    let index = FlatIndex {
        keys: keep(c.keys),
        key_start: keep(c.key_start),
        entry: keep(c.entry),
        value: keep(c.value),
        either: keep(c.either),
        defence: to_points(c.defence)?,
        defence_start: keep(c.defence_start),
        attack: to_points(c.attack)?,
        attack_start: keep(c.attack_start),
        tag: keep(c.tag),
        table: keep(c.table),
    };
    if !names.is_consistent() || !index.is_consistent(names.file.len() / 4) {
        return Err(StoreError::NotADatabase("inconsistent arrays".to_string()));
    }
    Ok(EyeDb::from_parts(names, index))
}
