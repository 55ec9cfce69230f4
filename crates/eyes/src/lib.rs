//! Eye shapes in keisei: the value `[a,b]` of an eye space (seed 000 §3.3.2
//! steps 1–2) and its vital points, from a database of shapes or by search.
//!
//! # What this crate owns
//! - [`space`]: the local game on an eye space that defines a value, and
//!   its search.
//! - [`shape`], [`db`], [`format`](mod@format), [`store`], [`builtin`]: shapes up to the
//!   board's symmetries, the `.eyes` text format, the compiled database and
//!   the built-in one.
//! - [`region`]: from a region of the board to its shape, looked up in the
//!   database or searched (and cached); [`combine`]: several regions of one
//!   group.
//! - [`lint`], [`verify`], [`enumerate`]: maintaining the database.
//!
//! # What it must not know
//! Groups, territory, influence or the evaluation: it is handed a region
//! and its owner, and answers with a value.

pub mod builtin;
pub mod combine;
pub mod db;
pub mod enumerate;
pub mod format;
mod hash;
pub mod lint;
pub mod region;
pub mod shape;
pub mod space;
pub mod store;
pub mod value;
pub mod verify;
