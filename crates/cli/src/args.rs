//! Arguments shared by every subcommand.

use clap::{Args, Parser, Subcommand, ValueEnum};
use keisei_candidates::{Reading, Split};
use std::path::PathBuf;

/// keisei: positional judgment of Go positions (territory, influence, groups).
#[derive(Debug, Parser)]
#[command(name = "keisei", version, about, long_about = None)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Print the position of a game record with coordinates.
    Show {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Move statistics of game records (seed 002 tables).
    Stats {
        #[command(subcommand)]
        command: StatsCommand,
    },
    /// Candidate moves of a position from move-probability tables (seed 002).
    Candidates {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        table: TableArgs,
        #[command(flatten)]
        generator: GeneratorArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Benchmarks on held-out game records.
    Bench {
        #[command(subcommand)]
        command: BenchCommand,
    },
    /// Evaluate a position: every term, the total, a score estimate and the
    /// maps. FILE may also be a directory (every record's last position, or
    /// move N) or a list of `file<TAB>move` lines (`.tsv`): one JSON line per
    /// position, with a progress bar on stderr; each line's `result` holds
    /// the total, score, terms and weights, or with `--json` everything the
    /// single form's `--json` gives.
    Eval {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        config: ConfigArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Rank every legal move by the change of evaluation it brings
    /// (method 1 or 2 of seed 000 §4). Batch forms as for `eval`.
    Rank {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        config: ConfigArgs,
        /// 1: change after the side to move plays; 2: change after Black
        /// plays minus change after White plays.
        #[arg(long, value_name = "1|2", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
        method: u8,
        /// Rank by the whole evaluation or by one term.
        #[arg(long, value_enum, default_value_t = FactorArg::All)]
        factor: FactorArg,
        /// Print only the best K moves (JSON always lists every move).
        #[arg(long, value_name = "K", default_value_t = 20)]
        top: usize,
        /// Rank only the best K candidates of the move-probability table
        /// (seed 002's proposed use); needs `--table`.
        #[arg(long, value_name = "K")]
        candidates: Option<usize>,
        /// Add the table's move log-probability (seed 002) times the
        /// configuration's `ranking.prior` to each move's value; needs
        /// `--table`.
        #[arg(long)]
        prior: bool,
        #[command(flatten)]
        table: TableArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// A Go Text Protocol engine on stdin and stdout: the standard
    /// commands, GNU Go's `estimate_score`, `final_status_list` and
    /// `top_moves`, and `GoGui` analyze commands for every map.
    Gtp {
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// One map of the evaluation drawn on the board, as an SVG or PNG
    /// image (by the output's extension).
    Render {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        config: ConfigArgs,
        /// The map: ownership, influence, attack-ease, strength, danger,
        /// importance, territory or blocks.
        #[arg(long, value_name = "NAME", default_value = "ownership")]
        map: String,
        /// Where to write the image (`.svg` or `.png`).
        #[arg(short, long, value_name = "FILE")]
        output: std::path::PathBuf,
    },
    /// All maps of an evaluation side by side, one character per point,
    /// for review.
    Maps {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Connections, territory, control blocks and attack-ease of a position.
    Territory {
        #[command(flatten)]
        position: PositionArgs,
        /// Block model: seed 001's zone blocks or seed 000's 5×5 restriction blocks.
        #[arg(long, value_enum, default_value_t = BlockArg::Zone)]
        blocks: BlockArg,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Groups: eyes, certainty, room, strength, encirclement, danger, life status.
    Groups {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Fit the evaluation's weights (and seed 004's tables and the phase
    /// gate) on the training records so the played move ranks high; report
    /// training and held-out figures before and after.
    Tune(TuneArgs),
    /// Influence of a position under one of three models: ellipse (seed 000),
    /// projection (seed 001) or dots (seed 003).
    Influence {
        #[command(flatten)]
        position: PositionArgs,
        /// Influence model.
        #[arg(long, value_enum, default_value_t = ModelArg::Ellipse)]
        model: ModelArg,
        /// Where group strength, unattackable and dead stones come from.
        #[arg(long, value_enum, default_value_t = InputsArg::Groups)]
        inputs: InputsArg,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Maintain the pattern databases (the eye-shape database: `.eyes` files).
    #[command(subcommand)]
    Db(DbCommand),
    /// Eye shapes: value one eye space.
    #[command(subcommand)]
    Eyes(EyesCommand),
}

/// `--config` of the evaluating commands.
#[derive(Debug, Args)]
pub(crate) struct ConfigArgs {
    /// An evaluation configuration (TOML, or JSON by its `.json` extension);
    /// default: the built-in one (crates/evaluate/config/default.toml).
    #[arg(long, value_name = "FILE")]
    pub(crate) config: Option<PathBuf>,
}

/// `--factor` of `keisei rank`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum FactorArg {
    /// The whole evaluation (seed 000 fig. 29).
    All,
    /// Territory only (fig. 25).
    Territory,
    /// Influence only (fig. 26).
    Influence,
    /// Danger-minus only (fig. 27).
    Danger,
    /// The move-probability prior only (seed 002; needs a table).
    Prior,
}

/// `--blocks` of `keisei territory`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub(crate) enum BlockArg {
    /// 3×3 in the centre, 3×4 on the edge, 4×4 in the corner (seed 001).
    Zone,
    /// 5×5 everywhere (seed 000).
    Restriction,
}

/// `keisei db …`
#[derive(Debug, Subcommand)]
pub(crate) enum DbCommand {
    /// Report duplicate shapes, unreachable entries, files not in canonical
    /// form and vital points that say nothing. Exit code 1 on errors.
    Lint {
        /// Database files (default: the built-in database).
        #[arg(value_name = "FILE.eyes")]
        files: Vec<PathBuf>,
        /// Treat warnings as errors.
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Rewrite database files in canonical form (idempotent; comments kept).
    Fmt {
        /// Database files to rewrite.
        #[arg(value_name = "FILE.eyes", required = true)]
        files: Vec<PathBuf>,
        /// Do not write: exit code 1 if a file is not canonical.
        #[arg(long)]
        check: bool,
    },
    /// Recompute every entry's value and vital points by search and report
    /// disagreements. Exit code 1 on any disagreement.
    Verify {
        /// Database files (default: the built-in database).
        #[arg(value_name = "FILE.eyes")]
        files: Vec<PathBuf>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Compile the built-in database's text into its index
    /// (`crates/eyes/db/compiled.bin`), from the repository root.
    Compile {
        /// Where to write the index.
        #[arg(short, long, value_name = "FILE", default_value = keisei_eyes::builtin::COMPILED_PATH)]
        output: PathBuf,
    },
}

/// `keisei eyes …`
#[derive(Debug, Subcommand)]
pub(crate) enum EyesCommand {
    /// Read one eye-space drawing on stdin (the database's diagram symbols)
    /// and print its value [a,b] and vital points.
    Value {
        #[command(flatten)]
        output: OutputArgs,
    },
}

#[derive(Debug, Subcommand)]
pub(crate) enum StatsCommand {
    /// Count the Pm, Pp and Pb tables of seed 002 from SGF records (19x19
    /// only; other records are skipped with a counted reason).
    Build(StatsBuildArgs),
}

/// `keisei stats build`.
#[derive(Debug, Args)]
pub(crate) struct StatsBuildArgs {
    /// Directories (searched recursively for *.sgf) or SGF files.
    #[arg(value_name = "DIR", required = true)]
    pub(crate) dirs: Vec<PathBuf>,
    /// The table file to write.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub(crate) output: PathBuf,
    /// Count each move once, as the seed does, instead of under the 8
    /// board symmetries.
    #[arg(long)]
    pub(crate) no_symmetry: bool,
    /// Which records of the fixed split to count (by FNV-1a-64 of the file
    /// name modulo 10: test = 0, valid = 1, fit = 2-9, train = fit + valid).
    #[arg(long, value_name = "SPLIT", default_value = "train")]
    pub(crate) split: Split,
}

#[derive(Debug, Subcommand)]
pub(crate) enum BenchCommand {
    /// Accuracy of the candidate generators (seed 002 tables 1 and 2) and of
    /// the combined ranking on held-out records.
    Candidates(BenchCandidatesArgs),
    /// The next-move experiment (seed 000 and 001 §4): rank every legal move
    /// of positions from game records and report where the move actually
    /// played ranks, per method and factor, optionally beside GNU Go.
    NextMove(BenchNextMoveArgs),
    /// The speed of an evaluation and of move ranking on positions from game
    /// records, against the targets (one evaluation under 100 µs; a method-2
    /// ranking of every legal move of a 19×19 middle game under 50 ms on
    /// one thread).
    Speed(BenchSpeedArgs),
    /// Score estimates of the final positions of counted games (dead stones
    /// still on the board) against the counted results, optionally beside
    /// GNU Go's `final_score`.
    Score(BenchScoreArgs),
}

/// `keisei bench score`.
#[derive(Debug, Args)]
pub(crate) struct BenchScoreArgs {
    /// Directories (searched recursively for *.sgf) or SGF files.
    #[arg(value_name = "DIR", required = true)]
    pub(crate) dirs: Vec<PathBuf>,
    /// Which records of the fixed split to use (FNV-1a-64 of the file name
    /// modulo 10: test = 0, valid = 1, fit = 2-9, train = fit + valid; all
    /// for records of one's own).
    #[arg(long, value_name = "SPLIT", default_value = "test")]
    pub(crate) split: Split,
    /// Use the first G records of the split, in path order, that are even
    /// games (no handicap or setup stones) with a counted result
    /// (`RE[B+2.5]`, `RE[0]`; not resignations).
    #[arg(long, value_name = "G", default_value_t = 2000)]
    pub(crate) games: usize,
    #[command(flatten)]
    pub(crate) config: ConfigArgs,
    /// Ask a GTP peer for its `final_score` of the same positions: `gnugo`
    /// (/usr/games/gnugo or on PATH) or `gnugo=PATH`; run with
    /// `--chinese-rules` for the games counted by area (`--counting`).
    #[arg(long, value_name = "gnugo[=PATH]")]
    pub(crate) peer: Option<String>,
    /// The peer's `--level`.
    #[arg(long, value_name = "L", default_value_t = 10)]
    pub(crate) peer_level: u8,
    /// The peer scores only the first M games (about a second each).
    #[arg(long, value_name = "M", default_value_t = 100)]
    pub(crate) peer_games: usize,
    /// Judge the position N moves before the end of each record instead of
    /// the final one (records of N moves or fewer are passed over), against
    /// the same counted result; the peer answers `estimate_score` there.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub(crate) before: usize,
    /// How keisei counts each estimate, to match how the result was
    /// counted: `territory` (Japanese), `area` (Chinese), or `auto`: area
    /// when the record's `RU` names area rules (Chinese, AGA, New Zealand,
    /// Tromp-Taylor) or its komi is 7.5 (tom-9d-counted says `RU[Japanese]`
    /// in every record, but its 7.5-komi games were counted by area:
    /// `docs/results.md`), territory otherwise.
    #[arg(long, value_enum, default_value = "auto")]
    pub(crate) counting: CountingArg,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
}

/// `keisei bench score --counting`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum CountingArg {
    /// By each record's rules and komi.
    Auto,
    /// Territory and prisoners (Japanese).
    Territory,
    /// Stones and territory (Chinese).
    Area,
}

/// `keisei bench speed`.
#[derive(Debug, Args)]
pub(crate) struct BenchSpeedArgs {
    #[command(flatten)]
    pub(crate) sample: SampleArgs,
    /// Which records of the fixed split to use (FNV-1a-64 of the file name
    /// modulo 10: test = 0, valid = 1, fit = 2-9, train = fit + valid; all
    /// for records of one's own).
    #[arg(long, value_name = "SPLIT", default_value = "test")]
    pub(crate) split: Split,
    /// Timed runs of each measure on each position (after one untimed run);
    /// a position's figure is their median. The first method-2 ranking of
    /// each position is also reported on its own (the evaluator meets the
    /// eye shapes of the position's children for the first time then,
    /// unless earlier positions had them).
    #[arg(long, value_name = "R", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) repeat: u32,
    #[command(flatten)]
    pub(crate) config: ConfigArgs,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
}

/// Which positions of which records the next-move experiment and tuning use.
#[derive(Debug, Args)]
pub(crate) struct SampleArgs {
    /// Directories (searched recursively for *.sgf) or SGF files.
    #[arg(value_name = "DIR", required = true)]
    pub(crate) dirs: Vec<PathBuf>,
    /// Use the first G even games (no handicap or setup stones, longer than
    /// the first move number) of the split, in path order.
    #[arg(long, value_name = "G", default_value_t = 100)]
    pub(crate) games: usize,
    /// The range of move numbers positions are taken from.
    #[arg(long, value_name = "FROM..TO", default_value = "20..150", value_parser = parse_range)]
    pub(crate) moves: (usize, usize),
    /// Positions per game, evenly spaced in the range.
    #[arg(long, value_name = "K", default_value_t = 2)]
    pub(crate) per_game: usize,
}

/// `keisei bench next-move`.
#[derive(Debug, Args)]
pub(crate) struct BenchNextMoveArgs {
    #[command(flatten)]
    pub(crate) sample: SampleArgs,
    /// Which records of the fixed split to use (FNV-1a-64 of the file name
    /// modulo 10: test = 0, valid = 1, fit = 2-9, train = fit + valid).
    #[arg(long, value_name = "SPLIT", default_value = "test")]
    pub(crate) split: Split,
    /// Only this method (default: both).
    #[arg(long, value_name = "1|2", value_parser = clap::value_parser!(u8).range(1..=2))]
    pub(crate) method: Option<u8>,
    /// Only this factor (default: the whole function and each factor).
    #[arg(long, value_enum)]
    pub(crate) factor: Option<FactorArg>,
    #[command(flatten)]
    pub(crate) config: ConfigArgs,
    /// Also measure with each model swapped and each term removed (held-out
    /// figures of the whole function; models are re-measured, removals
    /// re-weighted).
    #[arg(long)]
    pub(crate) ablation: bool,
    /// Run a GTP peer on the same positions: `gnugo` (/usr/games/gnugo or
    /// on PATH) or `gnugo=PATH`.
    #[arg(long, value_name = "gnugo[=PATH]")]
    pub(crate) peer: Option<String>,
    /// The peer's `--level`.
    #[arg(long, value_name = "L", default_value_t = 10)]
    pub(crate) peer_level: u8,
    /// Also rank with seed 002's move log-probability from this table (the
    /// `prior` factor, and in the whole function with weight
    /// `ranking.prior`); default `$KEISEI_TABLE` when `--prior` is given.
    #[arg(long)]
    pub(crate) prior: bool,
    #[command(flatten)]
    pub(crate) table: TableArgs,
    /// Write the rank histograms to this SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub(crate) plot: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
}

/// `keisei tune`.
#[derive(Debug, Args)]
pub(crate) struct TuneArgs {
    #[command(flatten)]
    pub(crate) sample: SampleArgs,
    /// Records of the held-out (test) split to report on (same sampling).
    #[arg(long, value_name = "G", default_value_t = 100)]
    pub(crate) test_games: usize,
    /// The configuration to start from (default: the built-in one).
    #[command(flatten)]
    pub(crate) config: ConfigArgs,
    /// Fit for the ranking by this method.
    #[arg(long, value_name = "1|2", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub(crate) method: u8,
    /// Fit only the base weights, not the seed 004 tables and phase gate.
    #[arg(long)]
    pub(crate) base_only: bool,
    /// Fit the weight of seed 002's move log-probability too, from the
    /// table of `--table` (or `$KEISEI_TABLE`).
    #[arg(long)]
    pub(crate) prior: bool,
    #[command(flatten)]
    pub(crate) table: TableArgs,
    /// Strength of the pull toward the starting configuration (L2).
    #[arg(long, value_name = "LAMBDA", default_value_t = 0.01)]
    pub(crate) l2: f64,
    /// Optimiser steps.
    #[arg(long, value_name = "N", default_value_t = 400)]
    pub(crate) steps: usize,
    /// Where to write the fitted configuration (TOML).
    #[arg(short = 'o', long = "output", value_name = "FILE.toml")]
    pub(crate) output: PathBuf,
    /// Keep the measured positions in this JSON file: measured and written
    /// when it does not exist, read back otherwise (measuring is the slow
    /// part; fitting takes seconds). The file records the models,
    /// thresholds and sampling it was measured with and is refused if they
    /// differ.
    #[arg(long, value_name = "FILE.json")]
    pub(crate) measurements: Option<PathBuf>,
    /// Print machine-readable JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// `keisei bench candidates`.
#[derive(Debug, Args)]
pub(crate) struct BenchCandidatesArgs {
    /// Directories (searched recursively for *.sgf) or SGF files.
    #[arg(value_name = "DIR", required = true)]
    pub(crate) dirs: Vec<PathBuf>,
    #[command(flatten)]
    pub(crate) table: TableArgs,
    /// Which records of the fixed split to score.
    #[arg(long, value_name = "SPLIT", default_value = "test")]
    pub(crate) split: Split,
    /// Only the first G records of the split (in path order).
    #[arg(long, value_name = "G")]
    pub(crate) games: Option<usize>,
    /// Only positions up to move N of each record (default: every move).
    #[arg(long, value_name = "N")]
    pub(crate) max_move: Option<usize>,
    /// Write the accuracy-vs-count curves to this SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub(crate) plot: Option<PathBuf>,
    /// Instead of the report, measure the combined ranking under a grid of
    /// weights (use on the valid split with a table of the fit split).
    #[arg(long)]
    pub(crate) tune: bool,
    #[command(flatten)]
    pub(crate) efficiency: EfficiencyArgs,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
}

/// Which table to use and how to read it.
#[derive(Debug, Args)]
pub(crate) struct TableArgs {
    /// A table written by `keisei stats build` (default: `$KEISEI_TABLE`).
    #[arg(long, value_name = "FILE")]
    pub(crate) table: Option<PathBuf>,
    /// How the seed's Pp and Pb scores are normalised: P(move | context)
    /// (forward) or P(context | move) (likelihood, as the seed's figures).
    #[arg(long, value_name = "READING", default_value = "forward")]
    pub(crate) reading: Reading,
    /// Weights of the combined score's experts: Pm,Pp,Pb (default 1,0,4, chosen
    /// on the validation split; `keisei_candidates::Weights::default`).
    #[arg(long, value_name = "WM,WP,WB", value_parser = parse_weights)]
    pub(crate) weights: Option<[f32; 3]>,
    /// Decay per move back of the combined score's Pb weights (default 0.8).
    #[arg(long, value_name = "LAMBDA", value_parser = parse_decay)]
    pub(crate) decay: Option<f32>,
}

/// How `keisei candidates` generates candidates.
#[derive(Debug, Args)]
pub(crate) struct GeneratorArgs {
    /// The generator.
    #[arg(long, value_enum, default_value_t = MethodName::Combined)]
    pub(crate) method: MethodName,
    /// How many candidates the combined ranking proposes.
    #[arg(long, value_name = "K", default_value_t = 20)]
    pub(crate) count: usize,
    /// X,Y,Z of the topxyz generator (seed 002 experiment 1).
    #[arg(long, value_name = "X,Y,Z", default_value = "180,180,180", value_parser = parse_triple::<usize>)]
    pub(crate) top: [usize; 3],
    /// Pm,Pp,Pb thresholds of the threshold generator (seed 002 experiment
    /// 2; Pm in parts per million, Pp in parts per ten thousand, Pb in
    /// percent).
    #[arg(long, value_name = "PM,PP,PB", default_value = "1,2001,11", value_parser = parse_triple::<f32>)]
    pub(crate) thresholds: [f32; 3],
    #[command(flatten)]
    pub(crate) efficiency: EfficiencyArgs,
}

/// Seed 003's move efficiency.
#[derive(Debug, Args)]
pub(crate) struct EfficiencyArgs {
    /// Multiply each move's combined score by its efficiency (seed 003),
    /// from the built-in patterns unless `--efficiency-file` names others.
    #[arg(long)]
    pub(crate) efficiency: bool,
    /// A pattern file with `eff:` multipliers to use instead of the built-in
    /// one (implies `--efficiency`).
    #[arg(long, value_name = "FILE.pat")]
    pub(crate) efficiency_file: Option<PathBuf>,
}

/// The candidate generators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum MethodName {
    /// The K best moves by keisei's combined score.
    Combined,
    /// Top X by Pm, top Y by Pp and top Z by Pb, intersected.
    Topxyz,
    /// Thresholds on Pm, Pp and Pb, intersected.
    Threshold,
}

fn parse_triple<T: std::str::FromStr>(s: &str) -> Result<[T; 3], String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    let [a, b, c] = parts.as_slice() else {
        return Err(format!("expected three comma-separated numbers, got `{s}`"));
    };
    let num = |x: &str| {
        x.parse::<T>()
            .map_err(|_| format!("`{x}` is not a valid number"))
    };
    Ok([num(a)?, num(b)?, num(c)?])
}

fn parse_range(s: &str) -> Result<(usize, usize), String> {
    let err = || format!("expected FROM..TO with FROM <= TO, got `{s}`");
    let (a, b) = s.split_once("..").ok_or_else(err)?;
    let a: usize = a.trim().parse().map_err(|_| err())?;
    let b: usize = b.trim().parse().map_err(|_| err())?;
    if a <= b { Ok((a, b)) } else { Err(err()) }
}

fn parse_decay(s: &str) -> Result<f32, String> {
    match s.trim().parse::<f32>() {
        Ok(d) if (0.0..=1.0).contains(&d) => Ok(d),
        _ => Err(format!("`{s}` is not a number from 0 to 1")),
    }
}

fn parse_weights(s: &str) -> Result<[f32; 3], String> {
    let w = parse_triple::<f32>(s)?;
    if w.iter().all(|x| x.is_finite() && *x >= 0.0) {
        Ok(w)
    } else {
        Err("weights must be finite and not negative".to_string())
    }
}

/// `--model` of `keisei influence`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub(crate) enum ModelArg {
    /// Direction sources and ellipses, restriction blocks (seed 000 §3.2).
    Ellipse,
    /// Zone-dependent sources and projections (seed 001 §3.2).
    Projection,
    /// Handtalk's stone influence and dots (seed 003).
    Dots,
}

/// `--inputs` of `keisei influence`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub(crate) enum InputsArg {
    /// The groups crate, as `keisei eval` uses it (default configuration).
    Groups,
    /// The influence crate's stand-in: strength 0.5 everywhere, stones the
    /// tactical reader finds safe are unattackable, nothing dead.
    StandIn,
}

/// Which position to look at: every subcommand that reads one position takes
/// it the same way.
#[derive(Debug, Args)]
pub(crate) struct PositionArgs {
    /// An SGF game record.
    #[arg(value_name = "FILE.sgf")]
    pub(crate) file: PathBuf,
    /// The position after N moves of the main line (0 = after the setup).
    /// Without it: the last position of the main line.
    #[arg(long = "move", short = 'm', value_name = "N")]
    pub(crate) move_number: Option<usize>,
}

/// Output format shared by every subcommand.
#[derive(Debug, Args)]
pub(crate) struct OutputArgs {
    /// Print machine-readable JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}
