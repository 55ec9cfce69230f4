//! keisei-board on its own: load a record, print the position, its legal
//! moves and every chain with its liberties.
//!
//! `cargo run -p keisei-board --example chains -- fixtures/positions/midgame-19.sgf [MOVE]`

use keisei_board::{Game, render_board};
use std::fmt::Write as _;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: chains FILE.sgf [MOVE]")?;
    let game = Game::load(&path)?;
    let n = match args.next() {
        Some(m) => m.parse()?,
        None => game.move_count(),
    };
    let pos = game.position(n)?;
    let b = &pos.board;
    let mut text = render_board(b);
    let legal = b.legal_moves(b.to_move()).count();
    writeln!(text, "{} to move, {legal} legal moves", b.to_move())?;
    for head in b.chain_heads() {
        let libs: Vec<String> = b
            .liberties(head)
            .iter()
            .map(|p| p.to_gtp(b.size()))
            .collect();
        writeln!(
            text,
            "{} chain at {} ({} stones): {} liberties {}",
            b.color(head).map_or('?', keisei_board::Color::letter),
            head.to_gtp(b.size()),
            b.chain_len(head),
            libs.len(),
            libs.join(" ")
        )?;
    }
    std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes())?;
    Ok(())
}
