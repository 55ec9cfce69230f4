//! `keisei bench candidates DIR... [--table FILE] [--games G] [--plot FILE.svg] [--json]`.

use crate::args::BenchCandidatesArgs;
use crate::cmd::Result;
use crate::cmd::candidates::{load_efficiency, load_model};
use crate::cmd::stats::{print_skipped, progress_bar};
use crate::out::outln;
use keisei_candidates::bench::{self, BenchOptions, BenchReport, RowResult};
use keisei_candidates::{BuildReport, Weights, collect_sgf_files, plot};
use serde::Serialize;
use std::time::Instant;

/// The candidate counts at which the curves are printed.
const CURVE_POINTS: [usize; 12] = [1, 3, 5, 10, 20, 30, 50, 80, 100, 150, 200, 250];

#[derive(Serialize)]
struct RowJson {
    setting: String,
    paper_count: Option<f64>,
    paper_accuracy: Option<f64>,
    mean_count: f64,
    accuracy: f64,
    random_accuracy: f64,
    combined_accuracy: f64,
}

#[derive(Serialize)]
struct CurveJson {
    count: usize,
    combined: f64,
    pm: f64,
    pp: f64,
    pb: f64,
    random: f64,
}

#[derive(Serialize)]
struct BenchJson {
    split: String,
    table: String,
    reading: String,
    weights: [f32; 3],
    efficiency: bool,
    games: u64,
    positions: u64,
    skipped: usize,
    mean_legal: f64,
    table1: Vec<RowJson>,
    table2: Vec<RowJson>,
    curve: Vec<CurveJson>,
    mean_place: [f64; 4],
    seconds: f64,
}

fn pct(hits: f64, n: u64) -> f64 {
    if n == 0 { 0.0 } else { 100.0 * hits / n as f64 }
}

fn row_json(r: &RowResult, n: u64) -> RowJson {
    RowJson {
        setting: r.setting.label.clone(),
        paper_count: r.setting.paper.map(|p| p.0),
        paper_accuracy: r.setting.paper.map(|p| p.1),
        mean_count: if n == 0 {
            0.0
        } else {
            r.candidates as f64 / n as f64
        },
        accuracy: pct(r.hits as f64, n),
        random_accuracy: pct(r.random_hits, n),
        combined_accuracy: pct(r.combined_hits as f64, n),
    }
}

fn print_rows(rows: &[RowJson]) {
    outln!(
        "| setting | seed: count | seed: acc. % | count | acc. % | random, same count % | combined, same count % |"
    );
    outln!("|---|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        outln!(
            "| {} | {} | {} | {:.1} | {:.1} | {:.1} | {:.1} |",
            r.setting,
            r.paper_count.map_or("-".into(), |v| format!("{v:.1}")),
            r.paper_accuracy.map_or("-".into(), |v| format!("{v:.1}")),
            r.mean_count,
            r.accuracy,
            r.random_accuracy,
            r.combined_accuracy
        );
    }
}

pub(crate) fn candidates(args: &BenchCandidatesArgs) -> Result<()> {
    let mut files = collect_sgf_files(&args.dirs, args.split)?;
    if let Some(g) = args.games {
        files.truncate(g);
    }
    if files.is_empty() {
        return Err(format!("no .sgf record of the {} split was found", args.split).into());
    }
    let (tables, model, table_path, load_time) = load_model(&args.table)?;
    let info = tables.info().clone();
    drop(tables);
    if args.tune {
        tune(args, &model, &files);
        return Ok(());
    }
    let start = Instant::now();
    let mut settings = bench::table1();
    settings.extend(bench::table2());
    let n1 = bench::TABLE1.len();
    let options = BenchOptions {
        settings,
        max_move: args.max_move,
        efficiency: load_efficiency(&args.efficiency)?,
    };
    let bar = progress_bar(files.len(), "scoring");
    let report = bench::run(&model, &files, &options, &|| bar.inc(1));
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let n = report.positions;
    let rows: Vec<RowJson> = report.rows.iter().map(|r| row_json(r, n)).collect();
    let curve: Vec<CurveJson> = CURVE_POINTS
        .iter()
        .map(|&k| CurveJson {
            count: k,
            combined: 100.0 * report.combined.accuracy(k),
            pm: 100.0 * report.single[0].accuracy(k),
            pp: 100.0 * report.single[1].accuracy(k),
            pb: 100.0 * report.single[2].accuracy(k),
            random: 100.0 * report.random_accuracy(k),
        })
        .collect();
    let w = model.weights();
    let mut rows = rows.into_iter();
    let out = BenchJson {
        split: args.split.name().to_string(),
        table: table_path.display().to_string(),
        reading: model.reading().name().to_string(),
        weights: [w.pm, w.pp, w.pb],
        efficiency: options.efficiency.is_some(),
        games: report.games,
        positions: n,
        skipped: report.skipped.len(),
        mean_legal: report.mean_legal(),
        table1: rows.by_ref().take(n1).collect(),
        table2: rows.collect(),
        curve,
        mean_place: [
            report.combined.mean_place(),
            report.single[0].mean_place(),
            report.single[1].mean_place(),
            report.single[2].mean_place(),
        ],
        seconds,
    };
    if let Some(path) = &args.plot {
        let svg = plot::accuracy_svg(&report, "Candidate accuracy against candidate count");
        std::fs::write(path, svg).map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    }
    if args.output.json {
        outln!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    print_report(&out, &report, &info, load_time.as_secs_f64());
    Ok(())
}

fn print_report(
    out: &BenchJson,
    report: &BenchReport,
    info: &keisei_candidates::TableInfo,
    load_seconds: f64,
) {
    outln!(
        "{} game(s), {} position(s) of the {} split; table {} ({} games of the {} split, {}), loaded and normalised in {:.2} s",
        out.games,
        out.positions,
        out.split,
        out.table,
        info.games,
        info.split,
        if info.symmetric {
            "8 symmetries"
        } else {
            "no symmetry"
        },
        load_seconds
    );
    outln!(
        "reading: {}; combined weights Pm {} Pp {} Pb {}{}; mean legal moves {:.1}; {:.1} s ({:.0} positions/s)",
        out.reading,
        out.weights[0],
        out.weights[1],
        out.weights[2],
        if out.efficiency {
            ", times efficiency"
        } else {
            ""
        },
        out.mean_legal,
        out.seconds,
        out.positions as f64 / out.seconds.max(1e-9)
    );
    print_skipped(&BuildReport {
        skipped: report.skipped.clone(),
        ..BuildReport::default()
    });
    outln!();
    outln!("Table 1 (experiment 1: top X by Pm, Y by Pp, Z by Pb, intersected)");
    outln!();
    print_rows(&out.table1);
    outln!();
    outln!(
        "Table 2 (experiment 2: thresholds, intersected; Pm in parts per million, Pp in parts per ten thousand, Pb in percent)"
    );
    outln!();
    print_rows(&out.table2);
    outln!();
    outln!("Accuracy (%) of the K best legal moves by each ranking");
    outln!();
    outln!("| K | combined | Pm alone | Pp alone | Pb alone | random |");
    outln!("|---:|---:|---:|---:|---:|---:|");
    for c in &out.curve {
        outln!(
            "| {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
            c.count,
            c.combined,
            c.pm,
            c.pp,
            c.pb,
            c.random
        );
    }
    outln!();
    outln!(
        "mean place of the played move: combined {:.1}, Pm {:.1}, Pp {:.1}, Pb {:.1}",
        out.mean_place[0],
        out.mean_place[1],
        out.mean_place[2],
        out.mean_place[3]
    );
}

/// The parameter grid of `--tune` (only the ratios of the weights matter,
/// so `wm` stays 1).
fn grid(floor: f32) -> Vec<Weights> {
    let mut g = Vec::new();
    for decay in [0.8, 0.7, 0.6, 0.5] {
        for pp in [0.0, 0.5, 1.0, 2.0] {
            for pb in [2.0, 3.0, 4.0, 6.0] {
                g.push(Weights {
                    pm: 1.0,
                    pp,
                    pb,
                    decay,
                    floor,
                });
            }
        }
    }
    g
}

fn tune(
    args: &BenchCandidatesArgs,
    model: &keisei_candidates::Model,
    files: &[std::path::PathBuf],
) {
    let start = Instant::now();
    let grid = grid(model.weights().floor);
    let bar = progress_bar(files.len(), "tuning");
    let mut results = bench::tune(model, files, &grid, args.max_move, &|| bar.inc(1));
    bar.finish_and_clear();
    results.sort_by(|a, b| a.mean_log_place.total_cmp(&b.mean_log_place));
    outln!(
        "{} record(s) of the {} split, {} positions, {:.1} s",
        files.len(),
        args.split,
        results.first().map_or(0, |r| r.curve.positions()),
        start.elapsed().as_secs_f64()
    );
    outln!(
        "| wm | wp | wb | decay | mean ln place | mean place | top 1 % | top 10 % | top 20 % | top 50 % |"
    );
    outln!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in &results {
        outln!(
            "| {} | {} | {} | {} | {:.4} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            r.weights.pm,
            r.weights.pp,
            r.weights.pb,
            r.weights.decay,
            r.mean_log_place,
            r.curve.mean_place(),
            100.0 * r.curve.accuracy(1),
            100.0 * r.curve.accuracy(10),
            100.0 * r.curve.accuracy(20),
            100.0 * r.curve.accuracy(50)
        );
    }
}
