//! keisei-territory on its own: the links, territory, blocks and attack-ease
//! of a position.
//!
//! `cargo run -p keisei-territory --example territory -- FILE.sgf [MOVE]`
#![allow(clippy::print_stdout)]

use keisei_board::reading::Reader;
use keisei_board::{Game, PointSet};
use keisei_territory::patterns::{ConnectionPatterns, RemovalRules};
use keisei_territory::{
    AttackEaseParams, BlockModel, LinkEnd, TerritoryOptions, attack_ease, blocks, connections,
    territory,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: territory FILE.sgf [MOVE]")?;
    let game = Game::load(&path)?;
    let n = match args.next() {
        Some(m) => m.parse()?,
        None => game.move_count(),
    };
    let board = game.position(n)?.board;
    let size = board.size();
    let mut reader = Reader::new();
    let links = connections(&board, ConnectionPatterns::builtin(), &mut reader);
    for l in &links.links {
        let to = match l.to {
            LinkEnd::Stone(q) => q.to_gtp(size),
            LinkEnd::Edge(_) => "edge".to_string(),
        };
        println!(
            "{} {} - {to}: {} {}",
            l.color.letter(),
            l.from.to_gtp(size),
            l.kind,
            l.coefficient
        );
    }
    let t = territory(&board, &links, &TerritoryOptions::default());
    println!("territory: black {} white {}", t.black, t.white);
    println!("{}", t.map.render_with_stones(&board));
    let stones: PointSet = board
        .points()
        .filter(|&p| board.color(p).is_some())
        .collect();
    let b = blocks(&board, &stones, BlockModel::Zone, RemovalRules::builtin());
    println!("{}", b.map(size).render_with_stones(&board));
    let ease = attack_ease(&board, &t, &b, &AttackEaseParams::default());
    println!(
        "attack-ease: black {:.2} white {:.2}",
        ease.black, ease.white
    );
    println!("{}", ease.g.render_with_stones(&board));
    Ok(())
}
