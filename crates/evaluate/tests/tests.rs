//! Integration tests of keisei-evaluate: one test binary, one module per concern.

// Determinism is checked with exact equality on purpose.
#![allow(clippy::float_cmp)]

mod config;
mod evaluation;
mod garbage;
mod properties;

use keisei_board::{Game, Point, Position};
use keisei_evaluate::{Config, Evaluation, Evaluator};
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

/// The point of `pos`'s board at GTP vertex `v`.
pub(crate) fn point(pos: &Position, v: &str) -> Point {
    Point::from_gtp(v, pos.board.size()).unwrap()
}

/// `pos` evaluated with the default configuration changed by `tweak`.
pub(crate) fn evaluate_with(pos: &Position, tweak: impl FnOnce(&mut Config)) -> Evaluation {
    let mut config = Config::default();
    tweak(&mut config);
    Evaluator::new(config).evaluate(&pos.board, pos.komi)
}
