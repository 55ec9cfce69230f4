//! Benchmarks: loading the built-in database (compiled and from text),
//! looking up eye regions, valuing a shape by search.

use criterion::{Criterion, criterion_group, criterion_main};
use keisei_board::{Board, Color, Point, PointSet};
use keisei_eyes::builtin::{self, builtin};
use keisei_eyes::region::SearchCache;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    c.bench_function("eyes/load built-in database (compiled index)", |b| {
        b.iter(|| {
            keisei_eyes::store::load(black_box(builtin::COMPILED))
                .unwrap()
                .shape_count()
        });
    });
    c.bench_function(
        "eyes/load built-in database (parse and index the text)",
        |b| {
            b.iter(|| builtin::load_text().unwrap().shape_count());
        },
    );

    // A bulky five of Black in the middle of a 19x19 board.
    let board = Board::from_diagram(
        &(0..19)
            .map(|y| {
                (0..19)
                    .map(|x| match (x, y) {
                        (8..=11, 7..=11) => {
                            if (9..=10).contains(&x) && (8..=9).contains(&y) || (x, y) == (9, 10) {
                                '.'
                            } else {
                                'X'
                            }
                        }
                        _ => '.',
                    })
                    .collect::<String>()
                    + "\n"
            })
            .collect::<String>(),
    )
    .unwrap();
    let region: PointSet = [(9, 8), (10, 8), (9, 9), (10, 9), (9, 10)]
        .iter()
        .map(|&(x, y)| Point::new(x, y))
        .collect();
    let db = builtin();
    let cache = SearchCache::default();
    c.bench_function("eyes/lookup a 5-point region (database hit)", |b| {
        b.iter(|| {
            db.lookup(black_box(&board), Color::Black, &region, &cache)
                .unwrap()
                .value
        });
    });
    let shape = keisei_eyes::enumerate::place(
        &[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 1)],
        keisei_eyes::enumerate::Placement::Centre,
    );
    c.bench_function("eyes/value a 7-point shape by search", |b| {
        b.iter(|| {
            shape
                .to_space(0)
                .unwrap()
                .analyse(10_000_000)
                .unwrap()
                .value
        });
    });
}

criterion_group!(eyes_benches, benches);
criterion_main!(eyes_benches);
