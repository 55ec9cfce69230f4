//! Invariants on random positions: the strength and danger maps follow the
//! 8 symmetries and do not change with colour swap (only the colours do).

use crate::analysed;
use keisei_board::{Board, Symmetry};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 20, ..ProptestConfig::default() })]

    #[test]
    fn maps_follow_symmetries_and_colour_swap(
        size in prop::sample::select(vec![9u8, 13]),
        choices in prop::collection::vec(any::<u16>(), 10..80),
        sym in prop::sample::select(Symmetry::ALL.to_vec()),
    ) {
        let b = Board::from_choices(u32::from(size), &choices).unwrap();
        let (_, _, g) = analysed(&b);
        let (_, _, gt) = analysed(&b.transformed(sym));
        let close = |a: &keisei_board::BoardMap<f64>, b: &keisei_board::BoardMap<f64>| {
            a.iter().zip(b.iter()).all(|((_, x), (_, y))| (x - y).abs() < 1e-9)
        };
        prop_assert!(close(&gt.strength_map(size), &g.strength_map(size).transformed(sym)));
        prop_assert!(close(&gt.danger_map(size), &g.danger_map(size).transformed(sym)));
        let (_, _, gs) = analysed(&b.swapped_colors());
        prop_assert!(close(&gs.strength_map(size), &g.strength_map(size)));
        prop_assert!(close(&gs.danger_map(size), &g.danger_map(size)));
        // The maps hold each stone's group value and 0 elsewhere.
        let strength = g.strength_map(size);
        for (p, v) in strength.iter() {
            let want = g.at(p).map_or(0.0, |grp| grp.strength);
            prop_assert_eq!(v.to_bits(), want.to_bits(), "strength at {:?}", p);
        }
        for grp in &g.groups {
            let first = grp.stones.first().unwrap();
            prop_assert_eq!(gs.at(first).unwrap().color, grp.color.opponent());
            prop_assert!((0.0..=1.0).contains(&grp.strength));
            prop_assert!((0.0..=1.0).contains(&grp.encirclement));
            prop_assert!((0.0..=1.0).contains(&grp.danger));
        }
    }
}

#[test]
fn the_number_of_disjoint_rooms_does_not_depend_on_their_order() {
    use keisei_board::{Point, PointSet};
    use keisei_groups::disjoint_rooms;
    let set =
        |pts: &[(u8, u8)]| -> PointSet { pts.iter().map(|&(x, y)| Point::new(x, y)).collect() };
    // A overlaps B and C; B and C are disjoint: the best is {B, C}, whatever
    // comes first (a greedy pass taking A first would keep one room).
    let a = set(&[(2, 0), (3, 0), (4, 0)]);
    let b = set(&[(0, 0), (1, 0), (2, 0)]);
    let c = set(&[(4, 0), (5, 0), (6, 0)]);
    let d = set(&[(9, 9)]);
    for order in [
        vec![a, b, c, d],
        vec![b, a, c, d],
        vec![d, c, b, a],
        vec![a, c, d, b],
    ] {
        let rooms = disjoint_rooms(&order);
        assert_eq!(rooms.len(), 3, "{order:?}");
        assert!(rooms.contains(&b) && rooms.contains(&c) && rooms.contains(&d));
        for (i, r) in rooms.iter().enumerate() {
            assert!(rooms[i + 1..].iter().all(|s| !s.intersects(r)));
        }
    }
    assert!(disjoint_rooms(&[]).is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// What one analysis keeps and another reuses gives the analysis made
    /// afresh: a position a few moves on, with its territory (the eye
    /// space) sometimes missing a region as well; and so do the links
    /// handed over in reverse order (move ranking hands a child's links
    /// over as its parent's kept ones and its own).
    #[test]
    fn shared_analysis_equals_fresh(
        size in prop::sample::select(vec![7u8, 9, 13]),
        choices in prop::collection::vec(any::<u16>(), 10..100),
        more in prop::collection::vec(any::<u16>(), 1..4),
        drop in any::<Option<u8>>(),
    ) {
        use keisei_eyes::builtin::builtin;
        use keisei_eyes::region::SearchCache;
        use keisei_groups::{
            GroupParams, RoomPatterns, Sharing, analyse, analyse_sharing, analyse_sharing_links,
        };
        let cache = SearchCache::default();
        let knowledge = (builtin(), &cache, RoomPatterns::builtin());
        let params = GroupParams::default();
        let parent = Board::from_choices(u32::from(size), &choices).unwrap();
        let (c, t, g) = analysed(&parent);
        let (recorded, memo) = analyse_sharing(&parent, &c, &t, knowledge, &params, Sharing::Record);
        prop_assert_eq!(&recorded, &g);
        let memo = memo.unwrap();
        let all: Vec<u16> = choices.iter().chain(&more).copied().collect();
        let child = Board::from_choices(u32::from(size), &all).unwrap();
        let (c, mut t, _) = analysed(&child);
        if let (Some(k), false) = (drop, t.regions.is_empty()) {
            t.regions.remove(usize::from(k) % t.regions.len());
        }
        let fresh = analyse(&child, &c, &t, builtin(), &cache, RoomPatterns::builtin(), &params);
        let (reused, _) = analyse_sharing(&child, &c, &t, knowledge, &params, Sharing::Reuse(&memo));
        prop_assert_eq!(&reused, &fresh);
        let reversed = c.links.iter().rev();
        let (reordered, _) =
            analyse_sharing_links(&child, reversed, &t, knowledge, &params, Sharing::Reuse(&memo));
        prop_assert_eq!(reordered, fresh);
    }
}
