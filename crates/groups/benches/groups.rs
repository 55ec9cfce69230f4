//! Benchmarks: groups, strength and danger of a middle-game position (from
//! links and territory already computed), and the per-stone life status.

use criterion::{Criterion, criterion_group, criterion_main};
use keisei_board::reading::Reader;
use keisei_board::{Board, Game};
use keisei_eyes::builtin::builtin;
use keisei_eyes::region::SearchCache;
use keisei_groups::{GroupParams, RoomPatterns, analyse, life_status, unconditionally_alive};
use keisei_territory::patterns::ConnectionPatterns;
use keisei_territory::{TerritoryOptions, connections, territory};
use std::hint::black_box;
use std::path::Path;

fn midgame() -> Board {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/positions/midgame-19.sgf");
    let g = Game::load(path).unwrap();
    g.position(g.move_count()).unwrap().board
}

fn benches(c: &mut Criterion) {
    let board = midgame();
    let links = connections(&board, ConnectionPatterns::builtin(), &mut Reader::new());
    let t = territory(&board, &links, &TerritoryOptions::default());
    let cache = SearchCache::default();
    let _ = builtin();
    c.bench_function(
        "groups/analyse (19x19 middle game, links and territory given)",
        |b| {
            b.iter(|| {
                analyse(
                    black_box(&board),
                    &links,
                    &t,
                    builtin(),
                    &cache,
                    RoomPatterns::builtin(),
                    &GroupParams::default(),
                )
                .groups
                .len()
            });
        },
    );
    let g = analyse(
        &board,
        &links,
        &t,
        builtin(),
        &cache,
        RoomPatterns::builtin(),
        &GroupParams::default(),
    );
    c.bench_function("groups/Benson, both colours (19x19 middle game)", |b| {
        b.iter(|| unconditionally_alive(black_box(&board), keisei_board::Color::Black).len());
    });
    c.bench_function(
        "groups/life status of every stone, warm reader (19x19 middle game)",
        |b| {
            let mut reader = Reader::new();
            b.iter(|| life_status(black_box(&board), &g, &mut reader).rows().len());
        },
    );
}

criterion_group!(groups_benches, benches);
criterion_main!(groups_benches);
