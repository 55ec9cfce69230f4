//! Benchmarks: connections (pattern matching plus reading on the cutting
//! points), enclosed territory, control blocks and attack-ease on middle-game
//! positions.

use criterion::{Criterion, criterion_group, criterion_main};
use keisei_board::reading::Reader;
use keisei_board::{Board, Game, PointSet};
use keisei_territory::patterns::{ConnectionPatterns, RemovalRules};
use keisei_territory::{
    AttackEaseParams, BlockModel, TerritoryOptions, attack_ease, blocks, connections, territory,
};
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
    let patterns = ConnectionPatterns::builtin();
    c.bench_function(
        "territory/connections, fresh reader (19x19 middle game)",
        |b| {
            b.iter(|| {
                connections(
                    black_box(&board),
                    patterns,
                    &mut Reader::with_cache_bits(12),
                )
                .links
                .len()
            });
        },
    );
    let mut reader = Reader::new();
    c.bench_function(
        "territory/connections, warm reader (19x19 middle game)",
        |b| {
            b.iter(|| {
                connections(black_box(&board), patterns, &mut reader)
                    .links
                    .len()
            });
        },
    );
    let links = connections(&board, patterns, &mut Reader::new());
    c.bench_function(
        "territory/enclosed territory from links (19x19 middle game)",
        |b| {
            b.iter(|| territory(black_box(&board), &links, &TerritoryOptions::default()).black);
        },
    );
    c.bench_function(
        "territory/connections + territory, fresh reader (19x19 middle game)",
        |b| {
            b.iter(|| {
                let l = connections(
                    black_box(&board),
                    patterns,
                    &mut Reader::with_cache_bits(12),
                );
                territory(&board, &l, &TerritoryOptions::default()).black
            });
        },
    );
    let stones: PointSet = board
        .points()
        .filter(|&p| board.color(p).is_some())
        .collect();
    c.bench_function(
        "territory/zone control blocks of every stone (19x19 middle game)",
        |b| {
            b.iter(|| {
                blocks(
                    black_box(&board),
                    &stones,
                    BlockModel::Zone,
                    RemovalRules::builtin(),
                )
                .black
                .len()
            });
        },
    );
    let t = territory(&board, &links, &TerritoryOptions::default());
    let bl = blocks(&board, &stones, BlockModel::Zone, RemovalRules::builtin());
    c.bench_function("territory/attack-ease (19x19 middle game)", |b| {
        b.iter(|| attack_ease(black_box(&board), &t, &bl, &AttackEaseParams::default()).black);
    });
}

criterion_group!(territory_benches, benches);
criterion_main!(territory_benches);
