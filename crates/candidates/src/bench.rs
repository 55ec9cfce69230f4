//! The candidate benchmark of seed 002 §3–4: on held-out games, the mean
//! number of candidates and the accuracy (the move actually played is a
//! candidate) of each setting of tables 1 and 2, beside random candidates of
//! the same count and the combined ranking at the same count; and the
//! accuracy-vs-count curves of the combined score and of each seed score
//! alone.
//!
//! **Positions.** Every move on a point of every usable game (passes are
//! not positions), from move 1 to the end or to `max_move`: the position
//! before the move, the mover as the player, the move as the answer.
//!
//! **Random baseline.** Choosing `k` of the `L` legal moves uniformly at
//! random finds the played move with probability `min(1, k / L)`; the
//! baseline is the mean of that over the positions, computed exactly rather
//! than sampled, with `k` the count the setting produced at that position.
//!
//! The report is deterministic: games are scored in parallel but their
//! results are added in file order.

use crate::efficiency::Efficiency;
use crate::generate::{apply_efficiency, legal_moves, places};
use crate::record::{MoveSeen, Skip, dense, replay, usable_moves};
use crate::score::{Context, Model, Weights};
use crate::tables::SkippedGame;
use crate::{AREA, Method, Thresholds};
use rayon::prelude::*;
use std::path::PathBuf;

/// One row of the seed's tables: a generator setting and what the seed reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Setting {
    /// The row's name in the seed (translated).
    pub label: String,
    /// The generator.
    pub method: Method,
    /// The seed's mean candidate count and accuracy (%), if it is a row of the seed.
    pub paper: Option<(f64, f64)>,
}

/// Table 1 of seed 002 (experiment 1): X, Y, Z and the reported results.
pub const TABLE1: [(&str, usize, usize, usize, f64, f64); 8] = [
    ("all 100", 100, 100, 100, 30.7, 36.0),
    ("Pm fewer", 100, 180, 180, 70.3, 57.4),
    ("Pp fewer", 180, 100, 180, 65.9, 53.9),
    ("Pb fewer", 180, 180, 100, 76.1, 75.3),
    ("Pm more", 180, 100, 100, 46.2, 50.2),
    ("Pp more", 100, 180, 100, 49.6, 53.8),
    ("Pb more", 100, 100, 180, 42.3, 38.7),
    ("all 180", 180, 180, 180, 112.9, 80.7),
];

/// Table 2 of seed 002 (experiment 2): thresholds (see [`Thresholds`]) and
/// the reported results.
pub const TABLE2: [(&str, f32, f32, f32, f64, f64); 4] = [
    ("lowest thresholds", 1.0, 1.0, 1.0, 238.4, 99.1),
    ("only Pm low", 1.0, 2001.0, 11.0, 28.1, 56.1),
    ("only Pp low", 601.0, 1.0, 11.0, 27.7, 54.5),
    ("only Pb low", 601.0, 2001.0, 1.0, 231.5, 94.4),
];

/// The settings of table 1.
pub fn table1() -> Vec<Setting> {
    TABLE1
        .iter()
        .map(|&(label, x, y, z, count, acc)| Setting {
            label: format!("{label} (X={x} Y={y} Z={z})"),
            method: Method::TopXyz { x, y, z },
            paper: Some((count, acc)),
        })
        .collect()
}

/// The settings of table 2.
pub fn table2() -> Vec<Setting> {
    TABLE2
        .iter()
        .map(|&(label, pm, pp, pb, count, acc)| Setting {
            label: format!("{label} (Pm≥{pm} Pp≥{pp} Pb≥{pb})"),
            method: Method::Threshold(Thresholds { pm, pp, pb }),
            paper: Some((count, acc)),
        })
        .collect()
}

/// What the benchmark measured for one setting.
#[derive(Clone, Debug, PartialEq)]
pub struct RowResult {
    /// The setting.
    pub setting: Setting,
    /// Candidates over all positions.
    pub candidates: u64,
    /// Positions whose played move was a candidate.
    pub hits: u64,
    /// Σ over positions of `min(1, k / L)`: the expected hits of random
    /// candidates of the same count.
    pub random_hits: f64,
    /// Positions whose played move was among the combined ranking's top `k`,
    /// `k` the setting's count at that position.
    pub combined_hits: u64,
}

/// Accuracy against candidate count for one ranking: `at_place[i]` positions
/// had the played move at place `i + 1`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Curve {
    /// Positions by the place (0-based) of the played move.
    pub at_place: Vec<u64>,
}

impl Curve {
    fn new() -> Curve {
        Curve {
            at_place: vec![0; AREA],
        }
    }

    fn add(&mut self, other: &Curve) {
        for (a, b) in self.at_place.iter_mut().zip(&other.at_place) {
            *a += b;
        }
    }

    /// Positions whose played move is among the top `k`.
    pub fn hits_within(&self, k: usize) -> u64 {
        self.at_place.iter().take(k).sum()
    }

    /// Positions counted.
    pub fn positions(&self) -> u64 {
        self.at_place.iter().sum()
    }

    /// Accuracy (0..=1) of the top `k`.
    pub fn accuracy(&self, k: usize) -> f64 {
        let n = self.positions();
        if n == 0 {
            0.0
        } else {
            self.hits_within(k) as f64 / n as f64
        }
    }

    /// Mean place (1-based) of the played move.
    pub fn mean_place(&self) -> f64 {
        let n = self.positions();
        if n == 0 {
            return 0.0;
        }
        let s: u64 = self
            .at_place
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as u64 + 1) * c)
            .sum();
        s as f64 / n as f64
    }
}

/// Options of a benchmark run.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// The settings to measure (usually [`table1`] then [`table2`]).
    pub settings: Vec<Setting>,
    /// Only positions up to this move number (inclusive); `None`: every move.
    pub max_move: Option<usize>,
    /// Multiply the combined score by seed 003's efficiency of each move.
    pub efficiency: Option<Efficiency>,
}

/// What a benchmark run measured.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchReport {
    /// Games scored.
    pub games: u64,
    /// Positions scored.
    pub positions: u64,
    /// Records skipped, in file order.
    pub skipped: Vec<SkippedGame>,
    /// One result per setting, in the order of the options.
    pub rows: Vec<RowResult>,
    /// The combined ranking.
    pub combined: Curve,
    /// Seed score Pm alone, Pp alone, Pb alone.
    pub single: [Curve; 3],
    /// Positions by their number of legal moves: the random curve.
    pub legal: Vec<u64>,
}

impl BenchReport {
    /// The accuracy (0..=1) of `k` random legal moves.
    pub fn random_accuracy(&self, k: usize) -> f64 {
        let n: u64 = self.legal.iter().sum();
        if n == 0 {
            return 0.0;
        }
        let s: f64 = self
            .legal
            .iter()
            .enumerate()
            .filter(|&(l, _)| l > 0)
            .map(|(l, &c)| c as f64 * (k as f64 / l as f64).min(1.0))
            .sum();
        s / n as f64
    }

    /// Mean number of legal moves.
    pub fn mean_legal(&self) -> f64 {
        let n: u64 = self.legal.iter().sum();
        let s: u64 = self
            .legal
            .iter()
            .enumerate()
            .map(|(l, &c)| l as u64 * c)
            .sum();
        if n == 0 { 0.0 } else { s as f64 / n as f64 }
    }

    fn empty(settings: &[Setting]) -> BenchReport {
        BenchReport {
            games: 0,
            positions: 0,
            skipped: Vec::new(),
            rows: settings
                .iter()
                .map(|s| RowResult {
                    setting: s.clone(),
                    candidates: 0,
                    hits: 0,
                    random_hits: 0.0,
                    combined_hits: 0,
                })
                .collect(),
            combined: Curve::new(),
            single: [Curve::new(), Curve::new(), Curve::new()],
            legal: vec![0; AREA + 1],
        }
    }

    fn add(&mut self, other: &BenchReport) {
        self.games += other.games;
        self.positions += other.positions;
        self.skipped.extend(other.skipped.iter().cloned());
        for (a, b) in self.rows.iter_mut().zip(&other.rows) {
            a.candidates += b.candidates;
            a.hits += b.hits;
            a.random_hits += b.random_hits;
            a.combined_hits += b.combined_hits;
        }
        self.combined.add(&other.combined);
        for (a, b) in self.single.iter_mut().zip(&other.single) {
            a.add(b);
        }
        for (a, b) in self.legal.iter_mut().zip(&other.legal) {
            *a += b;
        }
    }
}

/// Scores one position into `report`.
fn bench_position(
    model: &Model,
    seen: &MoveSeen<'_>,
    options: &BenchOptions,
    report: &mut BenchReport,
) {
    let ctx = Context::new(
        seen.board,
        seen.color,
        seen.move_number,
        seen.history.iter().copied(),
    );
    let played = dense(seen.point);
    let legal = legal_moves(&ctx);
    if legal.binary_search(&played).is_err() {
        // Replay succeeded, so the move was legal for its colour; this
        // cannot happen, and such a position would have no answer.
        return;
    }
    let mut scores = model.scores(&ctx);
    if let Some(e) = &options.efficiency {
        apply_efficiency(&mut scores, e, &ctx, &legal);
    }
    let place = [
        places(&scores.pm, &legal),
        places(&scores.pp, &legal),
        places(&scores.pb, &legal),
        places(&scores.combined, &legal),
    ];
    let l = legal.len();
    for (row, setting) in report.rows.iter_mut().zip(&options.settings) {
        let member = |p: usize| match setting.method {
            Method::TopXyz { x, y, z } => {
                usize::from(place[0][p]) < x
                    && usize::from(place[1][p]) < y
                    && usize::from(place[2][p]) < z
            }
            Method::Threshold(th) => {
                let [a, b, c] = th.to_scores();
                scores.pm[p] >= a && scores.pp[p] >= b && scores.pb[p] >= c
            }
            Method::Combined { count } => usize::from(place[3][p]) < count,
        };
        let k = legal.iter().filter(|&&p| member(p)).count();
        row.candidates += k as u64;
        row.hits += u64::from(member(played));
        row.random_hits += (k as f64 / l as f64).min(1.0);
        row.combined_hits += u64::from(usize::from(place[3][played]) < k);
    }
    report.combined.at_place[usize::from(place[3][played])] += 1;
    for (curve, place) in report.single.iter_mut().zip(&place) {
        curve.at_place[usize::from(place[played])] += 1;
    }
    report.legal[l] += 1;
    report.positions += 1;
}

/// Runs the benchmark on the records `files` (usually the test split),
/// calling `progress` once per record.
pub fn run(
    model: &Model,
    files: &[PathBuf],
    options: &BenchOptions,
    progress: &(dyn Fn() + Sync),
) -> BenchReport {
    let per_game: Vec<BenchReport> = files
        .par_iter()
        .map(|path| {
            let mut r = BenchReport::empty(&options.settings);
            match bench_game(model, path, options, &mut r) {
                Ok(()) => r.games = 1,
                Err(skip) => {
                    r = BenchReport::empty(&options.settings);
                    r.skipped.push(SkippedGame {
                        path: path.clone(),
                        skip,
                    });
                }
            }
            progress();
            r
        })
        .collect();
    let mut total = BenchReport::empty(&options.settings);
    for r in &per_game {
        total.add(r);
    }
    total
}

fn bench_game(
    model: &Model,
    path: &std::path::Path,
    options: &BenchOptions,
    report: &mut BenchReport,
) -> Result<(), Skip> {
    let mut moves = usable_moves(path)?;
    if let Some(max) = options.max_move {
        moves.truncate(max);
    }
    replay(&moves, |seen| bench_position(model, &seen, options, report)).map_err(|detail| Skip {
        reason: crate::SkipReason::IllegalMove,
        detail: format!("{}: {detail}", path.display()),
    })
}

/// The result of one weight setting in [`tune`].
#[derive(Clone, Debug, PartialEq)]
pub struct TuneResult {
    /// The parameters.
    pub weights: Weights,
    /// Mean of `ln(place)` of the played move (lower is better).
    pub mean_log_place: f64,
    /// The curve of the combined score with these parameters.
    pub curve: Curve,
}

/// Measures the combined ranking under each parameter setting of `grid` on
/// the records `files`, usually the validation split with a model built
/// from the fitting split.
pub fn tune(
    model: &Model,
    files: &[PathBuf],
    grid: &[Weights],
    max_move: Option<usize>,
    progress: &(dyn Fn() + Sync),
) -> Vec<TuneResult> {
    let mut decays: Vec<f32> = grid.iter().map(|w| w.decay).collect();
    decays.sort_by(f32::total_cmp);
    decays.dedup();
    let per_game: Vec<Vec<Curve>> = files
        .par_iter()
        .map(|path| {
            let mut curves = vec![Curve::new(); grid.len()];
            if let Ok(mut moves) = usable_moves(path) {
                if let Some(max) = max_move {
                    moves.truncate(max);
                }
                let mut local = vec![Curve::new(); grid.len()];
                let ok = replay(&moves, |seen| {
                    let ctx = Context::new(
                        seen.board,
                        seen.color,
                        seen.move_number,
                        seen.history.iter().copied(),
                    );
                    let legal = legal_moves(&ctx);
                    let played = dense(seen.point);
                    if legal.binary_search(&played).is_err() {
                        return;
                    }
                    let experts: Vec<[Vec<f32>; 3]> =
                        decays.iter().map(|&d| model.experts(&ctx, d)).collect();
                    for (w, curve) in grid.iter().zip(local.iter_mut()) {
                        let i = decays
                            .iter()
                            .position(|d| d.to_bits() == w.decay.to_bits())
                            .unwrap_or(0);
                        let [a, b, c] = &experts[i];
                        let score = crate::score::combine(w, a, b, c);
                        let s = score[played];
                        let place = legal
                            .iter()
                            .filter(|&&p| match score[p].total_cmp(&s) {
                                std::cmp::Ordering::Greater => true,
                                std::cmp::Ordering::Equal => p < played,
                                std::cmp::Ordering::Less => false,
                            })
                            .count();
                        curve.at_place[place] += 1;
                    }
                });
                if ok.is_ok() {
                    curves = local;
                }
            }
            progress();
            curves
        })
        .collect();
    let mut total = vec![Curve::new(); grid.len()];
    for g in &per_game {
        for (a, b) in total.iter_mut().zip(g) {
            a.add(b);
        }
    }
    grid.iter()
        .zip(total)
        .map(|(&weights, curve)| {
            let n = curve.positions().max(1) as f64;
            let s: f64 = curve
                .at_place
                .iter()
                .enumerate()
                .map(|(i, &c)| c as f64 * ((i + 1) as f64).ln())
                .sum();
            TuneResult {
                weights,
                mean_log_place: s / n,
                curve,
            }
        })
        .collect()
}
