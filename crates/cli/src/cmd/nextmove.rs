//! `keisei bench next-move DIR…`: the next-move experiment of seeds 000 and
//! 001 §4 on real games, optionally beside GNU Go, with an ablation table.

use crate::args::{BenchNextMoveArgs, FactorArg, SampleArgs, TableArgs};
use crate::cmd::Result;
use crate::cmd::candidates::load_model;
use crate::cmd::eval::load_config;
use crate::cmd::stats::progress_bar;
use crate::out::{out, outln};
use crate::peer::{Gtp, ask_each, gnugo, parse_top_moves};
use keisei_board::Game;
use keisei_candidates::{Model, Split};
use keisei_evaluate::bench::{self, Measured, Sample, Skipped, Stats};
use keisei_evaluate::config::{DangerModel, InfluenceModel, TerritoryModel};
use keisei_evaluate::{Config, Evaluator, Factor, Method};
use serde::Serialize;
use std::time::Instant;

/// The positions of a sample: the records chosen and the move numbers.
pub(crate) struct Chosen {
    pub(crate) samples: Vec<Sample>,
    pub(crate) games: usize,
    /// Records passed over: unreadable, setup stones, too short.
    pub(crate) passed: [usize; 3],
}

/// Chooses the records and positions of `split` as `args` say.
pub(crate) fn choose(args: &SampleArgs, split: Split, games: usize) -> Result<Chosen> {
    let files = keisei_candidates::collect_sgf_files(&args.dirs, split)?;
    if files.is_empty() {
        return Err(format!("no .sgf record of the {split} split was found").into());
    }
    let (from, to) = args.moves;
    let (chosen, passed) = bench::select_games(&files, games, from);
    if chosen.is_empty() {
        return Err(format!(
            "none of the {} records of the {split} split is an even game longer than {from} moves",
            files.len()
        )
        .into());
    }
    Ok(Chosen {
        samples: bench::samples(&chosen, args.per_game, from, to),
        games: chosen.len(),
        passed,
    })
}

/// The move-probability model when `--prior` asks for one.
pub(crate) fn prior_model(prior: bool, table: &TableArgs) -> Result<Option<Model>> {
    Ok(if prior {
        Some(load_model(table)?.1)
    } else {
        None
    })
}

/// Measures every sample with a progress bar; returns the measured
/// positions, the reasons others were skipped, and the wall time.
pub(crate) fn measure_all(
    evaluator: &Evaluator,
    samples: &[Sample],
    prior: Option<&Model>,
    what: &str,
) -> (Vec<Measured>, Vec<(Sample, Skipped)>, f64) {
    let bar = progress_bar(samples.len(), what);
    let start = Instant::now();
    let results = bench::measure(evaluator, samples, prior, || bar.inc(1));
    let wall = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let mut measured = Vec::new();
    let mut skipped = Vec::new();
    for (s, r) in samples.iter().zip(results) {
        match r {
            Ok(m) => measured.push(m),
            Err(e) => skipped.push((s.clone(), e)),
        }
    }
    (measured, skipped, wall)
}

/// A row of the report.
#[derive(Serialize)]
struct Row {
    method: u8,
    factor: &'static str,
    #[serde(flatten)]
    stats: Stats,
}

/// GNU Go's figures on the same positions.
#[derive(Serialize)]
struct PeerReport {
    engine: String,
    level: u8,
    /// Positions it answered.
    positions: usize,
    /// Its `reg_genmove` is the move played.
    top1: f64,
    /// The move played is among its `top_moves` (at most 10).
    top10: f64,
    /// Seconds per position (`loadsgf`, `reg_genmove`, `top_moves`), one
    /// process per thread.
    seconds_per_position: f64,
    /// Positions it failed on, with the first error.
    failures: usize,
    first_error: Option<String>,
}

#[derive(Serialize)]
struct AblationRow {
    change: String,
    method: u8,
    #[serde(flatten)]
    stats: Stats,
}

#[derive(Serialize)]
struct Report {
    split: String,
    rule: String,
    games: usize,
    positions: usize,
    skipped: Vec<(String, usize)>,
    config: String,
    rows: Vec<Row>,
    /// Seconds per position for one thread: evaluating the position and
    /// both colours' move at every legal point (what method 2 needs).
    seconds_per_position: f64,
    threads: usize,
    wall_seconds: f64,
    peer: Option<std::result::Result<PeerReport, String>>,
    ablation: Vec<AblationRow>,
}

pub(crate) const FACTORS: [(Factor, &str); 5] = [
    (Factor::All, "all"),
    (Factor::Territory, "territory"),
    (Factor::Influence, "influence"),
    (Factor::Danger, "danger"),
    (Factor::Prior, "prior"),
];

pub(crate) fn method_of(m: u8) -> Method {
    if m == 1 { Method::One } else { Method::Two }
}

/// The rank statistics of every measured position under a method and factor.
pub(crate) fn stats_of(
    measured: &[Measured],
    method: Method,
    factor: Factor,
    config: &Config,
) -> Stats {
    let (ranks, moves) = bench::ranks(measured, method, factor, config, None);
    bench::stats(&ranks, &moves)
}

fn skip_counts(skipped: &[(Sample, Skipped)], passed: [usize; 3]) -> Vec<(String, usize)> {
    let mut counts: Vec<(String, usize)> = vec![
        ("records unreadable".into(), passed[0]),
        (
            "records with setup stones or a declared handicap".into(),
            passed[1],
        ),
        ("records too short".into(), passed[2]),
    ];
    for (label, f) in [
        (
            "positions past the end of the record",
            (|s: &Skipped| matches!(s, Skipped::TooShort)) as fn(&Skipped) -> bool,
        ),
        ("positions whose next move is a pass or illegal", |s| {
            matches!(s, Skipped::NoMove)
        }),
        ("positions whose record failed to replay", |s| {
            matches!(s, Skipped::Record(_) | Skipped::Setup)
        }),
    ] {
        counts.push((label.into(), skipped.iter().filter(|(_, s)| f(s)).count()));
    }
    counts.retain(|(_, n)| *n > 0);
    counts
}

pub(crate) fn run(args: &BenchNextMoveArgs) -> Result<()> {
    let config = load_config(&args.config)?;
    if args.factor == Some(FactorArg::Prior) && !args.prior {
        return Err("`--factor prior` needs `--prior` (and a table)".into());
    }
    let chosen = choose(&args.sample, args.split, args.sample.games)?;
    let evaluator = Evaluator::new(config);
    let model = prior_model(args.prior, &args.table)?;
    let (measured, skipped, wall) =
        measure_all(&evaluator, &chosen.samples, model.as_ref(), "ranking");
    if measured.is_empty() {
        return Err("no position could be measured".into());
    }
    let methods: Vec<u8> = args.method.map_or(vec![1, 2], |m| vec![m]);
    let factors: Vec<(Factor, &str)> = match args.factor {
        None => FACTORS
            .iter()
            .copied()
            .filter(|(f, _)| *f != Factor::Prior || args.prior)
            .collect(),
        Some(f) => FACTORS
            .iter()
            .copied()
            .filter(|(x, _)| *x == factor_of(f))
            .collect(),
    };
    let mut rows = Vec::new();
    for &m in &methods {
        for &(f, name) in &factors {
            rows.push(Row {
                method: m,
                factor: name,
                stats: stats_of(&measured, method_of(m), f, &config),
            });
        }
    }
    let peer = args
        .peer
        .as_deref()
        .map(|spec| run_peer(spec, args.peer_level, &measured));
    let ablation = if args.ablation {
        ablation(&config, &measured, model.as_ref())
    } else {
        Vec::new()
    };
    let (from, to) = args.sample.moves;
    let report = Report {
        split: args.split.name().to_string(),
        rule: format!(
            "the first {} even games of the split in path order; {} positions per game at moves from + floor((k + 1/2)·(to − from + 1)/K), from = {from}, to = {to}",
            args.sample.games, args.sample.per_game
        ),
        games: chosen.games,
        positions: measured.len(),
        skipped: skip_counts(&skipped, chosen.passed),
        config: args
            .config
            .config
            .as_ref()
            .map_or("built-in".to_string(), |p| p.display().to_string()),
        rows,
        seconds_per_position: measured.iter().map(|m| m.seconds).sum::<f64>()
            / measured.len() as f64,
        threads: rayon::current_num_threads(),
        wall_seconds: wall,
        peer,
        ablation,
    };
    if let Some(path) = &args.plot {
        let series: Vec<(String, Stats)> = report
            .rows
            .iter()
            .filter(|r| r.factor == "all" || r.method == 2)
            .map(|r| {
                (
                    format!("method {}, {}", r.method, r.factor),
                    r.stats.clone(),
                )
            })
            .collect();
        std::fs::write(path, bench::svg(&series))
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    }
    if args.output.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(&report);
    }
    Ok(())
}

fn factor_of(f: FactorArg) -> Factor {
    match f {
        FactorArg::All => Factor::All,
        FactorArg::Territory => Factor::Territory,
        FactorArg::Influence => Factor::Influence,
        FactorArg::Danger => Factor::Danger,
        FactorArg::Prior => Factor::Prior,
    }
}

/// Prints a table of rank statistics.
pub(crate) fn print_stats_header(first: &str) {
    outln!("| {first} | positions | mean rank | median | top-1 % | top-5 % | top-10 % | moves |");
    outln!("|---|---:|---:|---:|---:|---:|---:|---:|");
}

pub(crate) fn print_stats_row(label: &str, s: &Stats) {
    outln!(
        "| {label} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.0} |",
        s.positions,
        s.mean,
        s.median,
        100.0 * s.top1,
        100.0 * s.top5,
        100.0 * s.top10,
        s.mean_moves
    );
}

fn print_report(r: &Report) {
    outln!(
        "next-move experiment on the {} split: {} positions from {} games",
        r.split,
        r.positions,
        r.games
    );
    outln!("  positions: {}", r.rule);
    outln!("  configuration: {}", r.config);
    for (what, n) in &r.skipped {
        outln!("  passed over: {n} {what}");
    }
    outln!();
    print_stats_header("method, factor");
    for row in &r.rows {
        print_stats_row(&format!("{}, {}", row.method, row.factor), &row.stats);
    }
    outln!();
    outln!(
        "keisei: {:.3} s per position on one thread (position + both colours at every legal point), {} threads, {:.1} s wall",
        r.seconds_per_position,
        r.threads,
        r.wall_seconds
    );
    match &r.peer {
        None => outln!("peer: not run (--peer gnugo)"),
        Some(Err(e)) => outln!("peer: not available: {e}"),
        Some(Ok(p)) => {
            outln!(
                "peer {} (level {}): {} positions, top-1 {:.1} %, top-10 {:.1} %, {:.3} s per position",
                p.engine,
                p.level,
                p.positions,
                100.0 * p.top1,
                100.0 * p.top10,
                p.seconds_per_position
            );
            if p.failures > 0 {
                outln!(
                    "  failed on {} positions; first: {}",
                    p.failures,
                    p.first_error.as_deref().unwrap_or("")
                );
            }
        }
    }
    for row in r.rows.iter().filter(|row| row.factor == "all") {
        outln!();
        outln!(
            "rank of the move played, method {}, whole function:",
            row.method
        );
        out!("{}", bench::chart(&row.stats));
    }
    if !r.ablation.is_empty() {
        outln!();
        outln!("ablation (whole function):");
        print_stats_header("change, method");
        for a in &r.ablation {
            print_stats_row(&format!("{}, {}", a.change, a.method), &a.stats);
        }
    }
}

/// Runs the peer on the measured positions, one process per thread.
fn run_peer(
    spec: &str,
    level: u8,
    measured: &[Measured],
) -> std::result::Result<PeerReport, String> {
    // Fail early, with the reason, if it cannot start.
    let (path, args) = gnugo(spec, level)?;
    let bar = progress_bar(measured.len(), "peer");
    let (answers, first_error) = ask_each(&path, &args, measured, ask_peer, || bar.inc(1));
    bar.finish_and_clear();
    let ok: Vec<(bool, bool, f64)> = answers.iter().flatten().copied().collect();
    let n = ok.len();
    let share = |f: fn(&(bool, bool, f64)) -> bool| {
        if n == 0 {
            0.0
        } else {
            ok.iter().filter(|a| f(a)).count() as f64 / n as f64
        }
    };
    Ok(PeerReport {
        engine: path.display().to_string(),
        level,
        positions: n,
        top1: share(|a| a.0),
        top10: share(|a| a.1),
        seconds_per_position: if n == 0 {
            0.0
        } else {
            ok.iter().map(|a| a.2).sum::<f64>() / n as f64
        },
        failures: answers.len() - n,
        first_error,
    })
}

/// Asks the peer for its move in one position: (top-1 hit, top-10 hit,
/// seconds).
fn ask_peer(engine: &mut Gtp, m: &Measured) -> std::result::Result<(bool, bool, f64), String> {
    let file = m.sample.file.display().to_string();
    if file.chars().any(char::is_whitespace) {
        return Err(format!("{file}: GTP cannot pass a path with blanks"));
    }
    let game = Game::load(&m.sample.file).map_err(|e| e.to_string())?;
    let size = game.size();
    let color = match m.terms.to_move {
        keisei_board::Color::Black => "black",
        keisei_board::Color::White => "white",
    };
    let played = m.played.to_gtp(size).to_ascii_uppercase();
    let start = Instant::now();
    // `loadsgf F N` stops before move N (1-based): N + 1 leaves the first N
    // moves played.
    engine.command(&format!("loadsgf {file} {}", m.sample.move_number + 1))?;
    let first = engine.command(&format!("reg_genmove {color}"))?;
    let top = engine.command("top_moves")?;
    let seconds = start.elapsed().as_secs_f64();
    let top = parse_top_moves(&top);
    let first = first.trim().to_ascii_uppercase();
    Ok((
        first == played,
        first == played || top.iter().take(10).any(|t| *t == played),
        seconds,
    ))
}

/// The ablation table: each model swapped (the positions measured again) and
/// each term removed (its weight set to 0), on the same positions.
fn ablation(config: &Config, measured: &[Measured], prior: Option<&Model>) -> Vec<AblationRow> {
    let mut rows = Vec::new();
    let mut push = |change: String, ms: &[Measured], c: &Config| {
        for m in [1, 2] {
            rows.push(AblationRow {
                change: change.clone(),
                method: m,
                stats: stats_of(ms, method_of(m), Factor::All, c),
            });
        }
    };
    push("none (as configured)".into(), measured, config);
    for (name, zero) in [
        (
            "territory removed",
            (|c: &mut Config| c.weights.territory = 0.0) as fn(&mut Config),
        ),
        ("influence removed", |c| c.weights.influence = 0.0),
        ("danger removed", |c| c.weights.danger = 0.0),
        ("seed 004 tables off", |c| c.situation.enabled = false),
        ("prior removed", |c| c.ranking.prior = 0.0),
        ("phase gate off", |c| {
            c.phase.territory = [1.0; 3];
            c.phase.influence = [1.0; 3];
            c.phase.danger = [1.0; 3];
        }),
    ] {
        if name == "prior removed" && (prior.is_none() || config.ranking.prior == 0.0) {
            continue;
        }
        let mut c = *config;
        zero(&mut c);
        push(name.into(), measured, &c);
    }
    // The positions actually measured, so every variant sees the same ones.
    let kept: Vec<Sample> = measured.iter().map(|m| m.sample.clone()).collect();
    let mut variants: Vec<(String, Config)> = Vec::new();
    let m = config.models;
    for t in [TerritoryModel::Enclosed, TerritoryModel::AttackEase] {
        if t != m.territory {
            let mut c = *config;
            c.models.territory = t;
            variants.push((format!("territory {}", name_of(&t)), c));
        }
    }
    for i in [
        InfluenceModel::Ellipse,
        InfluenceModel::Projection,
        InfluenceModel::Dots,
    ] {
        if i != m.influence {
            let mut c = *config;
            c.models.influence = i;
            variants.push((format!("influence {}", name_of(&i)), c));
        }
    }
    for d in [DangerModel::Seed000, DangerModel::Seed003] {
        if d != m.danger {
            let mut c = *config;
            c.models.danger = d;
            variants.push((format!("danger {}", name_of(&d)), c));
        }
    }
    for (name, mut c) in variants {
        let evaluator = Evaluator::new(c);
        let (ms, _, _) = measure_all(&evaluator, &kept, prior, &name);
        // Another model of a factor measures it in other units: its weight is
        // rescaled so the factor's mean absolute change per move stays what
        // it was (e.g. projection sums strengths, about ten times the
        // ellipse's point count).
        for term in 0..3 {
            let (before, after) = (mean_abs_change(measured, term), mean_abs_change(&ms, term));
            if before > 0.0 && after > 0.0 {
                let w = match term {
                    0 => &mut c.weights.territory,
                    1 => &mut c.weights.influence,
                    _ => &mut c.weights.danger,
                };
                *w *= before / after;
            }
        }
        push(name, &ms, &c);
    }
    rows
}

/// The mean absolute change of one raw term over every move of both colours.
fn mean_abs_change(measured: &[Measured], term: usize) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for m in measured {
        for mv in &m.terms.moves {
            for d in [mv.black, mv.white].into_iter().flatten() {
                sum += d[term].abs();
                n += 1;
            }
        }
    }
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// The config-file name of a model.
fn name_of<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|j| j.as_str().map(str::to_string))
        .unwrap_or_default()
}
