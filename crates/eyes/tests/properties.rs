//! Invariants: a region's value does not depend on where or how it is
//! turned on the board, nor on who owns it; canonical keys are invariant.

use keisei_board::{Board, Color, Point, PointSet, Symmetry};
use keisei_eyes::builtin::builtin;
use keisei_eyes::enumerate::{Placement, fixed_polyominoes};
use keisei_eyes::region::SearchCache;
use proptest::prelude::*;

/// A board with `cells` as an eye region of Black at offset (ox, oy),
/// walled by black stones, with opponent stones at the points in `opp`.
fn region_board(cells: &[(i8, i8)], ox: i8, oy: i8, opp: &[usize]) -> Option<(Board, PointSet)> {
    let size = 13u8;
    let region: PointSet = cells
        .iter()
        .filter_map(|&(x, y)| Point::checked(i32::from(x + ox), i32::from(y + oy), size))
        .collect();
    if region.len() != cells.len() {
        return None;
    }
    let mut rows = vec![vec!['.'; 13]; 13];
    for p in &region {
        for n in p.neighbors().into_iter().chain(p.diagonals()) {
            if n.on_board(size) && !region.contains(n) {
                rows[n.y() as usize][n.x() as usize] = 'X';
            }
        }
    }
    for (i, p) in region.iter().enumerate() {
        if opp.contains(&i) {
            rows[p.y() as usize][p.x() as usize] = 'O';
        }
    }
    let text: String = rows
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    Board::from_diagram(&text).ok().map(|b| (b, region))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn value_is_invariant_under_symmetry_and_colour_swap(
        n in 1usize..=7,
        pick in any::<prop::sample::Index>(),
        ox in 0i8..9, oy in 0i8..9,
        sym in prop::sample::select(Symmetry::ALL.to_vec()),
        opp in prop::collection::vec(0usize..6, 0..2),
    ) {
        let all = fixed_polyominoes(n);
        let cells = pick.get(&all);
        let Some((board, region)) = region_board(cells, ox, oy, &opp) else { return Ok(()) };
        let cache = SearchCache::default();
        let db = builtin();
        let base = db.lookup(&board, Color::Black, &region, &cache).unwrap();
        let t = board.transformed(sym);
        let tr: PointSet = region.iter().map(|p| sym.apply(p, 13)).collect();
        // A cache of its own: a shape missing from the database is
        // searched again, the other way round.
        let turned = db.lookup(&t, Color::Black, &tr, &SearchCache::default()).unwrap();
        prop_assert_eq!(base.value, turned.value);
        let mapped: Vec<Point> = { let mut v: Vec<Point> = base.defence.iter().map(|&p| sym.apply(p, 13)).collect(); v.sort(); v };
        prop_assert_eq!(&mapped, &turned.defence);
        let swapped = db
            .lookup(&board.swapped_colors(), Color::White, &region, &SearchCache::default())
            .unwrap();
        prop_assert_eq!(base.value, swapped.value);
        prop_assert_eq!(&base.attack, &swapped.attack);
    }

    #[test]
    fn database_and_search_agree_on_placed_shapes(
        n in 1usize..=5,
        pick in any::<prop::sample::Index>(),
        placement in prop::sample::select(Placement::ALL.to_vec()),
    ) {
        let all = fixed_polyominoes(n);
        let cells = pick.get(&all);
        let shape = keisei_eyes::enumerate::place(cells, placement);
        let searched = shape.to_space(0).unwrap().analyse(10_000_000).unwrap().value;
        let stored = builtin().get(&shape).map(|i| i.value);
        prop_assert_eq!(Some(searched), stored);
    }
}
