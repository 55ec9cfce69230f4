//! Counting the Pm, Pp and Pb tables.

use crate::{fixture_files, plain, symmetric};
use keisei_board::{Color, Game, Move, Point, Symmetry};
use keisei_candidates::tables::{HISTORY, MOVE_CAP};
use keisei_candidates::{
    AREA, BuildOptions, Relation, SkipReason, TableBuilder, Tables, build_tables, dense, game_moves,
};
use ndarray::Axis;
use proptest::prelude::*;

/// The moves of every fixture record the tables use.
fn usable_games() -> Vec<Vec<(Color, Move)>> {
    fixture_files()
        .iter()
        .filter_map(|f| Game::load(f).ok())
        .filter_map(|g| game_moves(&g).ok())
        .collect()
}

fn total(a: impl IntoIterator<Item = u32>) -> u64 {
    a.into_iter().map(u64::from).sum()
}

#[test]
fn the_fixture_build_counts_and_skips_what_it_should() {
    let (tables, report) = plain();
    assert_eq!(report.files, 9);
    assert_eq!(report.games, 4);
    // 80 + 35 + 24 + 13 moves on a point (two passes in pass-b.sgf).
    assert_eq!(report.moves, 152);
    assert_eq!(
        report.skip_counts(),
        vec![
            (SkipReason::BoardSize, 3),
            (SkipReason::Setup, 1),
            (SkipReason::Handicap, 1)
        ]
    );
    assert_eq!(tables.info().games, 4);
    assert_eq!(tables.info().moves, 152);
    assert!(!tables.info().symmetric);
    assert!(symmetric().0.info().symmetric);
}

#[test]
fn every_counted_move_adds_one_to_pm_per_symmetry() {
    for (tables, copies) in [(&plain().0, 1), (&symmetric().0, 8)] {
        assert_eq!(total(tables.pm().iter().copied()), 152 * copies);
        // Move numbers: the row of move m counts one move per game reaching
        // move m on a point.
        for m in 1..=MOVE_CAP {
            let expected = usable_games()
                .iter()
                .filter(|g| g.get(m - 1).is_some_and(|(_, mv)| mv.point().is_some()))
                .count() as u64;
            let row = tables.pm().index_axis(Axis(0), m - 1);
            assert_eq!(total(row.iter().copied()), expected * copies, "move {m}");
        }
    }
}

#[test]
fn pm_of_the_first_move_counts_the_first_moves() {
    let (tables, _) = plain();
    let row = tables.pm().index_axis(Axis(0), 0);
    // Three records open on Q16 (pd), one on P17 (pc).
    assert_eq!(row[dense(Point::new(15, 3))], 3);
    assert_eq!(row[dense(Point::new(15, 2))], 1);
    assert_eq!(total(row.iter().copied()), 4);
}

#[test]
fn pp_relations_of_each_point_add_up_to_the_moves_at_the_target() {
    for (tables, _) in [plain(), symmetric()] {
        let targets = tables.target_counts();
        let pp = tables.pp();
        for n in 0..AREA {
            for t in 0..AREA {
                let sum: u64 = (0..3).map(|r| u64::from(pp[[r, n, t]])).sum();
                assert_eq!(sum, targets[t], "n {n} t {t}");
            }
        }
    }
}

#[test]
fn pb_counts_only_moves_that_have_a_predecessor_on_a_point() {
    let games = usable_games();
    for (tables, copies) in [(&plain().0, 1u64), (&symmetric().0, 8)] {
        for n in 1..=HISTORY {
            let expected: u64 = games
                .iter()
                .map(|g| {
                    (n..g.len())
                        .filter(|&i| g[i].1.point().is_some() && g[i - n].1.point().is_some())
                        .count() as u64
                })
                .sum();
            let plane = tables.pb().index_axis(Axis(0), n - 1);
            assert_eq!(total(plane.iter().copied()), expected * copies, "N = {n}");
        }
    }
}

#[test]
fn a_tiny_game_is_counted_cell_by_cell() {
    // B Q16, W D4, B pass, W C3: three observations.
    let q16 = Point::new(15, 3);
    let d4 = Point::new(3, 15);
    let c3 = Point::new(2, 16);
    let mut b = TableBuilder::new(BuildOptions { symmetric: false });
    let moves = [
        (Color::Black, Move::Play(q16)),
        (Color::White, Move::Play(d4)),
        (Color::Black, Move::Pass),
        (Color::White, Move::Play(c3)),
    ];
    assert_eq!(b.add_moves(&moves), Ok(3));
    let t = b.finish("tiny");
    assert_eq!((t.info().games, t.info().moves), (1, 3));
    // Pm: move 1 at Q16, 2 at D4, 4 at C3 (the pass is move 3).
    assert_eq!(t.pm()[[0, dense(q16)]], 1);
    assert_eq!(t.pm()[[1, dense(d4)]], 1);
    assert_eq!(t.pm()[[2, dense(c3)]], 0);
    assert_eq!(t.pm()[[3, dense(c3)]], 1);
    // Pp: when White played D4, Q16 held an opponent stone; when White
    // played C3, D4 held an own stone and Q16 an opponent stone.
    let (own, opp, empty) = (
        Relation::Own as usize,
        Relation::Opponent as usize,
        Relation::Empty as usize,
    );
    assert_eq!(t.pp()[[opp, dense(q16), dense(d4)]], 1);
    assert_eq!(t.pp()[[own, dense(d4), dense(c3)]], 1);
    assert_eq!(t.pp()[[opp, dense(q16), dense(c3)]], 1);
    assert_eq!(t.pp()[[empty, dense(q16), dense(q16)]], 1);
    assert_eq!(t.pp()[[empty, dense(q16), dense(d4)]], 0);
    assert_eq!(t.pp()[[empty, dense(c3), dense(c3)]], 1);
    // Pb: D4 one after Q16; C3: one after a pass (nothing), two after D4,
    // three after Q16.
    assert_eq!(t.pb()[[0, dense(q16), dense(d4)]], 1);
    assert_eq!(t.pb()[[1, dense(d4), dense(c3)]], 1);
    assert_eq!(t.pb()[[2, dense(q16), dense(c3)]], 1);
    assert_eq!(total(t.pb().iter().copied()), 3);
}

#[test]
fn a_game_with_an_illegal_move_is_not_counted_at_all() {
    let p = Point::new(3, 3);
    let mut b = TableBuilder::new(BuildOptions::default());
    let err = b
        .add_moves(&[
            (Color::Black, Move::Play(p)),
            (Color::White, Move::Play(Point::new(10, 10))),
            (Color::Black, Move::Play(p)),
        ])
        .unwrap_err();
    assert!(err.starts_with("move 3: illegal move B D16"), "{err}");
    assert_eq!((b.games(), b.moves()), (0, 0));
    let empty = TableBuilder::new(BuildOptions::default()).finish("x");
    assert_eq!(b.finish("x"), empty);
}

#[test]
fn symmetric_tables_are_invariant_under_every_symmetry() {
    let (tables, _) = symmetric();
    for s in Symmetry::ALL {
        assert!(tables.transformed(s) == *tables, "{s:?}");
    }
    // The plain fixture table is not (so the check above can fail).
    let (plain, _) = plain();
    assert!(plain.transformed(Symmetry::Rot90) != *plain);
}

/// Counts each game under all 8 symmetries explicitly, plainly.
fn explicit_symmetric(games: &[Vec<(Color, Move)>]) -> Tables {
    let mut b = TableBuilder::new(BuildOptions { symmetric: false });
    for g in games {
        for s in Symmetry::ALL {
            let moved: Vec<_> = g
                .iter()
                .map(|&(c, m)| match m {
                    Move::Play(p) => (c, Move::Play(s.apply(p, 19))),
                    Move::Pass => (c, Move::Pass),
                })
                .collect();
            b.add_moves(&moved).unwrap();
        }
    }
    b.finish("all")
}

#[test]
fn symmetric_counting_equals_counting_the_transformed_games() {
    let explicit = explicit_symmetric(&usable_games());
    let (sym, _) = symmetric();
    assert_eq!(explicit.pm(), sym.pm());
    assert_eq!(explicit.pp(), sym.pp());
    assert_eq!(explicit.pb(), sym.pb());
}

#[test]
fn builds_do_not_depend_on_the_number_of_threads() {
    let files = fixture_files();
    let run = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| build_tables(&files, BuildOptions::default(), "all", &|| {}).unwrap())
    };
    let (one, r1) = run(1);
    let (two, r2) = run(2);
    assert!(one == two);
    assert_eq!(r1, r2);
    assert!(one == symmetric().0);
}

#[test]
fn a_build_of_no_usable_record_is_an_error() {
    let files = vec![crate::fixture("fixtures/positions/ko-9.sgf")];
    let err = build_tables(&files, BuildOptions::default(), "all", &|| {}).unwrap_err();
    assert_eq!(err.to_string(), "no usable 19x19 game record was found");
}

/// A random legal game of up to `len` moves from a seed (passes included).
fn random_game(seed: u64, len: usize) -> Vec<(Color, Move)> {
    let mut board = keisei_board::Board::new(19).unwrap();
    let mut state = seed | 1;
    let mut color = Color::Black;
    let mut moves = Vec::new();
    for _ in 0..len {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let legal: Vec<Point> = board.legal_moves(color).collect();
        let mv = if legal.is_empty() || state % 23 == 0 {
            Move::Pass
        } else {
            Move::Play(legal[(state >> 8) as usize % legal.len()])
        };
        board.play_move(color, mv).unwrap();
        moves.push((color, mv));
        color = color.opponent();
    }
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn symmetric_tables_of_random_games_are_invariant(seed: u64, len in 1usize..60, s in 0usize..8) {
        let mut b = TableBuilder::new(BuildOptions::default());
        b.add_moves(&random_game(seed, len)).unwrap();
        let t = b.finish("random");
        prop_assert!(t.transformed(Symmetry::ALL[s]) == t);
        prop_assert_eq!(total(t.pm().iter().copied()), t.info().moves * 8);
    }
}
