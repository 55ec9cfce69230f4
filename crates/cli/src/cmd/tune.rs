//! `keisei tune DIR…`: fit the weights on the training records, report
//! training and held-out figures before and after, write the configuration.

use crate::args::TuneArgs;
use crate::cmd::Result;
use crate::cmd::eval::load_config;
use crate::cmd::nextmove::{
    choose, measure_all, method_of, print_stats_header, print_stats_row, prior_model, stats_of,
};
use crate::out::outln;
use keisei_candidates::Split;
use keisei_evaluate::bench::{Measured, Sample, Stats};
use keisei_evaluate::config::{GroupThresholds, Models};
use keisei_evaluate::{Evaluator, Factor, tune};
use serde::{Deserialize, Serialize};
use std::time::Instant;

#[derive(Serialize)]
struct Line {
    part: &'static str,
    weights: &'static str,
    method: u8,
    #[serde(flatten)]
    stats: Stats,
}

#[derive(Serialize)]
struct Report {
    train_games: usize,
    train_positions: usize,
    test_games: usize,
    test_positions: usize,
    fitted_method: u8,
    loss_before: f64,
    loss_after: f64,
    temperature: f64,
    lines: Vec<Line>,
    wins_on_held_out: bool,
    output: String,
    seconds: f64,
}

/// What measurements depend on: the models and thresholds of the
/// configuration, whether moves carry a prior, and the positions.
#[derive(Serialize, Deserialize, PartialEq)]
struct Key {
    models: Models,
    groups: GroupThresholds,
    opening_below: f64,
    late_above: f64,
    prior: bool,
    train: Vec<Sample>,
    test: Vec<Sample>,
}

#[derive(Serialize, Deserialize)]
struct Measurements {
    key: Key,
    train: Vec<Measured>,
    test: Vec<Measured>,
}

fn load_measurements(path: &std::path::Path, key: &Key) -> Result<(Vec<Measured>, Vec<Measured>)> {
    let text = std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let file: Measurements = serde_json::from_slice(&text).map_err(|e| {
        format!(
            "{}: not a measurements file of this version: {e}",
            path.display()
        )
    })?;
    if file.key != *key {
        return Err(format!(
            "{}: measured with other models, thresholds, prior or positions; delete it to measure again",
            path.display()
        )
        .into());
    }
    Ok((file.train, file.test))
}

pub(crate) fn run(args: &TuneArgs) -> Result<()> {
    let start_time = Instant::now();
    let start = load_config(&args.config)?;
    let train = choose(&args.sample, Split::Train, args.sample.games)?;
    let test = choose(&args.sample, Split::Test, args.test_games)?;
    let key = Key {
        models: start.models,
        groups: start.groups,
        opening_below: start.phase.opening_below,
        late_above: start.phase.late_above,
        prior: args.prior,
        train: train.samples.clone(),
        test: test.samples.clone(),
    };
    let (train_m, test_m) = match &args.measurements {
        Some(path) if path.exists() => load_measurements(path, &key)?,
        _ => {
            let evaluator = Evaluator::new(start);
            let model = prior_model(args.prior, &args.table)?;
            let (train_m, _, _) = measure_all(
                &evaluator,
                &train.samples,
                model.as_ref(),
                "training positions",
            );
            let (test_m, _, _) = measure_all(
                &evaluator,
                &test.samples,
                model.as_ref(),
                "held-out positions",
            );
            if let Some(path) = &args.measurements {
                let file = Measurements {
                    key,
                    train: train_m,
                    test: test_m,
                };
                std::fs::write(path, serde_json::to_vec(&file)?)
                    .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
                (file.train, file.test)
            } else {
                (train_m, test_m)
            }
        }
    };
    if train_m.is_empty() || test_m.is_empty() {
        return Err("no position could be measured".into());
    }
    let options = tune::Options {
        method: method_of(args.method),
        base_only: args.base_only,
        l2: args.l2,
        steps: args.steps,
        ..tune::Options::default()
    };
    let fit = tune::fit(&train_m, &start, &options);
    let mut lines = Vec::new();
    for (part, measured) in [("train", &train_m), ("test", &test_m)] {
        for (weights, config) in [("before", &start), ("after", &fit.config)] {
            for method in [1, 2] {
                lines.push(Line {
                    part,
                    weights,
                    method,
                    stats: stats_of(measured, method_of(method), Factor::All, config),
                });
            }
        }
    }
    let held_out = |w: &str| {
        lines
            .iter()
            .find(|l| l.part == "test" && l.weights == w && l.method == args.method)
            .map_or(f64::INFINITY, |l| l.stats.mean)
    };
    let wins = held_out("after") < held_out("before");
    let text = format!(
        "# Written by `keisei tune` (method {}, {} training positions from {} games of the train split).\n\
         # Held-out (test split, {} positions) mean rank by method {}: {:.2} before, {:.2} after.\n\n{}",
        args.method,
        train_m.len(),
        train.games,
        test_m.len(),
        args.method,
        held_out("before"),
        held_out("after"),
        fit.config.to_toml()
    );
    std::fs::write(&args.output, text)
        .map_err(|e| format!("{}: cannot write: {e}", args.output.display()))?;
    let report = Report {
        train_games: train.games,
        train_positions: train_m.len(),
        test_games: test.games,
        test_positions: test_m.len(),
        fitted_method: args.method,
        loss_before: fit.loss_before,
        loss_after: fit.loss_after,
        temperature: fit.temperature,
        lines,
        wins_on_held_out: wins,
        output: args.output.display().to_string(),
        seconds: start_time.elapsed().as_secs_f64(),
    };
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    outln!(
        "fitted on {} positions from {} games of the train split for method {}; held out: {} positions from {} games of the test split",
        report.train_positions,
        report.train_games,
        report.fitted_method,
        report.test_positions,
        report.test_games
    );
    outln!(
        "loss (mean −log P(played)) on the training positions: {:.4} before, {:.4} after (temperature {:.4})",
        report.loss_before,
        report.loss_after,
        report.temperature
    );
    outln!();
    print_stats_header("part, weights, method");
    for l in &report.lines {
        print_stats_row(
            &format!("{}, {}, {}", l.part, l.weights, l.method),
            &l.stats,
        );
    }
    outln!();
    outln!(
        "wrote {}; the fitted weights {} on the held-out positions",
        report.output,
        if wins { "win" } else { "do not win" }
    );
    outln!("{:.1} s", report.seconds);
    Ok(())
}
