//! Move ranking (seed 000 §4, seed 001 §4.1): every legal move valued by the
//! change of evaluation it brings.

use crate::evaluation::{ChildValue, Evaluation, Evaluator, Terms};
use crate::prior::Prior;
use keisei_board::reading::Reader;
use keisei_board::{Board, Cell, Color, Move, Point};
use rayon::prelude::*;
use serde::Serialize;

/// How a move is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Method {
    /// Method 1: the change of evaluation after the side to move plays there,
    /// from its point of view.
    One,
    /// Method 2: the change after Black plays there minus the change after
    /// White plays there (how much the point matters to both sides).
    Two,
}

/// Which part of the evaluation ranks moves (seed 000 figs. 25–29).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Factor {
    /// The whole evaluation (fig. 29).
    All,
    /// Territory only (fig. 25).
    Territory,
    /// Influence only (fig. 26).
    Influence,
    /// Danger-minus only (fig. 27).
    Danger,
    /// Seed 002's move log-probability only (needs a prior).
    Prior,
}

impl Factor {
    fn of(self, weighted: &Terms, total: f64, prior: f64, prior_weight: f64) -> f64 {
        match self {
            Factor::All => total + prior_weight * prior,
            Factor::Territory => weighted.territory,
            Factor::Influence => weighted.influence,
            Factor::Danger => weighted.danger,
            Factor::Prior => prior,
        }
    }
}

/// One ranked move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankedMove {
    /// The point.
    pub point: Point,
    /// Its value under the method and factor (larger is better).
    pub value: f64,
    /// The change of each weighted term (method 1: for the side to move;
    /// method 2: Black's change minus White's), and of the total.
    pub deltas: Terms,
    /// The change of the total.
    pub total: f64,
    /// The move's prior (seed 002's log-probability; 0 without one).
    pub prior: f64,
}

/// The change of every term from `base` to `after`, seen by `color`.
fn deltas(base: &Evaluation, after: &ChildValue, color: Color) -> (Terms, f64) {
    let s = f64::from(color.sign());
    let (a, b) = (&after.weighted, &base.weighted);
    (
        Terms {
            territory: s * (a.territory - b.territory),
            influence: s * (a.influence - b.influence),
            danger: s * (a.danger - b.danger),
            life: s * (a.life - b.life),
            connection: s * (a.connection - b.connection),
            strength: s * (a.strength - b.strength),
            uninfluenced: s * (a.uninfluenced - b.uninfluenced),
        },
        s * (after.total - base.total),
    )
}

fn sub(a: &Terms, b: &Terms) -> Terms {
    Terms {
        territory: a.territory - b.territory,
        influence: a.influence - b.influence,
        danger: a.danger - b.danger,
        life: a.life - b.life,
        connection: a.connection - b.connection,
        strength: a.strength - b.strength,
        uninfluenced: a.uninfluenced - b.uninfluenced,
    }
}

impl Evaluator {
    /// Ranks `moves` (every legal move of the side to move when `None`),
    /// best first; ties keep point order. Children are valued with the
    /// weights of `board` ([`Evaluator::child_value`]: only what the total
    /// needs, reusing the links and cut readings of `board` the move leaves
    /// alone), on
    /// all cores (rayon), each thread with its own reader; the result does
    /// not depend on the number of threads. With a
    /// `prior`, the whole function adds `ranking.prior` × the move's prior.
    pub fn rank(
        &self,
        board: &Board,
        komi: f64,
        method: Method,
        factor: Factor,
        moves: Option<&[Point]>,
        prior: Option<&Prior>,
    ) -> Vec<RankedMove> {
        self.rank_with_own(board, komi, method, factor, moves, prior)
            .into_iter()
            .map(|(m, _)| m)
            .collect()
    }

    /// [`Evaluator::rank`], each move with the change of the total its
    /// player's own move makes, seen by that player, for Black and for
    /// White (method 2 values both moves; method 1 only the side to
    /// move's, the other side's left at 0): method 1's value of either
    /// colour without valuing the children again.
    fn rank_with_own(
        &self,
        board: &Board,
        komi: f64,
        method: Method,
        factor: Factor,
        moves: Option<&[Point]>,
        prior: Option<&Prior>,
    ) -> Vec<(RankedMove, [f64; 2])> {
        let prior_weight = self.config.ranking.prior;
        let prior_at = |p: Point| prior.map_or(0.0, |q| q.at(p));
        let to_move = board.to_move();
        let (base, shared) = self.evaluate_shared(board, komi, &mut Reader::small());
        let list: Vec<Point> = match moves {
            Some(m) => m
                .iter()
                .copied()
                .filter(|&p| match method {
                    Method::One => board.is_legal(to_move, p),
                    Method::Two => {
                        board.is_legal(Color::Black, p) || board.is_legal(Color::White, p)
                    }
                })
                .collect(),
            None => board.legal_moves(to_move).collect(),
        };
        let child = |reader: &mut Reader, color: Color, p: Point| -> Option<ChildValue> {
            let mut b = board.clone();
            b.play(color, p).ok()?;
            Some(self.child_value(&shared, &b, reader))
        };
        let mut ranked: Vec<(RankedMove, [f64; 2])> = list
            .par_iter()
            .map_init(Reader::new, |reader, &p| {
                let (d, total, own) = match method {
                    Method::One => {
                        let (d, total) = deltas(&base, &child(reader, to_move, p)?, to_move);
                        let mut own = [0.0; 2];
                        own[to_move.index()] = total;
                        (d, total, own)
                    }
                    Method::Two => {
                        // An illegal move for one side counts as no change for it.
                        let zero = (Terms::default(), 0.0);
                        let b = child(reader, Color::Black, p)
                            .map_or(zero, |e| deltas(&base, &e, Color::Black));
                        let w = child(reader, Color::White, p)
                            .map_or(zero, |e| deltas(&base, &e, Color::Black));
                        (sub(&b.0, &w.0), b.1 - w.1, [b.1, -w.1])
                    }
                };
                Some((
                    RankedMove {
                        point: p,
                        value: factor.of(&d, total, prior_at(p), prior_weight),
                        deltas: d,
                        total,
                        prior: prior_at(p),
                    },
                    own,
                ))
            })
            .filter_map(|m| m)
            .collect();
        ranked.sort_by(|(a, _), (b, _)| b.value.total_cmp(&a.value).then(a.point.cmp(&b.point)));
        ranked
    }

    /// The move to play for `color` (what `genmove` plays): the best move
    /// by method 2 of the whole function among the moves legal for `color`
    /// that do not fill one of its own one-point eyes (a point whose every
    /// neighbour is its stone or the edge) and that raise `color`'s own
    /// evaluation (method 1's change is positive); a pass when there is
    /// none, as at the end of a game, where every move fills territory or
    /// feeds the opponent stones. Also returns the method-2 ranking. Method
    /// 1's change is the one method 2 found for `color`'s move (no child is
    /// valued twice).
    pub fn choose_move(&self, board: &Board, komi: f64, color: Color) -> (Move, Vec<RankedMove>) {
        let mut board = board.clone();
        board.set_to_move(color);
        let ranked = self.rank_with_own(&board, komi, Method::Two, Factor::All, None, None);
        let own_eye = |p: Point| {
            p.neighbors()
                .iter()
                .all(|&n| board.cell(n) == Cell::Off || board.color(n) == Some(color))
        };
        let chosen = ranked
            .iter()
            .find(|(m, own)| {
                board.is_legal(color, m.point) && !own_eye(m.point) && own[color.index()] > 0.0
            })
            .map_or(Move::Pass, |(m, _)| Move::Play(m.point));
        (chosen, ranked.into_iter().map(|(m, _)| m).collect())
    }
}
