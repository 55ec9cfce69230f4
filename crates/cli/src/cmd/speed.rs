//! `keisei bench speed DIR…`: how long an evaluation and a move ranking take
//! on positions from game records, against the speed targets.

use crate::args::BenchSpeedArgs;
use crate::cmd::Result;
use crate::cmd::eval::load_config;
use crate::cmd::nextmove::choose;
use crate::cmd::stats::progress_bar;
use crate::out::outln;
use keisei_board::reading::Reader;
use keisei_board::{Board, Game};
use keisei_evaluate::{Evaluator, Factor, Method};
use serde::Serialize;
use std::hint::black_box;
use std::time::Instant;

/// One evaluation, fresh reader: the target (seconds).
const EVALUATION_TARGET: f64 = 100e-6;
/// The measure of a position new to the processor: its runs go round the
/// positions (see [`new_positions`]).
const NEW_POSITION: usize = 0;
/// A method-2 ranking of every legal move of a 19×19 position on one
/// thread: the target (seconds).
const RANKING_TARGET: f64 = 50e-3;
/// The measures the ranking target is for (it applies to 19×19 boards).
const RANKING: [usize; 2] = [5, 6];

/// The measures, in the order of the report: name and target (seconds).
const MEASURES: [(&str, Option<f64>); 8] = [
    (
        "one evaluation, fresh reader, new position",
        Some(EVALUATION_TARGET),
    ),
    (
        "one evaluation, fresh reader, runs in a row",
        Some(EVALUATION_TARGET),
    ),
    ("one evaluation, warm reader", None),
    ("shared evaluation of the ranked position", None),
    ("method 1, every legal move, one thread", None),
    (
        "method 2, every legal move, one thread, first run",
        Some(RANKING_TARGET),
    ),
    (
        "method 2, every legal move, one thread",
        Some(RANKING_TARGET),
    ),
    ("method 2, every legal move, all threads", None),
];

/// One position's figures (seconds, each the median of the timed runs but
/// the first run's).
#[derive(Serialize)]
struct Timed {
    file: String,
    move_number: usize,
    size: u8,
    legal_moves: usize,
    seconds: [f64; MEASURES.len()],
}

/// A row of the summary (milliseconds).
#[derive(Serialize)]
struct Row {
    measure: &'static str,
    median_ms: f64,
    p90_ms: f64,
    max_ms: f64,
    target_ms: Option<f64>,
    /// Positions (19×19 ones for the ranking target) within the target.
    within: Option<usize>,
    /// Positions the target applies to.
    of: Option<usize>,
}

#[derive(Serialize)]
struct Report {
    split: String,
    games: usize,
    positions: usize,
    skipped: usize,
    repeat: u32,
    threads: usize,
    rows: Vec<Row>,
    timed: Vec<Timed>,
}

/// The time of a first run of `f` (which fills the evaluator's eye-shape
/// cache with the shapes of the position's regions it had not seen), and the
/// median of `repeat` runs after it.
fn first_and_median(repeat: u32, mut f: impl FnMut()) -> (f64, f64) {
    let start = Instant::now();
    f();
    let first = start.elapsed().as_secs_f64();
    (first, median_seconds(repeat, f))
}

/// The median of `repeat` timed runs of `f`, after one untimed run.
fn median_seconds(repeat: u32, mut f: impl FnMut()) -> f64 {
    f();
    let mut times: Vec<f64> = (0..repeat)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The median time of one evaluation (fresh reader) of each position when
/// the runs go round the positions: every position once, then every
/// position again, `repeat` rounds, so that no run follows a run on the same
/// position. Runs in a row on one position get faster and faster (by a
/// third after ten runs on this project's machine: the processor's branch
/// predictors learn the position's branches), which is not what a program
/// evaluating the positions of a game, or of a search, sees.
fn new_positions(evaluator: &Evaluator, boards: &[(Board, f64)], repeat: u32) -> Vec<f64> {
    let mut times = vec![Vec::with_capacity(repeat as usize); boards.len()];
    for _ in 0..repeat {
        for ((board, komi), t) in boards.iter().zip(&mut times) {
            let start = Instant::now();
            evaluate_once(evaluator, board, *komi);
            t.push(start.elapsed().as_secs_f64());
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort_by(f64::total_cmp);
            t[t.len() / 2]
        })
        .collect()
}

/// One evaluation, kept out of line: the timed unit is the library's call,
/// as in the example `repeat` (inlined into the loop, this build's
/// evaluations measured about 35 % slower; see `docs/results.md`, fifth
/// session).
#[inline(never)]
fn evaluate_once(evaluator: &Evaluator, board: &Board, komi: f64) {
    black_box(evaluator.evaluate(black_box(board), komi));
}

/// The value at `q` (0 to 1) of sorted `v`, by the nearest rank.
fn quantile(v: &[f64], q: f64) -> f64 {
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1]
}

pub(crate) fn run(args: &BenchSpeedArgs) -> Result<()> {
    let config = load_config(&args.config)?;
    let evaluator = Evaluator::new(config);
    let chosen = choose(&args.sample, args.split, args.sample.games)?;
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
    let threads = rayon::current_num_threads();
    let bar = progress_bar(chosen.samples.len(), "timing");
    let mut timed = Vec::new();
    let mut boards = Vec::new();
    let mut skipped = 0;
    for s in &chosen.samples {
        bar.inc(1);
        // Records that load were checked by `choose`; one shorter than the
        // move number has no such position.
        let position = Game::load(&s.file)
            .ok()
            .filter(|g| g.move_count() >= s.move_number)
            .and_then(|g| g.position(s.move_number).ok());
        let Some(pos) = position else {
            skipped += 1;
            continue;
        };
        let (board, komi) = (&pos.board, pos.komi);
        let legal_moves = board.legal_moves(board.to_move()).count();
        if legal_moves == 0 {
            skipped += 1;
            continue;
        }
        let r = args.repeat;
        let rank = |method| evaluator.rank(board, komi, method, Factor::All, None, None);
        let mut warm = Reader::new();
        // The method-2 ranking first, while the position's children's eye
        // shapes are new to the evaluator (unless earlier positions had them).
        let (first, second) =
            one.install(|| first_and_median(r, || drop(black_box(rank(Method::Two)))));
        let seconds = [
            0.0, // NEW_POSITION, below
            median_seconds(r, || {
                black_box(evaluator.evaluate(black_box(board), komi));
            }),
            median_seconds(r, || {
                black_box(evaluator.evaluate_with(black_box(board), komi, &mut warm, None));
            }),
            median_seconds(r, || {
                black_box(evaluator.evaluate_shared(black_box(board), komi, &mut Reader::new()));
            }),
            one.install(|| median_seconds(r, || drop(black_box(rank(Method::One))))),
            first,
            second,
            median_seconds(r, || drop(black_box(rank(Method::Two)))),
        ];
        timed.push(Timed {
            file: s.file.display().to_string(),
            move_number: s.move_number,
            size: board.size(),
            legal_moves,
            seconds,
        });
        boards.push((pos.board, komi));
    }
    bar.finish_and_clear();
    for (t, s) in timed
        .iter_mut()
        .zip(new_positions(&evaluator, &boards, args.repeat))
    {
        t.seconds[NEW_POSITION] = s;
    }
    if timed.is_empty() {
        return Err(format!(
            "no position could be timed: {skipped} records are shorter than the move numbers asked for (--moves) or have no legal move"
        )
        .into());
    }
    let nineteen = timed.iter().filter(|t| t.size == 19).count();
    let rows = MEASURES
        .iter()
        .enumerate()
        .map(|(i, &(measure, target))| {
            let mut v: Vec<f64> = timed.iter().map(|t| t.seconds[i]).collect();
            v.sort_by(f64::total_cmp);
            // The ranking target is for 19×19 boards.
            let applies = |t: &Timed| !RANKING.contains(&i) || t.size == 19;
            let within = target.map(|limit| {
                timed
                    .iter()
                    .filter(|t| applies(t) && t.seconds[i] < limit)
                    .count()
            });
            Row {
                measure,
                median_ms: 1e3 * quantile(&v, 0.5),
                p90_ms: 1e3 * quantile(&v, 0.9),
                max_ms: 1e3 * v[v.len() - 1],
                target_ms: target.map(|t| 1e3 * t),
                within,
                of: target.map(|_| {
                    if RANKING.contains(&i) {
                        nineteen
                    } else {
                        timed.len()
                    }
                }),
            }
        })
        .collect();
    let report = Report {
        split: args.split.to_string(),
        games: chosen.games,
        positions: timed.len(),
        skipped,
        repeat: args.repeat,
        threads,
        rows,
        timed,
    };
    if args.output.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    let legal: usize = report.timed.iter().map(|t| t.legal_moves).sum();
    outln!(
        "{} positions ({} of them 19×19) from {} records of the {} split, moves {}..{}; {:.0} legal moves on average",
        report.positions,
        nineteen,
        report.games,
        report.split,
        args.sample.moves.0,
        args.sample.moves.1,
        legal as f64 / report.positions as f64
    );
    outln!(
        "each figure: the median of {} timed runs after one untimed run (\"first run\": that run, the first ranking of the position; \"new position\": runs going round the positions, no run right after one on the same position); all threads = {}",
        report.repeat,
        report.threads
    );
    if report.skipped > 0 {
        outln!(
            "{} positions skipped (record shorter than the move number, or no legal move)",
            report.skipped
        );
    }
    outln!();
    outln!("| measure | median | 90th percentile | max | target | within target |");
    outln!("|---|---:|---:|---:|---:|---:|");
    for r in &report.rows {
        let (target, within) = match (r.target_ms, r.within, r.of) {
            (Some(t), Some(w), Some(of)) => (format_ms(t), format!("{w} of {of}")),
            _ => (String::new(), String::new()),
        };
        outln!(
            "| {} | {} | {} | {} | {} | {} |",
            r.measure,
            format_ms(r.median_ms),
            format_ms(r.p90_ms),
            format_ms(r.max_ms),
            target,
            within
        );
    }
    Ok(())
}

/// Milliseconds as `µs` below one, else `ms`.
fn format_ms(ms: f64) -> String {
    if ms < 1.0 {
        format!("{:.0} µs", ms * 1e3)
    } else {
        format!("{ms:.1} ms")
    }
}
