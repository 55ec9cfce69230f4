//! Benchmarks of the board core: play on a copy, legal-move generation,
//! chain queries, SGF replay.

use criterion::{Criterion, criterion_group, criterion_main};
use keisei_board::{Board, Color, Game, Point};
use std::hint::black_box;
use std::path::Path;

fn midgame() -> Board {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/positions/midgame-19.sgf");
    Game::load(path).unwrap().position(80).unwrap().board
}

fn benches(c: &mut Criterion) {
    let board = midgame();
    let color = board.to_move();
    let moves: Vec<Point> = board.legal_moves(color).collect();

    c.bench_function("board/copy+play (19x19 middle game, one legal move)", |b| {
        let p = moves[moves.len() / 2];
        b.iter(|| {
            let mut copy = board.clone();
            copy.play(color, black_box(p)).unwrap();
            black_box(copy.hash())
        });
    });

    c.bench_function(
        "board/copy+play every legal move (19x19 middle game)",
        |b| {
            b.iter(|| {
                let mut h = 0u64;
                for &p in &moves {
                    let mut copy = board.clone();
                    copy.play(color, p).unwrap();
                    h ^= copy.hash();
                }
                black_box(h)
            });
        },
    );

    c.bench_function("board/legal moves (19x19 middle game)", |b| {
        b.iter(|| black_box(&board).legal_moves(color).count());
    });

    c.bench_function("board/liberties of every chain (19x19 middle game)", |b| {
        b.iter(|| {
            black_box(&board)
                .chain_heads()
                .map(|h| board.liberties(h).len())
                .sum::<usize>()
        });
    });

    c.bench_function("board/replay a 80-move record from SGF text", |b| {
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/positions/midgame-19.sgf"),
        )
        .unwrap();
        b.iter(|| {
            let g = Game::parse(black_box(&text), "midgame").unwrap();
            g.position(80).unwrap().board.stone_count(Color::Black)
        });
    });
}

criterion_group!(board_benches, benches);
criterion_main!(board_benches);
