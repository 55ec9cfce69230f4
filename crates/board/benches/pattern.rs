//! Benchmarks of the pattern language: parsing and compiling a realistic
//! pattern file (76 connection and move shapes), and whole-board scans of a
//! 19×19 middle game with 100 stones, for one colour and for both.

use criterion::{Criterion, criterion_group, criterion_main};
use keisei_board::pattern::{PatternFile, PatternSet, reference_matches};
use keisei_board::{Board, Color, Game};
use std::hint::black_box;
use std::path::Path;

const CONNECTIONS: &str = include_str!("../../../fixtures/patterns/connections.pat");
const MIDGAME: &str = include_str!("../../../fixtures/patterns/boards/midgame-19.txt");

/// The position after move 80 of the SGF fixture the board benchmarks use.
fn sgf_midgame() -> Board {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/positions/midgame-19.sgf");
    Game::load(path).unwrap().position(80).unwrap().board
}

fn benches(c: &mut Criterion) {
    c.bench_function("pattern/parse (76 patterns)", |b| {
        b.iter(|| PatternFile::parse("connections.pat", black_box(CONNECTIONS)).unwrap());
    });
    let file = PatternFile::parse("connections.pat", CONNECTIONS).unwrap();
    c.bench_function("pattern/compile (76 patterns, 485 variants)", |b| {
        b.iter(|| PatternSet::compile(black_box(&file)).unwrap());
    });
    c.bench_function("pattern/parse+compile (76 patterns)", |b| {
        b.iter(|| PatternSet::parse("connections.pat", black_box(CONNECTIONS)).unwrap());
    });

    let set = PatternSet::compile(&file).unwrap();
    let board = Board::from_diagram(MIDGAME).unwrap();
    c.bench_function("pattern/scan both colours (19x19, 100 stones)", |b| {
        b.iter(|| set.matches_both(black_box(&board)).count());
    });
    c.bench_function("pattern/scan black (19x19, 100 stones)", |b| {
        b.iter(|| set.matches(black_box(&board), Color::Black).count());
    });
    let sgf = sgf_midgame();
    c.bench_function("pattern/scan both colours (midgame-19.sgf move 80)", |b| {
        b.iter(|| set.matches_both(black_box(&sgf)).count());
    });
    let empty: Vec<_> = board.points().filter(|&p| board.is_empty(p)).collect();
    c.bench_function("pattern/matches_at every empty point, black (19x19)", |b| {
        b.iter(|| {
            empty
                .iter()
                .map(|&p| set.matches_at(black_box(&board), p, Color::Black).count())
                .sum::<usize>()
        });
    });

    let mut slow = c.benchmark_group("pattern/reference");
    slow.sample_size(10);
    slow.bench_function("reference matcher both colours (19x19, 100 stones)", |b| {
        b.iter(|| {
            Color::BOTH
                .iter()
                .map(|&color| reference_matches(set.patterns(), black_box(&board), color).len())
                .sum::<usize>()
        });
    });
    slow.finish();
}

criterion_group!(pattern, benches);
criterion_main!(pattern);
