//! The canonical rendering of board maps: integers, floats, symbols, stones.

use keisei_board::{Board, BoardMap, Point, Symmetry};

fn board() -> Board {
    Board::from_diagram(
        ". . . . . . .
         . X X . O . .
         . . X O . . .
         . . X O . . .
         . X . O O . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap()
}

#[test]
fn integer_map() {
    let m = BoardMap::from_fn(7, |p| p.x() - p.y());
    insta::assert_snapshot!(m.render());
}

#[test]
fn float_map_has_fixed_width_and_dots_for_zero() {
    let m = BoardMap::from_fn(7, |p| {
        let d = f64::from(p.manhattan(Point::new(3, 3)));
        if d > 3.0 {
            0.0
        } else {
            1.0 / (1.0 + d) * if p.x() < 3 { -1.0 } else { 1.0 }
        }
    });
    insta::assert_snapshot!(m.render());
}

#[test]
fn symbol_map_over_stones() {
    let b = board();
    // Mark the liberties of the black chain on C4 with `a`.
    let libs = b.liberties(Point::from_gtp("C4", 7).unwrap());
    let m = BoardMap::from_fn(7, |p| if libs.contains(p) { 'a' } else { '.' });
    insta::assert_snapshot!(m.render_with_stones(&b));
}

#[test]
fn nineteen_by_nineteen_header_skips_i() {
    let m = BoardMap::new(19, 0u8);
    let text = m.render();
    let header = text.lines().next().unwrap();
    assert_eq!(
        header.split_whitespace().collect::<String>(),
        "ABCDEFGHJKLMNOPQRST"
    );
    assert!(text.lines().nth(1).unwrap().starts_with(" 19 "));
    assert!(text.lines().nth(19).unwrap().starts_with("  1 "));
    assert!(
        text.lines().all(|l| l == l.trim_end()),
        "no trailing spaces"
    );
}

#[test]
fn json_is_rows_top_first() {
    let m = BoardMap::from_fn(5, |p| p.y() * 5 + p.x());
    let json = serde_json::to_string(&m).unwrap();
    assert!(json.starts_with("[[0,1,2,3,4],[5,"));
}

#[test]
fn transformed_map_renders_the_transformed_board() {
    let b = board();
    let m = BoardMap::from_fn(7, |p| b.liberty_count(p) as u32);
    for sym in Symmetry::ALL {
        let t = b.transformed(sym);
        let direct = BoardMap::from_fn(7, |p| t.liberty_count(p) as u32);
        assert_eq!(direct, m.transformed(sym), "{sym:?}");
    }
}
