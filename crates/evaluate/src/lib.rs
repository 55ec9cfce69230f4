//! keisei as a library: the thin facade over the factor crates.
//!
//! # What this crate owns (issue 7)
//! Configuration (which model per factor, weights, the situation-dependent
//! weight tables of seed 004), composition of the factors into one
//! `Evaluation` (seed 000 eq. 1, seed 001 eq. 9), and move ranking (method 1
//! and method 2 of seed 000 §4). It re-exports each factor crate under a short
//! name, as `grep` does for ripgrep's layers.
//!
//! # What it must not know
//! Any factor's algorithm: territory, groups, influence and candidates are
//! computed by their own crates; this crate only wires and weighs them.
//!
//! The implementation arrives with issue 7; until then this crate re-exports
//! the board layer only.

pub use keisei_board as board;
