//! keisei-evaluate on its own: evaluate a position and rank its moves.
//!
//! `cargo run --release -p keisei-evaluate --example evaluate -- FILE.sgf [MOVE]`
#![allow(clippy::print_stdout)]

use keisei_board::Game;
use keisei_evaluate::{Config, Evaluator, Factor, Method};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: evaluate FILE.sgf [MOVE]")?;
    let game = Game::load(&path)?;
    let n = match args.next() {
        Some(m) => m.parse()?,
        None => game.move_count(),
    };
    let pos = game.position(n)?;
    let ev = Evaluator::new(Config::default());
    let t = Instant::now();
    let e = ev.evaluate(&pos.board, pos.komi);
    println!("evaluate: {:?}", t.elapsed());
    println!(
        "terms {:?}\nweighted {:?}\ntotal {:.2} score {:.1} weights {:?}",
        e.terms, e.weighted, e.total, e.score, e.weights
    );
    for method in [Method::One, Method::Two] {
        let t = Instant::now();
        let r = ev.rank(&pos.board, pos.komi, method, Factor::All, None);
        let size = pos.board.size();
        let top: Vec<String> = r
            .iter()
            .take(10)
            .map(|m| format!("{} {:.2}", m.point.to_gtp(size), m.value))
            .collect();
        println!(
            "{method:?}: {} moves in {:?}; top {}",
            r.len(),
            t.elapsed(),
            top.join(", ")
        );
        if let Some((c, mv)) = pos.next_move {
            if let Some(p) = mv.point() {
                let rank = r.iter().position(|m| m.point == p).map_or(0, |i| i + 1);
                println!(
                    "  the record's next move {} {} ranks {rank}",
                    c.letter(),
                    p.to_gtp(size)
                );
            }
        }
    }
    Ok(())
}
