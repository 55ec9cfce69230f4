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
        for grp in &g.groups {
            let first = grp.stones.first().unwrap();
            prop_assert_eq!(gs.at(first).unwrap().color, grp.color.opponent());
            prop_assert!((0.0..=1.0).contains(&grp.strength));
            prop_assert!((0.0..=1.0).contains(&grp.encirclement));
            prop_assert!((0.0..=1.0).contains(&grp.danger));
        }
    }
}
