//! Benchmarks of the facade: one evaluation of a 19×19 middle-game
//! position (fresh and warm reader; and positions in turn, each new to the
//! processor's branch predictors when it comes round again), the shared evaluation a ranking starts
//! from and the value of one child (the unit a ranking repeats ~560 times),
//! method-1 and method-2 ranking of every legal move on one thread, and on
//! all cores. With `KEISEI_BENCH_LIST=FILE` (`file<TAB>move` lines), also
//! one evaluation of each listed position in turn.

use criterion::{Criterion, criterion_group, criterion_main};

// The allocator of the `keisei` tool, so the times are the tool's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use keisei_board::reading::Reader;
use keisei_board::{Board, Game};
use keisei_evaluate::{Config, Evaluator, Factor, Method};
use std::hint::black_box;
use std::path::Path;

fn midgame() -> (Board, f64) {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/positions/midgame-19.sgf");
    let g = Game::load(path).unwrap();
    let p = g.position(g.move_count()).unwrap();
    (p.board, p.komi)
}

/// The positions of `midgame-19.sgf` after 60, 62, …, 80 moves.
fn midgame_positions() -> Vec<(Board, f64)> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/positions/midgame-19.sgf");
    let g = Game::load(path).unwrap();
    (60..=80)
        .step_by(2)
        .map(|n| {
            let p = g.position(n).unwrap();
            (p.board, p.komi)
        })
        .collect()
}

/// The positions of the `file<TAB>move` list named by the environment
/// variable `KEISEI_BENCH_LIST`, or none. A relative path, of the list or in
/// it, is read from the workspace's root, as `scripts/outputs.sh` and
/// `scripts/refs.sh` read their lists from there. The list of
/// `docs/results.md` is the one `keisei bench speed` times
/// (`scripts/outputs.sh` says how to write it); the game records are not in
/// the repository, so the list is not either.
fn listed_positions() -> Vec<(Board, f64)> {
    let Ok(list) = std::env::var("KEISEI_BENCH_LIST") else {
        return Vec::new();
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(&list))
        .unwrap_or_else(|e| panic!("KEISEI_BENCH_LIST={list}: {e}"));
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let (file, n) = line
                .split_once('\t')
                .unwrap_or_else(|| panic!("{list}:{}: expected file<TAB>move", i + 1));
            let g = Game::load(root.join(file)).unwrap_or_else(|e| panic!("{list}:{}: {e}", i + 1));
            let n = n
                .trim()
                .parse()
                .unwrap_or_else(|e| panic!("{list}:{}: {e}", i + 1));
            let p = g
                .position(n)
                .unwrap_or_else(|e| panic!("{list}:{}: {e}", i + 1));
            (p.board, p.komi)
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let (board, komi) = midgame();
    let ev = Evaluator::new(Config::default());
    // The target's own positions, when a list is given: each iteration
    // evaluates the next position of the list, with a fresh reader, as
    // `keisei bench speed` times a position new to the processor.
    let listed = listed_positions();
    if !listed.is_empty() {
        let mut turn = 0;
        c.bench_function(
            &format!(
                "evaluate/one evaluation, fresh reader, listed positions in turn ({} of KEISEI_BENCH_LIST)",
                listed.len()
            ),
            |b| {
                b.iter(|| {
                    let (board, komi) = &listed[turn % listed.len()];
                    turn += 1;
                    ev.evaluate(black_box(board), *komi).total
                });
            },
        );
    }
    // Each iteration evaluates the next of eleven positions: a run does not
    // follow a run on the same position, whose branches the processor would
    // have learnt (runs in a row on one position get faster for ten runs and
    // more).
    let positions = midgame_positions();
    let mut turn = 0;
    c.bench_function(
        "evaluate/one evaluation, fresh reader, positions in turn (midgame-19 after 60, 62, …, 80 moves)",
        |b| {
            b.iter(|| {
                let (board, komi) = &positions[turn % positions.len()];
                turn += 1;
                ev.evaluate(black_box(board), *komi).total
            });
        },
    );
    c.bench_function(
        "evaluate/one evaluation, fresh reader (19x19 middle game)",
        |b| {
            b.iter(|| ev.evaluate(black_box(&board), komi).total);
        },
    );
    let mut reader = Reader::new();
    c.bench_function(
        "evaluate/one evaluation, warm reader (19x19 middle game)",
        |b| {
            b.iter(|| {
                ev.evaluate_with(black_box(&board), komi, &mut reader, None)
                    .total
            });
        },
    );
    c.bench_function(
        "evaluate/shared evaluation of the ranked position (cut readings traced)",
        |b| {
            b.iter(|| {
                ev.evaluate_shared(black_box(&board), komi, &mut Reader::new())
                    .0
                    .total
            });
        },
    );
    let (_, shared) = ev.evaluate_shared(&board, komi, &mut Reader::new());
    let mut child = board.clone();
    let q10 = keisei_board::Point::from_gtp("Q10", 19).unwrap();
    child.play(child.to_move(), q10).unwrap();
    c.bench_function("evaluate/child value, one move (Q10), warm reader", |b| {
        b.iter(|| {
            ev.child_value(&shared, black_box(&child), &mut reader)
                .total
        });
    });
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut group = c.benchmark_group("evaluate/rank");
    group.sample_size(10);
    for (name, method) in [("method 1", Method::One), ("method 2", Method::Two)] {
        group.bench_function(format!("{name}, every legal move, one thread"), |b| {
            b.iter(|| {
                one_thread.install(|| {
                    ev.rank(black_box(&board), komi, method, Factor::All, None, None)
                        .len()
                })
            });
        });
    }
    group.bench_function("method 2, every legal move, all cores", |b| {
        b.iter(|| {
            ev.rank(
                black_box(&board),
                komi,
                Method::Two,
                Factor::All,
                None,
                None,
            )
            .len()
        });
    });
    group.finish();
}

criterion_group!(evaluate, benches);
criterion_main!(evaluate);
