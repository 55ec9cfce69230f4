//! The ellipse model (seed 000 §3.2, Fukui et al.): restriction blocks
//! around stones that cannot be attacked, four direction sources per stone
//! from the group's strength, reinforcement rules, truncation at blocks and
//! unattackable enemy stones, and expansion by quarter ellipses.

use crate::context::Context;
use crate::geometry::{Direction, Lines, MAX_REACH, Obstacles, Sources};
use crate::grid::{self, Grid};
use crate::influence::{Influence, Model, ModelKind, Under};
use crate::rules::{Reinforcement, ReinforcementRules};
use keisei_board::{Board, BoardMap, Color, NUM_CELLS, Point, PointSet, STRIDE};
use keisei_territory::patterns::RemovalRules;
use keisei_territory::{BlockModel, Blocks, Owner, blocks};
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

/// The board without the dead stones (they project nothing, block nothing
/// and are not block owners).
fn live_board<'a>(ctx: &Context<'a>) -> Cow<'a, Board> {
    if ctx.dead.iter().all(|p| ctx.board.color(p).is_none()) {
        return Cow::Borrowed(ctx.board);
    }
    let mut b = ctx.board.clone();
    for p in ctx.dead {
        if ctx.board.color(p).is_some() {
            // Clearing a point of the board cannot fail.
            let _ = b.clear_point(p);
        }
    }
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

impl Ellipse<'_> {
    /// The initial source of a stone of strength `s` (step 1), rounded to
    /// the nearest integer and kept within `0..=MAX_REACH`.
    pub fn initial(&self, s: f64) -> i32 {
        let p = (self.params.a * s + self.params.a_prime).round();
        if p.is_nan() {
            0
        } else {
            p.clamp(0.0, f64::from(MAX_REACH)) as i32
        }
    }

    /// Runs the model, keeping every intermediate result.
    pub fn analyse(&self, ctx: &Context) -> EllipseAnalysis {
        self.run(ctx, true)
    }

    fn run(&self, ctx: &Context, detail: bool) -> EllipseAnalysis {
        let board = ctx.board;
        let size = board.size();
        let grid = Grid::new(ctx);
        let live = live_board(ctx);
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
        // Obstacles to each colour's influence: the other colour's blocks and
        // its unattackable stones. Targets: open points outside the colour's
        // own territory and outside the other colour's blocks.
        let obstacles = Color::BOTH.map(|color| {
            let enemy = color.opponent();
            let enemy_blocks = blocks.of(enemy);
            let code = grid::code(enemy);
            Obstacles::new(size, |p| {
                enemy_blocks.contains(p)
                    || (grid.live[grid::index(p)] == code && unattackable.contains(p))
            })
        });
        let territory = (ctx.territory.map.size() == size).then_some(&ctx.territory.map);
        let mut targets = [vec![false; NUM_CELLS], vec![false; NUM_CELLS]];
        for p in board.points() {
            if grid.live[grid::index(p)] != grid::EMPTY {
                continue;
            }
            let owner = territory.map_or(Owner::None, |t| t[p]);
            targets[0][p.index()] = owner != Owner::Black && !blocks.white.contains(p);
            targets[1][p.index()] = owner != Owner::White && !blocks.black.contains(p);
        }
        let mut cover = [vec![0u16; NUM_CELLS], vec![0u16; NUM_CELLS]];
        let mut stones = Vec::new();
        for stone in board.points() {
            let Some(color) = ctx.live(stone) else {
                continue;
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
            expand(
                stone,
                size,
                truncated,
                obstacles,
                &targets[color.index()],
                &mut cover[color.index()],
            );
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
        let [bc, wc] = cover;
        let value = grid::map_from(size, |p, _| {
            f64::from(bc[p.index()]) - f64::from(wc[p.index()])
        });
        let under = grid::map_from(size, |p, _| {
            Under::from_reach(bc[p.index()] > 0, wc[p.index()] > 0)
        });
        // Off-board entries are never covered.
        let black = bc.iter().filter(|&&c| c > 0).count() as u32;
        let white = wc.iter().filter(|&&c| c > 0).count() as u32;
        let cover_map = |c: &[u16]| {
            if detail {
                grid::map_from(size, |p, _| c[p.index()])
            } else {
                BoardMap::new(size, 0)
            }
        };
        EllipseAnalysis {
            black_cover: cover_map(&bc),
            white_cover: cover_map(&wc),
            blocks,
            stones,
            influence: Influence {
                model: ModelKind::Ellipse,
                value,
                under,
                black: f64::from(black),
                white: f64::from(white),
            },
        }
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

/// Marks the points a stone's four quarter ellipses reach (§3.2.3): in each
/// quadrant the ellipse whose semi-axes are the two neighbouring sources;
/// a point counts when it is a target of the colour and no obstacle stands
/// strictly between it and the stone (a block casts a shadow). Each point
/// is counted once per stone.
fn expand(
    stone: Point,
    size: u8,
    sources: Sources,
    obstacles: &Obstacles,
    targets: &[bool],
    cover: &mut [u16],
) {
    let lines = Lines::get();
    let (sx, sy) = (stone.x(), stone.y());
    let n = i32::from(size);
    let stride = STRIDE as i32;
    let base = stone.index() as i32;
    for (hx, vy) in [
        (Direction::East, Direction::North),
        (Direction::East, Direction::South),
        (Direction::West, Direction::South),
        (Direction::West, Direction::North),
    ] {
        let (a, b) = (sources.get(hx), sources.get(vy));
        let (qx, _) = hx.offset();
        let (_, qy) = vy.offset();
        // The vertical axis belongs to the eastern quadrants, the horizontal
        // axis to the northern ones, so no point is visited twice.
        let dx_from = i32::from(qx < 0);
        let dy_from = i32::from(qy > 0);
        for dy in dy_from..=b {
            let y = sy + qy * dy;
            if y < 0 || y >= n {
                break;
            }
            // The row of the quarter ellipse, clipped to the board.
            let width = i32::from(ROW[a as usize][b as usize][dy as usize]).min(if qx > 0 {
                n - 1 - sx
            } else {
                sx
            });
            if width < dx_from {
                continue;
            }
            // No obstacle in the rectangle from the stone to the row's far
            // end: nothing can stand between the stone and any point of it.
            let clear = !obstacles.any_in(sx, sy, sx + qx * width, y);
            for dx in dx_from..=width {
                if dx == 0 && dy == 0 {
                    continue;
                }
                let idx = (base + qx * dx + qy * dy * stride) as usize;
                if targets[idx] && (clear || !obstacles.between(lines, stone, qx * dx, qy * dy)) {
                    cover[idx] = cover[idx].saturating_add(1);
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
        self.run(ctx, false).influence
    }
}
