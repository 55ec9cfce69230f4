//! The ellipse model (seed 000 §3.2, Fukui et al.): restriction blocks
//! around stones that cannot be attacked, four direction sources per stone
//! from the group's strength, reinforcement rules, truncation at blocks and
//! unattackable enemy stones, and expansion by quarter ellipses.

use crate::context::Context;
use crate::geometry::{Direction, MAX_REACH, Sources, line_blocked};
use crate::influence::{Influence, Model, ModelKind, Under};
use crate::rules::{Reinforcement, ReinforcementRules};
use keisei_board::{Board, BoardMap, Color, NUM_CELLS, Point, PointSet, STRIDE};
use keisei_territory::patterns::RemovalRules;
use keisei_territory::{BlockModel, Blocks, blocks};
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
pub(crate) fn live_board<'a>(ctx: &Context<'a>) -> Cow<'a, Board> {
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
pub fn in_ellipse(dx: i32, dy: i32, a: i32, b: i32) -> bool {
    if dx > a || dy > b {
        return false;
    }
    if a == 0 || b == 0 {
        return dx == 0 || dy == 0;
    }
    let (dx, dy, a, b) = (i64::from(dx), i64::from(dy), i64::from(a), i64::from(b));
    dx * dx * b * b + dy * dy * a * a <= a * a * b * b
}

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
        let mut obstacles = [PointSet::new(), PointSet::new()];
        let mut targets = [PointSet::new(), PointSet::new()];
        for color in Color::BOTH {
            let enemy = color.opponent();
            let o = &mut obstacles[color.index()];
            o.union_with(blocks.of(enemy));
            for p in &unattackable {
                if ctx.live(p) == Some(enemy) {
                    o.insert(p);
                }
            }
        }
        for p in board.points() {
            if !ctx.is_open(p) {
                continue;
            }
            for color in Color::BOTH {
                if ctx.territory_owner(p) != Some(color) && !blocks.of(color.opponent()).contains(p)
                {
                    targets[color.index()].insert(p);
                }
            }
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
            self.rules.for_each(ctx, stone, |r| {
                reinforced.add(r.direction, self.params.k);
                if detail {
                    reinforcements.push(r);
                }
            });
            let reinforced = reinforced.clamped(MAX_REACH);
            let truncated = self.truncate(ctx, &blocks, stone, color, reinforced);
            expand(
                stone,
                size,
                truncated,
                &obstacles[color.index()],
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
        let black_cover = BoardMap::from_fn(size, |p| bc[p.index()]);
        let white_cover = BoardMap::from_fn(size, |p| wc[p.index()]);
        let value = BoardMap::from_fn(size, |p| {
            f64::from(bc[p.index()]) - f64::from(wc[p.index()])
        });
        let under = BoardMap::from_fn(size, |p| {
            Under::from_reach(bc[p.index()] > 0, wc[p.index()] > 0)
        });
        let black = under
            .iter()
            .filter(|(_, u)| u.includes(Color::Black))
            .count();
        let white = under
            .iter()
            .filter(|(_, u)| u.includes(Color::White))
            .count();
        EllipseAnalysis {
            blocks,
            stones,
            black_cover,
            white_cover,
            influence: Influence {
                model: ModelKind::Ellipse,
                value,
                under,
                black: black as f64,
                white: white as f64,
            },
        }
    }

    /// Step 3: each source shrinks to just before the point where it meets
    /// an unattackable enemy stone or its `block_hits`-th point of an enemy
    /// restriction block. The board edge does not shrink a source.
    fn truncate(
        &self,
        ctx: &Context,
        blocks: &Blocks,
        stone: Point,
        color: Color,
        sources: Sources,
    ) -> Sources {
        let size = ctx.board.size();
        let enemy = color.opponent();
        let enemy_blocks = blocks.of(enemy);
        let mut out = sources;
        for d in Direction::ALL {
            let (dx, dy) = d.offset();
            let mut hits = 0;
            for t in 1..=sources.get(d) {
                let Some(q) = stone.offset(dx * t, dy * t, size) else {
                    break;
                };
                if ctx.live(q) == Some(enemy) && ctx.is_unattackable(q) {
                    out.set(d, t - 1);
                    break;
                }
                if enemy_blocks.contains(q) {
                    hits += 1;
                    if hits >= self.params.block_hits {
                        out.set(d, t - 1);
                        break;
                    }
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
    obstacles: &PointSet,
    targets: &PointSet,
    cover: &mut [u16],
) {
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
            for dx in dx_from..=a {
                if dx == 0 && dy == 0 {
                    continue;
                }
                if !in_ellipse(dx, dy, a, b) {
                    break;
                }
                let x = sx + qx * dx;
                if x < 0 || x >= n {
                    break;
                }
                let idx = (base + qx * dx + qy * dy * stride) as usize;
                let p = Point::from_index(idx);
                if !targets.contains(p) {
                    continue;
                }
                if line_blocked(stone, qx * dx, qy * dy, |i| {
                    obstacles.contains(Point::from_index(i))
                }) {
                    continue;
                }
                cover[idx] = cover[idx].saturating_add(1);
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
