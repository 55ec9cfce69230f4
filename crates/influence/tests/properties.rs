//! Invariants on random positions: every map of a transformed board is the
//! transformed map; swapping colours negates values and swaps owners and
//! scores; nothing panics on random legal positions of any size.

use keisei_board::{Board, BoardMap, Color, Point, PointSet, Symmetry};
use keisei_influence::{Context, Dots, Given, ModelKind, Sources, StandaloneInputs, Under, model};
use keisei_territory::{Owner, Region, Territory};
use proptest::prelude::*;

/// Inputs owned by the test, so that they can be transformed exactly
/// (the tactical reader behind the stand-in may answer `Unknown` in one
/// orientation and prove the same answer in another, so the inputs are
/// computed once and then moved with the board).
#[derive(Clone)]
struct Owned {
    board: Board,
    strength: BoardMap<f64>,
    unattackable: PointSet,
    dead: PointSet,
    territory: Territory,
}

impl Owned {
    /// Stand-in territory, and strength, unattackable and dead stones
    /// drawn from `seed` so that every rule sees varied inputs.
    fn new(board: Board, seed: &[u8]) -> Owned {
        let s = StandaloneInputs::new(&board);
        let mut k = 0;
        let mut next = || {
            k += 1;
            seed.get(k % seed.len().max(1)).copied().unwrap_or(0)
        };
        let mut strength = BoardMap::new(board.size(), 0.0);
        let mut unattackable = PointSet::new();
        let mut dead = PointSet::new();
        for p in board.points() {
            if board.color(p).is_some() {
                let r = next();
                strength[p] = f64::from(r % 5) / 4.0;
                if r % 3 == 0 {
                    unattackable.insert(p);
                }
                if r % 11 == 0 {
                    dead.insert(p);
                }
            }
        }
        Owned {
            board,
            strength,
            unattackable,
            dead,
            territory: s.territory,
        }
    }

    fn ctx(&self) -> Context<'_> {
        Context {
            board: &self.board,
            strength: &self.strength,
            unattackable: &self.unattackable,
            dead: &self.dead,
            territory: &self.territory,
            given: Given::default(),
        }
    }

    fn transformed(&self, sym: Symmetry) -> Owned {
        let size = self.board.size();
        let map = |set: &PointSet| -> PointSet { set.iter().map(|p| sym.apply(p, size)).collect() };
        Owned {
            board: self.board.transformed(sym),
            strength: self.strength.transformed(sym),
            unattackable: map(&self.unattackable),
            dead: map(&self.dead),
            territory: Territory {
                map: self.territory.map.transformed(sym),
                regions: self
                    .territory
                    .regions
                    .iter()
                    .map(|r| Region {
                        color: r.color,
                        points: map(&r.points),
                    })
                    .collect(),
                black: self.territory.black,
                white: self.territory.white,
            },
        }
    }

    fn swapped(&self) -> Owned {
        Owned {
            board: self.board.swapped_colors(),
            territory: Territory {
                map: self.territory.map.map(|o| match o {
                    Owner::Black => Owner::White,
                    Owner::White => Owner::Black,
                    Owner::None => Owner::None,
                }),
                regions: self
                    .territory
                    .regions
                    .iter()
                    .map(|r| Region {
                        color: r.color.opponent(),
                        points: r.points,
                    })
                    .collect(),
                black: self.territory.white,
                white: self.territory.black,
            },
            ..self.clone()
        }
    }
}

fn blocks_of(o: &Owned) -> Vec<(Color, Vec<Point>)> {
    let mut v: Vec<(Color, Vec<Point>)> = Dots::new()
        .analyse(&o.ctx())
        .blocks
        .into_iter()
        .map(|b| (b.color, b.area.iter().collect()))
        .collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn maps_follow_symmetries_and_colour_swap(
        size in prop::sample::select(vec![7u8, 9, 13]),
        choices in prop::collection::vec(any::<u16>(), 10..80),
        seed in prop::collection::vec(any::<u8>(), 1..40),
        sym in prop::sample::select(Symmetry::ALL.to_vec()),
    ) {
        let o = Owned::new(Board::from_choices(u32::from(size), &choices).unwrap(), &seed);
        let t = o.transformed(sym);
        let s = o.swapped();
        for kind in ModelKind::ALL {
            let m = model(kind);
            let a = m.influence(&o.ctx());
            let at = m.influence(&t.ctx());
            prop_assert_eq!(&at.value, &a.value.transformed(sym), "{} value", kind);
            prop_assert_eq!(&at.under, &a.under.transformed(sym), "{} under", kind);
            prop_assert_eq!((at.black, at.white), (a.black, a.white));
            let as_ = m.influence(&s.ctx());
            prop_assert_eq!(&as_.value, &a.value.map(|v| if *v == 0.0 { 0.0 } else { -v }), "{} swap value", kind);
            prop_assert_eq!(&as_.under, &a.under.map(|u| u.swapped()), "{} swap under", kind);
            prop_assert_eq!((as_.black, as_.white), (a.white, a.black));
            // Under follows the value where a model has both colours' sums.
            for (p, u) in a.under.iter() {
                if *u == Under::Black { prop_assert!(kind == ModelKind::Ellipse || a.value[p] > 0.0); }
                if *u == Under::White { prop_assert!(kind == ModelKind::Ellipse || a.value[p] < 0.0); }
            }
        }
        // Dot blocks move with the board and swap colours.
        let b = blocks_of(&o);
        let mut bt: Vec<(Color, Vec<Point>)> = b
            .iter()
            .map(|(c, pts)| {
                let mut v: Vec<Point> = pts.iter().map(|&p| sym.apply(p, size)).collect();
                v.sort();
                (*c, v)
            })
            .collect();
        bt.sort();
        prop_assert_eq!(blocks_of(&t), bt);
        let mut bs: Vec<(Color, Vec<Point>)> = b.iter().map(|(c, p)| (c.opponent(), p.clone())).collect();
        bs.sort();
        prop_assert_eq!(blocks_of(&s), bs);
    }

    #[test]
    fn no_panics_on_random_positions(
        size in 5u8..=19,
        choices in prop::collection::vec(any::<u16>(), 0..200),
    ) {
        let b = Board::from_choices(u32::from(size), &choices).unwrap();
        let inputs = StandaloneInputs::new(&b);
        let ctx = inputs.context(&b);
        for kind in ModelKind::ALL {
            let inf = model(kind).influence(&ctx);
            prop_assert_eq!(inf.value.size(), size);
            prop_assert!(inf.black >= 0.0 && inf.white >= 0.0);
        }
    }
}

/// `owned`'s inputs on a board a few moves on: every input of a stone
/// that is still there is kept, except the few `flips` pick (strength,
/// unattackable, dead changed), and new stones draw theirs from `flips`.
fn moved_on(o: &Owned, board: Board, flips: &[u16]) -> Owned {
    let s = StandaloneInputs::new(&board);
    let mut strength = BoardMap::new(board.size(), 0.0);
    let (mut unattackable, mut dead) = (PointSet::new(), PointSet::new());
    for p in board.points() {
        if board.color(p).is_none() {
            continue;
        }
        if o.board.color(p) == board.color(p) {
            strength[p] = o.strength[p];
            if o.unattackable.contains(p) {
                unattackable.insert(p);
            }
            if o.dead.contains(p) {
                dead.insert(p);
            }
        } else {
            strength[p] = 0.75;
            unattackable.insert(p);
        }
    }
    let points: Vec<Point> = board.points().collect();
    for &f in flips {
        let p = points[usize::from(f) % points.len()];
        if board.color(p).is_none() {
            continue;
        }
        match f % 3 {
            0 => strength[p] = f64::from(f % 5) / 4.0,
            1 => {
                if !unattackable.remove(p) {
                    unattackable.insert(p);
                }
            }
            _ => {
                if !dead.remove(p) {
                    dead.insert(p);
                }
            }
        }
    }
    Owned {
        board,
        strength,
        unattackable,
        dead,
        territory: s.territory,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// What a model keeps of one position and reuses on another gives the
    /// influence computed afresh (and its summary that of the fresh
    /// influence): a position a move or a few on, its
    /// inputs (strength, unattackable and dead stones, territory) changed
    /// here and there, for every model.
    #[test]
    fn reused_influence_equals_fresh(
        size in prop::sample::select(vec![7u8, 9, 13, 19]),
        choices in prop::collection::vec(any::<u16>(), 10..120),
        more in prop::collection::vec(any::<u16>(), 1..4),
        seed in prop::collection::vec(any::<u8>(), 1..40),
        flips in prop::collection::vec(any::<u16>(), 0..12),
    ) {
        let parent = Owned::new(Board::from_choices(u32::from(size), &choices).unwrap(), &seed);
        let all: Vec<u16> = choices.iter().chain(&more).copied().collect();
        let child = moved_on(&parent, Board::from_choices(u32::from(size), &all).unwrap(), &flips);
        for kind in [ModelKind::Ellipse, ModelKind::Projection, ModelKind::Dots] {
            let m = model(kind);
            let (first, memo) = m.influence_recorded(&parent.ctx());
            prop_assert_eq!(&first, &m.influence(&parent.ctx()));
            let fresh = m.influence(&child.ctx());
            let summary = fresh.summary();
            prop_assert_eq!((summary.black, summary.white), (fresh.black, fresh.white));
            for (p, u) in fresh.under.iter() {
                for c in Color::BOTH {
                    prop_assert_eq!(summary.under(c).contains(p), u.includes(c), "{:?} {:?}", p, c);
                }
            }
            match &memo {
                Some(memo) => {
                    prop_assert_eq!(&m.influence_reusing(&child.ctx(), memo), &fresh);
                    prop_assert_eq!(m.summary_reusing(&child.ctx(), memo), fresh.summary());
                }
                None => prop_assert!(kind != ModelKind::Ellipse, "the ellipse model keeps a memo"),
            }
        }
    }
}

/// A position drawn point by point from `cells` (stones set up without
/// captures, so that a colour may hold most of a large board), with
/// strength, unattackable and dead stones and a territory map drawn from
/// the same numbers.
fn drawn(size: u8, cells: &[u8]) -> Owned {
    let mut board = Board::new(u32::from(size)).unwrap();
    let mut strength = BoardMap::new(size, 0.0);
    let mut territory = BoardMap::new(size, Owner::None);
    let (mut unattackable, mut dead) = (PointSet::new(), PointSet::new());
    for (p, &r) in board
        .points()
        .collect::<Vec<_>>()
        .into_iter()
        .zip(cells.iter().cycle())
    {
        // Mostly Black when `r` is high: a colour with more than 255 stones.
        let color = match r % 8 {
            0..=2 => None,
            3..=5 => Some(Color::Black),
            6 => Some(Color::White),
            _ => Some(if r > 128 { Color::Black } else { Color::White }),
        };
        match color {
            Some(c) => {
                board.set_stone(c, p).unwrap();
                strength[p] = f64::from(r % 5) / 4.0;
                if r % 3 == 0 {
                    unattackable.insert(p);
                }
                if r % 13 == 0 {
                    dead.insert(p);
                }
            }
            None => {
                territory[p] = match r / 8 % 5 {
                    0 => Owner::Black,
                    1 => Owner::White,
                    _ => Owner::None,
                };
            }
        }
    }
    Owned {
        board,
        strength,
        unattackable,
        dead,
        territory: Territory {
            map: territory,
            regions: Vec::new(),
            black: 0,
            white: 0,
        },
    }
}

/// The ellipse model computed plainly, point by point, as seed 000 §3.2
/// describes it (what the model's row-at-a-time code must give): each live
/// stone's reinforced and truncated sources, in point order, and how many
/// stones of each colour reach each point.
/// Each live stone with its reinforced and truncated sources.
type StoneSources = Vec<(Point, Sources, Sources)>;

fn plain_ellipse(ctx: &Context) -> (StoneSources, [BoardMap<u16>; 2]) {
    use keisei_influence::{Ellipse, MAX_REACH, ReinforcementRules, in_ellipse, line_between};
    use keisei_territory::patterns::RemovalRules;
    use keisei_territory::{BlockModel, blocks};
    let model = Ellipse::new();
    let board = ctx.board;
    let size = board.size();
    let mut live = board.clone();
    live.clear_points(ctx.dead).unwrap();
    let unattackable: PointSet = ctx
        .unattackable
        .iter()
        .filter(|&p| ctx.live(p).is_some())
        .collect();
    let blocks = blocks(
        &live,
        &unattackable,
        BlockModel::Restriction,
        RemovalRules::builtin(),
    );
    let mut stones = Vec::new();
    let mut cover = [BoardMap::new(size, 0u16), BoardMap::new(size, 0u16)];
    let at = |p: Point, dx: i32, dy: i32| Point::checked(p.x() + dx, p.y() + dy, size);
    for p in board.points() {
        let Some(color) = ctx.live(p) else { continue };
        let enemy = color.opponent();
        let obstacle = |q: Point| {
            (ctx.live(q) == Some(enemy) && unattackable.contains(q)) || blocks.of(enemy).contains(q)
        };
        let target = |q: Point| {
            ctx.live(q).is_none()
                && ctx.territory_owner(q) != Some(color)
                && !blocks.of(enemy).contains(q)
        };
        let initial = Sources::uniform(model.initial(ctx.strength_at(p)));
        let rules = ReinforcementRules::builtin();
        let reinforced = rules
            .reinforce(ctx, p, model.params.k, initial)
            .clamped(MAX_REACH);
        // Step 3, point by point along each axis.
        let mut truncated = reinforced;
        for d in keisei_influence::Direction::ALL {
            let (dx, dy) = d.offset();
            let mut hits = 0;
            for t in 1..=reinforced.get(d) {
                let Some(q) = at(p, t * dx, t * dy) else {
                    break;
                };
                if !obstacle(q) {
                    continue;
                }
                hits += 1;
                if ctx.live(q) == Some(enemy) || hits >= model.params.block_hits {
                    truncated.set(d, t - 1);
                    break;
                }
            }
        }
        // The quarter ellipses: a point counts once, when it is a target
        // and no obstacle lies on the line to it.
        let [n, e, s, w] = truncated.0;
        for q in board.points() {
            let (dx, dy) = (q.x() - p.x(), q.y() - p.y());
            let (a, b) = (if dx < 0 { w } else { e }, if dy <= 0 { n } else { s });
            if q != p
                && in_ellipse(dx.abs(), dy.abs(), a, b)
                && target(q)
                && line_between(dx, dy)
                    .iter()
                    .all(|&(i, j)| at(p, i32::from(i), i32::from(j)).is_none_or(|c| !obstacle(c)))
            {
                cover[color.index()][q] += 1;
            }
        }
        stones.push((p, reinforced, truncated));
    }
    (stones, cover)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// The ellipse model gives what the plain, point-by-point computation
    /// gives: every stone's sources, the cover counts, and the influence
    /// (with and without naming the reinforcements, which take another
    /// path), on dense and sparse positions of every size, one colour with
    /// more than 255 stones on the largest boards.
    #[test]
    fn the_ellipse_model_is_the_plain_computation(
        size in prop::sample::select(vec![5u8, 9, 13, 19, 25]),
        cells in prop::collection::vec(any::<u8>(), 1..700),
    ) {
        use keisei_influence::{Ellipse, Model};
        let o = drawn(size, &cells);
        let ctx = o.ctx();
        let (stones, [black, white]) = plain_ellipse(&ctx);
        let model = Ellipse::new();
        let a = model.analyse(&ctx);
        let got: StoneSources =
            a.stones.iter().map(|s| (s.stone, s.reinforced, s.truncated)).collect();
        prop_assert_eq!(got, stones);
        prop_assert_eq!(&a.black_cover, &black);
        prop_assert_eq!(&a.white_cover, &white);
        let influence = model.influence(&ctx);
        prop_assert_eq!(&influence, &a.influence);
        let (mut nb, mut nw) = (0.0, 0.0);
        for p in o.board.points() {
            let (b, w) = (black[p], white[p]);
            prop_assert_eq!(influence.value[p], f64::from(b) - f64::from(w));
            prop_assert_eq!(influence.under[p], Under::from_reach(b > 0, w > 0));
            nb += f64::from(u8::from(b > 0));
            nw += f64::from(u8::from(w > 0));
        }
        prop_assert_eq!((influence.black, influence.white), (nb, nw));
    }
}
