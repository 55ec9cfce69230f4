//! Runs `connections` repeatedly on one position (for profilers).
#![allow(clippy::print_stdout)]
use keisei_board::Game;
use keisei_board::reading::Reader;
use keisei_territory::connections;
use keisei_territory::patterns::ConnectionPatterns;
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: connloop FILE.sgf N")?;
    let n: usize = std::env::args().nth(2).map_or(Ok(50), |m| m.parse())?;
    let game = Game::load(&path)?;
    let board = game.position(game.move_count())?.board;
    let mut reader = Reader::new();
    let mut total = 0;
    for _ in 0..n {
        total += connections(&board, ConnectionPatterns::builtin(), &mut reader)
            .links
            .len();
    }
    println!("{total}");
    Ok(())
}
