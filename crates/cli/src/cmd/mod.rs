//! One module per subcommand; `run` dispatches.

mod bench;
mod candidates;
mod db;
mod eval;
mod eyes;
mod groups;
mod gtp;
mod influence;
mod maps;
mod nextmove;
mod render;
mod score;
mod show;
mod speed;
mod stats;
mod territory;
mod tune;

use crate::args::{BenchCommand, Cli, Command, PositionArgs, StatsCommand};
use keisei_board::{Game, Position};
use std::fmt;

/// Errors a subcommand reports: printed as `error: …`, exit code 1.
pub(crate) type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

pub(crate) fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Show { position, output } => show::run(&position, output.json),
        Command::Stats {
            command: StatsCommand::Build(args),
        } => stats::build(&args),
        Command::Candidates {
            position,
            table,
            generator,
            output,
        } => candidates::run(&position, &table, &generator, output.json),
        Command::Bench {
            command: BenchCommand::Candidates(args),
        } => bench::candidates(&args),
        Command::Bench {
            command: BenchCommand::NextMove(args),
        } => nextmove::run(&args),
        Command::Bench {
            command: BenchCommand::Speed(args),
        } => speed::run(&args),
        Command::Bench {
            command: BenchCommand::Score(args),
        } => score::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Eval {
            position,
            config,
            output,
        } => eval::eval(&position, &config, output.json),
        Command::Rank {
            position,
            config,
            method,
            factor,
            top,
            candidates,
            prior,
            table,
            output,
        } => eval::rank(
            &position,
            &config,
            &eval::RankArgs {
                method,
                factor,
                top,
                candidates,
                prior,
                table,
                json: output.json,
            },
        ),
        Command::Maps { position, config } => eval::maps(&position, &config),
        Command::Gtp { config } => gtp::run(&config),
        Command::Render {
            position,
            config,
            map,
            output,
        } => render::run(&position, &config, &map, &output),
        Command::Territory {
            position,
            blocks,
            output,
        } => territory::run(&position, blocks, output.json),
        Command::Influence {
            position,
            model,
            inputs,
            output,
        } => influence::run(&position, model, inputs, output.json),
        Command::Groups { position, output } => groups::run(&position, output.json),
        Command::Db(cmd) => db::run(cmd),
        Command::Eyes(cmd) => eyes::run(cmd),
    }
}

/// An error whose text is complete (one or more rustc-style diagnostics, or
/// a line that starts with `error: `): `main` prints it as it is.
#[derive(Debug)]
pub(crate) struct Failed(pub(crate) String);

impl fmt::Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Failed {}

/// The komi for a header line: in points, and the record's `KM` beside it
/// when that was not points (Fox's encoding, `keisei_board::sgf::komi_points`).
pub(crate) fn komi_text(game: &Game) -> String {
    if game.komi_recorded().total_cmp(&game.komi()).is_eq() {
        game.komi().to_string()
    } else {
        format!(
            "{} (recorded KM[{}], Fox's encoding)",
            game.komi(),
            game.komi_recorded()
        )
    }
}

/// Loads the game and the position the arguments name.
pub(crate) fn load_position(args: &PositionArgs) -> Result<(Game, Position)> {
    let game = Game::load(&args.file)?;
    let n = args.move_number.unwrap_or_else(|| game.move_count());
    let position = game.position(n)?;
    Ok((game, position))
}
