//! Move efficiency (seed 003): the built-in patterns, the rules of
//! efficiency files and their error messages, multipliers on small boards.

use crate::fixture;
use keisei_board::{Board, Color, Game, Point, Symmetry};
use keisei_candidates::Efficiency;
use std::fmt::Write as _;

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).unwrap()
}

/// The point of a GTP vertex on a board of `size`.
fn at(vertex: &str, size: u8) -> Point {
    Point::from_gtp(vertex, size).unwrap()
}

#[test]
fn the_builtin_patterns_load() {
    let e = Efficiency::builtin();
    assert_eq!(e.len(), 10);
    // Loading the file from disk gives the same patterns.
    let from_disk =
        Efficiency::load(&fixture(keisei_candidates::efficiency::BUILTIN_PATH)).unwrap();
    assert_eq!(from_disk.len(), e.len());
}

#[test]
fn multipliers_of_small_shapes() {
    // 7x7 board, Black to play; coordinates A-G, row 7 at the top.
    let b = board(
        "
        . . . . . . .
        . X X . . . .
        . X . . O . .
        . . . O X . .
        . . . . . . .
        . X . . . . .
        X . X . . . .
        ",
    );
    let e = Efficiency::builtin();
    let eff = |v: &str, c: Color| e.efficiency(&b, at(v, 7), c);
    // C5 next to B6, C6, B5: the 2x2 block.
    assert!((eff("C5", Color::Black) - 0.5).abs() < 1e-12);
    // F2: no stone near.
    assert!((eff("F2", Color::Black) - 1.0).abs() < 1e-12);
    // D5: black cut between the white stones E5 and D4 (with black E4).
    assert!((eff("D5", Color::Black) - 1.5).abs() < 1e-12);
    // B1: fills Black's own eye in the edge shape A1, C1, B2, and makes an
    // empty triangle A1, B1, B2 (A2 empty): both multipliers apply.
    let matches = e.matches(&b, at("B1", 7), Color::Black);
    let names: Vec<&str> = matches.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(
        names,
        ["empty-triangle-at-the-elbow", "fill-own-eye-on-the-edge"]
    );
    assert!((eff("B1", Color::Black) - 0.07).abs() < 1e-12);
    // For White, B1 is no eye of its own.
    assert!((eff("B1", Color::White) - 1.0).abs() < 1e-12);
    // Occupied points and points off the board are neutral.
    assert!((eff("B6", Color::Black) - 1.0).abs() < 1e-12);
    assert!(e.matches(&b, Point::new(10, 10), Color::Black).is_empty());
}

#[test]
fn empty_triangles_at_either_end_and_at_the_elbow() {
    let b = board(
        "
        . . . . .
        . X . . .
        . X . . .
        . . . . .
        . . . . .
        ",
    );
    let e = Efficiency::builtin();
    // C3 (end of the L: B4, B3, C3 with C4 empty) and C4 (beside B4, C3 empty).
    for v in ["C3", "C4", "A3", "A4"] {
        assert!(
            (e.efficiency(&b, at(v, 5), Color::Black) - 0.7).abs() < 1e-12,
            "{v}"
        );
    }
    let elbow = board(
        "
        . . . . .
        . X . . .
        . . . . .
        . . . X .
        . . . . .
        ",
    );
    // Nothing: the stones are too far apart for an L.
    assert!((e.efficiency(&elbow, at("C3", 5), Color::Black) - 1.0).abs() < 1e-12);
}

#[test]
fn efficiency_is_the_same_under_symmetries_and_colour_swap() {
    let pos = Game::load(fixture("fixtures/positions/midgame-19.sgf"))
        .unwrap()
        .position(80)
        .unwrap();
    let e = Efficiency::builtin();
    let b = &pos.board;
    let swapped = b.swapped_colors();
    for color in Color::BOTH {
        let map = e.map(b, color);
        assert_eq!(e.map(&swapped, color.opponent()), map);
        for s in Symmetry::ALL {
            assert_eq!(e.map(&b.transformed(s), color), map.transformed(s), "{s:?}");
        }
    }
}

#[test]
fn efficiency_map_of_the_middle_game_at_move_80() {
    let pos = Game::load(fixture("fixtures/positions/midgame-19.sgf"))
        .unwrap()
        .position(80)
        .unwrap();
    let map = Efficiency::builtin().map(&pos.board, pos.board.to_move());
    insta::assert_snapshot!(map.render_with_stones(&pos.board));
}

#[test]
fn broken_efficiency_files_give_located_errors() {
    let cases = [
        ("no-eff.pat", "pattern a\n  X *\n"),
        (
            "bad-eff.pat",
            "pattern a\n  eff: fast\n  X *\n\npattern b\n  eff: -1\n  X *\n",
        ),
        (
            "misspelt.pat",
            "pattern a\n  eff: 1.2\n  efff: 1.3\n  X *\n",
        ),
        ("own-anchor.pat", "pattern a\n  eff: 1.2\n  @ .\n"),
        ("no-anchor.pat", "pattern a\n  eff: 1.2\n  X .\n"),
        ("too-far.pat", "pattern a\n  eff: 1.2\n  * . . X\n"),
        ("syntax.pat", "pattern a\n  eff: 1.2\n  X = *\n"),
    ];
    let mut out = String::new();
    for (name, text) in cases {
        let err = Efficiency::parse(name, text).unwrap_err();
        writeln!(out, "{err}\n").unwrap();
    }
    // A pattern looking exactly two lines away is fine, `?` beyond is fine.
    Efficiency::parse("ok.pat", "pattern a\n  eff: 1.2\n  * . X ? ?\n").unwrap();
    insta::assert_snapshot!(out);
}

#[test]
fn a_missing_file_is_an_error_naming_it() {
    let err = Efficiency::load(std::path::Path::new("no/such/file.pat")).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("no/such/file.pat: cannot read:"),
        "{err}"
    );
}

#[test]
fn the_builtin_file_is_in_canonical_form() {
    let text = Efficiency::builtin_text();
    let file = keisei_board::pattern::PatternFile::parse("efficiency.pat", text).unwrap();
    assert_eq!(file.format(), text);
}
