//! SGF loading: fixture positions rendered, real-world quirks, and one error
//! case per way a record can be broken.

use keisei_board::{Color, Game, Move, Point, SgfErrorKind, render_board};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

fn load(name: &str) -> Game {
    Game::load(fixtures().join("positions").join(name)).unwrap()
}

/// Renders a position the way a reviewer wants to read it.
fn check(name: &str, moves: usize) -> String {
    let game = load(name);
    let pos = game.position(moves).unwrap();
    let b = &pos.board;
    let mut s = format!(
        "{name} after {moves} of {} moves; {} to move; komi {}; handicap {}; captures B {} W {}\n",
        game.move_count(),
        b.to_move(),
        pos.komi,
        pos.handicap,
        b.captures(Color::Black),
        b.captures(Color::White)
    );
    if let Some((c, m)) = pos.next_move {
        let _ = writeln!(s, "next: {} {}", c.letter(), m.to_gtp(b.size()));
    }
    if let Some(k) = b.ko_point(b.to_move()) {
        let _ = writeln!(s, "ko point: {}", k.to_gtp(b.size()));
    }
    s + &render_board(b)
}

#[test]
fn fixture_positions() {
    insta::assert_snapshot!("midgame_19_end", check("midgame-19.sgf", 80));
    insta::assert_snapshot!("midgame_19_move_40", check("midgame-19.sgf", 40));
    insta::assert_snapshot!("ko_9_black_takes", check("ko-9.sgf", 9));
    insta::assert_snapshot!("ko_9_white_retakes", check("ko-9.sgf", 12));
    insta::assert_snapshot!("handicap_9_start", check("handicap-9.sgf", 0));
    insta::assert_snapshot!("opening_13_after_setup_node", check("opening-13.sgf", 6));
    insta::assert_snapshot!("opening_13_end", check("opening-13.sgf", 10));
}

#[test]
fn replaying_all_positions_agrees_with_position_n() {
    for name in [
        "midgame-19.sgf",
        "ko-9.sgf",
        "handicap-9.sgf",
        "opening-13.sgf",
    ] {
        let game = load(name);
        let all: Vec<_> = game.positions().collect::<Result<_, _>>().unwrap();
        assert_eq!(all.len(), game.move_count() + 1, "{name}");
        for (n, pos) in all.iter().enumerate() {
            assert_eq!(pos.move_number, n);
            assert_eq!(pos, &game.position(n).unwrap(), "{name} move {n}");
            // The move played next is the one the record plays from here.
            if let Some(next) = all.get(n + 1) {
                assert_eq!(next.history.last().copied(), pos.next_move);
            } else {
                assert_eq!(pos.next_move, None);
            }
        }
    }
}

#[test]
fn handicap_setup_gives_white_the_move() {
    let pos = load("handicap-9.sgf").position(0).unwrap();
    assert_eq!(pos.board.to_move(), Color::White);
    assert_eq!(pos.board.stone_count(Color::Black), 2);
    assert_eq!(pos.handicap, 2);
}

#[test]
fn only_records_without_setup_or_declared_handicap_are_even_games() {
    let candidates = |name: &str| Game::load(fixtures().join("candidates").join(name)).unwrap();
    for (game, even) in [
        (load("midgame-19.sgf"), true),
        (candidates("even-a.sgf"), true),
        // HA[0] and a pass written `tt`.
        (candidates("pass-b.sgf"), true),
        // Handicap stones placed with AB in the root.
        (load("handicap-9.sgf"), false),
        (candidates("setup-d.sgf"), false),
        // HA[2] declared, no stones placed: White moves first on an empty board.
        (candidates("handicap-e.sgf"), false),
    ] {
        assert_eq!(game.is_even(), even, "{}", game.source());
    }
    let no_stones = candidates("handicap-e.sgf");
    assert!(!no_stones.has_setup());
    assert_eq!(no_stones.handicap(), 2);
}

#[test]
fn real_world_quirks_are_accepted() {
    // Legacy-encoded names, HA[0], KM[0], FF[3] `tt` passes, empty passes.
    let mut bytes = b"(;GM[1]FF[3]CA[gb2312]SZ[19]PB[".to_vec();
    bytes.extend_from_slice(&[0xCC, 0xEC, 0xDF, 0xB1]); // not UTF-8
    bytes.extend_from_slice(b"]HA[0]KM[0]RE[B+R];B[pd];W[tt];B[dp];W[];B[pp])");
    let text = String::from_utf8_lossy(&bytes);
    let game = Game::parse(&text, "quirks.sgf").unwrap();
    assert_eq!(game.handicap(), 0);
    assert_eq!(game.komi(), 0.0);
    assert_eq!(game.result(), Some("B+R"));
    assert_eq!(game.rules(), None);
    let ruled = Game::parse("(;GM[1]SZ[9]RU[ Japanese ]KM[6.5];B[ee])", "ruled.sgf").unwrap();
    assert_eq!(ruled.rules(), Some("Japanese"));
    let moves: Vec<_> = game.moves().collect();
    assert_eq!(moves[1], (Color::White, Move::Pass));
    assert_eq!(moves[3], (Color::White, Move::Pass));
    let pos = game.position(5).unwrap();
    assert_eq!(pos.board.stone_count(Color::Black), 3);
    assert_eq!(
        pos.board.color(Point::from_gtp("Q16", 19).unwrap()),
        Some(Color::Black)
    );
}

#[test]
fn handicap_one_is_no_handicap() {
    let game = Game::parse("(;GM[1]SZ[9]HA[1];B[ee])", "ha1.sgf").unwrap();
    assert_eq!(game.handicap(), 0);
}

/// Every file in fixtures/sgf-errors must fail with a message naming the file
/// (and the node where there is one). The messages are the snapshot.
#[test]
fn broken_records_give_clear_errors() {
    let dir = fixtures().join("sgf-errors");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert!(
        names.len() >= 12,
        "expected a dozen broken records, found {}",
        names.len()
    );
    let mut report = String::new();
    for name in names {
        let path = dir.join(&name);
        // Load, then replay to the end: errors may come from either step.
        let result = Game::load(&path).and_then(|g| g.position(g.move_count()).map(|_| ()));
        let err = result.expect_err(&name);
        let msg = err
            .to_string()
            .replace(&dir.display().to_string(), "fixtures/sgf-errors");
        assert!(
            msg.starts_with(&format!("fixtures/sgf-errors/{name}")),
            "{msg}"
        );
        let _ = writeln!(report, "{msg}");
    }
    insta::assert_snapshot!(report);
}

#[test]
fn asking_for_a_move_beyond_the_end_is_an_error() {
    let e = load("ko-9.sgf").position(99).unwrap_err();
    assert_eq!(
        e.kind,
        SgfErrorKind::NoSuchMove {
            requested: 99,
            available: 18
        }
    );
}

#[test]
fn komi_in_points_and_as_recorded() {
    let komi = |props: &str| {
        let g = Game::parse(&format!("(;GM[1]FF[4]SZ[19]{props};B[dd])"), "test").unwrap();
        (g.komi(), g.komi_recorded())
    };
    // Points, as the SGF specification says.
    assert_eq!(komi("KM[6.5]"), (6.5, 6.5));
    assert_eq!(komi("KM[0]"), (0.0, 0.0));
    assert_eq!(komi(""), (0.0, 0.0));
    assert_eq!(komi("KM[-12]"), (-12.0, -12.0));
    // Fox's hundredths: more than half the board (180.5) cannot be points.
    assert_eq!(komi("KM[650]RU[Japanese]"), (6.5, 650.0));
    assert_eq!(komi("KM[750]"), (7.5, 750.0));
    // Fox under Chinese rules: hundredths of a stone, two points each.
    assert_eq!(komi("KM[375]RU[Chinese]"), (7.5, 375.0));
    assert_eq!(komi("KM[325]RU[chinese]"), (6.5, 325.0));
    // The position carries the komi in points.
    let g = Game::parse("(;GM[1]FF[4]SZ[9]KM[550];B[ee])", "test").unwrap();
    assert_eq!(g.position(1).unwrap().komi, 5.5);
    assert_eq!(keisei_board::sgf::komi_points(40.5, 9, false), 40.5);
    assert_eq!(keisei_board::sgf::komi_points(-40.5, 9, false), -40.5);
    assert_eq!(keisei_board::sgf::komi_points(41.0, 9, false), 0.41);
    assert_eq!(keisei_board::sgf::komi_points(180.5, 19, true), 180.5);
}
