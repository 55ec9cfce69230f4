//! The three influence models on one position, with the stand-in inputs.
//!
//! ```sh
//! cargo run -p keisei-influence --example influence -- fixtures/positions/midgame-19.sgf
//! printf '. . . . .\n. X . O .\n. . . . .\n. X . O .\n. . . . .\n' \
//!     | cargo run -p keisei-influence --example influence
//! ```
//!
//! With a path: the last position of that SGF record; without: a diagram
//! (`X`, `O`, `.`) on stdin.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use keisei_board::{Board, Game};
use keisei_influence::{ModelKind, StandaloneInputs, model};
use std::io::Read as _;

fn fail(e: &dyn std::fmt::Display) -> ! {
    eprintln!("error: {e}");
    std::process::exit(1)
}

fn main() {
    let board = if let Some(path) = std::env::args().nth(1) {
        let game = Game::load(&path).unwrap_or_else(|e| fail(&e));
        game.position(game.move_count())
            .unwrap_or_else(|e| fail(&e))
            .board
    } else {
        let mut text = String::new();
        let _ = std::io::stdin().read_to_string(&mut text);
        Board::from_diagram(&text).unwrap_or_else(|e| fail(&e))
    };
    let inputs = StandaloneInputs::new(&board);
    let ctx = inputs.context(&board);
    for kind in ModelKind::ALL {
        let inf = model(kind).influence(&ctx);
        println!(
            "{kind} model ({}): black {:.2} white {:.2} net {:.2}",
            kind.source(),
            inf.black,
            inf.white,
            inf.net()
        );
        print!("{}", inf.under.render_with_stones(&board));
        print!(
            "{}",
            inf.value
                .map(|v| v.round() as i64)
                .render_with_stones(&board)
        );
        println!();
    }
}
