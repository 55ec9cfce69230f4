//! Storing tables in a file. **Every use of bincode in keisei is in this
//! module**, so replacing the encoding is a change to this file only.
//!
//! # File format (version 1)
//!
//! | bytes | content |
//! |---|---|
//! | 0..8 | magic `KSCANDTB` |
//! | 8..12 | format version, `u32` little-endian (this module writes [`FORMAT_VERSION`]) |
//! | 12..20 | body length in bytes, `u64` little-endian |
//! | 20..28 | FNV-1a-64 of the body, `u64` little-endian |
//! | 28.. | body: bincode 2.0.1 (`config::standard()`: little-endian, variable-length integers) of the table info and the three count arrays, each a flat row-major `Vec<u32>` |
//!
//! The fixed header is read before bincode sees anything, so a file of
//! another version, a truncated file, a damaged file and a file that is not
//! a table are told apart with a clear message naming the file.

use crate::tables::{TableInfo, Tables};
use ndarray::{Array2, Array3};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

/// The magic bytes every table file starts with.
pub const MAGIC: [u8; 8] = *b"KSCANDTB";

/// The version of the format this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;

const HEADER_LEN: usize = 28;

/// The largest body this module decodes (1 GiB): a guard against
/// allocating from a damaged length.
const MAX_BODY: u64 = 1 << 30;

/// What went wrong reading or writing a table file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreErrorKind {
    /// The file could not be read or written.
    Io(String),
    /// The file does not start with [`MAGIC`].
    NotATable,
    /// The file is a table of another format version.
    Version {
        /// The version in the file.
        found: u32,
    },
    /// The file ends before the length its header announces.
    Truncated {
        /// Bytes the header announces (header included).
        expected: u64,
        /// Bytes in the file.
        found: u64,
    },
    /// The file is longer than its header announces.
    TrailingBytes {
        /// Bytes the header announces (header included).
        expected: u64,
        /// Bytes in the file.
        found: u64,
    },
    /// The body does not match its checksum.
    Checksum,
    /// The body does not decode, or decodes to inconsistent tables.
    Invalid(String),
}

/// An error reading or writing a table file, naming the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError {
    /// The file.
    pub path: String,
    /// What went wrong.
    pub kind: StoreErrorKind,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.path)?;
        match &self.kind {
            StoreErrorKind::Io(m) => write!(f, "{m}"),
            StoreErrorKind::NotATable => f.write_str(
                "not a keisei candidate table (it does not start with the bytes `KSCANDTB`)",
            ),
            StoreErrorKind::Version { found } => write!(
                f,
                "candidate table of format version {found}, but this keisei reads version \
                 {FORMAT_VERSION}; rebuild it with `keisei stats build`"
            ),
            StoreErrorKind::Truncated { expected, found } => write!(
                f,
                "truncated candidate table: {found} bytes, but it needs {expected}"
            ),
            StoreErrorKind::TrailingBytes { expected, found } => write!(
                f,
                "damaged candidate table: {found} bytes, but its header announces {expected}"
            ),
            StoreErrorKind::Checksum => {
                f.write_str("damaged candidate table: the body does not match its checksum")
            }
            StoreErrorKind::Invalid(m) => write!(f, "invalid candidate table: {m}"),
        }
    }
}

impl std::error::Error for StoreError {}

#[derive(Serialize, Deserialize)]
struct Body {
    board_size: u8,
    symmetric: bool,
    move_cap: u16,
    history: u8,
    games: u64,
    moves: u64,
    split: String,
    pm: Vec<u32>,
    pp: Vec<u32>,
    pb: Vec<u32>,
}

/// The bytes of a table file holding `tables`.
///
/// # Panics
/// Never in practice: bincode cannot fail to encode integers and a string
/// into memory.
pub fn to_bytes(tables: &Tables) -> Vec<u8> {
    let info = tables.info();
    let body = Body {
        board_size: info.board_size,
        symmetric: info.symmetric,
        move_cap: info.move_cap,
        history: info.history,
        games: info.games,
        moves: info.moves,
        split: info.split.clone(),
        pm: tables.pm().iter().copied().collect(),
        pp: tables.pp().iter().copied().collect(),
        pb: tables.pb().iter().copied().collect(),
    };
    let body = bincode::serde::encode_to_vec(&body, bincode::config::standard())
        .expect("encoding plain integers into a Vec cannot fail");
    let mut out = Vec::with_capacity(HEADER_LEN + body.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(body.len() as u64).to_le_bytes());
    out.extend_from_slice(&crate::fnv1a64(&body).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// Reads tables from the bytes of a table file; `source` names the file in
/// errors.
pub fn from_bytes(bytes: &[u8], source: &str) -> Result<Tables, StoreError> {
    let err = |kind| StoreError {
        path: source.to_string(),
        kind,
    };
    if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
        return Err(err(StoreErrorKind::NotATable));
    }
    let found = bytes.len() as u64;
    if bytes.len() < HEADER_LEN {
        return Err(err(StoreErrorKind::Truncated {
            expected: HEADER_LEN as u64,
            found,
        }));
    }
    let word = |range: std::ops::Range<usize>| {
        let mut b = [0u8; 8];
        b[..range.len()].copy_from_slice(&bytes[range]);
        u64::from_le_bytes(b)
    };
    let version = word(8..12) as u32;
    if version != FORMAT_VERSION {
        return Err(err(StoreErrorKind::Version { found: version }));
    }
    let body_len = word(12..20);
    let checksum = word(20..28);
    let expected = (HEADER_LEN as u64).saturating_add(body_len);
    if body_len > MAX_BODY {
        return Err(err(StoreErrorKind::Invalid(format!(
            "its header announces a body of {body_len} bytes"
        ))));
    }
    if found < expected {
        return Err(err(StoreErrorKind::Truncated { expected, found }));
    }
    if found > expected {
        return Err(err(StoreErrorKind::TrailingBytes { expected, found }));
    }
    let body = &bytes[HEADER_LEN..];
    if crate::fnv1a64(body) != checksum {
        return Err(err(StoreErrorKind::Checksum));
    }
    let config = bincode::config::standard().with_limit::<{ MAX_BODY as usize * 2 }>();
    let (body, used): (Body, usize) = bincode::serde::decode_from_slice(body, config)
        .map_err(|e| err(StoreErrorKind::Invalid(e.to_string())))?;
    if used != body_len as usize {
        return Err(err(StoreErrorKind::Invalid(format!(
            "the body decodes from {used} of its {body_len} bytes"
        ))));
    }
    into_tables(body).map_err(|m| err(StoreErrorKind::Invalid(m)))
}

fn into_tables(body: Body) -> Result<Tables, String> {
    let n = usize::from(body.board_size);
    if n != crate::SIZE {
        return Err(format!(
            "board size {n}; keisei's candidate tables are for 19x19"
        ));
    }
    let area = n * n;
    let cap = usize::from(body.move_cap);
    let history = usize::from(body.history);
    if cap == 0 || history == 0 {
        return Err("a table needs at least one move row and one history depth".to_string());
    }
    let pm = Array2::from_shape_vec((cap, area), body.pm)
        .map_err(|_| format!("Pm does not have {cap} × {area} counts"))?;
    let pp = Array3::from_shape_vec((3, area, area), body.pp)
        .map_err(|_| format!("Pp does not have 3 × {area} × {area} counts"))?;
    let pb = Array3::from_shape_vec((history, area, area), body.pb)
        .map_err(|_| format!("Pb does not have {history} × {area} × {area} counts"))?;
    let info = TableInfo {
        board_size: body.board_size,
        symmetric: body.symmetric,
        move_cap: body.move_cap,
        history: body.history,
        games: body.games,
        moves: body.moves,
        split: body.split,
    };
    let copies = u64::from(info.copies());
    let pm_total: u64 = pm.iter().map(|&c| u64::from(c)).sum();
    if pm_total != info.moves * copies {
        return Err(format!(
            "Pm holds {pm_total} counts but the header says {} moves × {copies}",
            info.moves
        ));
    }
    Ok(Tables::from_parts(info, pm, pp, pb))
}

/// Writes `tables` to `path` (through a temporary file beside it, renamed
/// into place, so a failed write never leaves a half table under the name).
pub fn save(tables: &Tables, path: &Path) -> Result<(), StoreError> {
    let io = |e: std::io::Error| StoreError {
        path: path.display().to_string(),
        kind: StoreErrorKind::Io(format!("cannot write: {e}")),
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, to_bytes(tables)).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

/// Reads tables from the file at `path`.
pub fn load(path: &Path) -> Result<Tables, StoreError> {
    let source = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| StoreError {
        path: source.clone(),
        kind: StoreErrorKind::Io(format!("cannot read: {e}")),
    })?;
    from_bytes(&bytes, &source)
}
