//! keisei-candidates on its own: count a table from SGF records, then list
//! the best candidate moves of one position.
//!
//! ```sh
//! cargo run --release -p keisei-candidates --example candidates -- \
//!     fixtures/candidates fixtures/positions/midgame-19.sgf 60
//! ```
//!
//! Arguments: a directory (or file) of records to count, a record, and the
//! number of moves after which to look (default: the end).

// An example prints by design.
#![allow(clippy::print_stdout)]

use keisei_board::Game;
use keisei_candidates::{
    BuildOptions, Context, Method, Model, Reading, Split, Weights, build_tables, candidates,
    collect_sgf_files,
};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (Some(records), Some(record)) = (args.next(), args.next()) else {
        return Err("usage: candidates RECORDS-DIR RECORD.sgf [MOVES]".into());
    };
    let files = collect_sgf_files(&[PathBuf::from(records)], Split::All)?;
    let (tables, report) = build_tables(&files, BuildOptions::default(), "all", &|| {})?;
    println!(
        "counted {} games, {} moves ({} records skipped)",
        report.games,
        report.moves,
        report.skipped.len()
    );
    let model = Model::new(&tables, Reading::Forward, Weights::default());
    let game = Game::load(&record)?;
    let moves = match args.next() {
        Some(n) => n.parse()?,
        None => game.move_count(),
    };
    let position = game.position(moves)?;
    let ctx = Context::from_position(&position);
    for c in candidates(&model, &ctx, &Method::Combined { count: 10 }) {
        println!("{:>3}. {:<4} {:8.3}", c.rank, c.point.to_gtp(19), c.score);
    }
    Ok(())
}
