//! `keisei stats build DIR... -o FILE [--no-symmetry] [--split SPLIT]`.

use crate::args::StatsBuildArgs;
use crate::cmd::Result;
use crate::out::outln;
use indicatif::{ProgressBar, ProgressStyle};
use keisei_candidates::{BuildOptions, BuildReport, build_tables, collect_sgf_files, store};
use std::time::Instant;

/// A progress bar on stderr for `len` records (hidden when stderr is not a
/// terminal).
pub(crate) fn progress_bar(len: usize, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    let style = ProgressStyle::with_template(&format!(
        "{what} {{bar:40}} {{pos}}/{{len}} records, {{elapsed}} (eta {{eta}})"
    ))
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// How many skipped records of each reason are shown by name.
const EXAMPLES: usize = 3;

/// Prints the records a corpus run left out: a count per reason and the
/// first few of each.
pub(crate) fn print_skipped(report: &BuildReport) {
    if report.skipped.is_empty() {
        outln!("skipped no record");
        return;
    }
    outln!("skipped {} record(s):", report.skipped.len());
    for (reason, n) in report.skip_counts() {
        outln!("  {n:>6}  {reason}");
        for s in report
            .skipped
            .iter()
            .filter(|s| s.skip.reason == reason)
            .take(EXAMPLES)
        {
            outln!("          e.g. {}", s.skip.detail);
        }
    }
}

pub(crate) fn build(args: &StatsBuildArgs) -> Result<()> {
    let start = Instant::now();
    let files = collect_sgf_files(&args.dirs, args.split)?;
    if files.is_empty() {
        return Err(format!("no .sgf record of the {} split was found", args.split).into());
    }
    let options = BuildOptions {
        symmetric: !args.no_symmetry,
    };
    let bar = progress_bar(files.len(), "counting");
    let result = build_tables(&files, options, args.split.name(), &|| bar.inc(1));
    bar.finish_and_clear();
    let (tables, report) = result?;
    let counted = start.elapsed();
    store::save(&tables, &args.output)?;
    let size = std::fs::metadata(&args.output).map_or(0, |m| m.len());
    outln!(
        "counted {} game(s), {} move(s), from {} record(s) of the {} split in {:.1} s ({})",
        report.games,
        report.moves,
        report.files,
        args.split,
        counted.as_secs_f64(),
        if options.symmetric {
            "8 symmetries"
        } else {
            "no symmetry"
        }
    );
    print_skipped(&report);
    outln!(
        "wrote {} ({:.1} MB) in {:.1} s",
        args.output.display(),
        size as f64 / 1e6,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
