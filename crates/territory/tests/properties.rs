//! Invariants on random positions: every map of a transformed board is the
//! transformed map; swapping colours swaps owners and values.

use crate::links;
use keisei_board::{Board, PointSet, Symmetry};
use keisei_territory::patterns::RemovalRules;
use keisei_territory::{
    AttackEaseParams, BlockModel, TerritoryOptions, attack_ease, blocks, territory,
};
use proptest::prelude::*;

struct Maps {
    territory: keisei_board::BoardMap<i8>,
    blocks: keisei_board::BoardMap<i8>,
    g: keisei_board::BoardMap<f64>,
    counts: (usize, usize),
}

fn maps(b: &Board) -> Maps {
    let c = links(b);
    let t = territory(b, &c, &TerritoryOptions::default());
    let stones: PointSet = b.points().filter(|&p| b.color(p).is_some()).collect();
    let bl = blocks(b, &stones, BlockModel::Zone, RemovalRules::builtin());
    let ease = attack_ease(b, &t, &bl, &AttackEaseParams::default());
    Maps {
        territory: t.map.map(|o| match o {
            keisei_territory::Owner::Black => 1,
            keisei_territory::Owner::White => -1,
            keisei_territory::Owner::None => 0,
        }),
        blocks: bl.map(b.size()).map(|c| match c {
            keisei_territory::BlockCell::None => 0,
            keisei_territory::BlockCell::Black => 1,
            keisei_territory::BlockCell::White => -1,
            keisei_territory::BlockCell::Both => 2,
        }),
        g: ease.g,
        counts: (t.black, t.white),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn maps_follow_symmetries_and_colour_swap(
        size in prop::sample::select(vec![9u8, 13]),
        choices in prop::collection::vec(any::<u16>(), 10..70),
        sym in prop::sample::select(Symmetry::ALL.to_vec()),
    ) {
        let b = Board::from_choices(u32::from(size), &choices).unwrap();
        let m = maps(&b);
        let t = maps(&b.transformed(sym));
        prop_assert_eq!(&t.territory, &m.territory.transformed(sym));
        prop_assert_eq!(&t.blocks, &m.blocks.transformed(sym));
        prop_assert_eq!(&t.g, &m.g.transformed(sym));
        let s = maps(&b.swapped_colors());
        prop_assert_eq!(s.territory, m.territory.map(|v| -v));
        prop_assert_eq!(s.blocks, m.blocks.map(|&v| if v == 2 { 2 } else { -v }));
        prop_assert_eq!(s.counts, (m.counts.1, m.counts.0));
    }
}
