//! The change of every term for every move of a position, from one pass:
//! the raw material of move ranking (method 1 and 2, per factor), of the
//! next-move benchmark and of weight fitting.

use crate::config::EffectiveWeights;
use crate::evaluation::{Evaluator, Terms};
use crate::prior::Prior;
use keisei_board::reading::Reader;
use keisei_board::{Board, Color, Point};
use serde::{Deserialize, Serialize};

/// The raw (unweighted) term changes of one move, from Black's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveTerms {
    /// The point.
    pub point: Point,
    /// After Black plays there (None if illegal for Black).
    pub black: Option<[f64; 7]>,
    /// After White plays there (None if illegal for White).
    pub white: Option<[f64; 7]>,
    /// Seed 002's log-probability of the move for the side to move (0
    /// without a move-probability table).
    pub prior: f64,
}

/// Every move's term changes in one position, with the weights in effect.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PositionTerms {
    /// The side to move.
    pub to_move: Color,
    /// The weights of the position (seed 004 and the phase gate applied).
    pub weights: EffectiveWeightsData,
    /// Every point legal for at least one side.
    pub moves: Vec<MoveTerms>,
    /// Whether the moves carry a prior.
    pub has_prior: bool,
}

/// The effective weights as plain data (for storage between runs).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EffectiveWeightsData {
    /// Territory, influence, danger.
    pub base: [f64; 3],
    /// Weak groups of the side to move and of its opponent.
    pub weak: (usize, usize),
    /// 0 opening, 1 middle, 2 late.
    pub phase: usize,
}

/// The terms as an array: territory, influence, danger, life, connection,
/// strength, uninfluenced.
pub fn terms_array(t: &Terms) -> [f64; 7] {
    [
        t.territory,
        t.influence,
        t.danger,
        t.life,
        t.connection,
        t.strength,
        t.uninfluenced,
    ]
}

/// The method-1 value of each term of a move for the side to move: the raw
/// changes after it plays, seen by it. `None` if it may not play there.
pub fn method_one(m: &MoveTerms, to_move: Color) -> Option<[f64; 7]> {
    let s = f64::from(to_move.sign());
    let d = match to_move {
        Color::Black => m.black?,
        Color::White => m.white?,
    };
    Some(d.map(|v| s * v))
}

/// The method-2 value of each term: the change after Black plays minus the
/// change after White plays (an illegal move counts as no change).
pub fn method_two(m: &MoveTerms) -> [f64; 7] {
    let (b, w) = (m.black.unwrap_or([0.0; 7]), m.white.unwrap_or([0.0; 7]));
    std::array::from_fn(|i| b[i] - w[i])
}

impl Evaluator {
    /// Evaluates `board` and, for every point legal for either side, the
    /// positions after Black and after White play there, with the weights of
    /// `board`; returns the raw term changes, and each move's prior when one
    /// is given.
    pub fn position_terms(
        &self,
        board: &Board,
        komi: f64,
        reader: &mut Reader,
        prior: Option<&Prior>,
    ) -> PositionTerms {
        let (base, shared) = self.evaluate_shared(board, komi, reader);
        let w: EffectiveWeights = base.weights;
        let base_terms = terms_array(&base.terms);
        let mut moves = Vec::new();
        for p in board.points() {
            if !board.is_empty(p) {
                continue;
            }
            let mut child = |color: Color| -> Option<[f64; 7]> {
                let mut b = board.clone();
                b.play(color, p).ok()?;
                let t = terms_array(&self.child_value(&shared, &b, reader).terms);
                Some(std::array::from_fn(|i| t[i] - base_terms[i]))
            };
            let (black, white) = (child(Color::Black), child(Color::White));
            if black.is_some() || white.is_some() {
                moves.push(MoveTerms {
                    point: p,
                    black,
                    white,
                    prior: prior.map_or(0.0, |q| q.at(p)),
                });
            }
        }
        PositionTerms {
            to_move: board.to_move(),
            weights: EffectiveWeightsData {
                base: [w.territory, w.influence, w.danger],
                weak: w.weak,
                phase: w.phase.index(),
            },
            moves,
            has_prior: prior.is_some(),
        }
    }
}
