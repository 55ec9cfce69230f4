//! The projection model (seed 001 §3.2, Hiramoto & Naruse): sources set by
//! the stone's zone and limited by its liberties, reinforced by the same
//! rules as the ellipse model, spread along the axes with a linear decay
//! and off the axes by eq. 2, blocked by enemy stones on the straight line,
//! Black positive and White negative, summed over stones; the influence
//! value `Σ C_inf · H · δ_inf` (eq. 3).

use crate::context::Context;
use crate::geometry::{Direction, Lines, MAX_REACH, Obstacles, Sources, columns};
use crate::grid::{self, Grid};
use crate::influence::{Influence, Model, ModelKind, Under};
use crate::rules::{Reinforcement, ReinforcementRules};
use keisei_board::{BoardMap, Color, NUM_CELLS, Point, STRIDE};
use keisei_territory::{Owner, ZONE_LINE, Zone, zone};

/// The constants of the projection model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProjectionParams {
    /// The strong source: towards the edge(s) of edge and corner stones
    /// (fig. 23: 4).
    pub strong: i32,
    /// The middle source: along the edge of edge stones, away from the
    /// edges of corner stones (fig. 23: 3).
    pub middle: i32,
    /// The weak source: every direction of a centre stone, away from the
    /// edge of an edge stone.
    pub weak: i32,
    /// Added by each reinforcement (fig. 23: +1).
    pub k: i32,
    /// Every source of a stone in atari is at most this.
    pub atari_cap: i32,
    /// Every source of a stone whose chain has two liberties is at most this.
    pub two_liberty_cap: i32,
    /// `C_inf` of eq. 3.
    pub c_inf: f64,
}

impl Default for ProjectionParams {
    /// Strong 4, middle 3, weak 2, `k = 1` (the values of fig. 23), sources
    /// capped at 1 in atari and at 2 with two liberties, `C_inf = 1`.
    fn default() -> ProjectionParams {
        ProjectionParams {
            strong: 4,
            middle: 3,
            weak: 2,
            k: 1,
            atari_cap: 1,
            two_liberty_cap: 2,
            c_inf: 1.0,
        }
    }
}

/// The projection model of seed 001 §3.2.
#[derive(Clone, Copy, Debug)]
pub struct Projection<'r> {
    /// The constants.
    pub params: ProjectionParams,
    /// The reinforcement rules (the same file as the ellipse model's).
    pub rules: &'r ReinforcementRules,
}

impl Projection<'static> {
    /// The model with default constants and the built-in rules.
    pub fn new() -> Projection<'static> {
        Projection {
            params: ProjectionParams::default(),
            rules: ReinforcementRules::builtin(),
        }
    }
}

impl Default for Projection<'static> {
    fn default() -> Projection<'static> {
        Projection::new()
    }
}

/// Influence along an axis at distance `d ≥ 1` from a stone whose source in
/// that direction is `p`: `max(0, p − d + 1)` (BRIEF.md's decision; seed
/// 001 §3.2.2 step 1 lost its formula). So the neighbour gets `p`.
pub const fn axis_value(p: i32, d: i32) -> i32 {
    let v = p - d + 1;
    if v > 0 { v } else { 0 }
}

/// Seed 001 eq. 2: the influence on a point off the axes from the
/// influences `a`, `b` of its projections on the two axes:
/// `floor((max·min − min) / max)`; 0 if either is 0. The worked example of
/// fig. 23: 4 and 3 give `floor(9 / 4) = 2`.
pub const fn off_axis_value(a: i32, b: i32) -> i32 {
    let (max, min) = if a > b { (a, b) } else { (b, a) };
    if min <= 0 { 0 } else { (max * min - min) / max }
}

const TABLE_SIDE: usize = MAX_REACH as usize + 1;

/// [`off_axis_value`] for every pair of axis values up to [`MAX_REACH`],
/// computed at compile time (the division is the inner loop's cost).
const OFF_AXIS: [[i32; TABLE_SIDE]; TABLE_SIDE] = {
    let mut t = [[0; TABLE_SIDE]; TABLE_SIDE];
    let mut a = 0;
    while a < TABLE_SIDE {
        let mut b = 0;
        while b < TABLE_SIDE {
            t[a][b] = off_axis_value(a as i32, b as i32);
            b += 1;
        }
        a += 1;
    }
    t
};

/// `ROW_WIDTH[ph][v]`: how far a row of a quadrant reaches, for the
/// horizontal source `ph` and the row's vertical axis value `v`: the number
/// of `i ≥ 1` with `off_axis_value(axis_value(ph, i), v) > 0` (it only falls
/// with `i`).
const ROW_WIDTH: [[i32; TABLE_SIDE]; TABLE_SIDE] = {
    let mut t = [[0; TABLE_SIDE]; TABLE_SIDE];
    let mut ph = 0;
    while ph < TABLE_SIDE {
        let mut v = 0;
        while v < TABLE_SIDE {
            let mut w = 0;
            while w < ph && off_axis_value(axis_value(ph as i32, w as i32 + 1), v as i32) > 0 {
                w += 1;
            }
            t[ph][v] = w as i32;
            v += 1;
        }
        ph += 1;
    }
    t
};

/// [`off_axis_value`] by table; both values within `0..=MAX_REACH`.
#[inline]
fn off_axis(a: i32, b: i32) -> i32 {
    OFF_AXIS[a as usize][b as usize]
}

/// The sources of one stone at each step of §3.2.1.
#[derive(Clone, Debug, PartialEq)]
pub struct ProjectionStone {
    /// The stone.
    pub stone: Point,
    /// Its colour.
    pub color: Color,
    /// Its zone (keisei-territory's, shared with the control blocks).
    pub zone: Zone,
    /// The liberties of its chain.
    pub liberties: usize,
    /// From the zone (figs. 20–22).
    pub initial: Sources,
    /// After the reinforcement rules.
    pub reinforced: Sources,
    /// After the liberty limit: the sources that spread.
    pub limited: Sources,
    /// The reinforcements that applied.
    pub reinforcements: Vec<Reinforcement>,
}

/// Everything the projection model computes, for review and snapshots.
#[derive(Clone, Debug, PartialEq)]
pub struct ProjectionAnalysis {
    /// The sources of every live stone, in point order.
    pub stones: Vec<ProjectionStone>,
    /// The summed influence of the black stones on each open point.
    pub black_h: BoardMap<i32>,
    /// The summed influence of the white stones on each open point.
    pub white_h: BoardMap<i32>,
    /// `δ_inf`: open points that are nobody's territory.
    pub delta: BoardMap<bool>,
    /// The result (`value` = `H` = black minus white).
    pub influence: Influence,
}

/// The directions of an axis towards the nearer edge: both when the
/// coordinate is the middle of the board.
fn towards_edge(c: i32, last: i32, low: Direction) -> [Option<Direction>; 2] {
    match c.cmp(&(last - c)) {
        std::cmp::Ordering::Less => [Some(low), None],
        std::cmp::Ordering::Greater => [Some(low.opposite()), None],
        std::cmp::Ordering::Equal => [Some(low), Some(low.opposite())],
    }
}

impl Projection<'_> {
    /// The initial sources of a stone on `p` by its zone (§3.2.1, figs.
    /// 20–22): centre, weak in every direction; edge, strong towards the
    /// edge, weak away from it, middle along it; corner, strong towards both
    /// edges, middle away from them. On the middle line of a small board an
    /// axis has two nearer edges, and both directions are strong.
    pub fn initial(&self, p: Point, size: u8) -> (Zone, Sources) {
        let prm = &self.params;
        let last = i32::from(size) - 1;
        let z = zone(p, size);
        let line = |c: i32| c.min(last - c) + 1;
        let x_axis = towards_edge(p.x(), last, Direction::West);
        let y_axis = towards_edge(p.y(), last, Direction::North);
        let mut s = Sources::uniform(prm.weak);
        match z {
            Zone::Centre => {}
            Zone::Corner => {
                s = Sources::uniform(prm.middle);
                for d in x_axis.into_iter().chain(y_axis).flatten() {
                    s.set(d, prm.strong);
                }
            }
            Zone::Edge => {
                // The axis towards the edge: strong that way, weak the other;
                // the axis along the edge: middle both ways.
                let (near, along) = if line(p.x()) <= ZONE_LINE {
                    (x_axis, [Direction::North, Direction::South])
                } else {
                    (y_axis, [Direction::East, Direction::West])
                };
                for d in along {
                    s.set(d, prm.middle);
                }
                for d in near.into_iter().flatten() {
                    s.set(d, prm.strong);
                }
            }
        }
        (z, s)
    }

    /// The liberty limit (§3.2.1, "extremely weak stones, such as those in
    /// atari"): the cap for a chain with `liberties` liberties.
    pub fn liberty_cap(&self, liberties: usize) -> i32 {
        match liberties {
            0 | 1 => self.params.atari_cap,
            2 => self.params.two_liberty_cap,
            _ => MAX_REACH,
        }
    }

    /// The sources of the live stone on `stone` (initial, reinforced,
    /// limited), or `None` for a point without a live stone.
    pub fn stone(&self, ctx: &Context, stone: Point) -> Option<ProjectionStone> {
        let color = ctx.live(stone)?;
        let (zone, initial) = self.initial(stone, ctx.board.size());
        let reinforcements = self.rules.reinforcements(ctx, stone);
        let mut reinforced = initial;
        for r in &reinforcements {
            reinforced.add(r.direction, self.params.k);
        }
        let reinforced = reinforced.clamped(MAX_REACH);
        let liberties = ctx.board.liberty_count(stone);
        let limited = reinforced.clamped(self.liberty_cap(liberties));
        Some(ProjectionStone {
            stone,
            color,
            zone,
            liberties,
            initial,
            reinforced,
            limited,
            reinforcements,
        })
    }

    /// The influence of the live stone on `stone` alone: `H` of that stone
    /// on every point (unsigned; 0 where it does not reach).
    pub fn stone_map(&self, ctx: &Context, stone: Point) -> BoardMap<i32> {
        let size = ctx.board.size();
        let mut out = BoardMap::new(size, 0);
        if let Some(s) = self.stone(ctx, stone) {
            let obstacles = enemy_stones(ctx, s.color);
            let grid = Grid::new(ctx);
            spread(&grid, size, stone, s.limited, &obstacles, |i, h| {
                out[Point::from_index(i)] += h;
            });
        }
        out
    }

    /// Runs the model, keeping every intermediate result.
    pub fn analyse(&self, ctx: &Context) -> ProjectionAnalysis {
        self.run(ctx, true)
    }

    fn run(&self, ctx: &Context, detail: bool) -> ProjectionAnalysis {
        let board = ctx.board;
        let size = board.size();
        let obstacles = [
            enemy_stones(ctx, Color::Black),
            enemy_stones(ctx, Color::White),
        ];
        let grid = Grid::new(ctx);
        let mut h = [vec![0i32; NUM_CELLS], vec![0i32; NUM_CELLS]];
        let mut stones = Vec::new();
        for p in board.points() {
            let Some(color) = ctx.live(p) else {
                continue;
            };
            let (zone, initial) = self.initial(p, size);
            let mut reinforcements = Vec::new();
            let mut reinforced = initial;
            self.rules.for_each_in(&grid, p, color, |r| {
                reinforced.add(r.direction, self.params.k);
                if detail {
                    reinforcements.push(r);
                }
            });
            let reinforced = reinforced.clamped(MAX_REACH);
            let liberties = board.liberty_count(p);
            let limited = reinforced.clamped(self.liberty_cap(liberties));
            let sums = &mut h[color.index()];
            spread(
                &grid,
                size,
                p,
                limited,
                &obstacles[color.index()],
                |i, v| {
                    sums[i] += v;
                },
            );
            if detail {
                stones.push(ProjectionStone {
                    stone: p,
                    color,
                    zone,
                    liberties,
                    initial,
                    reinforced,
                    limited,
                    reinforcements,
                });
            }
        }
        let [bh, wh] = h;
        let territory = (ctx.territory.map.size() == size).then_some(&ctx.territory.map);
        let is_delta =
            |p: Point, g: usize| g_live(&grid, g) && territory.is_none_or(|t| t[p] == Owner::None);
        let delta = grid::map_from(size, is_delta);
        let value = grid::map_from(size, |p, g| {
            if g_live(&grid, g) {
                f64::from(bh[p.index()] - wh[p.index()])
            } else {
                0.0
            }
        });
        let (mut black, mut white) = (0i64, 0i64);
        let under = grid::map_from(size, |p, g| {
            if !is_delta(p, g) {
                return Under::None;
            }
            let (b, w) = (bh[p.index()], wh[p.index()]);
            let v = i64::from(b - w);
            if v > 0 {
                black += v;
                Under::Black
            } else if v < 0 {
                white -= v;
                Under::White
            } else if b > 0 && w > 0 {
                Under::Both
            } else {
                Under::None
            }
        });
        let sums = |v: &[i32]| {
            if detail {
                grid::map_from(size, |p, _| v[p.index()])
            } else {
                BoardMap::new(size, 0)
            }
        };
        let c = self.params.c_inf;
        ProjectionAnalysis {
            stones,
            black_h: sums(&bh),
            white_h: sums(&wh),
            delta,
            influence: Influence {
                model: ModelKind::Projection,
                value,
                under,
                black: c * black as f64,
                white: c * white as f64,
            },
        }
    }
}

/// Whether the grid cell `g` is an open point (empty or a dead stone).
#[inline]
fn g_live(grid: &Grid, g: usize) -> bool {
    grid.live[g] == grid::EMPTY
}

/// The live stones of `color`'s opponent: what blocks `color`'s influence.
fn enemy_stones(ctx: &Context, color: Color) -> Obstacles {
    let mut set = ctx.board.point_sets().stones[color.opponent().index()];
    set.subtract(ctx.dead);
    Obstacles::of_set(ctx.board.size(), &set)
}

/// Calls `f(point, h)` for every open point the stone's influence reaches
/// (§3.2.2): along each axis `axis_value`, off the axes eq. 2 of the two
/// projections' axis values, nothing behind an enemy stone on the straight
/// line (fig. 24).
fn spread(
    grid: &Grid,
    size: u8,
    stone: Point,
    sources: Sources,
    obstacles: &Obstacles,
    mut f: impl FnMut(usize, i32),
) {
    let lines = Lines::get();
    let n = i32::from(size);
    let (sx, sy) = (stone.x(), stone.y());
    let stride = STRIDE as i32;
    let base = stone.index() as i32;
    let g = grid::index(stone);
    let open = |dx: i32, dy: i32| grid.live[grid::add(g, grid::delta(dx, dy))] == grid::EMPTY;
    // Along the axes: up to the first enemy stone.
    for d in Direction::ALL {
        let (dx, dy) = d.offset();
        let p = sources.get(d);
        for t in 1..=p {
            let (x, y) = (sx + dx * t, sy + dy * t);
            if x < 0 || y < 0 || x >= n || y >= n {
                break;
            }
            let i = (base + (dx + dy * stride) * t) as usize;
            if obstacles.at(i) {
                break;
            }
            if open(dx * t, dy * t) {
                f(i, axis_value(p, t));
            }
        }
    }
    // Off the axes, row by row of each quadrant.
    for (hx, vy) in [
        (Direction::East, Direction::North),
        (Direction::East, Direction::South),
        (Direction::West, Direction::South),
        (Direction::West, Direction::North),
    ] {
        let (ph, pv) = (sources.get(hx), sources.get(vy));
        let (qx, _) = hx.offset();
        let (_, qy) = vy.offset();
        // The obstacles of the rows from the stone's to the current one.
        let mut seen = obstacles.row(sy);
        for j in 1..=pv {
            let y = sy + qy * j;
            if y < 0 || y >= n {
                break;
            }
            seen |= obstacles.row(y);
            let v = axis_value(pv, j);
            // The row ends where eq. 2 reaches 0 or at the edge.
            let width =
                ROW_WIDTH[ph as usize][v as usize].min(if qx > 0 { n - 1 - sx } else { sx });
            if width == 0 {
                continue;
            }
            // No obstacle in the rectangle from the stone to the row's far
            // end: nothing can stand between the stone and any point of it.
            let far = sx + qx * width;
            let clear = seen & columns(sx.min(far), sx.max(far)) == 0;
            for i in 1..=width {
                let (dx, dy) = (qx * i, qy * j);
                if open(dx, dy) && (clear || !obstacles.between(lines, stone, dx, dy)) {
                    let h = off_axis(axis_value(ph, i), v);
                    f((base + dx + dy * stride) as usize, h);
                }
            }
        }
    }
}

impl Model for Projection<'_> {
    fn kind(&self) -> ModelKind {
        ModelKind::Projection
    }

    /// `value` is `H`: the summed influence of the black stones minus that
    /// of the white stones on each open point. `δ_inf` is 1 on open points
    /// that are nobody's territory (territory is counted by the territory
    /// term); `under` is the sign of `H` there (`Both` when both colours
    /// reach a point and cancel out); each colour's score is
    /// `C_inf · Σ |H|` over the `δ_inf` points where `H` has its sign.
    fn influence(&self, ctx: &Context) -> Influence {
        self.run(ctx, false).influence
    }
}
