//! Benchmarks of tactical reading: a long ladder (captured and broken), a
//! net, and the status of every chain of a middle-game position.

use criterion::{Criterion, criterion_group, criterion_main};
use keisei_board::reading::{self, Limits, Reader};
use keisei_board::{Board, Point};
use std::hint::black_box;
use std::path::Path;

/// The diagram of a case in `fixtures/reading/<file>`.
fn case_diagram(file: &str, name: &str) -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/reading")
        .join(file);
    let text = std::fs::read_to_string(path).expect("fixture file");
    let start = text.find(&format!("case: {name}\n")).expect("case present");
    let rest = &text[start..];
    let board_at = rest.find("board:\n").expect("board") + "board:\n".len();
    let diagram: String = rest[board_at..]
        .lines()
        .take_while(|l| !l.contains(':'))
        .filter(|l| !l.trim_start().starts_with('#'))
        .fold(String::new(), |mut acc, l| {
            acc.push_str(l);
            acc.push('\n');
            acc
        });
    Board::from_diagram(&diagram).expect("valid diagram")
}

fn benches(c: &mut Criterion) {
    let limits = Limits::DEFAULT;

    let ladder = case_diagram("ladders.txt", "ladder-19-long");
    let broken = case_diagram("ladders.txt", "ladder-19-breaker");
    let d16 = Point::from_gtp("D16", 19).unwrap();
    c.bench_function("reading/ladder-19-captured/attack", |b| {
        b.iter(|| reading::attack(black_box(&ladder), d16, &limits));
    });
    c.bench_function("reading/ladder-19-captured/ladder", |b| {
        b.iter(|| reading::ladder(black_box(&ladder), d16, &limits));
    });
    // A reused reader without cache: the search itself, no allocation and
    // no first-touch of fresh board pages.
    let mut bare = Reader::with_cache_bits(0);
    c.bench_function(
        "reading/ladder-19-captured/attack-reused-reader-no-cache",
        |b| {
            b.iter(|| bare.attack(black_box(&ladder), d16, &limits));
        },
    );
    c.bench_function(
        "reading/ladder-19-breaker/attack-reused-reader-no-cache",
        |b| {
            b.iter(|| bare.attack(black_box(&broken), d16, &limits));
        },
    );
    c.bench_function("reading/ladder-19-breaker/attack", |b| {
        b.iter(|| reading::attack(black_box(&broken), d16, &limits));
    });

    let net = case_diagram("nets.txt", "net-centre");
    let e5 = Point::from_gtp("E5", 9).unwrap();
    c.bench_function("reading/net-centre/attack", |b| {
        b.iter(|| reading::attack(black_box(&net), e5, &limits));
    });

    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/reading/middle-game.diagram");
    let middle = Board::from_diagram(&std::fs::read_to_string(path).expect("fixture")).unwrap();
    c.bench_function("reading/middle-game/status-map-fresh-reader", |b| {
        b.iter(|| Reader::new().status_map(black_box(&middle), &limits));
    });
    let mut reader = Reader::new();
    c.bench_function("reading/middle-game/status-map-warm-reader", |b| {
        b.iter(|| reader.status_map(black_box(&middle), &limits));
    });
}

criterion_group!(reading_benches, benches);
criterion_main!(reading_benches);
