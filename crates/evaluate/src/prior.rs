//! Seed 002's move probabilities as a ranking term. Seed 002 proposes its
//! tables as the candidate generator of an evaluation function; here the
//! combined score (a log-probability up to a constant, computed by the
//! candidates crate) is one more term of a move's value, weighted by
//! `ranking.prior` — a soft form of the seed's candidate restriction.

use keisei_board::{NUM_CELLS, Point, Position};
use keisei_candidates::{Context, Model, from_dense};

/// A log-probability per point for the side to move of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Prior {
    values: Vec<f64>,
}

impl Prior {
    /// The combined score of every point of a 19×19 `position` under
    /// `model`; `None` for other sizes (the tables are for 19×19 only).
    pub fn new(model: &Model, position: &Position) -> Option<Prior> {
        if position.board.size() != 19 {
            return None;
        }
        let ctx = Context::from_position(position);
        let combined = model.combined(&ctx);
        let mut values = vec![0.0; NUM_CELLS];
        for (i, &v) in combined.iter().enumerate() {
            values[from_dense(i).index()] = if v.is_finite() { f64::from(v) } else { -1e3 };
        }
        Some(Prior { values })
    }

    /// A prior from any function of the point (tests, other move models).
    pub fn from_fn(size: u8, f: impl Fn(Point) -> f64) -> Prior {
        let mut values = vec![0.0; NUM_CELLS];
        for p in Point::all(size) {
            values[p.index()] = f(p);
        }
        Prior { values }
    }

    /// The log-probability of a move at `p`.
    pub fn at(&self, p: Point) -> f64 {
        self.values.get(p.index()).copied().unwrap_or(0.0)
    }
}
