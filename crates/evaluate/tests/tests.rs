//! Integration tests of keisei-evaluate: one test binary, one module per concern.

// Determinism is checked with exact equality on purpose.
#![allow(clippy::float_cmp)]

mod config;
mod evaluation;
mod garbage;
mod properties;

use keisei_board::{Game, Position};
use std::path::{Path, PathBuf};

pub(crate) fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// A position of a fixture record (the last one without `moves`).
pub(crate) fn position(rel: &str, moves: Option<usize>) -> Position {
    let game = Game::load(fixtures().join(rel)).unwrap();
    game.position(moves.unwrap_or_else(|| game.move_count()))
        .unwrap()
}
