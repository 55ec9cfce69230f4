//! Benchmarks: each influence model on a 19×19 middle-game position, with
//! the stand-in inputs computed once outside the timing (in the evaluation
//! they come from the groups crate).

use criterion::{Criterion, criterion_group, criterion_main};
use keisei_board::{Board, Game};
use keisei_influence::{Dots, Ellipse, Model, Projection, StandaloneInputs, dot_blocks};
use keisei_territory::patterns::RemovalRules;
use keisei_territory::{BlockModel, blocks};
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
    let inputs = StandaloneInputs::new(&board);
    let ctx = inputs.context(&board);
    let ellipse = Ellipse::new();
    let projection = Projection::new();
    let dots = Dots::new();
    c.bench_function("influence/ellipse (19x19 middle game)", |b| {
        b.iter(|| ellipse.influence(black_box(&ctx)).black);
    });
    c.bench_function("influence/projection (19x19 middle game)", |b| {
        b.iter(|| projection.influence(black_box(&ctx)).black);
    });
    c.bench_function("influence/dots with blocks (19x19 middle game)", |b| {
        b.iter(|| dots.influence(black_box(&ctx)).black);
    });
    let analysis = dots.analyse(&ctx);
    c.bench_function("influence/dot blocks alone (19x19 middle game)", |b| {
        b.iter(|| dot_blocks(black_box(&board), &inputs.dead, &analysis.dots).len());
    });
    // Part of the ellipse model's time: the restriction blocks it asks
    // keisei-territory for.
    c.bench_function(
        "influence/ellipse part: keisei_territory::blocks, restriction (19x19 middle game)",
        |b| {
            b.iter(|| {
                blocks(
                    black_box(&board),
                    &inputs.unattackable,
                    BlockModel::Restriction,
                    RemovalRules::builtin(),
                )
                .black
                .len()
            });
        },
    );
    c.bench_function(
        "influence/stand-in inputs (reading + territory, 19x19)",
        |b| {
            b.iter(|| StandaloneInputs::new(black_box(&board)).unattackable.len());
        },
    );
}

criterion_group!(influence_benches, benches);
criterion_main!(influence_benches);
