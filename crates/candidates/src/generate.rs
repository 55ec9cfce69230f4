//! Candidate generators (seed 002 §3, experiments 1 and 2) and the combined
//! ranking of keisei. Only legal moves of the player to move are candidates.

use crate::AREA;
use crate::efficiency::Efficiency;
use crate::record::{dense, from_dense};
use crate::score::{Context, Model, Scores};
use keisei_board::Point;

/// Thresholds of experiment 2, in the units of the seed's table 2 (see
/// [`Thresholds::to_scores`] and `docs/algorithms.md`): a move is a
/// candidate when each of its three scores is at least its threshold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    /// Threshold of the Pm score, in parts per million of `Pm(t | m)`.
    pub pm: f32,
    /// Threshold of the Pp score, in parts per ten thousand (‱) of the sum.
    pub pp: f32,
    /// Threshold of the Pb score, in percent.
    pub pb: f32,
}

impl Thresholds {
    /// The thresholds in the units of [`Scores`] (probabilities and sums of
    /// probabilities): Pm in parts per million ÷ 10⁶, Pp in ‱ ÷ 10⁴, Pb in
    /// percent ÷ 100. See `docs/algorithms.md` for why these units.
    pub fn to_scores(self) -> [f32; 3] {
        [self.pm / 1_000_000.0, self.pp / 10_000.0, self.pb / 100.0]
    }
}

/// How candidates are generated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    /// The `count` legal moves with the highest combined score.
    Combined {
        /// How many candidates (fewer if there are fewer legal moves).
        count: usize,
    },
    /// Experiment 1: the moves among the top `x` by Pm, the top `y` by Pp
    /// and the top `z` by Pb (each ranked among the legal moves).
    TopXyz {
        /// How many moves Pm proposes.
        x: usize,
        /// How many moves Pp proposes.
        y: usize,
        /// How many moves Pb proposes.
        z: usize,
    },
    /// Experiment 2: the moves whose three scores all reach the thresholds.
    Threshold(Thresholds),
}

/// One candidate move.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The point.
    pub point: Point,
    /// 1 for the best candidate. Candidates of every method are listed in
    /// the order of the combined score (the seed's sets have no order).
    pub rank: usize,
    /// The combined score (a log-probability up to a constant).
    pub score: f32,
    /// Seed 002's Pm score.
    pub pm: f32,
    /// Seed 002's Pp score.
    pub pp: f32,
    /// Seed 002's Pb score.
    pub pb: f32,
    /// Seed 003's efficiency of the move (1 when no efficiency patterns
    /// were given); already included in `score` as `ln(efficiency)`.
    pub efficiency: f64,
}

/// The legal moves of the player to move, as dense indices in increasing order.
pub fn legal_moves(ctx: &Context<'_>) -> Vec<usize> {
    let mut v: Vec<usize> = ctx.board().legal_moves(ctx.player()).map(dense).collect();
    v.sort_unstable();
    v
}

/// `points` sorted by `score`, highest first, ties by increasing dense
/// index: the one order every generator and the benchmark use.
pub fn ranked(score: &[f32], points: &[usize]) -> Vec<usize> {
    let mut v = points.to_vec();
    v.sort_unstable_by(|&a, &b| score[b].total_cmp(&score[a]).then(a.cmp(&b)));
    v
}

/// For every point, its 0-based place in `ranked(score, points)`, or
/// `u16::MAX` for points not in `points`.
pub fn places(score: &[f32], points: &[usize]) -> Vec<u16> {
    let mut out = vec![u16::MAX; AREA];
    for (i, p) in ranked(score, points).into_iter().enumerate() {
        out[p] = i as u16;
    }
    out
}

/// The candidates of `method` among `legal` (dense indices), in the order
/// of the combined score.
pub fn select(scores: &Scores, legal: &[usize], method: &Method) -> Vec<usize> {
    let by_combined = ranked(&scores.combined, legal);
    match *method {
        Method::Combined { count } => by_combined.into_iter().take(count).collect(),
        Method::TopXyz { x, y, z } => {
            let (pm, pp, pb) = (
                places(&scores.pm, legal),
                places(&scores.pp, legal),
                places(&scores.pb, legal),
            );
            by_combined
                .into_iter()
                .filter(|&p| {
                    usize::from(pm[p]) < x && usize::from(pp[p]) < y && usize::from(pb[p]) < z
                })
                .collect()
        }
        Method::Threshold(th) => {
            let [a, b, c] = th.to_scores();
            by_combined
                .into_iter()
                .filter(|&p| scores.pm[p] >= a && scores.pp[p] >= b && scores.pb[p] >= c)
                .collect()
        }
    }
}

/// The candidate moves of the position by `method`.
pub fn candidates(model: &Model, ctx: &Context<'_>, method: &Method) -> Vec<Candidate> {
    candidates_with(model, ctx, method, None)
}

/// Seed 003's efficiency of every point in `legal` for the player to move
/// (1 elsewhere), and `ln` of it added to the combined score: the
/// efficiency multiplies the move's probability.
pub fn apply_efficiency(
    scores: &mut Scores,
    efficiency: &Efficiency,
    ctx: &Context<'_>,
    legal: &[usize],
) -> Vec<f64> {
    let mut out = vec![1.0; AREA];
    for &p in legal {
        let e = efficiency.efficiency(ctx.board(), from_dense(p), ctx.player());
        out[p] = e;
        scores.combined[p] += e.ln() as f32;
    }
    out
}

/// [`candidates`], with the combined score multiplied by seed 003's
/// efficiency when `efficiency` is given (see [`apply_efficiency`]).
pub fn candidates_with(
    model: &Model,
    ctx: &Context<'_>,
    method: &Method,
    efficiency: Option<&Efficiency>,
) -> Vec<Candidate> {
    let mut scores = model.scores(ctx);
    let legal = legal_moves(ctx);
    let eff = match efficiency {
        Some(e) => apply_efficiency(&mut scores, e, ctx, &legal),
        None => vec![1.0; AREA],
    };
    select(&scores, &legal, method)
        .into_iter()
        .enumerate()
        .map(|(i, p)| Candidate {
            point: from_dense(p),
            rank: i + 1,
            score: scores.combined[p],
            pm: scores.pm[p],
            pp: scores.pp[p],
            pb: scores.pb[p],
            efficiency: eff[p],
        })
        .collect()
}

/// The `count` best legal moves by the combined score alone: the fast path
/// for search (no seed scores are computed).
pub fn best_moves(model: &Model, ctx: &Context<'_>, count: usize) -> Vec<(Point, f32)> {
    let legal = legal_moves(ctx);
    let score = model.combined_at(ctx, &legal);
    let mut v = legal;
    let count = count.min(v.len());
    if count == 0 {
        return Vec::new();
    }
    let cmp = |&a: &usize, &b: &usize| score[b].total_cmp(&score[a]).then(a.cmp(&b));
    if count < v.len() {
        v.select_nth_unstable_by(count - 1, cmp);
        v.truncate(count);
    }
    v.sort_unstable_by(cmp);
    v.into_iter().map(|p| (from_dense(p), score[p])).collect()
}
