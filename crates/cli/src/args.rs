//! Arguments shared by every subcommand.

use clap::{Args, Parser, Subcommand};
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
    /// Influence of a position under one of three models: ellipse (seed 000),
    /// projection (seed 001) or dots (seed 003). Until the groups crate
    /// lands, group strength and safety are stand-ins (see the output).
    Influence {
        #[command(flatten)]
        position: PositionArgs,
        /// Influence model.
        #[arg(long, value_enum, default_value_t = ModelArg::Ellipse)]
        model: ModelArg,
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

/// `--blocks` of `keisei territory`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub(crate) enum BlockArg {
    /// 3×3 in the centre, 3×4 on the edge, 4×4 in the corner (seed 001).
    Zone,
    /// 5×5 everywhere (seed 000).
    Restriction,
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
