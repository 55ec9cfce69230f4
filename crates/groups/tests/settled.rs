//! `analyse_settled`: dead stones inside the other side's eye space are
//! taken as dead before the groups are read again.

use crate::{analysed, position};
use keisei_board::reading::Reader;
use keisei_board::{Board, BoardMap, Color, Point, PointSet, Symmetry};
use keisei_eyes::builtin::builtin;
use keisei_eyes::region::SearchCache;
use keisei_groups::{
    DeadBySize, FirstReading, GroupParams, RoomPatterns, Settled, SettledSharing, analyse_settled,
};
use keisei_territory::connections;
use keisei_territory::patterns::ConnectionPatterns;
use proptest::prelude::*;
use std::fmt::Write as _;

fn settled(board: &Board) -> Settled {
    settled_with(board, &GroupParams::default(), SettledSharing::None)
}

fn settled_with(board: &Board, params: &GroupParams, sharing: SettledSharing<'_>) -> Settled {
    let c = connections(board, ConnectionPatterns::builtin(), &mut Reader::new());
    analyse_settled(
        board,
        &c.links,
        (builtin(), &SearchCache::default(), RoomPatterns::builtin()),
        params,
        sharing,
    )
}

fn same(a: &Settled, b: &Settled) -> bool {
    a.groups == b.groups
        && a.dead == b.dead
        && a.enclosed == b.enclosed
        && a.territory == b.territory
}

/// A deterministic stream of choices for `Board::from_choices` (a linear
/// congruential generator seeded with `seed`).
fn choice_stream(seed: u64) -> impl FnMut() -> u16 {
    let mut state = seed;
    move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as u16
    }
}

/// Case `case`'s board size (9 and 13 in turn) and 40 to 159 choices.
fn case_choices(case: usize, next: &mut impl FnMut() -> u16) -> (u32, Vec<u16>) {
    let size = if case % 2 == 0 { 9 } else { 13 };
    let n = 40 + usize::from(next() % 120);
    (size, (0..n).map(|_| next()).collect())
}

/// What one position keeps and a position a few moves on reuses gives the
/// settled reading found afresh, second readings included (move ranking
/// reads hundreds of positions so). Deterministic positions, so that the
/// count of second readings below is known to be more than none.
#[test]
fn shared_settled_reading_equals_fresh() {
    // The default, and the capturing-race guard on every group (step 6
    // reads the board's liberties and side to move, not the memo).
    let race = GroupParams {
        race_min_stones: 1,
        ..GroupParams::default()
    };
    for params in [GroupParams::default(), race] {
        let mut next = choice_stream(0x9e37_79b9_7f4a_7c15);
        let (mut parents_read_twice, mut children_read_twice) = (0, 0);
        for case in 0..60 {
            let (size, choices) = case_choices(case, &mut next);
            let parent = Board::from_choices(size, &choices).unwrap();
            let fresh = settled_with(&parent, &params, SettledSharing::None);
            let recorded = settled_with(&parent, &params, SettledSharing::Record);
            assert!(
                same(&recorded, &fresh),
                "case {case}: recording changed the reading"
            );
            parents_read_twice += usize::from(!fresh.enclosed.is_empty());
            let memo = recorded.memo.expect("a memo when recording");
            for k in 1..=3u16 {
                let mut all = choices.clone();
                all.extend((0..k).map(|_| next()));
                let child = Board::from_choices(size, &all).unwrap();
                let fresh = settled_with(&child, &params, SettledSharing::None);
                let reused = settled_with(&child, &params, SettledSharing::Reuse(&memo));
                assert!(same(&reused, &fresh), "case {case}, {k} moves on");
                children_read_twice += usize::from(!fresh.enclosed.is_empty());
            }
        }
        assert!(
            parents_read_twice >= 30,
            "{parents_read_twice} parents read twice"
        );
        assert!(
            children_read_twice >= 90,
            "{children_read_twice} children read twice"
        );
    }
}

/// One first reading judged in turn with several sets of thresholds (what
/// an evaluation does for its terms and its ownership map) gives what a
/// separate analysis with each set gives, whatever was judged before it,
/// and whether the groups were copied or lent to the judgments before.
#[test]
fn one_first_reading_judged_several_ways_equals_separate_analyses() {
    let mut next = choice_stream(0x51_7cc1_b727_220a);
    let by_size = |steps: &[(u16, f64)]| DeadBySize::new(steps).unwrap();
    let sets = [
        GroupParams::default(),
        GroupParams {
            dead_by_size: by_size(&[(1, 0.4), (4, 0.6), (8, 0.85)]),
            ..GroupParams::default()
        },
        GroupParams {
            enclosed_dead_above: 0.1,
            enclosed_by_size: by_size(&[(8, 0.7)]),
            dead_by_size: by_size(&[(1, 0.3)]),
            race_min_stones: 1,
            ..GroupParams::default()
        },
        GroupParams {
            dead_above: 0.9,
            enclosed_dead_above: 0.9,
            ..GroupParams::default()
        },
        // Another liberty order reads the groups otherwise: read afresh.
        GroupParams {
            liberty_order: 3,
            ..GroupParams::default()
        },
    ];
    let cache = SearchCache::default();
    let knowledge = (builtin(), &cache, RoomPatterns::builtin());
    let (mut judged, mut differing) = (0, 0);
    for case in 0..40 {
        let (size, choices) = case_choices(case, &mut next);
        let board = Board::from_choices(size, &choices).unwrap();
        let c = connections(&board, ConnectionPatterns::builtin(), &mut Reader::new());
        // Every order of the first three sets after one another, the last
        // one judged with nothing kept.
        let mut reading = FirstReading::new(
            &board,
            &c.links,
            knowledge,
            &GroupParams::default(),
            SettledSharing::None,
        );
        let order: Vec<usize> = match case % 3 {
            0 => vec![0, 1, 2, 3, 4],
            1 => vec![2, 4, 1, 3, 0],
            _ => vec![3, 1, 0, 4, 2],
        };
        let (last, rest) = order.split_last().unwrap();
        // Half the cases lend the groups to each judgment, and take them
        // back from its groups before the next.
        let lend = case % 2 == 1;
        let mut got: Vec<(usize, Settled)> = Vec::new();
        for &i in rest {
            let settled = if lend {
                if let Some((_, before)) = got.last() {
                    reading.restore(&before.groups);
                }
                reading.settled_lending(&sets[i])
            } else {
                reading.settled(&sets[i])
            };
            got.push((i, settled));
        }
        if let (true, Some((_, before))) = (lend, got.last()) {
            reading.restore(&before.groups);
        }
        got.push((*last, reading.settled_last(&sets[*last])));
        let fresh: Vec<Settled> = sets
            .iter()
            .map(|p| analyse_settled(&board, &c.links, knowledge, p, SettledSharing::None))
            .collect();
        for (i, s) in &got {
            assert!(same(s, &fresh[*i]), "case {case}, set {i}");
            assert_eq!(s.groups.params, sets[*i], "case {case}, set {i}");
            judged += 1;
        }
        differing += usize::from(fresh.iter().any(|f| f.dead != fresh[0].dead));
    }
    assert_eq!(judged, 200);
    // The sets judge differently often enough for the comparison to count.
    assert!(differing >= 20, "{differing} positions judged differently");
}

/// Stones as `X`/`O`, dead ones as `x`/`o`, the enclosed (taken before
/// the second reading) marked `*` when they are not dead after it, and
/// territory as `b`/`w`.
fn dead_map(board: &Board, s: &Settled) -> String {
    let size = board.size();
    let cells = BoardMap::new(size, ());
    cells.render_with(|p: Point, ()| {
        let c = match board.color(p) {
            Some(Color::Black) if s.dead.contains(p) => 'x',
            Some(Color::White) if s.dead.contains(p) => 'o',
            Some(_) if s.enclosed.contains(p) => '*',
            Some(Color::Black) => 'X',
            Some(Color::White) => 'O',
            None => match s.territory.owner(p) {
                Some(Color::Black) => 'b',
                Some(Color::White) => 'w',
                None => '.',
            },
        };
        c.to_string()
    })
}

fn report(board: &Board) -> String {
    let size = board.size();
    let (_, _, first) = analysed(board);
    let s = settled(board);
    let mut out = String::new();
    let _ = writeln!(out, "danger, first reading (no stone passable)");
    out += &first.danger_map(size).render_with_stones(board);
    let _ = writeln!(out, "danger, settled");
    out += &s.groups.danger_map(size).render_with_stones(board);
    let _ = writeln!(
        out,
        "dead stones (x, o) and territory with them passable (b, w)"
    );
    out += &dead_map(board, &s);
    for g in &s.groups.groups {
        let regions: Vec<String> = g
            .eye_regions
            .iter()
            .map(|r| format!("{}{}", r.points.len(), r.value))
            .collect();
        let _ = writeln!(
            out,
            "{:<2} {:<6} {:<3} {:<4} eyes {} regions [{}] danger {:.3}",
            g.id,
            g.color,
            g.stones.len(),
            g.stones.first().map(|p| p.to_gtp(size)).unwrap_or_default(),
            g.eyes,
            regions.join(" "),
            g.danger
        );
    }
    out
}

fn at(board: &Board, gtp: &str) -> Point {
    Point::from_gtp(gtp, board.size()).unwrap()
}

#[test]
fn a_dead_stone_in_the_corner_no_longer_kills_the_wall_around_it() {
    let board = position("groups/dead-inside.sgf");
    let (_, _, first) = analysed(&board);
    let dead_above = GroupParams::default().dead_above;
    let (b8, d9) = (at(&board, "B8"), at(&board, "D9"));
    // The first reading finds both dead: the stone spoils White's corner.
    assert!(first.at(b8).unwrap().danger >= dead_above);
    assert!(first.at(d9).unwrap().danger >= dead_above);
    let s = settled(&board);
    assert_eq!(s.enclosed, PointSet::from_iter([b8]));
    assert_eq!(s.dead, PointSet::from_iter([b8]));
    let wall = s.groups.at(d9).unwrap();
    assert!(wall.danger < dead_above, "{}", wall.danger);
    assert_eq!(wall.eye_regions.len(), 1);
    assert!(wall.eye_regions[0].points.contains(b8));
    assert_eq!(s.territory.owner(b8), Some(Color::White));
    insta::assert_snapshot!(report(&board));
}

#[test]
fn a_group_that_wins_the_capturing_race_is_not_taken_as_dead() {
    let board = position("groups/race-inside.sgf");
    let (_, _, first) = analysed(&board);
    let dead_above = GroupParams::default().dead_above;
    let (g3, e4) = (at(&board, "G3"), at(&board, "E4"));
    // Read first, Black's three stones inside White's area are dead: no
    // eye, no room. But they have four liberties, and the White chains
    // next to them three and one.
    assert!(first.at(g3).unwrap().danger >= dead_above);
    assert_eq!(board.liberty_count(g3), 4);
    assert_eq!(board.liberty_count(e4), 3);
    assert_eq!(board.liberty_count(at(&board, "H3")), 1);
    let s = settled(&board);
    assert!(!s.enclosed.contains(g3), "{:?}", s.enclosed);
    // So White's area is no eye for E4's chain, which stays dead. The
    // three stones keep their first reading (danger 0.75, dead by it), but
    // they touch E4's chain, dead with a higher danger: one of the two
    // lives, and it is the three stones (GNU Go counts them alive too).
    assert!(s.dead.contains(e4));
    assert!(!s.dead.contains(g3));
    assert!(s.groups.at(g3).unwrap().danger >= dead_above);
    insta::assert_snapshot!(report(&board));
}

/// Of two dead groups that touch, the one with the lower danger lives: the
/// Black group around the five White stones it has killed was read with
/// those stones spoiling its eye space (one eye, danger 0.75, dead by
/// it), and no second reading frees the space (the White chain's four
/// liberties outnumber the three of the Black chain next to it, so it is
/// not taken as enclosed). Before step 5 both were dead: Black's 27 stones
/// counted for White.
#[test]
fn of_two_touching_dead_groups_the_less_endangered_lives() {
    let board = position("groups/touching-dead.sgf");
    let s = settled(&board);
    let dead_above = GroupParams::default().dead_above;
    let (f9, c8, e5) = (at(&board, "F9"), at(&board, "C8"), at(&board, "E5"));
    let black = s.groups.at(f9).unwrap();
    let white = s.groups.at(c8).unwrap();
    assert_eq!((black.stones.len(), white.stones.len()), (27, 5));
    assert!(black.danger >= dead_above && white.danger > black.danger);
    assert!(!s.enclosed.contains(c8));
    assert!(!s.dead.intersects(&black.stones), "{:?}", s.dead);
    assert!(white.stones.iter().all(|p| s.dead.contains(p)));
    assert!(s.dead.contains(e5));
    // The corner is Black's once the White stones are taken.
    assert_eq!(s.territory.owner(at(&board, "A9")), Some(Color::Black));
    insta::assert_snapshot!(report(&board));
}

/// Step 6, the capturing-race guard: White's corner group, dead by its
/// danger, touches the Black stone F9, which has one liberty to the
/// corner's two and whose group has no eye. With White to move the corner
/// wins the race (it takes F9 at E9) and lives; with Black to move, F9
/// gains liberties at E9 first, and the corner stays dead. Without the
/// guard (0, the groups crate's default) the corner is dead either way.
#[test]
fn a_dead_group_that_wins_a_capturing_race_lives() {
    let board = position("groups/race-won.sgf");
    assert_eq!(board.to_move(), Color::White);
    let (g9, f9) = (at(&board, "G9"), at(&board, "F9"));
    let guard = GroupParams {
        race_min_stones: 6,
        ..GroupParams::default()
    };
    let off = settled(&board);
    let corner = off.groups.at(g9).unwrap();
    assert_eq!((corner.stones.len(), corner.eye_count), (6, 0.5));
    assert!(corner.danger >= GroupParams::default().dead_above);
    assert!(
        corner.stones.iter().all(|p| off.dead.contains(p)),
        "{:?}",
        off.dead
    );
    assert_eq!(board.liberty_count(g9), 2);
    assert_eq!(board.liberty_count(f9), 1);
    assert!(off.groups.at(f9).unwrap().eye_count < 0.5);
    assert!(!off.dead.contains(f9));

    let on = settled_with(&board, &guard, SettledSharing::None);
    assert!(on.dead.is_empty(), "{:?}", on.dead);
    assert_eq!(on.territory.owner(at(&board, "J9")), Some(Color::White));
    // One stone fewer than the guard's size: dead as without it.
    let seven = GroupParams {
        race_min_stones: 7,
        ..guard
    };
    let small = settled_with(&board, &seven, SettledSharing::None);
    assert_eq!(small.dead, off.dead);

    let mut black_first = board.clone();
    black_first.set_to_move(Color::Black);
    let black = settled_with(&black_first, &guard, SettledSharing::None);
    assert_eq!(black.dead, off.dead);
    // The colour-swapped board, the corner Black's and Black to move:
    // the same race, won.
    let swapped = board.swapped_colors();
    assert_eq!(swapped.to_move(), Color::Black);
    let on_swapped = settled_with(&swapped, &guard, SettledSharing::None);
    assert!(on_swapped.dead.is_empty(), "{:?}", on_swapped.dead);
}

#[test]
fn a_weak_stone_inside_the_other_sides_territory_is_dead() {
    let board = position("groups/lone-invader.sgf");
    let (_, _, first) = analysed(&board);
    let params = GroupParams::default();
    let (c11, f13) = (at(&board, "C11"), at(&board, "F13"));
    let stone = first.at(c11).unwrap().danger;
    assert!(
        (params.enclosed_dead_above..params.dead_above).contains(&stone),
        "{stone}"
    );
    assert!(first.at(f13).unwrap().danger >= params.dead_above);
    let s = settled(&board);
    assert_eq!(s.enclosed, PointSet::from_iter([c11]));
    assert!(s.dead.contains(c11) && !s.dead.contains(f13));
    assert!(s.groups.at(f13).unwrap().danger < params.unattackable_below);
    insta::assert_snapshot!(report(&board));
}

#[test]
fn five_groups_settled() {
    let board = position("groups/five-groups.sgf");
    let s = settled(&board);
    // The White corner group with one eye (R19) lies in Black's corner, the
    // Black group enclosed without eyes (K11) in White's ring: both taken.
    let mut want = PointSet::new();
    for p in ["R19", "R18", "S18", "T18", "K11", "L11", "L10", "M10"] {
        want.insert(at(&board, p));
    }
    assert_eq!(s.enclosed, want);
    assert_eq!(s.dead, want);
    insta::assert_snapshot!(report(&board));
}

#[test]
fn without_dead_groups_there_is_no_second_reading() {
    let board = position("positions/opening-13.sgf");
    let (_, t, first) = analysed(&board);
    let s = settled(&board);
    assert!(s.dead.is_empty() && s.enclosed.is_empty());
    assert_eq!(s.territory.map, t.map);
    let dangers = |g: &keisei_groups::Groups| g.groups.iter().map(|g| g.danger).collect::<Vec<_>>();
    assert_eq!(dangers(&s.groups), dangers(&first));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The settled reading follows the 8 symmetries and colour swap: the
    /// dead and enclosed stones move with the board, and the danger map
    /// with them.
    #[test]
    fn settled_follows_symmetries_and_colour_swap(
        size in prop::sample::select(vec![9u8, 13]),
        choices in prop::collection::vec(any::<u16>(), 30..120),
        sym in prop::sample::select(Symmetry::ALL.to_vec()),
    ) {
        let b = Board::from_choices(u32::from(size), &choices).unwrap();
        let s = settled(&b);
        let bt = b.transformed(sym);
        let st = settled(&bt);
        let moved = |set: &PointSet| -> PointSet { set.iter().map(|p| sym.apply(p, size)).collect() };
        prop_assert_eq!(st.dead, moved(&s.dead));
        prop_assert_eq!(st.enclosed, moved(&s.enclosed));
        let close = |a: &BoardMap<f64>, b: &BoardMap<f64>| {
            a.iter().zip(b.iter()).all(|((_, x), (_, y))| (x - y).abs() < 1e-9)
        };
        prop_assert!(close(&st.groups.danger_map(size), &s.groups.danger_map(size).transformed(sym)));
        let ss = settled(&b.swapped_colors());
        prop_assert_eq!(ss.dead, s.dead);
        prop_assert_eq!(ss.enclosed, s.enclosed);
        // Every enclosed stone is dead; every dead stone is of a group at
        // or above the threshold, or an enclosed group at or above its own.
        let mut not_dead = s.enclosed;
        not_dead.subtract(&s.dead);
        prop_assert!(not_dead.is_empty());
        let params = GroupParams::default();
        for p in &s.dead {
            let danger = s.groups.at(p).unwrap().danger;
            prop_assert!(
                danger >= params.dead_above
                    || (s.enclosed.contains(p) && danger >= params.enclosed_dead_above)
            );
        }
        // Of two touching dead groups of opposite colours, the less
        // endangered was taken as enclosed, or they tie, or the more
        // endangered was taken as enclosed with at most three stones
        // (their capture makes no second eye: they revive no one).
        let dead_groups: Vec<_> = s.groups.groups.iter().filter(|g| g.stones.intersects(&s.dead)).collect();
        for g in &dead_groups {
            for h in dead_groups.iter().filter(|h| h.color != g.color && g.stones.adjacent().intersects(&h.stones)) {
                let key = |g: &keisei_groups::Group| (g.danger, std::cmp::Reverse(g.stones.len()));
                prop_assert!(
                    key(g) >= key(h)
                        || g.stones.intersects(&s.enclosed)
                        || (h.stones.intersects(&s.enclosed) && h.stones.len() <= 3),
                    "{:?} and {:?} both dead", g.stones.first(), h.stones.first()
                );
            }
        }
    }
}
