//! Invariants on random positions: every map of a transformed board is the
//! transformed map; swapping colours swaps owners and values.

use crate::links;
use keisei_board::{Board, Color, Point, PointSet, Symmetry};
use keisei_territory::patterns::RemovalRules;
use keisei_territory::{
    AttackEaseParams, BlockFinder, BlockModel, LinkEnd, TerritoryOptions, attack_ease,
    block_extent, blocks, insides_of, insides_sharing, kosuri_distance, territory, territory_of,
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

    /// Territory from the links in any order is territory from the links in
    /// theirs (move ranking hands a child's links over as its parent's kept
    /// ones and its own), with and without dead stones.
    #[test]
    fn territory_does_not_depend_on_the_links_order(
        size in prop::sample::select(vec![9u8, 13, 19]),
        choices in prop::collection::vec(any::<u16>(), 10..120),
        dead_picks in prop::collection::vec(any::<u16>(), 0..6),
        turn in any::<usize>(),
    ) {
        let b = Board::from_choices(u32::from(size), &choices).unwrap();
        let c = links(&b);
        let dead = picked_chains(&b, &dead_picks);
        for options in [
            TerritoryOptions::default(),
            TerritoryOptions { dead, ..TerritoryOptions::default() },
        ] {
            let want = territory(&b, &c, &options);
            prop_assert_eq!(&territory_of(&b, c.links.iter().rev(), &options), &want);
            let k = turn % c.links.len().max(1);
            let turned = c.links[k..].iter().chain(&c.links[..k]);
            prop_assert_eq!(&territory_of(&b, turned, &options), &want);
        }
    }

    /// The region one point's insides name is the territory's region of
    /// that colour holding the point, with and without dead stones and
    /// with small regions only (so that some parts are not kept).
    #[test]
    fn a_region_at_a_point_is_the_territory_s(
        size in prop::sample::select(vec![9u8, 13, 19]),
        choices in prop::collection::vec(any::<u16>(), 10..160),
        dead_picks in prop::collection::vec(any::<u16>(), 0..6),
        max_region in prop::option::of(1usize..12),
    ) {
        let b = Board::from_choices(u32::from(size), &choices).unwrap();
        let c = links(&b);
        let dead = picked_chains(&b, &dead_picks);
        let options = TerritoryOptions { dead, max_region, ..TerritoryOptions::default() };
        let insides = insides_of(&b, &c.links, &options);
        let want = territory(&b, &c, &options);
        prop_assert_eq!(&insides.territory(), &want);
        // The wall cells: the empty cells of the links that are walls.
        for color in [Color::Black, Color::White] {
            let mut cells = PointSet::new();
            for l in c.links.iter().filter(|l| {
                let dead_end = matches!(l.to, LinkEnd::Stone(q) if dead.contains(q));
                l.color == color && l.coefficient >= 0.5 && !dead.contains(l.from) && !dead_end
            }) {
                cells.extend(l.wall.iter().copied().filter(|&w| b.is_empty(w)));
            }
            prop_assert_eq!(insides.wall_cells(color), &cells);
        }
        for p in b.points() {
            for color in [Color::Black, Color::White] {
                let region = want
                    .regions
                    .iter()
                    .find(|r| r.color == color && r.points.contains(p))
                    .map(|r| r.points);
                prop_assert_eq!(insides.region_at(color, p), region);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Insides sharing the walls found by insides of the same position
    /// before are the insides found afresh: with no stone dead, the dead
    /// stones of both colours, of one (its walls found with both), a
    /// single stone of a chain, and none again; then those of each colour
    /// and of both again (every wall shared, and the claimed border cells
    /// where the other colour's anchors are as before).
    #[test]
    fn shared_walls_give_the_insides_found_afresh(
        size in prop::sample::select(vec![9u8, 13, 19]),
        choices in prop::collection::vec(any::<u16>(), 10..160),
        dead_picks in prop::collection::vec(any::<u16>(), 0..6),
    ) {
        let b = Board::from_choices(u32::from(size), &choices).unwrap();
        let c = links(&b);
        let mut shared = keisei_territory::SharedWalls::default();
        let none_dead = TerritoryOptions::default();
        let first = insides_sharing(&b, &c.links, &none_dead, &mut shared);
        prop_assert_eq!(&first.territory(), &territory(&b, &c, &none_dead));
        let dead = picked_chains(&b, &dead_picks);
        let stones = b.point_sets().stones;
        let [mut black, mut white] = [dead, dead];
        black.intersect_with(&stones[0]);
        white.intersect_with(&stones[1]);
        let single: PointSet = dead.iter().take(1).collect();
        // The insides found so far, each with its territory.
        let first_territory = first.territory();
        let mut found = vec![(first, first_territory)];
        for dead in [dead, black, white, single, PointSet::new(), white, black, dead] {
            let options = TerritoryOptions { dead, ..TerritoryOptions::default() };
            let sharing = insides_sharing(&b, &c.links, &options, &mut shared);
            let afresh = insides_of(&b, &c.links, &options);
            let want = afresh.territory();
            prop_assert_eq!(&sharing.territory(), &want);
            for color in [Color::Black, Color::White] {
                prop_assert_eq!(sharing.wall_cells(color), afresh.wall_cells(color));
            }
            // Regions taken from earlier territories (the first, the last
            // two, or all of them in turn) give the same territory.
            let n = found.len();
            let known = |range: std::ops::Range<usize>| found[range].iter().map(|(i, t)| (i, t));
            prop_assert_eq!(&sharing.territory_reusing(known(0..1)), &want);
            prop_assert_eq!(&sharing.territory_reusing(known(n.saturating_sub(2)..n)), &want);
            prop_assert_eq!(&sharing.territory_reusing(known(0..n).rev()), &want);
            found.push((sharing, want));
        }
    }
}

/// The block of `s` cell by cell: the empty points of its extent that no
/// rule removes (the form [`BlockFinder::block`] builds a row at a time).
fn reference_block(
    board: &Board,
    s: Point,
    stones: &PointSet,
    model: BlockModel,
    rules: &RemovalRules,
) -> PointSet {
    let mut set = PointSet::new();
    let Some(color) = board.color(s) else {
        return set;
    };
    let size = board.size();
    let removed = rules.removed_cells(board, s, color, stones);
    let ((x0, x1), (y0, y1)) = block_extent(s, size, model);
    for dy in y0..=y1 {
        for dx in x0..=x1 {
            if let Some(q) = s.offset(dx, dy, size)
                && board.is_empty(q)
                && !removed.contains(q)
            {
                set.insert(q);
            }
        }
    }
    set
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every point's block, in both models, is the cell-by-cell one, with
    /// a random subset of the stones counted unattackable (so that rules
    /// apply to some enemy stones and not to others); the union by colour
    /// is `blocks`.
    #[test]
    fn blocks_by_rows_are_blocks_cell_by_cell(
        size in prop::sample::select(vec![5u8, 9, 19, 25]),
        choices in prop::collection::vec(any::<u16>(), 10..200),
        keep in any::<u64>(),
    ) {
        let b = Board::from_choices(u32::from(size), &choices).unwrap();
        let stones: PointSet = b
            .points()
            .filter(|&p| b.color(p).is_some() && (keep >> (p.index() % 64)) & 1 == 1)
            .collect();
        let rules = RemovalRules::builtin();
        for model in [BlockModel::Restriction, BlockModel::Zone] {
            let finder = BlockFinder::new(&b, &stones, model, rules);
            let mut union = [PointSet::new(), PointSet::new()];
            for p in b.points() {
                let want = reference_block(&b, p, &stones, model, rules);
                prop_assert_eq!(finder.block(p), want, "{:?} at {:?}", model, p);
                if stones.contains(p) && let Some(c) = b.color(p) {
                    union[c.index()].union_with(&want);
                }
            }
            let all = blocks(&b, &stones, model, rules);
            prop_assert_eq!(all.black, union[0]);
            prop_assert_eq!(all.white, union[1]);
        }
    }
}

/// The kosuri-number distance by repeated relaxation (Bellman–Ford) from
/// its definition: the cost of entering an empty point, summed along a path
/// of empty points that starts next to an attacker stone.
fn reference_distance(
    b: &Board,
    defender: keisei_board::Color,
    block: &PointSet,
    params: &AttackEaseParams,
) -> keisei_board::BoardMap<Option<u32>> {
    let cost = |q: Point| {
        let kosuri = q.neighbors().iter().any(|&n| b.color(n) == Some(defender));
        1 + if kosuri { params.kosuri_cost } else { 0 }
            + if block.contains(q) {
                params.block_cost
            } else {
                0
            }
    };
    let mut d = keisei_board::BoardMap::new(b.size(), None::<u32>);
    loop {
        let mut changed = false;
        for p in b.points().filter(|&p| b.is_empty(p)) {
            let from_stone = p
                .neighbors()
                .iter()
                .any(|&n| b.color(n) == Some(defender.opponent()));
            // The best way in: from a stone (nothing spent yet) or from
            // an empty neighbour already reached.
            let via = p
                .neighbors()
                .iter()
                .filter(|&&n| b.on_board(n) && b.is_empty(n))
                .filter_map(|&n| d[n])
                .chain(from_stone.then_some(0))
                .min();
            if let Some(v) = via {
                let nd = v + cost(p);
                if d[p].is_none_or(|old| nd < old) {
                    d[p] = Some(nd);
                    changed = true;
                }
            }
        }
        if !changed {
            return d;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// The kosuri distance is the shortest path cost for small step costs
    /// (the bucket queue) and large ones (the heap), on random positions
    /// with random blocks.
    #[test]
    fn kosuri_distance_is_the_shortest_path(
        size in prop::sample::select(vec![5u8, 9, 19]),
        choices in prop::collection::vec(any::<u16>(), 4..150),
        kosuri_cost in prop::sample::select(vec![0u32, 1, 2, 7, 15, 40]),
        block_cost in prop::sample::select(vec![0u32, 1, 3, 30]),
        block_bits in any::<u64>(),
    ) {
        let b = Board::from_choices(u32::from(size), &choices).unwrap();
        let params = AttackEaseParams {
            kosuri_cost,
            block_cost,
            ..AttackEaseParams::default()
        };
        let some: PointSet = b
            .points()
            .filter(|p| (block_bits >> (p.index() % 64)) & 1 == 1)
            .collect();
        let bl = keisei_territory::Blocks {
            model: BlockModel::Zone,
            black: some,
            white: some,
        };
        for defender in keisei_board::Color::BOTH {
            let want = reference_distance(&b, defender, &some, &params);
            prop_assert_eq!(kosuri_distance(&b, defender, &bl, &params), want);
        }
    }
}

/// The stones of the chains `picks` name (each pick a stone, by its place
/// among the board's stones in point order): dead stones for the tests.
fn picked_chains(b: &Board, picks: &[u16]) -> PointSet {
    let stones: Vec<Point> = b.points().filter(|&p| b.color(p).is_some()).collect();
    let mut dead = PointSet::new();
    for &k in picks {
        if let Some(&p) = stones.get(usize::from(k) % stones.len().max(1)) {
            dead.extend(b.chain_stones(p));
        }
    }
    dead
}
