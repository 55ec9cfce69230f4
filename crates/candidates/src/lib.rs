//! Candidate moves from move-probability tables (seed 002), for keisei.
//!
//! # What this crate owns (issue 9)
//! - The count tables of seed 002 §2 — Pm (move number), Pp (colour of every
//!   point relative to the player) and Pb (the last 20 moves) — counted from
//!   directories of SGF game records, optionally under the 8 board
//!   symmetries ([`tables`]), and stored in a versioned file ([`store`], the
//!   only module that knows bincode).
//! - The fixed train/test split of game records by a hash of the file name
//!   ([`Split`]), shared by everything in keisei that needs one.
//! - The scores of seed 002 §3 and a combined score ([`Model`]), the
//!   candidate generators (top X∩Y∩Z, thresholds, the combined ranking:
//!   [`Method`]), and the accuracy-vs-count benchmark ([`bench`]).
//!
//! # What it must not know
//! The evaluation function: it proposes moves and rates their shape, the
//! evaluate crate judges them. It depends only on `keisei-board`, and it draws nothing on a
//! terminal (progress is a callback; the CLI owns bars and printing).
//!
//! Tables are for 19×19 boards only; other records are skipped with a
//! counted reason.
//! - Seed 003's move efficiency ([`Efficiency`]): multipliers from local
//!   patterns in a text file of the board crate's pattern language.

pub mod bench;
pub mod efficiency;
mod generate;
pub mod plot;
mod record;
mod score;
mod split;
pub mod store;
pub mod tables;

pub use efficiency::{Efficiency, EfficiencyError, EfficiencyMatch};
pub use generate::{
    Candidate, Method, Thresholds, apply_efficiency, best_moves, candidates, candidates_with,
    legal_moves, places, ranked, select,
};
pub use record::{MoveSeen, Skip, SkipReason, dense, from_dense, game_moves, replay, usable_moves};
pub use score::{Context, Model, Reading, Scores, Weights};
pub use split::{Split, collect_sgf_files, fnv1a64, split_bucket};
pub use tables::{
    BuildOptions, BuildReport, Relation, SkippedGame, TableBuilder, TableInfo, Tables, build_tables,
};

/// The board size of the tables.
pub const SIZE: usize = 19;

/// Points of the 19×19 board: the length of every point axis of the tables.
pub const AREA: usize = SIZE * SIZE;
