//! The ground every keisei crate stands on: the Go board and the vocabulary
//! to talk about it.
//!
//! # What this crate owns
//! - [`Board`]: boards of size 5..=25, stones, chains with incrementally
//!   maintained liberties, captures, suicide and simple-ko rules, a Zobrist
//!   hash, legal-move iteration; `Clone` is a flat copy, which is how search
//!   explores variations.
//! - [`Point`], [`Color`], [`Cell`], [`Move`], [`PointSet`], the eight board
//!   [`Symmetry`]s.
//! - [`sgf`]: game records loaded through `sgf-parse` (main line, setup,
//!   handicap, komi, `PL`, the position after move N and the move played next).
//! - [`BoardMap`]: the per-point map every factor returns, and its canonical
//!   ASCII rendering (columns `A`–`T` without `I`, row 19 at the top) that
//!   every snapshot in the project shows.
//!
//! # What this crate must not know
//! Nothing about evaluation: territory, influence, groups, eyes, weights and
//! move ranking live in the crates above it. This crate depends on no other
//! keisei crate.

mod board;
mod color;
pub mod diag;
pub mod footprint;
mod map;
pub mod pattern;
mod point;
pub mod reading;
mod set;
pub mod sgf;
mod symmetry;
mod zobrist;

pub use board::{Board, BoardError, ChainStones, PointSets};
pub use color::{Cell, Color};
pub use map::{BoardMap, MapCell, render_board};
pub use point::{COLUMN_LETTERS, MAX_SIZE, MIN_SIZE, Move, NUM_CELLS, Point, STRIDE};
pub use set::{PointSet, PointSetIter};
pub use sgf::{Game, Position, SgfError, SgfErrorKind};
pub use symmetry::Symmetry;
