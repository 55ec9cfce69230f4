//! The scores of seed 002 §3, computed for every point of one position, and
//! the combined score of keisei.
//!
//! The count tables ([`Tables`]) are normalised once into `f32` arrays; a
//! position is then scored by adding rows of them:
//!
//! - **Pm** score of `t`: `Pm(t | m)`, the row of the move number.
//! - **Pp** score of `t`: `Σ_n Pp(t | r(n), n)` over all 361 points `n`,
//!   `r(n)` the relation of `n` to the player (own / opponent / empty). The
//!   sum starts from the precomputed sum for the empty board and adds, for
//!   each stone, the difference between its row and the empty row: cost
//!   361 per stone instead of 361 per point.
//! - **Pb** score of `t`: `Σ_{N=1..20} Pb(t | N, b_N)`, `b_N` the point of
//!   the move `N` moves earlier (no term when there is none, or it was a pass).
//!
//! Two readings of the conditional probabilities (see [`Reading`]) are
//! offered for the seed's own scores; the combined score multiplies the
//! three, each as a distribution over the points (see [`Weights`]). See
//! `docs/algorithms.md`.

use crate::AREA;
use crate::record::dense;
use crate::tables::{HISTORY, Relation, Tables};
use keisei_board::{Board, Color, Move, Position};
use ndarray::{Array2, Array3, Axis};

/// How the counts of Pp and Pb are turned into conditional probabilities.
/// Pm is the same in both: `Pm(t | m) = Pm[m, t] / Σ_t' Pm[m, t']`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// The probability of the move given the context, as seed 002 §2 writes
    /// it: `Pp(t | r, n) = Pp[r, n, t] / Σ_t' Pp[r, n, t']` and
    /// `Pb(t | N, b) = Pb[N, b, t] / Σ_t' Pb[N, b, t']`.
    Forward,
    /// The probability of the context given the move, as seed 002 figs. 5–8
    /// show it ("the probability that an own stone stood at each point when
    /// 4-4 was played"): `Pp[r, n, t] / Σ_r' Pp[r', n, t]` and
    /// `Pb[N, b, t] / Σ_b' Pb[N, b', t]`.
    Likelihood,
}

impl Reading {
    /// The lowercase name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Reading::Forward => "forward",
            Reading::Likelihood => "likelihood",
        }
    }
}

impl std::str::FromStr for Reading {
    type Err = String;
    fn from_str(s: &str) -> Result<Reading, String> {
        match s {
            "forward" => Ok(Reading::Forward),
            "likelihood" => Ok(Reading::Likelihood),
            _ => Err(format!(
                "unknown reading `{s}` (expected forward or likelihood)"
            )),
        }
    }
}

/// The parameters of the combined score of keisei, a weighted product of
/// three experts, each a probability distribution over the 361 points:
///
/// `combined(t) = wm·ln(Pm(t | m) + ε) + wp·ln(Pp(t) / 361 + ε) + wb·ln(Pb_λ(t) + ε)`
///
/// with `Pp(t) = Σ_n Pp(t | r(n), n)` (the seed's Pp score, forward reading)
/// and `Pb_λ(t) = Σ_N λ^(N−1)·Pb(t | N, b_N) / Σ_N λ^(N−1)` (the seed's Pb
/// score with recent moves weighted more, normalised over the moves that
/// exist). Each expert keeps the seed's *sum* of conditional probabilities
/// (a mixture, which stays high near any one recent move) and the experts
/// are *multiplied* (a point must be plausible to all three).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// `wm`, weight of the move-number expert.
    pub pm: f32,
    /// `wp`, weight of the board expert.
    pub pp: f32,
    /// `wb`, weight of the recent-move expert.
    pub pb: f32,
    /// `λ`, the decay of the recent-move weights per move back (1 = the
    /// seed's plain sum).
    pub decay: f32,
    /// `ε`, the floor added to every probability before the logarithm.
    pub floor: f32,
}

impl Default for Weights {
    /// The parameters chosen on the validation games (see `docs/results.md`).
    fn default() -> Weights {
        Weights {
            pm: 1.0,
            pp: 0.0,
            pb: 4.0,
            decay: 0.8,
            floor: 1e-4,
        }
    }
}

/// What the scores need to know of a position. The tables are for 19×19
/// boards: on a smaller board the points are scored as the top-left corner
/// of a 19×19 board, which means nothing (the CLI refuses other sizes).
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    board: &'a Board,
    player: Color,
    move_number: usize,
    /// Dense index of the point played `N + 1` moves earlier, if any.
    before: [Option<u16>; HISTORY],
}

impl<'a> Context<'a> {
    /// The context of `player` about to play move number `move_number`
    /// (the first move is number 1) on `board`, after `history` (oldest
    /// first, passes included; only the last 20 matter).
    pub fn new(
        board: &'a Board,
        player: Color,
        move_number: usize,
        history: impl DoubleEndedIterator<Item = Move>,
    ) -> Context<'a> {
        let mut before = [None; HISTORY];
        for (slot, mv) in before.iter_mut().zip(history.rev()) {
            *slot = mv.point().map(|p| dense(p) as u16);
        }
        Context {
            board,
            player,
            move_number,
            before,
        }
    }

    /// The context of a position of a game record: its board, side to move,
    /// move number and history.
    pub fn from_position(position: &'a Position) -> Context<'a> {
        Context::new(
            &position.board,
            position.board.to_move(),
            position.move_number + 1,
            position.history.iter().map(|&(_, m)| m),
        )
    }

    /// The board.
    pub fn board(&self) -> &'a Board {
        self.board
    }

    /// The player about to move.
    pub fn player(&self) -> Color {
        self.player
    }

    /// The number of the move about to be played, from 1.
    pub fn move_number(&self) -> usize {
        self.move_number
    }

    /// The dense index of the point played `n` moves earlier (`n` = 1 is
    /// the last move), if that move exists and was not a pass.
    pub fn before(&self, n: usize) -> Option<usize> {
        self.before
            .get(n.checked_sub(1)?)
            .copied()
            .flatten()
            .map(usize::from)
    }
}

/// Scores of every point, indexed densely (`y * 19 + x`). Occupied and
/// illegal points get scores too; generators consider legal moves only.
#[derive(Clone, Debug, PartialEq)]
pub struct Scores {
    /// Seed 002's Pm score.
    pub pm: Vec<f32>,
    /// Seed 002's Pp score (sum over the 361 context points).
    pub pp: Vec<f32>,
    /// Seed 002's Pb score (sum over the last 20 moves).
    pub pb: Vec<f32>,
    /// The combined score of keisei (a log-probability up to a constant).
    pub combined: Vec<f32>,
}

/// One family of normalised rows, flat and row-major so that a score is a
/// sum of contiguous rows of 361: Pm rows `[m, t]`, the empty-board Pp sum
/// `[t]`, the Pp differences of own/opponent stones against empty
/// `[r, n, t]`, and Pb rows `[N, b, t]`.
#[derive(Clone, Debug)]
struct Rows {
    pm: Vec<f32>,
    pp_empty: Vec<f32>,
    pp_delta: Vec<f32>,
    pb: Vec<f32>,
}

impl Rows {
    /// Adds the three sums of `ctx` into `pm`, `pp` (if asked for), `pb`;
    /// the rows of Pb are weighted `decay^(N − 1)`. Returns the sum of the
    /// Pb weights of the moves that exist.
    fn score(
        &self,
        ctx: &Context<'_>,
        decay: f32,
        pm: &mut [f32],
        pp: Option<&mut [f32]>,
        pb: &mut [f32],
    ) -> f32 {
        let rows = self.pm.len() / AREA;
        let bucket = ctx.move_number.clamp(1, rows) - 1;
        add_row(pm, row(&self.pm, bucket), 1.0);
        if let Some(pp) = pp {
            add_row(pp, &self.pp_empty, 1.0);
            for p in ctx.board.points() {
                let r = match Relation::of(ctx.board.color(p), ctx.player) {
                    Relation::Own => 0,
                    Relation::Opponent => 1,
                    Relation::Empty => continue,
                };
                add_row(pp, row(&self.pp_delta, r * AREA + dense(p)), 1.0);
            }
        }
        let mut weight = 1.0;
        let mut total = 0.0;
        for n in 1..=HISTORY {
            if let Some(b) = ctx.before(n) {
                add_row(pb, row(&self.pb, (n - 1) * AREA + b), weight);
                total += weight;
            }
            weight *= decay;
        }
        total
    }
}

#[inline]
fn row(flat: &[f32], i: usize) -> &[f32] {
    &flat[i * AREA..(i + 1) * AREA]
}

#[inline]
fn add_row(into: &mut [f32], row: &[f32], scale: f32) {
    for (a, &b) in into.iter_mut().zip(row) {
        *a += scale * b;
    }
}

/// Tables normalised for scoring: the seed's three scores in one reading,
/// and the combined score.
#[derive(Clone, Debug)]
pub struct Model {
    reading: Reading,
    weights: Weights,
    copies: u32,
    forward: Rows,
    /// The rows of the likelihood reading, when that is the reading.
    likelihood: Option<Rows>,
}

impl Model {
    /// Normalises `tables` for scoring.
    pub fn new(tables: &Tables, reading: Reading, weights: Weights) -> Model {
        Model {
            reading,
            weights,
            copies: tables.info().copies(),
            forward: paper_rows(tables, Reading::Forward),
            likelihood: (reading == Reading::Likelihood)
                .then(|| paper_rows(tables, Reading::Likelihood)),
        }
    }

    /// The reading of the seed's scores.
    pub fn reading(&self) -> Reading {
        self.reading
    }

    /// The parameters of the combined score.
    pub fn weights(&self) -> Weights {
        self.weights
    }

    /// Symmetry copies of the tables (8 or 1).
    pub fn copies(&self) -> u32 {
        self.copies
    }

    /// Every score of every point of the position.
    pub fn scores(&self, ctx: &Context<'_>) -> Scores {
        let mut s = Scores {
            pm: vec![0.0; AREA],
            pp: vec![0.0; AREA],
            pb: vec![0.0; AREA],
            combined: Vec::new(),
        };
        let rows = self.likelihood.as_ref().unwrap_or(&self.forward);
        rows.score(ctx, 1.0, &mut s.pm, Some(&mut s.pp), &mut s.pb);
        s.combined = self.combined(ctx);
        s
    }

    /// The three experts of the combined score, each a probability
    /// distribution over the points: `Pm(t | m)`, `Pp(t) / 361` and
    /// `Pb_λ(t)` with `λ = decay` (see [`Weights`]).
    pub fn experts(&self, ctx: &Context<'_>, decay: f32) -> [Vec<f32>; 3] {
        self.experts_with(ctx, decay, true)
    }

    /// [`Model::experts`], leaving the Pp expert at 0 unless `with_pp`.
    fn experts_with(&self, ctx: &Context<'_>, decay: f32, with_pp: bool) -> [Vec<f32>; 3] {
        let mut e = [vec![0.0; AREA], vec![0.0; AREA], vec![0.0; AREA]];
        let [pm, pp, pb] = &mut e;
        let total = self
            .forward
            .score(ctx, decay, pm, with_pp.then_some(pp.as_mut_slice()), pb);
        for v in pp.iter_mut() {
            *v /= AREA as f32;
        }
        if total > 0.0 {
            for v in pb.iter_mut() {
                *v /= total;
            }
        }
        e
    }

    /// The combined score of the points `points` (dense indices); other
    /// points get `f32::NEG_INFINITY`. Cheaper than [`Model::combined`] when
    /// only the legal moves matter.
    pub fn combined_at(&self, ctx: &Context<'_>, points: &[usize]) -> Vec<f32> {
        let w = self.weights;
        let [pm, pp, pb] = self.experts_with(ctx, w.decay, w.pp != 0.0);
        let mut out = vec![f32::NEG_INFINITY; AREA];
        for &p in points {
            if p < AREA {
                out[p] = combine_one(&w, pm[p], pp[p], pb[p]);
            }
        }
        out
    }

    /// The combined score of every point (higher is better; see [`Weights`]).
    pub fn combined(&self, ctx: &Context<'_>) -> Vec<f32> {
        let w = self.weights;
        // A zero weight makes the Pp expert irrelevant: skip its 361 rows per stone.
        let [pm, pp, pb] = self.experts_with(ctx, w.decay, w.pp != 0.0);
        combine(&w, &pm, &pp, &pb)
    }
}

/// `wm·ln(pm + ε) + wp·ln(pp + ε) + wb·ln(pb + ε)`, point by point.
pub(crate) fn combine(w: &Weights, pm: &[f32], pp: &[f32], pb: &[f32]) -> Vec<f32> {
    pm.iter()
        .zip(pp)
        .zip(pb)
        .map(|((&a, &b), &c)| combine_one(w, a, b, c))
        .collect()
}

#[inline]
fn combine_one(w: &Weights, pm: f32, pp: f32, pb: f32) -> f32 {
    let pp = if w.pp == 0.0 {
        0.0
    } else {
        w.pp * (pp + w.floor).ln()
    };
    w.pm * (pm + w.floor).ln() + pp + w.pb * (pb + w.floor).ln()
}

/// Row sums of the last axis of a 3-d array: `[k, n]`.
fn sums_last(a: &Array3<u32>) -> Array2<f64> {
    a.map(|&c| f64::from(c)).sum_axis(Axis(2))
}

/// Sums over the middle axis: `[k, t]`.
fn sums_middle(a: &Array3<u32>) -> Array2<f64> {
    a.map(|&c| f64::from(c)).sum_axis(Axis(1))
}

fn ratio(c: u32, total: f64) -> f32 {
    if total > 0.0 {
        (f64::from(c) / total) as f32
    } else {
        0.0
    }
}

fn pm_rows(tables: &Tables, f: impl Fn(u32, f64) -> f32) -> Vec<f32> {
    let mut out = Vec::with_capacity(tables.pm().len());
    for row in tables.pm().axis_iter(Axis(0)) {
        let total: f64 = row.iter().map(|&c| f64::from(c)).sum();
        out.extend(row.iter().map(|&c| f(c, total)));
    }
    out
}

/// Splits Pp rows `[r, n, t]` into the empty-board sum and own/opponent
/// differences against the empty row.
fn split_pp(rows: &Array3<f32>) -> (Vec<f32>, Vec<f32>) {
    let empty = rows.index_axis(Axis(0), Relation::Empty as usize);
    let pp_empty = empty.sum_axis(Axis(0)).to_vec();
    let mut delta = Vec::with_capacity(2 * AREA * AREA);
    for r in 0..2 {
        for n in 0..AREA {
            for t in 0..AREA {
                delta.push(rows[[r, n, t]] - empty[[n, t]]);
            }
        }
    }
    (pp_empty, delta)
}

fn paper_rows(tables: &Tables, reading: Reading) -> Rows {
    let pm = pm_rows(tables, ratio);
    let (pp, pb) = match reading {
        Reading::Forward => {
            let pp_tot = sums_last(tables.pp());
            let pb_tot = sums_last(tables.pb());
            (
                Array3::from_shape_fn(tables.pp().raw_dim(), |(r, n, t)| {
                    ratio(tables.pp()[[r, n, t]], pp_tot[[r, n]])
                }),
                Array3::from_shape_fn(tables.pb().raw_dim(), |(k, b, t)| {
                    ratio(tables.pb()[[k, b, t]], pb_tot[[k, b]])
                }),
            )
        }
        Reading::Likelihood => {
            let targets = tables.target_counts();
            let pb_tot = sums_middle(tables.pb());
            (
                Array3::from_shape_fn(tables.pp().raw_dim(), |(r, n, t)| {
                    ratio(tables.pp()[[r, n, t]], targets[t] as f64)
                }),
                Array3::from_shape_fn(tables.pb().raw_dim(), |(k, b, t)| {
                    ratio(tables.pb()[[k, b, t]], pb_tot[[k, t]])
                }),
            )
        }
    };
    let (pp_empty, pp_delta) = split_pp(&pp);
    Rows {
        pm,
        pp_empty,
        pp_delta,

        pb: pb.iter().copied().collect(),
    }
}
