//! Benchmarks of candidate generation: one 19×19 middle-game position
//! scored and ranked, the table normalised, a table stored and loaded; seed
//! 003's efficiency of every legal move, and loading its patterns.
//!
//! By default the table is counted from the repository's fixtures (a few
//! games: the timings of scoring do not depend on the counts, only on the
//! position). Set `KEISEI_TABLE` to a table built by `keisei stats build`
//! to time loading a real one.

use criterion::{Criterion, criterion_group, criterion_main};
use keisei_board::Game;
use keisei_candidates::{
    BuildOptions, Context, Efficiency, Method, Model, Reading, Split, Tables, Weights, best_moves,
    build_tables, candidates, collect_sgf_files, store,
};
use std::hint::black_box;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tables() -> Tables {
    if let Some(path) = std::env::var_os("KEISEI_TABLE") {
        return store::load(Path::new(&path)).unwrap();
    }
    let files = collect_sgf_files(
        &[
            root().join("fixtures/positions"),
            root().join("fixtures/candidates"),
        ],
        Split::All,
    )
    .unwrap();
    build_tables(&files, BuildOptions::default(), "all", &|| {})
        .unwrap()
        .0
}

fn benches(c: &mut Criterion) {
    let tables = tables();
    let model = Model::new(&tables, Reading::Forward, Weights::default());
    let pos = Game::load(root().join("fixtures/positions/midgame-19.sgf"))
        .unwrap()
        .position(80)
        .unwrap();
    let ctx = Context::from_position(&pos);

    c.bench_function("candidates/combined, 20 best (19x19 move 80)", |b| {
        b.iter(|| black_box(best_moves(&model, black_box(&ctx), 20)));
    });
    c.bench_function("candidates/combined score only (19x19 move 80)", |b| {
        b.iter(|| black_box(model.combined(black_box(&ctx))));
    });
    c.bench_function("candidates/all scores, Pp included (19x19 move 80)", |b| {
        b.iter(|| black_box(model.scores(black_box(&ctx))));
    });
    c.bench_function("candidates/topxyz 180 (19x19 move 80)", |b| {
        let m = Method::TopXyz {
            x: 180,
            y: 180,
            z: 180,
        };
        b.iter(|| black_box(candidates(&model, black_box(&ctx), &m)));
    });

    let eff = Efficiency::builtin();
    c.bench_function("efficiency/every legal move (19x19 move 80)", |b| {
        b.iter(|| black_box(eff.map(black_box(&pos.board), pos.board.to_move())));
    });
    c.bench_function("efficiency/parse and compile the built-in patterns", |b| {
        b.iter(|| {
            black_box(Efficiency::parse("efficiency.pat", Efficiency::builtin_text()).unwrap())
        });
    });

    let mut slow = c.benchmark_group("candidates/table");
    slow.sample_size(10);
    slow.bench_function("normalise (Model::new)", |b| {
        b.iter(|| black_box(Model::new(&tables, Reading::Forward, Weights::default())));
    });
    let bytes = store::to_bytes(&tables);
    slow.bench_function("decode from memory (store::from_bytes)", |b| {
        b.iter(|| black_box(store::from_bytes(black_box(&bytes), "bench").unwrap()));
    });
    slow.finish();
}

criterion_group!(candidates_benches, benches);
criterion_main!(candidates_benches);
