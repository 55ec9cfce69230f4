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
