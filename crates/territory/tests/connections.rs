//! Connections and territory on the fixture positions.

use crate::{check_territory, diagram, links, position};
use keisei_board::reading::Reader;
use keisei_board::{Color, Point};
use keisei_territory::patterns::ConnectionPatterns;
use keisei_territory::{
    Owner, TerritoryOptions, connections, connections_recorded, connections_reusing, territory,
};

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

/// A third-line wall bending round a corner: the corner stone's two edge
/// links are one stone's anchors, which alone claim nothing (a lone 3-3
/// stone encloses no corner), but the wall's other stones anchor it on
/// both edges, so the corner between is closed (it leaked before).
#[test]
fn a_wall_round_a_corner_encloses_the_corner() {
    let b = diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . X . O O . . .
         . . X . . . O . .
         . . X . . . O . .
         . . X X X X . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let t = territory(&b, &links(&b), &TerritoryOptions::default());
    let map = t.map.render_with_stones(&b);
    assert_eq!((t.black, t.white), (16, 0), "{map}");
    let at = |s: &str| Point::from_gtp(s, 9).unwrap();
    for (p, owner) in [
        ("A1", Owner::Black),
        ("E1", Owner::Black),
        ("A5", Owner::Black),
        ("F1", Owner::None),
        ("A6", Owner::None),
    ] {
        assert_eq!(t.map[at(p)], owner, "{p}\n{map}");
    }
}

/// A knight's move whose corner point holds a stone of the far chain is
/// the diagonal from that stone: here White C5 to the chain D4-E4, whose
/// stone D4 lies diagonally from C5 with Black on both of the diagonal's
/// points. The knight's move C5-E4 counted D4 as an owned cutting point
/// and made half a link of a cut pair; no such link now, and the pair's
/// link is the diagonal, cut.
#[test]
fn a_link_through_a_stone_of_its_own_end_is_the_shorter_link() {
    let b = diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . X . . . . .
         . . O X . . . . .
         . . X O O . . . .
         . . X . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let at = |s: &str| Point::from_gtp(s, 9).unwrap();
    let links = links(&b);
    let between = |a: &str, c: &str| {
        links
            .links
            .iter()
            .filter(|l| {
                l.color == Color::White
                    && l.from == at(a)
                    && l.to == keisei_territory::LinkEnd::Stone(at(c))
            })
            .map(|l| (l.kind.to_string(), l.coefficient))
            .collect::<Vec<_>>()
    };
    assert_eq!(between("C5", "E4"), vec![]);
    assert_eq!(between("C5", "D4"), vec![("diagonal".to_string(), 0.0)]);
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

/// Move ranking's shortcut: the links of a position a move away, reusing the
/// cut states whose footprint the move leaves alone, are the links read from
/// scratch, after every legal move of either colour. Readers without a cache,
/// so that nothing but the footprints can make the two differ.
#[test]
fn links_reusing_recorded_cut_states_are_the_links_read_afresh() {
    let patterns = ConnectionPatterns::builtin();
    for rel in [
        "positions/midgame-19.sgf",
        "positions/opening-13.sgf",
        "positions/ko-9.sgf",
        "territory/links.sgf",
    ] {
        let board = position(rel);
        let mut reader = Reader::with_cache_bits(0);
        let (recorded, memo) = connections_recorded(&board, patterns, &mut reader);
        assert_eq!(
            recorded,
            connections(&board, patterns, &mut reader),
            "{rel}"
        );
        let (mut children, mut held, mut reused) = (0, 0, 0);
        for color in Color::BOTH {
            for m in board.legal_moves(color).collect::<Vec<Point>>() {
                let mut child = board.clone();
                child.play(color, m).unwrap();
                let changed = board.changed_points(&child);
                let fresh = connections(&child, patterns, &mut reader);
                let reusing = connections_reusing(&child, patterns, &mut reader, &memo);
                if reusing != fresh {
                    let only = |a: &keisei_territory::Connections,
                                b: &keisei_territory::Connections| {
                        a.links
                            .iter()
                            .filter(|l| !b.links.contains(l))
                            .cloned()
                            .collect::<Vec<_>>()
                    };
                    panic!(
                        "{rel}: {color:?} {}: reusing gave {:?}, afresh {:?}",
                        m.to_gtp(board.size()),
                        only(&reusing, &fresh),
                        only(&fresh, &reusing)
                    );
                }
                children += 1;
                held += memo.len();
                reused += memo.reusable(&changed);
            }
        }
        // The shortcut serves: most cut states survive a move elsewhere.
        assert!(
            reused * 4 > held * 3,
            "{rel}: {reused} of {held} cut states reusable over {children} moves"
        );
    }
}
