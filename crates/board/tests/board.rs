//! The board against a slow, obviously correct model over random play.

use keisei_board::{Board, BoardError, Cell, Color, Point, PointSet, Symmetry};
use proptest::prelude::*;

/// A deliberately naive Go board: a grid of optional colours, captures by
/// flood fill, simple ko as "may not recreate the position before the
/// opponent's last move".
#[derive(Clone, PartialEq)]
struct Model {
    size: i32,
    grid: Vec<Option<Color>>,
    previous: Option<Vec<Option<Color>>>,
    captures: [u32; 2],
}

impl Model {
    fn new(size: i32) -> Model {
        Model {
            size,
            grid: vec![None; (size * size) as usize],
            previous: None,
            captures: [0; 2],
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<Color> {
        self.grid[(y * self.size + x) as usize]
    }

    fn neighbours(&self, x: i32, y: i32) -> Vec<(i32, i32)> {
        [(0, -1), (1, 0), (0, 1), (-1, 0)]
            .iter()
            .map(|(dx, dy)| (x + dx, y + dy))
            .filter(|&(a, b)| a >= 0 && b >= 0 && a < self.size && b < self.size)
            .collect()
    }

    /// The chain through (x, y) and its liberties, by flood fill.
    fn chain(grid: &[Option<Color>], size: i32, x: i32, y: i32) -> (Vec<(i32, i32)>, usize) {
        let m = Model {
            size,
            grid: grid.to_vec(),
            previous: None,
            captures: [0; 2],
        };
        let color = m.at(x, y);
        let mut stones = vec![(x, y)];
        let mut seen = vec![(x, y)];
        let mut libs = Vec::new();
        let mut i = 0;
        while i < stones.len() {
            let (a, b) = stones[i];
            for n in m.neighbours(a, b) {
                if seen.contains(&n) {
                    continue;
                }
                seen.push(n);
                match m.at(n.0, n.1) {
                    None => libs.push(n),
                    c if c == color => stones.push(n),
                    _ => {}
                }
            }
            i += 1;
        }
        (stones, libs.len())
    }

    /// Plays; `Err(())` for an illegal move (nothing changes).
    fn play(&mut self, color: Color, x: i32, y: i32) -> Result<(), ()> {
        if self.at(x, y).is_some() {
            return Err(());
        }
        let mut grid = self.grid.clone();
        grid[(y * self.size + x) as usize] = Some(color);
        let mut captured = 0;
        for (a, b) in self.neighbours(x, y) {
            if grid[(b * self.size + a) as usize] == Some(color.opponent()) {
                let (stones, libs) = Model::chain(&grid, self.size, a, b);
                if libs == 0 {
                    for (c, d) in stones {
                        if grid[(d * self.size + c) as usize].is_some() {
                            grid[(d * self.size + c) as usize] = None;
                            captured += 1;
                        }
                    }
                }
            }
        }
        if Model::chain(&grid, self.size, x, y).1 == 0 {
            return Err(()); // suicide
        }
        if self.previous.as_ref() == Some(&grid) {
            return Err(()); // ko
        }
        self.previous = Some(std::mem::replace(&mut self.grid, grid));
        self.captures[color.index()] += captured;
        Ok(())
    }

    fn pass(&mut self) {
        self.previous = None;
    }
}

fn check_same(board: &Board, model: &Model) {
    let size = model.size;
    for y in 0..size {
        for x in 0..size {
            let p = Point::new(x as u8, y as u8);
            assert_eq!(
                board.color(p),
                model.at(x, y),
                "stone at {}",
                p.to_gtp(size as u8)
            );
            if model.at(x, y).is_some() {
                let (stones, libs) = Model::chain(&model.grid, size, x, y);
                assert_eq!(
                    board.liberty_count(p),
                    libs,
                    "liberties at {}",
                    p.to_gtp(size as u8)
                );
                assert_eq!(board.liberties(p).len(), libs);
                assert_eq!(
                    board.chain_len(p),
                    stones.len(),
                    "chain at {}",
                    p.to_gtp(size as u8)
                );
                let head = board.chain_head(p);
                for (a, b) in stones {
                    assert_eq!(board.chain_head(Point::new(a as u8, b as u8)), head);
                }
            }
        }
    }
    for c in Color::BOTH {
        assert_eq!(board.captures(c), model.captures[c.index()]);
        for y in 0..size {
            for x in 0..size {
                let p = Point::new(x as u8, y as u8);
                let mut m = model.clone();
                assert_eq!(
                    board.is_legal(c, p),
                    m.play(c, x, y).is_ok(),
                    "legality of {c} {}",
                    p.to_gtp(size as u8)
                );
            }
        }
        let legal: Vec<Point> = board.legal_moves(c).collect();
        assert!(legal.iter().all(|&p| board.is_legal(c, p)));
    }
    // The incremental hash equals the hash of the same stones set up from scratch.
    let fresh = Board::from_diagram(&board.to_diagram()).unwrap();
    let mut fresh = fresh;
    fresh.set_to_move(board.to_move());
    assert_eq!(fresh.hash(), board.hash());
}

fn random_game(size: u8, choices: &[u16], mut each: impl FnMut(&Board, &Model)) {
    let mut board = Board::new(u32::from(size)).unwrap();
    let mut model = Model::new(i32::from(size));
    let mut color = Color::Black;
    for &choice in choices {
        if choice % 53 == 0 {
            board.pass(color);
            model.pass();
        } else if choice % 7 == 0 {
            // Any point, often illegal: both must agree and nothing may change.
            let n = u16::from(size) * u16::from(size);
            let i = choice % n;
            let (x, y) = ((i % u16::from(size)) as u8, (i / u16::from(size)) as u8);
            let before = board.clone();
            let r = board.play(color, Point::new(x, y));
            let m = model.play(color, i32::from(x), i32::from(y));
            assert_eq!(
                r.is_ok(),
                m.is_ok(),
                "{r:?} at {}",
                Point::new(x, y).to_gtp(size)
            );
            if r.is_err() {
                assert_eq!(board, before, "an illegal move changed the board");
                continue;
            }
        } else {
            let legal: Vec<Point> = board.legal_moves(color).collect();
            if legal.is_empty() {
                board.pass(color);
                model.pass();
            } else {
                let p = legal[usize::from(choice) % legal.len()];
                board.play(color, p).unwrap();
                model
                    .play(color, p.x(), p.y())
                    .expect("model agrees the move is legal");
            }
        }
        color = color.opponent();
        each(&board, &model);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn captures_and_liberties_match_the_model(
        size in prop::sample::select(vec![5u8, 6, 7, 9]),
        choices in prop::collection::vec(any::<u16>(), 1..220),
    ) {
        random_game(size, &choices, check_same);
    }

    #[test]
    fn large_boards_match_the_model(
        size in prop::sample::select(vec![13u8, 19, 25]),
        choices in prop::collection::vec(any::<u16>(), 1..120),
    ) {
        let mut n = 0;
        random_game(size, &choices, |b, m| {
            n += 1;
            if n % 10 == 0 { check_same(b, m); }
        });
    }

    #[test]
    fn symmetry_and_colour_swap_commute_with_play(
        choices in prop::collection::vec(any::<u16>(), 1..80),
        sym in prop::sample::select(Symmetry::ALL.to_vec()),
        x in 0u8..9, y in 0u8..9,
    ) {
        let mut last = None;
        random_game(9, &choices, |b, _| last = Some(b.clone()));
        let Some(board) = last else { return Ok(()) };
        let p = Point::new(x, y);
        let c = board.to_move();
        let t = board.transformed(sym);
        let s = board.swapped_colors();
        prop_assert_eq!(board.is_legal(c, p), t.is_legal(c, sym.apply(p, 9)));
        prop_assert_eq!(board.is_legal(c, p), s.is_legal(c.opponent(), p));
        prop_assert_eq!(board.liberty_count(p), t.liberty_count(sym.apply(p, 9)));
        let mut a = board.clone();
        let mut b = t.clone();
        if a.play(c, p).is_ok() {
            b.play(c, sym.apply(p, 9)).unwrap();
            prop_assert_eq!(a.transformed(sym), b);
        }
    }
}

#[test]
fn unsupported_sizes_are_errors() {
    for size in [0, 1, 4, 26, 100] {
        assert_eq!(
            Board::new(size).unwrap_err(),
            BoardError::UnsupportedSize(size)
        );
    }
    assert!(Board::new(5).is_ok());
    assert!(Board::new(25).is_ok());
}

#[test]
fn simple_ko_forbids_the_immediate_recapture_only() {
    let mut b = Board::from_diagram(
        ". . . . .
         . X O . .
         X O . O .
         . X O . .
         . . . . .",
    )
    .unwrap();
    let ko = Point::from_gtp("C3", 5).unwrap();
    let taken = Point::from_gtp("B3", 5).unwrap();
    assert_eq!(b.play(Color::Black, ko), Ok(1));
    assert_eq!(b.ko_point(Color::White), Some(taken));
    assert_eq!(b.play(Color::White, taken), Err(BoardError::Ko(taken)));
    // A threat elsewhere and its answer lift the ban.
    b.play(Color::White, Point::from_gtp("E1", 5).unwrap())
        .unwrap();
    b.play(Color::Black, Point::from_gtp("E5", 5).unwrap())
        .unwrap();
    assert_eq!(b.play(Color::White, taken), Ok(1));
}

#[test]
fn suicide_is_rejected_but_capturing_is_not_suicide() {
    let b = Board::from_diagram(
        ". X . . .
         X . . . .
         . . . . .
         . . . O X
         . . . X .",
    )
    .unwrap();
    let corner = Point::from_gtp("A5", 5).unwrap();
    assert_eq!(
        b.check_move(Color::White, corner),
        Err(BoardError::Suicide(corner))
    );
    assert!(b.is_legal(Color::Black, corner));
    let e1 = Point::from_gtp("E1", 5).unwrap();
    // White E1 would have no liberty, but it captures nothing either: suicide.
    assert_eq!(b.check_move(Color::White, e1), Err(BoardError::Suicide(e1)));
    assert_eq!(
        b.check_move(Color::White, Point::from_gtp("D2", 5).unwrap())
            .map_err(|_| ()),
        Err(())
    );
}

#[test]
fn occupied_and_off_board_points_are_errors_not_panics() {
    let mut b = Board::new(9).unwrap();
    let p = Point::new(4, 4);
    b.play(Color::Black, p).unwrap();
    assert_eq!(b.play(Color::White, p), Err(BoardError::Occupied(p)));
    let off = Point::new(12, 3);
    assert_eq!(b.play(Color::White, off), Err(BoardError::OffBoard(off)));
    assert_eq!(b.cell(off), Cell::Off);
}

#[test]
fn setup_with_a_chain_without_liberties_is_an_error() {
    let e = Board::from_diagram(
        "X O . . .
         O . . . .
         . . . . .
         . . . . .
         . . . . .",
    )
    .unwrap_err();
    assert_eq!(e, "the stone on A5 would have no liberties");
}

#[test]
fn from_choices_plays_the_chosen_legal_moves_in_turn() {
    // Index 0 is the first legal point in point order (A9 on 9×9, then B9, …).
    let b = Board::from_choices(9, &[0, 0, 0]).unwrap();
    assert_eq!(b.stone_count(Color::Black), 2);
    assert_eq!(b.stone_count(Color::White), 1);
    assert_eq!(b.to_move(), Color::White);
    // The same choices give the same position; choices wrap around.
    assert_eq!(
        Board::from_choices(9, &[5, 400, 7]).unwrap().hash(),
        Board::from_choices(9, &[5, 400, 7]).unwrap().hash()
    );
    assert_eq!(
        Board::from_choices(9, &[81]).unwrap().hash(),
        Board::from_choices(9, &[0]).unwrap().hash()
    );
    assert!(Board::from_choices(4, &[0]).is_err());
    assert!(Board::from_choices(26, &[]).is_err());
}

/// The naive flood fill `PointSet::fill_within` must agree with: the points
/// of `within` reachable from `seeds` through `within`, one step at a time.
fn naive_fill(size: u8, seeds: &PointSet, within: &PointSet) -> PointSet {
    let mut out = PointSet::new();
    let mut stack: Vec<Point> = seeds.iter().filter(|&p| within.contains(p)).collect();
    out.extend(stack.iter().copied());
    while let Some(p) = stack.pop() {
        for q in p.neighbors() {
            let on = (0..i32::from(size)).contains(&q.x()) && (0..i32::from(size)).contains(&q.y());
            if on && within.contains(q) && out.insert(q) {
                stack.push(q);
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn set_adjacency_and_fill_match_point_by_point(
        size in prop::sample::select(vec![5u8, 9, 13, 19, 25]),
        bits in prop::collection::vec(0u8..4, 625),
    ) {
        let all = PointSet::board(size);
        prop_assert_eq!(all.len(), usize::from(size) * usize::from(size));
        prop_assert_eq!(all, Point::all(size).collect::<PointSet>());
        // Random sets on the board: 0 seed, 1 and 2 passable, 3 blocked.
        let (mut seeds, mut within) = (PointSet::new(), PointSet::new());
        for (p, b) in Point::all(size).zip(bits) {
            if b == 0 { seeds.insert(p); }
            if b != 3 { within.insert(p); }
        }
        let mut adjacent = seeds.adjacent();
        adjacent.intersect_with(&all);
        let naive: PointSet = Point::all(size)
            .filter(|p| p.neighbors().iter().any(|&q| seeds.contains(q)))
            .collect();
        prop_assert_eq!(adjacent, naive);
        prop_assert_eq!(seeds.fill_within(&within), naive_fill(size, &seeds, &within));
        for r in 0..4 {
            let naive: PointSet = Point::all(size)
                .filter(|p| {
                    seeds
                        .iter()
                        .any(|s| (s.x() - p.x()).abs() <= r && (s.y() - p.y()).abs() <= r)
                })
                .collect();
            prop_assert_eq!(seeds.squares_around(r as u32, size), naive, "r = {}", r);
        }
        // Intersection tests, against the points.
        let naive = |a: &PointSet, b: &PointSet| a.iter().any(|p| b.contains(p));
        let blocked: PointSet = Point::all(size).filter(|&p| !within.contains(p)).collect();
        prop_assert_eq!(seeds.intersects(&within), naive(&seeds, &within));
        prop_assert_eq!(seeds.intersects(&blocked), naive(&seeds, &blocked));
        prop_assert_eq!(within.intersects(&blocked), false);
        for p in Point::all(size) {
            let one: PointSet = std::iter::once(p).collect();
            prop_assert_eq!(one.intersects(&blocked), blocked.contains(p));
            prop_assert_eq!(within.intersects(&one), within.contains(p));
        }
        // A sparser start: one seed.
        if let Some(first) = seeds.first() {
            let one: PointSet = std::iter::once(first).collect();
            prop_assert_eq!(one.fill_within(&within), naive_fill(size, &one, &within));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// `clone_from` between boards of one size (it copies only the rows the
    /// size uses) gives the board `clone` gives: same stones, chains,
    /// liberties, ko and hash, and the same answers after more moves.
    #[test]
    fn clone_from_equals_clone(
        size in prop::sample::select(vec![5u8, 9, 19, 25]),
        first in prop::collection::vec(any::<u16>(), 1..150),
        second in prop::collection::vec(any::<u16>(), 1..150),
        more in prop::collection::vec(any::<u16>(), 0..30),
    ) {
        let a = Board::from_choices(u32::from(size), &first).unwrap();
        let mut b = Board::from_choices(u32::from(size), &second).unwrap();
        b.clone_from(&a);
        let c = a.clone();
        for (x, y) in [(&b, &c)] {
            prop_assert_eq!(x.to_diagram(), y.to_diagram());
            prop_assert_eq!(x.hash(), y.hash());
            prop_assert_eq!(x.to_move(), y.to_move());
            for color in [Color::Black, Color::White] {
                prop_assert_eq!(x.ko_point(color), y.ko_point(color));
                prop_assert_eq!(x.captures(color), y.captures(color));
            }
            for p in x.points() {
                if x.color(p).is_some() {
                    prop_assert_eq!(x.chain_head(p), y.chain_head(p));
                    prop_assert_eq!(x.liberties(p), y.liberties(p));
                    prop_assert_eq!(x.chain_len(p), y.chain_len(p));
                }
            }
        }
        // The same continuation on both.
        let (mut x, mut y) = (b, c);
        for &m in &more {
            let color = x.to_move();
            let legal: Vec<Point> = x.legal_moves(color).collect();
            prop_assert_eq!(&legal, &y.legal_moves(color).collect::<Vec<_>>());
            let Some(&p) = legal.get(usize::from(m) % legal.len().max(1)) else { break };
            prop_assert_eq!(x.play(color, p).ok(), y.play(color, p).ok());
            x.set_to_move(color.opponent());
            y.set_to_move(color.opponent());
        }
        prop_assert_eq!(x.to_diagram(), y.to_diagram());
        prop_assert_eq!(x.hash(), y.hash());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// `point_sets` holds each point where its contents say.
    #[test]
    fn point_sets_are_the_contents(
        size in prop::sample::select(vec![5u8, 9, 19, 25]),
        choices in prop::collection::vec(any::<u16>(), 0..200),
    ) {
        let b = Board::from_choices(u32::from(size), &choices).unwrap();
        let sets = b.point_sets();
        let of = |f: &dyn Fn(Point) -> bool| b.points().filter(|&p| f(p)).collect::<PointSet>();
        prop_assert_eq!(sets.empty, of(&|p| b.is_empty(p)));
        for c in [Color::Black, Color::White] {
            prop_assert_eq!(sets.stones[c.index()], of(&|p| b.color(p) == Some(c)));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// `clear_points` leaves the board `clear_point` point by point leaves:
    /// the same contents, chains, liberties and hash, whether the points
    /// make whole chains (taken off like captures) or cut chains (rebuilt).
    #[test]
    fn clearing_points_at_once_is_clearing_them_one_by_one(
        size in prop::sample::select(vec![5u8, 9, 19]),
        choices in prop::collection::vec(any::<u16>(), 0..160),
        picks in prop::collection::vec(any::<u16>(), 0..6),
        whole in any::<bool>(),
    ) {
        let b = Board::from_choices(u32::from(size), &choices).unwrap();
        let stones: Vec<Point> = b.points().filter(|&p| b.color(p).is_some()).collect();
        let mut points = PointSet::new();
        for &k in &picks {
            let Some(&p) = stones.get(usize::from(k) % stones.len().max(1)) else { break };
            if whole {
                points.extend(b.chain_stones(p));
            } else {
                points.insert(p);
            }
        }
        let mut at_once = b.clone();
        at_once.clear_points(&points).unwrap();
        let mut one_by_one = b.clone();
        for p in &points {
            one_by_one.clear_point(p).unwrap();
        }
        prop_assert_eq!(at_once.to_diagram(), one_by_one.to_diagram());
        prop_assert_eq!(at_once.hash(), one_by_one.hash());
        prop_assert_eq!(at_once.to_move(), one_by_one.to_move());
        for p in b.points().filter(|&p| at_once.color(p).is_some()) {
            prop_assert_eq!(at_once.liberties(p), one_by_one.liberties(p));
            prop_assert_eq!(at_once.liberty_count(p), one_by_one.liberty_count(p));
            let chain = |x: &Board| x.chain_stones(p).collect::<PointSet>();
            prop_assert_eq!(chain(&at_once), chain(&one_by_one));
        }
        for c in [Color::Black, Color::White] {
            prop_assert_eq!(at_once.ko_point(c), one_by_one.ko_point(c));
        }
    }
}

#[test]
fn clearing_points_off_the_board_is_an_error_and_changes_nothing() {
    let b = Board::from_choices(9, &[0, 0, 0, 0]).unwrap();
    let mut c = b.clone();
    let mut points: PointSet = b.points().filter(|&p| b.color(p).is_some()).collect();
    points.insert(Point::new(12, 3));
    assert!(matches!(
        c.clear_points(&points),
        Err(BoardError::OffBoard(_))
    ));
    assert_eq!(c.to_diagram(), b.to_diagram());
}
