//! The ellipse model (seed 000 §3.2, Fukui et al.): restriction blocks
//! around stones that cannot be attacked, four direction sources per stone
//! from the group's strength, reinforcement rules, truncation at blocks and
//! unattackable enemy stones, and expansion by quarter ellipses.

use crate::context::Context;
use crate::geometry::{Direction, Lines, MAX_REACH, Obstacles, Sources, columns};
use crate::grid::{self, Grid};
use crate::influence::{Influence, InfluenceMemo, Model, ModelKind, Summary, Under};
use crate::rules::{Reinforcement, ReinforcementRules};
use keisei_board::{
    Board, BoardMap, Color, MAX_SIZE, NUM_CELLS, Point, PointSet, PointSets, STRIDE,
};
use keisei_territory::patterns::RemovalRules;
use keisei_territory::{BlockFinder, BlockModel, Blocks, Owner, block_reach, blocks};
use std::borrow::Cow;

/// The constants of the ellipse model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EllipseParams {
    /// `a` of the initial source `p = a·s + a'` (seed 000 §3.2.2 step 1).
    pub a: f64,
    /// `a'` of the initial source `p = a·s + a'`.
    pub a_prime: f64,
    /// `k`, added to a source by each reinforcement (step 2).
    pub k: i32,
    /// A source stops just before its `block_hits`-th restriction-block
    /// point (step 3: "hits restriction blocks three times").
    pub block_hits: u32,
}

impl Default for EllipseParams {
    /// `a = 4`, `a' = 1`, `k = 1`, three block hits: a group of strength 1
    /// starts at 5 in every direction, the initial value of the worked
    /// example (figs. 14–16); strength 0.5 gives 3, strength 0 gives 1.
    fn default() -> EllipseParams {
        EllipseParams {
            a: 4.0,
            a_prime: 1.0,
            k: 1,
            block_hits: 3,
        }
    }
}

/// The ellipse model of seed 000 §3.2.
#[derive(Clone, Copy, Debug)]
pub struct Ellipse<'r> {
    /// The constants.
    pub params: EllipseParams,
    /// The reinforcement rules.
    pub rules: &'r ReinforcementRules,
}

impl Ellipse<'static> {
    /// The model with default constants and the built-in rules.
    pub fn new() -> Ellipse<'static> {
        Ellipse {
            params: EllipseParams::default(),
            rules: ReinforcementRules::builtin(),
        }
    }
}

impl Default for Ellipse<'static> {
    fn default() -> Ellipse<'static> {
        Ellipse::new()
    }
}

/// The sources of one stone at each step of §3.2.2.
#[derive(Clone, Debug, PartialEq)]
pub struct EllipseStone {
    /// The stone.
    pub stone: Point,
    /// Its colour.
    pub color: Color,
    /// Step 1: `p = a·s + a'` in every direction (rounded).
    pub initial: Sources,
    /// Step 2: after the reinforcement rules.
    pub reinforced: Sources,
    /// Step 3: after truncation at restriction blocks and unattackable
    /// enemy stones: the semi-axes of the stone's ellipses.
    pub truncated: Sources,
    /// The reinforcements that applied (empty unless asked for).
    pub reinforcements: Vec<Reinforcement>,
}

/// Everything the ellipse model computes, for review and snapshots.
#[derive(Clone, Debug, PartialEq)]
pub struct EllipseAnalysis {
    /// The restriction blocks (seed 000 §3.2.1) around unattackable stones.
    pub blocks: Blocks,
    /// The sources of every live stone, in point order.
    pub stones: Vec<EllipseStone>,
    /// For each point, how many black stones' ellipses reach it.
    pub black_cover: BoardMap<u16>,
    /// For each point, how many white stones' ellipses reach it.
    pub white_cover: BoardMap<u16>,
    /// The result.
    pub influence: Influence,
}

/// How a run uses a memo.
#[derive(Clone, Copy)]
enum Memo<'m> {
    None,
    Record,
    Reuse(&'m EllipseMemo),
}

/// What the ellipse model kept of one position (see
/// [`Model::influence_recorded`]).
#[derive(Clone, Debug)]
pub(crate) struct EllipseMemo {
    size: u8,
    params: EllipseParams,
    /// The address of the rules used (a memo of other rules is not reused).
    rules: usize,
    /// Live stones of each colour.
    stones_of: [PointSet; 2],
    /// Each colour's obstacles and targets.
    obstacles: [PointSet; 2],
    targets: [PointSet; 2],
    /// Every live stone, in point order.
    stones: Vec<MemoStone>,
    /// How many stones of each colour reach each point.
    cover: [Vec<u16>; 2],
    /// The restriction blocks.
    blocks: BlockMemo,
}

/// What one run of the model found: the restriction blocks, the stones'
/// sources (with `detail`) and how many stones of each colour reach each
/// cell (by [`Point::index`]; off-board cells are never reached).
struct Covered {
    size: u8,
    blocks: Blocks,
    stones: Vec<EllipseStone>,
    counts: [Vec<u16>; 2],
}

impl Covered {
    /// The influence: `value` is Black's count minus White's, `under` who
    /// reaches a point, each colour's score the points it reaches.
    fn influence(&self) -> Influence {
        let [bc, wc] = &self.counts;
        let value = grid::map_from(self.size, |p, _| {
            f64::from(bc[p.index()]) - f64::from(wc[p.index()])
        });
        // The points each colour reaches, counted as `under` is made
        // (off-board cells are never reached).
        let (mut black, mut white) = (0u32, 0u32);
        let under = grid::map_from(self.size, |p, _| {
            let (b, w) = (bc[p.index()] > 0, wc[p.index()] > 0);
            black += u32::from(b);
            white += u32::from(w);
            Under::from_reach(b, w)
        });
        Influence {
            model: ModelKind::Ellipse,
            value,
            under,
            black: f64::from(black),
            white: f64::from(white),
        }
    }

    /// [`Covered::influence`]'s summary, without the maps.
    fn summary(&self) -> Summary {
        let n = usize::from(self.size);
        // Row by row (off-board cells are never reached).
        let under = self.counts.each_ref().map(|c| {
            let mut set = PointSet::new();
            for y in 0..self.size {
                let first = Point::new(0, y).index();
                let bits = c[first..first + n]
                    .iter()
                    .enumerate()
                    .fold(0u32, |bits, (x, &k)| bits | u32::from(k > 0) << x);
                set.insert_row_bits(y, bits);
            }
            set
        });
        Summary {
            model: ModelKind::Ellipse,
            black: under[0].len() as f64,
            white: under[1].len() as f64,
            under,
        }
    }
}

/// The restriction blocks an [`EllipseMemo`] keeps.
#[derive(Clone, Debug)]
struct BlockMemo {
    /// The unattackable live stones.
    unattackable: PointSet,
    /// The block of each of them, in point order.
    stones: Vec<(Point, Color, PointSet)>,
}

/// The restriction blocks of the unattackable live stones: with a memo of
/// a position nearby, the blocks of stones nothing near changed (no live
/// stone, no unattackable stone within [`block_reach`]) are the memo's, the
/// others are made afresh; with `record`, also the memo of these.
fn restriction_blocks(
    live: &Board,
    unattackable: &PointSet,
    stones_of: &[PointSet; 2],
    reuse: Option<&EllipseMemo>,
    record: bool,
) -> (Blocks, Option<BlockMemo>) {
    let rules = RemovalRules::builtin();
    if reuse.is_none() && !record {
        return (
            blocks(live, unattackable, BlockModel::Restriction, rules),
            None,
        );
    }
    // Each colour's blocks, as the union of its stones' blocks.
    let mut union = [PointSet::new(), PointSet::new()];
    let mut kept = PointSet::new();
    if let Some(m) = reuse {
        let mut changed = *unattackable;
        changed.symmetric_difference_with(&m.blocks.unattackable);
        for c in Color::BOTH {
            let mut d = stones_of[c.index()];
            d.symmetric_difference_with(&m.stones_of[c.index()]);
            changed.union_with(&d);
        }
        // Every block looks as far: the stones within that reach of a change.
        let near_changes = changed.squares_around(block_reach(rules).max(0) as u32, live.size());
        for (s, color, block) in &m.blocks.stones {
            if unattackable.contains(*s)
                && live.color(*s) == Some(*color)
                && !near_changes.contains(*s)
            {
                kept.insert(*s);
                union[color.index()].union_with(block);
            }
        }
    }
    let mut recorded = record.then(Vec::new);
    // The live board's contents as sets, from the live stones.
    let mut empty = PointSet::board(live.size());
    empty.subtract(&stones_of[0]);
    empty.subtract(&stones_of[1]);
    let sets = PointSets {
        empty,
        stones: *stones_of,
    };
    let finder = BlockFinder::with_sets(live, &sets, unattackable, BlockModel::Restriction, rules);
    for s in unattackable {
        let Some(color) = live.color(s) else {
            continue;
        };
        if kept.contains(s) {
            continue;
        }
        let block = finder.block(s);
        union[color.index()].union_with(&block);
        if let Some(list) = recorded.as_mut() {
            list.push((s, color, block));
        }
    }
    let on_board = PointSet::board(live.size());
    for u in &mut union {
        u.intersect_with(&on_board);
    }
    let [black, white] = union;
    let out = Blocks {
        model: BlockModel::Restriction,
        black,
        white,
    };
    let memo = recorded.map(|stones| BlockMemo {
        unattackable: *unattackable,
        stones,
    });
    (out, memo)
}

/// One stone of an [`EllipseMemo`].
#[derive(Clone, Debug)]
struct MemoStone {
    stone: Point,
    color: Color,
    /// Its initial source (the same in every direction).
    initial: i32,
    /// The points whose stones its ellipses depend on: the square the
    /// rules read, and the axes as far as the truncation read them (up to
    /// the first point past each truncated source, at most the reinforced
    /// source).
    reads_stones: PointSet,
    /// The points whose obstacles they depend on: those axes, and the box
    /// of the truncated sources (columns `x − west ..= x + east`, rows
    /// `y − north ..= y + south`), where the quarter ellipses and the
    /// obstacles between lie.
    reads_obstacles: PointSet,
    /// The points whose targets they depend on: that box.
    reads_targets: PointSet,
    /// The points its ellipses reach.
    covered: PointSet,
}

/// The points of a box of columns `x0..=x1` and rows `y0..=y1` that are on
/// a board of `size`.
fn box_points(size: u8, (x0, x1): (i32, i32), (y0, y1): (i32, i32)) -> PointSet {
    let n = i32::from(size);
    let (x0, x1, y0, y1) = (x0.max(0), x1.min(n - 1), y0.max(0), y1.min(n - 1));
    let mut set = PointSet::new();
    if x0 <= x1 {
        let row = columns(x0, x1);
        for y in y0..=y1 {
            set.insert_row_bits(y as u8, row);
        }
    }
    set
}

/// Each colour's territory as sets, from the territory map; none when the
/// map is of another size.
fn territory_sets(ctx: &Context, size: u8) -> [PointSet; 2] {
    let mut owned = [PointSet::new(), PointSet::new()];
    if ctx.territory.map.size() != size {
        return owned;
    }
    match ctx.territory.map.array().as_slice() {
        // Row by row, a row of bits per colour.
        Some(cells) => {
            for (y, row) in cells.chunks_exact(usize::from(size)).enumerate() {
                let (mut black, mut white) = (0u32, 0u32);
                for (x, owner) in row.iter().enumerate() {
                    match owner {
                        Owner::Black => black |= 1 << x,
                        Owner::White => white |= 1 << x,
                        Owner::None => {}
                    }
                }
                owned[0].insert_row_bits(y as u8, black);
                owned[1].insert_row_bits(y as u8, white);
            }
        }
        None => {
            for (p, &owner) in ctx.territory.map.iter() {
                match owner {
                    Owner::Black => owned[0].insert(p),
                    Owner::White => owned[1].insert(p),
                    Owner::None => false,
                };
            }
        }
    }
    owned
}

/// The board without the dead stones (they project nothing, block nothing
/// and are not block owners).
fn live_board<'a>(ctx: &Context<'a>) -> Cow<'a, Board> {
    if ctx.dead.iter().all(|p| ctx.board.color(p).is_none()) {
        return Cow::Borrowed(ctx.board);
    }
    let mut b = ctx.board.clone();
    // The dead set holds points of the board: clearing them cannot fail.
    let _ = b.clear_points(ctx.dead);
    Cow::Owned(b)
}

/// Whether `(dx, dy)` (both ≥ 0) lies in the quarter ellipse with semi-axes
/// `a` (horizontal) and `b` (vertical), boundary included; with a zero
/// semi-axis the ellipse is the segment along the other axis.
#[inline]
pub const fn in_ellipse(dx: i32, dy: i32, a: i32, b: i32) -> bool {
    if dx < 0 || dy < 0 || dx > a || dy > b {
        return false;
    }
    if a == 0 || b == 0 {
        return dx == 0 || dy == 0;
    }
    let (dx, dy, a, b) = (dx as i64, dy as i64, a as i64, b as i64);
    dx * dx * b * b + dy * dy * a * a <= a * a * b * b
}

const SIDE: usize = MAX_REACH as usize + 1;

/// `ROW[a][b][dy]`: the largest `dx` with `(dx, dy)` in the quarter ellipse
/// of semi-axes `a`, `b` (−1 when none), computed at compile time.
const ROW: [[[i8; SIDE]; SIDE]; SIDE] = {
    let mut t = [[[-1i8; SIDE]; SIDE]; SIDE];
    let mut a = 0;
    while a < SIDE {
        let mut b = 0;
        while b < SIDE {
            let mut dy = 0;
            while dy < SIDE {
                let mut w = a as i32;
                while w >= 0 && !in_ellipse(w, dy as i32, a as i32, b as i32) {
                    w -= 1;
                }
                t[a][b][dy] = w as i8;
                dy += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// `x` rounded to the nearest integer (halves away from zero, as
/// [`f64::round`]) and kept within `0..=MAX_REACH`; NaN gives 0. Kept
/// within first, then rounded: the same, as the bounds are integers, and
/// without a call to the C library's `round` (portable x86-64 has no
/// rounding instruction), once per stone of every ranked move.
fn source_of(x: f64) -> i32 {
    if x.is_nan() {
        return 0;
    }
    let x = x.clamp(0.0, f64::from(MAX_REACH));
    // `x` is in 0..=MAX_REACH: the cast truncates and `x - t` is exact.
    let t = x as i32;
    if x - f64::from(t) >= 0.5 { t + 1 } else { t }
}

impl Ellipse<'_> {
    /// The initial source of a stone of strength `s` (step 1), rounded to
    /// the nearest integer and kept within `0..=MAX_REACH`.
    pub fn initial(&self, s: f64) -> i32 {
        source_of(self.params.a * s + self.params.a_prime)
    }

    /// Runs the model, keeping every intermediate result.
    pub fn analyse(&self, ctx: &Context) -> EllipseAnalysis {
        let covered = self.run(ctx, true, Memo::None).0;
        let [bc, wc] = &covered.counts;
        let cover_map = |c: &[u16]| grid::map_from(covered.size, |p, _| c[p.index()]);
        EllipseAnalysis {
            black_cover: cover_map(bc),
            white_cover: cover_map(wc),
            influence: covered.influence(),
            blocks: covered.blocks,
            stones: covered.stones,
        }
    }

    /// Whether `memo` was kept by a model with these constants and rules on
    /// a board of `size`.
    fn fits(&self, memo: &EllipseMemo, size: u8) -> bool {
        memo.size == size
            && memo.params == self.params
            && memo.rules == std::ptr::from_ref(self.rules) as usize
    }

    /// Steps 1–3 and the ellipses of every live stone: the cover counts,
    /// and with [`Memo::Record`] the memo of this position.
    fn run(&self, ctx: &Context, detail: bool, memo: Memo<'_>) -> (Covered, Option<EllipseMemo>) {
        let board = ctx.board;
        let size = board.size();
        let grid = Grid::new(ctx);
        let live = live_board(ctx);
        let unattackable: PointSet = ctx
            .unattackable
            .iter()
            .filter(|&p| ctx.live(p).is_some())
            .collect();
        // Live stones of each colour.
        let mut stones_of = board.point_sets().stones;
        for s in &mut stones_of {
            s.subtract(ctx.dead);
        }
        let reuse = match memo {
            Memo::Reuse(m) if !detail && self.fits(m, size) => Some(m),
            _ => None,
        };
        let (blocks, block_memo) = restriction_blocks(
            &live,
            &unattackable,
            &stones_of,
            reuse,
            matches!(memo, Memo::Record),
        );
        // Obstacles to each colour's influence: the other colour's blocks and
        // its unattackable stones. Targets: open points outside the colour's
        // own territory and outside the other colour's blocks.
        let obstacle_sets = Color::BOTH.map(|color| {
            let enemy = color.opponent();
            let mut set = stones_of[enemy.index()];
            set.intersect_with(&unattackable);
            set.union_with(blocks.of(enemy));
            set
        });
        let obstacles = obstacle_sets.map(|set| Obstacles::of_set(size, &set));
        // Open points (empty, or a dead stone) less the colour's territory
        // and the other colour's blocks.
        let mut open = PointSet::board(size);
        open.subtract(&stones_of[0]);
        open.subtract(&stones_of[1]);
        let owned = territory_sets(ctx, size);
        let target_sets = Color::BOTH.map(|color| {
            let mut set = open;
            set.subtract(&owned[color.index()]);
            set.subtract(blocks.of(color.opponent()));
            set
        });
        let target_rows = target_sets.each_ref().map(|set| set.rows(size));
        let rules_reach = self.rules.reach();
        let mut cover = [vec![0u16; NUM_CELLS], vec![0u16; NUM_CELLS]];
        // With a memo of a position nearby: the stones whose ellipses are
        // those the memo holds (same colour, same initial source, nothing
        // they depend on changed) keep them; the memo's other stones' are
        // taken out of its cover.
        let mut kept = PointSet::new();
        if let Some(m) = reuse {
            // What changed: live stones (read by the rules and the
            // truncation), and each colour's obstacles (read by the
            // truncation and the ellipses) and targets (by the ellipses).
            let changed = |now: &PointSet, then: &PointSet| {
                let mut d = *now;
                d.symmetric_difference_with(then);
                d
            };
            let mut stones_changed = changed(&stones_of[0], &m.stones_of[0]);
            stones_changed.union_with(&changed(&stones_of[1], &m.stones_of[1]));
            let [obstacles_changed, targets_changed] =
                [(&obstacle_sets, &m.obstacles), (&target_sets, &m.targets)].map(|(now, then)| {
                    Color::BOTH.map(|c| changed(&now[c.index()], &then[c.index()]))
                });
            cover.clone_from(&m.cover);
            for ms in &m.stones {
                let i = ms.color.index();
                if ctx.live(ms.stone) == Some(ms.color)
                    && self.initial(ctx.strength_at(ms.stone)) == ms.initial
                    && !stones_changed.intersects(&ms.reads_stones)
                    && !obstacles_changed[i].intersects(&ms.reads_obstacles)
                    && !targets_changed[i].intersects(&ms.reads_targets)
                {
                    kept.insert(ms.stone);
                } else {
                    for p in &ms.covered {
                        cover[i][p.index()] -= 1;
                    }
                }
            }
        }
        let mut recorded = matches!(memo, Memo::Record).then(Vec::new);
        let mut stones = Vec::new();
        // The live stones not kept, in point order.
        let mut fresh = stones_of[0];
        fresh.union_with(&stones_of[1]);
        fresh.subtract(&kept);
        for stone in &fresh {
            let color = if stones_of[0].contains(stone) {
                Color::Black
            } else {
                Color::White
            };
            let initial = Sources::uniform(self.initial(ctx.strength_at(stone)));
            let mut reinforcements = Vec::new();
            let mut reinforced = initial;
            self.rules.for_each_in(&grid, stone, color, |r| {
                reinforced.add(r.direction, self.params.k);
                if detail {
                    reinforcements.push(r);
                }
            });
            let reinforced = reinforced.clamped(MAX_REACH);
            let obstacles = &obstacles[color.index()];
            let truncated = self.truncate(&grid, obstacles, stone, color, reinforced);
            let mut covered = PointSet::new();
            expand(
                stone,
                size,
                truncated,
                obstacles,
                &target_rows[color.index()],
                &mut cover[color.index()],
                recorded.is_some().then_some(&mut covered),
            );
            if let Some(list) = recorded.as_mut() {
                // The stone's ellipses depend on the cells the rules look at,
                // and on the obstacles and targets as far as its sources reach.
                let (x, y) = (stone.x(), stone.y());
                let [tn, te, ts, tw] = Direction::ALL.map(|d| truncated.get(d));
                let [an, ae, as_, aw] =
                    Direction::ALL.map(|d| reinforced.get(d).min(truncated.get(d) + 1));
                let mut axes = box_points(size, (x, x), (y - an, y + as_));
                axes.union_with(&box_points(size, (x - aw, x + ae), (y, y)));
                let r = rules_reach;
                let mut reads_stones = box_points(size, (x - r, x + r), (y - r, y + r));
                reads_stones.union_with(&axes);
                let reads_targets = box_points(size, (x - tw, x + te), (y - tn, y + ts));
                let mut reads_obstacles = axes;
                reads_obstacles.union_with(&reads_targets);
                list.push(MemoStone {
                    stone,
                    color,
                    initial: initial.get(Direction::North),
                    reads_stones,
                    reads_obstacles,
                    reads_targets,
                    covered,
                });
            }
            if detail {
                stones.push(EllipseStone {
                    stone,
                    color,
                    initial,
                    reinforced,
                    truncated,
                    reinforcements,
                });
            }
        }
        let memo = recorded
            .zip(block_memo)
            .map(|(stones, blocks)| EllipseMemo {
                size,
                params: self.params,
                rules: std::ptr::from_ref(self.rules) as usize,
                stones_of,
                obstacles: obstacle_sets,
                targets: target_sets,
                stones,
                // Once per ranked position: a copy is cheaper than a contract.
                cover: cover.clone(),
                blocks,
            });
        (
            Covered {
                size,
                blocks,
                stones,
                counts: cover,
            },
            memo,
        )
    }

    /// Step 3: each source shrinks to just before the point where it meets
    /// an unattackable enemy stone or its `block_hits`-th point of an enemy
    /// restriction block. The board edge does not shrink a source.
    /// (`obstacles` are exactly those stones and block points.)
    fn truncate(
        &self,
        grid: &Grid,
        obstacles: &Obstacles,
        stone: Point,
        color: Color,
        sources: Sources,
    ) -> Sources {
        let enemy = grid::code(color.opponent());
        let mut out = sources;
        for d in Direction::ALL {
            let (dx, dy) = d.offset();
            let step = dx as isize + dy as isize * STRIDE as isize;
            let (mut i, mut g) = (stone.index(), grid::index(stone));
            let mut hits = 0;
            for t in 1..=sources.get(d) {
                g = grid::add(g, grid::delta(dx, dy));
                let cell = grid.live[g];
                if cell == grid::OFF {
                    break;
                }
                i = i.wrapping_add_signed(step);
                if !obstacles.at(i) {
                    continue;
                }
                if cell == enemy {
                    out.set(d, t - 1);
                    break;
                }
                hits += 1;
                if hits >= self.params.block_hits {
                    out.set(d, t - 1);
                    break;
                }
            }
        }
        out
    }
}

/// Adds 1 to `cells[k]` for each bit `k` of `bits` (no branch: which points
/// are targets is data the processor cannot guess).
#[inline]
fn add_bits(cells: &mut [u16], mut bits: u32) {
    for c in cells {
        *c += (bits & 1) as u16;
        bits >>= 1;
    }
}

/// Marks the points a stone's four quarter ellipses reach (§3.2.3): in each
/// quadrant the ellipse whose semi-axes are the two neighbouring sources;
/// a point counts when it is a target of the colour (`targets`, a row of
/// bits per row as [`PointSet::rows`] gives them) and no obstacle stands strictly
/// between it and the stone (a block casts a shadow). Each point is counted
/// once per stone, and added to `covered` if given.
///
/// Row by row outwards from the stone's, north then south: a row is the
/// western quadrant's part (columns left of the stone's) and the eastern
/// one's (the stone's column and those right of it; the stone's row belongs
/// to the northern quadrants). Nothing can stand between the stone and a
/// point of a part when no obstacle lies in the rectangle from the stone to
/// the part's far end.
fn expand(
    stone: Point,
    size: u8,
    sources: Sources,
    obstacles: &Obstacles,
    targets: &[u32; MAX_SIZE as usize],
    cover: &mut [u16],
    mut covered: Option<&mut PointSet>,
) {
    let lines = Lines::get();
    let (sx, sy) = (stone.x(), stone.y());
    let n = i32::from(size);
    let [north, east, south, west] = sources.0;
    for (qy, b, last, dy_from) in [
        (-1, north, north.min(sy), 0),
        (1, south, south.min(n - 1 - sy), 1),
    ] {
        let (west_rows, east_rows) = (
            &ROW[west as usize][b as usize],
            &ROW[east as usize][b as usize],
        );
        // The obstacles of the rows from the stone's to the current one.
        let mut seen = obstacles.row(sy);
        for dy in dy_from..=last {
            let y = sy + qy * dy;
            seen |= obstacles.row(y);
            // The row's columns `lo..=hi`, clipped to the board (every row
            // within a semi-axis has the axis point, so widths are >= 0).
            let lo = sx - i32::from(west_rows[dy as usize]).min(sx);
            let hi = sx + i32::from(east_rows[dy as usize]).min(n - 1 - sx);
            let mut points = targets[y as usize] & columns(lo, hi);
            if dy == 0 {
                // The stone's own point is not counted.
                points &= !(1 << sx);
            }
            let first = Point::new(0, y as u8).index();
            let cells = &mut cover[first..first + n as usize];
            for (from, to, part) in if seen & columns(lo, hi) == 0 {
                // Both parts clear: the row at once.
                [(lo, hi, points), (0, 0, 0)]
            } else {
                [
                    (lo, sx, points & !columns(sx, hi)),
                    (sx, hi, points & columns(sx, hi)),
                ]
            } {
                if part == 0 {
                    continue;
                }
                if seen & columns(from, to) == 0 {
                    add_bits(&mut cells[from as usize..=to as usize], part >> from);
                    if let Some(c) = covered.as_deref_mut() {
                        c.insert_row_bits(y as u8, part);
                    }
                    continue;
                }
                let mut rest = part;
                while rest != 0 {
                    let x = rest.trailing_zeros() as i32;
                    rest &= rest - 1;
                    if !obstacles.between(lines, stone, x - sx, y - sy) {
                        cells[x as usize] += 1;
                        if let Some(c) = covered.as_deref_mut() {
                            c.insert(Point::new(x as u8, y as u8));
                        }
                    }
                }
            }
        }
    }
}

impl Model for Ellipse<'_> {
    fn kind(&self) -> ModelKind {
        ModelKind::Ellipse
    }

    /// Points under each colour's ellipses. `value` is the number of black
    /// stones whose ellipses reach a point minus the number of white ones;
    /// `under` is Black, White or Both by who reaches it; each colour's score
    /// is the number of points it reaches, shared points counting for both.
    fn influence(&self, ctx: &Context) -> Influence {
        self.run(ctx, false, Memo::None).0.influence()
    }

    /// Keeps each stone's ellipses (the points they reach), what they
    /// depended on, and the cover counts.
    fn influence_recorded(&self, ctx: &Context) -> (Influence, Option<InfluenceMemo>) {
        let (covered, memo) = self.run(ctx, false, Memo::Record);
        let influence = covered.influence();
        (influence, memo.map(InfluenceMemo))
    }

    /// Starts from the memo's cover counts, takes out the ellipses of the
    /// stones whose inputs changed (colour, initial source, or any live
    /// stone, obstacle or target of their colour within their reach: the
    /// rules' reach or their longest reinforced source) and expands those
    /// stones afresh.
    fn influence_reusing(&self, ctx: &Context, memo: &InfluenceMemo) -> Influence {
        self.run(ctx, false, Memo::Reuse(&memo.0)).0.influence()
    }

    /// [`Model::influence_reusing`]'s summary, read off the cover counts
    /// without making the maps.
    fn summary_reusing(&self, ctx: &Context, memo: &InfluenceMemo) -> Summary {
        self.run(ctx, false, Memo::Reuse(&memo.0)).0.summary()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The source is `f64::round` kept within `0..=MAX_REACH`, at the
    /// halves and a step either side of them, away from them, out of range,
    /// and at NaN and the infinities.
    #[test]
    fn a_source_is_the_rounded_value_kept_in_reach() {
        let reference = |x: f64| {
            if x.is_nan() {
                0
            } else {
                x.round().clamp(0.0, f64::from(MAX_REACH)) as i32
            }
        };
        let mut xs = vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -0.0, 0.0];
        for n in -3..=MAX_REACH + 3 {
            let half = f64::from(n) + 0.5;
            for x in [f64::from(n), half, half.next_down(), half.next_up()] {
                xs.extend([x, x + 0.25, x - 0.25, -x]);
            }
        }
        for x in xs {
            assert_eq!(source_of(x), reference(x), "x = {x:e}");
        }
        assert_eq!(source_of(0.5_f64.next_down()), 0);
        assert_eq!(source_of(2.5), 3);
    }

    /// A box is the points of its columns and rows that are on the board,
    /// however far it reaches past an edge.
    #[test]
    fn a_box_is_its_points_on_the_board() {
        for size in [9u8, 19] {
            let n = i32::from(size);
            for (x0, x1, y0, y1) in [
                (0, 0, 0, 0),
                (-3, 2, 5, 30),
                (4, 40, -1, 1),
                (-20, 30, -20, 30),
                (3, 2, 0, 5),
                (n - 1, n + 3, 2, 2),
            ] {
                let expected: PointSet = Point::all(size)
                    .filter(|p| (x0..=x1).contains(&p.x()) && (y0..=y1).contains(&p.y()))
                    .collect();
                assert_eq!(
                    box_points(size, (x0, x1), (y0, y1)),
                    expected,
                    "{x0} {x1} {y0} {y1}"
                );
            }
        }
    }
}
