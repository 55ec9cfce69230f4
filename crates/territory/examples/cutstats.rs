//! Counts and times the cutting-point classifications of a position.
#![allow(clippy::print_stdout)]
use keisei_board::Game;
use keisei_board::reading::Reader;
use keisei_territory::patterns::ConnectionPatterns;
use keisei_territory::{connections, cut_state};
use std::collections::HashSet;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: cutstats FILE.sgf")?;
    let game = Game::load(&path)?;
    let board = game.position(game.move_count())?.board;
    let c = connections(&board, ConnectionPatterns::builtin(), &mut Reader::new());
    let cuts: Vec<_> = c
        .links
        .iter()
        .flat_map(|l| l.cuts.iter().map(move |(p, _)| (*p, l.color)))
        .collect();
    let distinct: HashSet<_> = cuts.iter().copied().collect();
    println!(
        "{} links, {} cut points, {} distinct (point, colour)",
        c.links.len(),
        cuts.len(),
        distinct.len()
    );
    let mut reader = Reader::new();
    let t = Instant::now();
    for _ in 0..100 {
        for &(p, col) in &distinct {
            std::hint::black_box(cut_state(&board, p, col, &mut reader));
        }
    }
    println!(
        "classifying the distinct ones, warm reader: {:?}",
        t.elapsed() / 100
    );
    let mut slow = 0;
    for &(p, col) in &distinct {
        let t = Instant::now();
        let mut r = Reader::with_cache_bits(0);
        let s = cut_state(&board, p, col, &mut r);
        let e = t.elapsed();
        if e.as_micros() > 5 {
            slow += 1;
            println!("  {} {:?} {:?}: {:?}", p.to_gtp(19), col, s, e);
        }
    }
    println!("{slow} slow (> 5 µs without a cache)");
    Ok(())
}
