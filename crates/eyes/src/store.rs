//! The compiled form of the database, serialized with bincode.
//!
//! All bincode use in keisei-eyes is in this module, so a successor to
//! bincode (pinned at `=2.0.1`; 3.0.0 is an empty release and the project has
//! ended) replaces it here and nowhere else.
//!
//! The compiled form is the finished index (canonical shape key → value and
//! vital points, and the hash table that finds a key) plus each entry's file
//! and id, behind a header of magic bytes and a format version. Each array
//! is one run of bytes (numbers little-endian), so loading copies runs
//! instead of decoding thousands of small items.

use crate::db::{EyeDb, FlatIndex, Names};
use crate::value::{EyeValue, Eyes};
use serde::{Deserialize, Serialize};

const MAGIC: [u8; 8] = *b"KSEYEDB\0";
/// Bump when the compiled layout or the meaning of its fields changes.
pub const FORMAT_VERSION: u32 = 2;

/// The layout: the header, the labels' file names, then byte runs.
#[derive(Serialize, Deserialize)]
struct Compiled<'a> {
    magic: [u8; 8],
    version: u32,
    files: Vec<String>,
    /// Each entry's file, an index into `files`.
    file: &'a [u8],
    /// The entries' ids, one after another.
    ids: &'a str,
    /// Where each id ends in `ids` (u32 each).
    id_end: &'a [u8],
    /// The index's arrays (see [`FlatIndex`]): u32 each, but `value` (a
    /// byte `4a + b`), `either` (a byte) and the vital points (two i8 each).
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

fn words(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn points(v: &[(i8, i8)]) -> Vec<u8> {
    v.iter().flat_map(|&(x, y)| [x as u8, y as u8]).collect()
}

fn eyes_index(e: Eyes) -> u8 {
    match e {
        Eyes::Zero => 0,
        Eyes::One => 1,
        Eyes::Two => 2,
        Eyes::Many => 3,
    }
}

/// Serializes the index of `db`.
///
/// # Panics
/// Never in practice: encoding plain data into a vector cannot fail.
pub fn compile(db: &EyeDb) -> Vec<u8> {
    let (names, index) = db.parts();
    let value: Vec<u8> = index
        .value
        .iter()
        .map(|v| 4 * eyes_index(v.a) + eyes_index(v.b))
        .collect();
    let c = Compiled {
        magic: MAGIC,
        version: FORMAT_VERSION,
        files: names.files,
        file: &names.file,
        ids: &names.ids,
        id_end: &words(&names.id_end),
        keys: &words(&index.keys),
        key_start: &words(&index.key_start),
        entry: &words(&index.entry),
        value: &value,
        either: &index.either,
        defence: &points(&index.defence),
        defence_start: &words(&index.defence_start),
        attack: &points(&index.attack),
        attack_start: &words(&index.attack_start),
        tag: &words(&index.tag),
        table: &words(&index.table),
    };
    bincode::serde::encode_to_vec(&c, config()).expect("encoding into a Vec cannot fail")
}

fn to_words(b: &[u8]) -> Result<Vec<u32>, StoreError> {
    if b.len() % 4 != 0 {
        return Err(StoreError::NotADatabase(
            "an array of whole words has a partial word".to_string(),
        ));
    }
    Ok(b.chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect())
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

/// The eye counts by their index in a value byte.
const EYES: [Eyes; 4] = [Eyes::Zero, Eyes::One, Eyes::Two, Eyes::Many];

/// Reads a compiled database.
pub fn load(bytes: &[u8]) -> Result<EyeDb, StoreError> {
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
    let (c, used): (Compiled<'_>, usize) =
        bincode::serde::borrow_decode_from_slice(bytes, config()).map_err(decode_error)?;
    if used != bytes.len() {
        return Err(StoreError::NotADatabase(format!(
            "{} trailing bytes",
            bytes.len() - used
        )));
    }
    let broken = || StoreError::NotADatabase("inconsistent arrays".to_string());
    if c.value.iter().any(|&v| v >= 16) {
        return Err(broken());
    }
    let names = Names {
        files: c.files,
        file: c.file.to_vec(),
        ids: c.ids.to_string(),
        id_end: to_words(c.id_end)?,
    };
    let labels = names.file.len();
    let ends_ok = names.id_end.len() == labels
        && names.id_end.last().map_or(0, |&e| e as usize) == names.ids.len()
        && names.id_end.windows(2).all(|w| w[0] <= w[1])
        && names
            .id_end
            .iter()
            .all(|&e| names.ids.is_char_boundary(e as usize))
        && names
            .file
            .iter()
            .all(|&f| usize::from(f) < names.files.len());
    let index = FlatIndex {
        keys: to_words(c.keys)?,
        key_start: to_words(c.key_start)?,
        entry: to_words(c.entry)?,
        value: c
            .value
            .iter()
            .map(|&v| EyeValue::new(EYES[usize::from(v >> 2)], EYES[usize::from(v & 3)]))
            .collect(),
        either: c.either.to_vec(),
        defence: to_points(c.defence)?,
        defence_start: to_words(c.defence_start)?,
        attack: to_points(c.attack)?,
        attack_start: to_words(c.attack_start)?,
        tag: to_words(c.tag)?,
        table: to_words(c.table)?,
    };
    if !ends_ok || !index.is_consistent(labels) {
        return Err(broken());
    }
    Ok(EyeDb::from_parts(names, index))
}
