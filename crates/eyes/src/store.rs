//! The compiled form of the database, serialized with bincode.
//!
//! All bincode use in keisei-eyes is in this module, so a successor to
//! bincode (pinned at `=2.0.1`; 3.0.0 is an empty release and the project has
//! ended) replaces it here and nowhere else.
//!
//! The compiled form is the finished index (canonical shape key → value and
//! vital points) plus each entry's file and id, behind a header of magic
//! bytes and a format version.

use crate::db::{EyeDb, FlatIndex, Label};
use serde::{Deserialize, Serialize};

const MAGIC: [u8; 8] = *b"KSEYEDB\0";
/// Bump when the compiled layout or the meaning of its fields changes.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct Compiled {
    magic: [u8; 8],
    version: u32,
    labels: Vec<Label>,
    index: FlatIndex,
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

/// Serializes the index of `db`.
///
/// # Panics
/// Never in practice: encoding plain data into a vector cannot fail.
pub fn compile(db: &EyeDb) -> Vec<u8> {
    let (labels, index) = db.parts();
    let c = Compiled {
        magic: MAGIC,
        version: FORMAT_VERSION,
        labels,
        index,
    };
    bincode::serde::encode_to_vec(&c, config()).expect("encoding into a Vec cannot fail")
}

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
    let (c, used): (Compiled, usize) =
        bincode::serde::decode_from_slice(bytes, config()).map_err(decode_error)?;
    if used != bytes.len() {
        return Err(StoreError::NotADatabase(format!(
            "{} trailing bytes",
            bytes.len() - used
        )));
    }
    Ok(EyeDb::from_parts(c.labels, c.index))
}
