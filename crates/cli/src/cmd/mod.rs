//! One module per subcommand; `run` dispatches.

mod show;

use crate::args::{Cli, Command, PositionArgs};
use keisei_board::{Game, Position};

/// Errors a subcommand reports: printed as `error: …`, exit code 1.
pub(crate) type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

pub(crate) fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Show { position, output } => show::run(&position, output.json),
    }
}

/// Loads the game and the position the arguments name.
pub(crate) fn load_position(args: &PositionArgs) -> Result<(Game, Position)> {
    let game = Game::load(&args.file)?;
    let n = args.move_number.unwrap_or_else(|| game.move_count());
    let position = game.position(n)?;
    Ok((game, position))
}
