//! Connections and territory on the fixture positions.

use crate::{check_territory, diagram, links, position};
use keisei_territory::{TerritoryOptions, territory};

#[test]
fn one_of_each_connection_shape() {
    insta::assert_snapshot!(check_territory(&position("territory/links.sgf")));
}

#[test]
fn fig9_corner_and_side_territory() {
    insta::assert_snapshot!(check_territory(&position("territory/fig9-territory.sgf")));
}

#[test]
fn middle_game() {
    insta::assert_snapshot!(check_territory(&position("positions/midgame-19.sgf")));
}

#[test]
fn an_open_board_has_no_territory() {
    let board = position("territory/open-board.sgf");
    let t = territory(&board, &links(&board), &TerritoryOptions::default());
    assert_eq!((t.black, t.white), (0, 0));
    assert!(t.regions.is_empty());
    // Also: the empty board, one stone, a 3-3 and a 4-4 stone each.
    for d in [
        ". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
        ". . . . .\n. . . . .\n. . X . .\n. . . . .\n. . . . .",
        ". . . . . . . . .\n. . . . . . . . .\n. . X . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . O . .\n. . . . . . . . .\n. . . . . . . . .",
        ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . X . . . . .\n. . . . . . . . .\n. . . . . O . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .",
    ] {
        let b = diagram(d);
        let t = territory(&b, &links(&b), &TerritoryOptions::default());
        assert_eq!((t.black, t.white), (0, 0), "{d}");
    }
}

#[test]
fn a_lone_wall_across_a_corner_encloses_the_corner_only() {
    // Black's wall from the top edge to the left edge; no White stone at all.
    let b = diagram(
        ". . X . . . . . .
         . . X . . . . . .
         X X X . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let t = territory(&b, &links(&b), &TerritoryOptions::default());
    assert_eq!(
        (t.black, t.white),
        (4, 0),
        "{}",
        t.map.render_with_stones(&b)
    );
}

#[test]
fn a_broken_wall_leaks() {
    // White's stone in the gap of Black's one-space jump, held by a wall:
    // the corner is not closed.
    let b = diagram(
        ". . X . . . . . .
         . . X O . . . . .
         . . O O . . . . .
         . . X O . . . . .
         X X X O . . . . .
         O O O O . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let t = territory(&b, &links(&b), &TerritoryOptions::default());
    // The corner below the gap is open (A9 and B9 stay closed by C8's link
    // to the left edge).
    for v in ["A8", "B8", "A7", "B7", "A6", "B6"] {
        let p = keisei_board::Point::from_gtp(v, 9).unwrap();
        assert_eq!(t.owner(p), None, "{v}\n{}", t.map.render_with_stones(&b));
    }
}

#[test]
fn dead_stones_do_not_spoil_territory() {
    let b = diagram(
        ". . X . . . . . .
         . O X . . . . . .
         X X X . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let c = links(&b);
    assert_eq!(territory(&b, &c, &TerritoryOptions::default()).black, 0);
    let dead = [keisei_board::Point::from_gtp("B8", 9).unwrap()]
        .into_iter()
        .collect();
    let t = territory(
        &b,
        &c,
        &TerritoryOptions {
            dead,
            ..TerritoryOptions::default()
        },
    );
    assert_eq!(t.black, 4, "{}", t.map.render_with_stones(&b));
}
