//! Times one evaluation, or one part of it, over a list of positions, each
//! position repeated: the figures `docs/results.md` splits a fresh
//! evaluation into.
//!
//! `cargo run --release -p keisei-evaluate --example repeat -- LIST MODE [REPEAT] [interleaved]`
//!
//! `LIST` holds `file<TAB>move` lines (what `keisei bench speed --json`
//! lists, or `keisei eval` takes in batch form). Every position is
//! evaluated once untimed (the evaluator's eye-search cache fills), then
//! `REPEAT` times (default 30) in a row; the median, 90th percentile and
//! maximum of the per-position averages are printed. `MODE` is one of:
//!
//! - `fresh`: `Evaluator::evaluate` (a new small reader each time);
//! - `warm`: `Evaluator::evaluate_with` one reader kept for the position
//!   (from the second time on, every cut reading is a cache hit);
//! - `links`: the connections alone, with a new small reader;
//! - `links-warm`: the connections alone, one reader kept;
//! - `after-links`: `warm`, each time right after the position's
//!   connections were found with a new reader (untimed): what the rest of
//!   an evaluation costs after cut readings ran.
//!
//! With `interleaved`, the runs go round the list instead: every position
//! once, then every position a second time, and so on, so that no run
//! follows a run on the same position. A run in a row is faster than the
//! first on a new position, and keeps getting faster for ten runs and more
//! (the processor's branch predictors learn the position's branches); an
//! interleaved run is what a position new to the processor costs.
#![allow(clippy::print_stdout)]

// The allocator of the `keisei` tool, so the times are the tool's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use keisei_board::reading::Reader;
use keisei_board::{Game, Position};
use keisei_evaluate::{Config, Evaluator};
use keisei_territory::connections;
use keisei_territory::patterns::ConnectionPatterns;
use std::hint::black_box;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Fresh,
    Warm,
    Links,
    LinksWarm,
    AfterLinks,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let usage = "usage: repeat LIST fresh|warm|links|links-warm|after-links [REPEAT] [interleaved]";
    let mut args = std::env::args().skip(1);
    let list = args.next().ok_or(usage)?;
    let mode = match args.next().as_deref() {
        Some("fresh") => Mode::Fresh,
        Some("warm") => Mode::Warm,
        Some("links") => Mode::Links,
        Some("links-warm") => Mode::LinksWarm,
        Some("after-links") => Mode::AfterLinks,
        _ => return Err(usage.into()),
    };
    let repeat: u32 = args.next().map_or(Ok(30), |r| r.parse())?;
    let interleaved = match args.next().as_deref() {
        None => false,
        Some("interleaved") => true,
        Some(_) => return Err(usage.into()),
    };
    let mut positions = Vec::new();
    for (i, line) in std::fs::read_to_string(&list)?.lines().enumerate() {
        let (file, n) = line
            .split_once('\t')
            .ok_or_else(|| format!("{list}:{}: expected file<TAB>move", i + 1))?;
        positions.push(Game::load(file)?.position(n.trim().parse()?)?);
    }
    let ev = Evaluator::new(Config::default());
    for p in &positions {
        black_box(ev.evaluate(&p.board, p.komi));
    }
    let mut times: Vec<Duration> = if interleaved {
        let mut kept: Vec<Reader> = positions.iter().map(|_| Reader::small()).collect();
        let mut sums = vec![Duration::ZERO; positions.len()];
        for _ in 0..repeat {
            for ((p, sum), reader) in positions.iter().zip(&mut sums).zip(&mut kept) {
                *sum += time_once(&ev, p, mode, reader);
            }
        }
        sums.into_iter().map(|s| s / repeat).collect()
    } else {
        positions
            .iter()
            .map(|p| time(&ev, p, mode, repeat))
            .collect()
    };
    if times.is_empty() {
        return Err(format!("{list}: no positions").into());
    }
    times.sort();
    let at = |q: f64| times[((q * times.len() as f64).ceil() as usize).clamp(1, times.len()) - 1];
    println!(
        "{} positions, {repeat} times each: median {:.1?}, 90th percentile {:.1?}, max {:.1?}",
        times.len(),
        at(0.5),
        at(0.9),
        times[times.len() - 1]
    );
    Ok(())
}

/// The average time of one `mode` run on `p`, over `repeat` runs (not
/// inlined: a profiler can count it alone).
#[inline(never)]
fn time(ev: &Evaluator, p: &Position, mode: Mode, repeat: u32) -> Duration {
    let mut kept = Reader::small();
    let mut total = Duration::ZERO;
    for _ in 0..repeat {
        total += time_once(ev, p, mode, &mut kept);
    }
    total / repeat
}

/// The time of one `mode` run on `p`; `kept` is the reader kept for `p`.
#[inline(never)]
fn time_once(ev: &Evaluator, p: &Position, mode: Mode, kept: &mut Reader) -> Duration {
    let patterns = ConnectionPatterns::builtin();
    if mode == Mode::AfterLinks {
        black_box(connections(&p.board, patterns, &mut Reader::small()));
    }
    let start = Instant::now();
    match mode {
        Mode::Fresh => drop(black_box(ev.evaluate(&p.board, p.komi))),
        Mode::Warm | Mode::AfterLinks => {
            drop(black_box(ev.evaluate_with(&p.board, p.komi, kept, None)));
        }
        Mode::Links => drop(black_box(connections(
            &p.board,
            patterns,
            &mut Reader::small(),
        ))),
        Mode::LinksWarm => drop(black_box(connections(&p.board, patterns, kept))),
    }
    start.elapsed()
}
