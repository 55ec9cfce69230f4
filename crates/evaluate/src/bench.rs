//! The next-move experiment (seed 000 §4, seed 001 §4): positions from game
//! records, every legal move ranked, the rank of the move actually played.

use crate::features::{PositionTerms, method_one, method_two};
use crate::rank::{Factor, Method};
use keisei_board::reading::Reader;
use keisei_board::{Game, Point};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One position to measure: the record and how many moves were played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sample {
    /// The record.
    pub file: PathBuf,
    /// Moves played before the position; the move measured is the next.
    pub move_number: usize,
}

/// The positions of the benchmark: for each record (in the order given),
/// `per_game` move numbers evenly spaced in `from..=to` — the k-th of K is
/// `from + floor((k + 1/2) × (to − from + 1) / K)`. Records shorter than a
/// chosen move number contribute fewer positions (see [`measure`]).
pub fn samples(files: &[PathBuf], per_game: usize, from: usize, to: usize) -> Vec<Sample> {
    let span = (to.saturating_sub(from) + 1) as f64;
    let k = per_game.max(1);
    files
        .iter()
        .flat_map(|f| {
            (0..k).map(move |i| Sample {
                file: f.clone(),
                move_number: from + ((i as f64 + 0.5) * span / k as f64).floor() as usize,
            })
        })
        .collect()
}

/// The records a benchmark uses: the first `games` of `files` (in the order
/// given) that load, are even games (no setup stones, no declared handicap) and are
/// longer than `min_moves` moves. Returns them and how many were passed over
/// for each reason (unreadable, setup stones, too short).
pub fn select_games(
    files: &[PathBuf],
    games: usize,
    min_moves: usize,
) -> (Vec<PathBuf>, [usize; 3]) {
    let mut chosen = Vec::new();
    let mut passed = [0; 3];
    for f in files {
        if chosen.len() >= games {
            break;
        }
        match Game::load(f) {
            Err(_) => passed[0] += 1,
            Ok(g) if !g.is_even() => passed[1] += 1,
            Ok(g) if g.move_count() <= min_moves => passed[2] += 1,
            Ok(_) => chosen.push(f.clone()),
        }
    }
    (chosen, passed)
}

/// A measured position: the move played and every move's term changes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measured {
    /// Where it comes from.
    pub sample: Sample,
    /// The move played next in the record.
    pub played: Point,
    /// Every move's raw term changes and the position's weights.
    pub terms: PositionTerms,
    /// Seconds spent evaluating the position and both colours' move at every
    /// legal point (one thread).
    pub seconds: f64,
}

/// Why a sample was not measured.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Skipped {
    /// The record did not load or replay.
    Record(String),
    /// The record has setup stones or declares a handicap: only even games
    /// are used.
    Setup,
    /// The record ends before the move.
    TooShort,
    /// The next move is a pass or not legal on replay.
    NoMove,
}

/// Measures every sample on all cores (each thread with its own tactical
/// reader); `tick` is called once per sample. Results keep the samples'
/// order.
/// With a move-probability model, each move also gets its prior
/// (seed 002's combined score).
pub fn measure(
    evaluator: &crate::Evaluator,
    samples: &[Sample],
    prior: Option<&keisei_candidates::Model>,
    tick: impl Fn() + Sync,
) -> Vec<Result<Measured, Skipped>> {
    samples
        .par_iter()
        .map_init(Reader::new, |reader, s| {
            let r = measure_one(evaluator, s, prior, reader);
            tick();
            r
        })
        .collect()
}

fn measure_one(
    evaluator: &crate::Evaluator,
    s: &Sample,
    model: Option<&keisei_candidates::Model>,
    reader: &mut Reader,
) -> Result<Measured, Skipped> {
    let game = Game::load(&s.file).map_err(|e| Skipped::Record(e.to_string()))?;
    if !game.is_even() {
        return Err(Skipped::Setup);
    }
    if game.move_count() <= s.move_number {
        return Err(Skipped::TooShort);
    }
    let pos = game
        .position(s.move_number)
        .map_err(|e| Skipped::Record(e.to_string()))?;
    let Some((color, mv)) = pos.next_move else {
        return Err(Skipped::NoMove);
    };
    let played = mv.point().ok_or(Skipped::NoMove)?;
    if color != pos.board.to_move() || !pos.board.is_legal(color, played) {
        return Err(Skipped::NoMove);
    }
    let start = std::time::Instant::now();
    let prior = model.and_then(|m| crate::Prior::new(m, &pos));
    let terms = evaluator.position_terms(&pos.board, pos.komi, reader, prior.as_ref());
    let seconds = start.elapsed().as_secs_f64();
    Ok(Measured {
        sample: s.clone(),
        played,
        terms,
        seconds,
    })
}

/// Term weights for scoring moves: territory, influence, danger, life,
/// connection, strength, uninfluenced, and the prior.
pub type TermWeights = [f64; 8];

/// The weights to score a measured position's moves with under `config`:
/// the effective weights (seed 004 tables and phase gate for the position's
/// weak-group counts and phase) for the first three terms, the
/// configuration's for the others (seed 001's composition only). The raw
/// term changes do not depend on the weights, so one measurement serves any
/// weights — what tuning relies on.
pub fn position_weights(m: &Measured, config: &crate::Config) -> TermWeights {
    let w = &config.weights;
    let others = match config.composition {
        crate::config::Composition::Seed000 => [0.0; 4],
        crate::config::Composition::Seed001 => [w.life, w.connection, w.strength, w.uninfluenced],
    };
    let phase = crate::config::GamePhase::ALL[m.terms.weights.phase.min(2)];
    let e = config.effective_in(m.terms.weights.weak, phase);
    [
        e.territory,
        e.influence,
        e.danger,
        others[0],
        others[1],
        others[2],
        others[3],
        config.ranking.prior,
    ]
}

/// The value of every move of a measured position under a method, a factor
/// and term weights.
pub fn values(m: &Measured, method: Method, factor: Factor, w: &TermWeights) -> Vec<(Point, f64)> {
    let pick = |d: [f64; 7], prior: f64| -> f64 {
        match factor {
            Factor::All => d.iter().zip(w.iter()).map(|(a, b)| a * b).sum::<f64>() + w[7] * prior,
            Factor::Territory => d[0] * w[0],
            Factor::Influence => d[1] * w[1],
            Factor::Danger => d[2] * w[2],
            Factor::Prior => prior,
        }
    };
    m.terms
        .moves
        .iter()
        .filter_map(|mv| match method {
            Method::One => method_one(mv, m.terms.to_move).map(|d| (mv.point, pick(d, mv.prior))),
            Method::Two => Some((mv.point, pick(method_two(mv), mv.prior))),
        })
        .collect()
}

/// The rank of `played` among `values` (larger is better), counting ties
/// as half: 1 + the moves valued higher + half the other moves valued the
/// same. `None` if `played` is not among them.
pub fn mid_rank(values: &[(Point, f64)], played: Point) -> Option<f64> {
    let v = values.iter().find(|(p, _)| *p == played)?.1;
    let higher = values.iter().filter(|(_, x)| *x > v).count();
    let equal = values
        .iter()
        .filter(|(p, x)| x.total_cmp(&v).is_eq() && *p != played)
        .count();
    Some(1.0 + higher as f64 + equal as f64 / 2.0)
}

/// Summary statistics of ranks.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// Positions.
    pub positions: usize,
    /// Mean rank.
    pub mean: f64,
    /// Median rank.
    pub median: f64,
    /// Share of positions where the played move ranks first (rank ≤ 1).
    pub top1: f64,
    /// Rank ≤ 5.
    pub top5: f64,
    /// Rank ≤ 10.
    pub top10: f64,
    /// Mean number of ranked moves.
    pub mean_moves: f64,
    /// Counts of ranks in the buckets of [`HISTOGRAM`].
    pub histogram: Vec<usize>,
}

/// Histogram buckets: upper bounds of ranks (the last is open).
pub const HISTOGRAM: [(f64, &str); 10] = [
    (1.0, "1"),
    (2.0, "2"),
    (5.0, "3-5"),
    (10.0, "6-10"),
    (20.0, "11-20"),
    (50.0, "21-50"),
    (100.0, "51-100"),
    (150.0, "101-150"),
    (200.0, "151-200"),
    (f64::INFINITY, "201+"),
];

/// Statistics of ranks (and of the number of moves ranked).
pub fn stats(ranks: &[f64], moves: &[usize]) -> Stats {
    let n = ranks.len();
    let mut sorted = ranks.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = if n == 0 {
        0.0
    } else if n % 2 == 1 {
        sorted[n / 2]
    } else {
        f64::midpoint(sorted[n / 2 - 1], sorted[n / 2])
    };
    let share = |k: f64| {
        if n == 0 {
            0.0
        } else {
            ranks.iter().filter(|&&r| r <= k).count() as f64 / n as f64
        }
    };
    let mut histogram = vec![0; HISTOGRAM.len()];
    for &r in ranks {
        let i = HISTOGRAM
            .iter()
            .position(|(b, _)| r <= *b)
            .unwrap_or(HISTOGRAM.len() - 1);
        histogram[i] += 1;
    }
    Stats {
        positions: n,
        mean: if n == 0 {
            0.0
        } else {
            ranks.iter().sum::<f64>() / n as f64
        },
        median,
        top1: share(1.0),
        top5: share(5.0),
        top10: share(10.0),
        mean_moves: if moves.is_empty() {
            0.0
        } else {
            moves.iter().sum::<usize>() as f64 / moves.len() as f64
        },
        histogram,
    }
}

/// The ranks of the played moves under a method, a factor and weights
/// (`None`: each position's own weights from `config`).
pub fn ranks(
    measured: &[Measured],
    method: Method,
    factor: Factor,
    config: &crate::Config,
    weights: Option<&dyn Fn(&Measured) -> TermWeights>,
) -> (Vec<f64>, Vec<usize>) {
    let mut ranks = Vec::new();
    let mut moves = Vec::new();
    for m in measured {
        let w = match weights {
            Some(f) => f(m),
            None => position_weights(m, config),
        };
        let v = values(m, method, factor, &w);
        if let Some(r) = mid_rank(&v, m.played) {
            ranks.push(r);
            moves.push(v.len());
        }
    }
    (ranks, moves)
}

/// A terminal bar chart of a histogram.
pub fn chart(stats: &Stats) -> String {
    let max = stats.histogram.iter().copied().max().unwrap_or(1).max(1);
    let mut out = String::new();
    for (i, (_, label)) in HISTOGRAM.iter().enumerate() {
        let c = stats.histogram[i];
        let bar = "#".repeat((c * 40).div_ceil(max));
        let _ = writeln!(out, "  {label:>8} {c:>5} {bar}");
    }
    out
}

/// An SVG bar chart of several histograms side by side (one colour each).
pub fn svg(series: &[(String, Stats)]) -> String {
    // The legend has a column of its own, right of the plot.
    let (w, h, left, bottom, legend) = (900.0, 360.0, 60.0, 60.0, 170.0);
    let right = w - legend;
    let buckets = HISTOGRAM.len() as f64;
    let max = series
        .iter()
        .flat_map(|(_, s)| {
            s.histogram
                .iter()
                .map(|&c| c as f64 / s.positions.max(1) as f64)
        })
        .fold(0.01, f64::max);
    let colours = [
        "#3465a4", "#cc0000", "#4e9a06", "#c4a000", "#75507b", "#ce5c00",
    ];
    let slot = (right - left - 20.0) / buckets;
    let bar = slot * 0.8 / series.len().max(1) as f64;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{}\" y=\"16\" text-anchor=\"middle\" font-size=\"13\">Rank of the move played (share of positions)</text>\n",
        w / 2.0
    );
    let plot_h = h - bottom - 30.0;
    for (k, (name, st)) in series.iter().enumerate() {
        let colour = colours[k % colours.len()];
        for (i, &c) in st.histogram.iter().enumerate() {
            let share = c as f64 / st.positions.max(1) as f64;
            let bh = share / max * plot_h;
            let x = left + i as f64 * slot + slot * 0.1 + k as f64 * bar;
            let _ = writeln!(
                s,
                "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{bar:.1}\" height=\"{bh:.1}\" fill=\"{colour}\"/>",
                h - bottom - bh
            );
        }
        let _ = writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"10\" height=\"10\" fill=\"{colour}\"/><text x=\"{}\" y=\"{}\">{}</text>",
            right,
            40.0 + 14.0 * k as f64,
            right + 15.0,
            49.0 + 14.0 * k as f64,
            name.replace('&', "and").replace(['<', '>'], "")
        );
    }
    for (i, (_, label)) in HISTOGRAM.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{label}</text>",
            left + (i as f64 + 0.5) * slot,
            h - bottom + 16.0
        );
    }
    let _ = write!(
        s,
        "<line x1=\"{left}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>\n<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">rank</text>\n",
        h - bottom,
        right - 20.0,
        h - bottom,
        (left + right - 20.0) / 2.0,
        h - 20.0
    );
    let _ = write!(
        s,
        "<text x=\"10\" y=\"{:.1}\">{:.0}%</text>\n</svg>\n",
        h - bottom - plot_h + 4.0,
        max * 100.0
    );
    s
}

/// The record files of a directory (recursively), in the split, sorted.
pub fn files(dir: &Path, split: keisei_candidates::Split) -> std::io::Result<Vec<PathBuf>> {
    keisei_candidates::collect_sgf_files(&[dir.to_path_buf()], split)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The x and right edge of every `<rect …>` with a width attribute.
    fn rects(svg: &str) -> Vec<(f64, f64)> {
        let attr = |line: &str, name: &str| -> Option<f64> {
            let start = line.find(&format!(" {name}=\""))? + name.len() + 3;
            line[start..].split('"').next()?.parse().ok()
        };
        svg.lines()
            .filter(|l| l.starts_with("<rect x="))
            .filter_map(|l| Some((attr(l, "x")?, attr(l, "x")? + attr(l, "width")?)))
            .collect()
    }

    #[test]
    fn only_even_games_are_selected() {
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let files: Vec<PathBuf> = [
            "candidates/setup-d.sgf",
            // Declares HA[2] and places no stones: its positions lack them.
            "sgf-errors/handicap-without-stones.sgf",
            "sgf-errors/garbage.sgf",
            "candidates/even-a.sgf",
        ]
        .iter()
        .map(|f| fixtures.join(f))
        .collect();
        let (chosen, passed) = select_games(&files, 10, 0);
        assert_eq!(chosen, vec![files[3].clone()]);
        // Unreadable, not even, too short.
        assert_eq!(passed, [1, 2, 0]);
    }

    #[test]
    fn the_chart_has_a_bar_per_bucket_and_series_and_the_legend_beside_the_bars() {
        let a = stats(&[1.0, 2.0, 4.0, 30.0, 250.0], &[250; 5]);
        let b = stats(&[1.0, 1.0, 12.0], &[250; 3]);
        let svg = svg(&[("one".to_string(), a), ("two & <more>".to_string(), b)]);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains(">one</text>") && svg.contains(">two and more</text>"));
        let all = rects(&svg);
        // Per series: one bar per bucket and one legend swatch.
        assert_eq!(all.len(), 2 * (HISTOGRAM.len() + 1));
        // Legend swatches are 10 wide; bars are wider.
        let swatch = |r: &&(f64, f64)| (r.1 - r.0 - 10.0).abs() < 1e-9;
        let legend: Vec<_> = all.iter().filter(swatch).collect();
        let bars: Vec<_> = all.iter().filter(|r| !swatch(r)).collect();
        assert_eq!(legend.len(), 2);
        let bars_end = bars.iter().map(|r| r.1).fold(0.0, f64::max);
        let legend_start = legend.iter().map(|r| r.0).fold(f64::MAX, f64::min);
        assert!(
            bars_end < legend_start,
            "bars up to {bars_end}, legend from {legend_start}"
        );
    }
}
