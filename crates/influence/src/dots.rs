//! The dots model (seed 003, Handtalk's programming notes): each stone
//! radiates 4 / 3 / 2 / 1, the values add up non-linearly into "dots",
//! adjustment rules shape the spheres, ±1 dot marks a false eye, and the
//! dots define blocks.
//!
//! Sign convention: seed 003 counts White positive. Every other model of
//! this crate counts Black positive, so this one does too: all values here
//! are seed 003's values negated. The rules are the same for both colours,
//! so nothing else changes.

use crate::context::Context;
use crate::grid::{self, Grid};
use crate::influence::{Influence, Model, ModelKind, Under};
use keisei_board::{Board, BoardMap, Cell, Color, NUM_CELLS, Point, PointSet, STRIDE};
use serde::Serialize;
use std::sync::OnceLock;

/// The largest offset, in columns or rows, a stone's influence reaches.
pub const DOTS_REACH: i32 = 3;

/// Dots of a point in a colour's sphere before the adjustment rules.
pub const SPHERE: i32 = 6;

/// The influence of one stone on the point `(dx, dy)` away (seed 003
/// "石の影響"): 4 next to it, 3 on a diagonal, 2 at a one-space jump or a
/// knight's move, 1 "beyond": our reading of beyond is the next ring of
/// shapes — the two-point diagonal (2,2), the two-space jump (3,0) and the
/// large knight's move (3,1) — and nothing farther.
pub const fn stone_influence(dx: i32, dy: i32) -> i32 {
    let (a, b) = (dx.abs(), dy.abs());
    let (far, near) = if a > b { (a, b) } else { (b, a) };
    match (far, near) {
        (1, 0) => 4,
        (1, 1) => 3,
        (2, 0 | 1) => 2,
        (2, 2) | (3, 0 | 1) => 1,
        _ => 0,
    }
}

/// The constants of the dots model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DotsParams {
    /// A stone that can be attacked (not in [`Context::unattackable`]) and
    /// whose group strength is below this is half-dead: its influence is
    /// halved (rounded down). Strength alone measures eye shape: a wall in
    /// the open has no eyes yet but is not in danger, so it is not half-dead.
    pub half_dead_below: f64,
    /// A stone with at least this many own stones next to it is clumped
    /// (団子石): its influence is one less everywhere. A stone in a 2×2
    /// square of own stones is clumped too.
    pub clump_neighbours: usize,
}

impl Default for DotsParams {
    /// Half-dead: attackable and below strength 0.25; clumped with 3 own
    /// neighbours.
    fn default() -> DotsParams {
        DotsParams {
            half_dead_below: 0.25,
            clump_neighbours: 3,
        }
    }
}

/// The dots model of seed 003.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dots {
    /// The constants.
    pub params: DotsParams,
}

impl Dots {
    /// The model with default constants.
    pub fn new() -> Dots {
        Dots::default()
    }
}

/// How a stone's influence is weakened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Weakening {
    /// Half-dead: halved.
    pub half_dead: bool,
    /// Clumped: one less.
    pub clumped: bool,
}

impl Weakening {
    /// The influence `w` of a stone after weakening.
    pub const fn apply(self, w: i32) -> i32 {
        let w = if self.half_dead { w / 2 } else { w };
        if self.clumped && w > 0 { w - 1 } else { w }
    }
}

/// A block (seed 003 "ブロックの形"): touching points of one colour — its
/// live stones, the other colour's dead stones and the empty points of its
/// dots — joined with the blocks of that colour it touches inseparably.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DotBlock {
    /// Whose block.
    pub color: Color,
    /// Its live stones.
    #[serde(serialize_with = "serialize_points")]
    pub stones: PointSet,
    /// The other colour's dead stones inside it.
    #[serde(serialize_with = "serialize_points")]
    pub captives: PointSet,
    /// Every point of the block: stones, captives and empty points.
    #[serde(serialize_with = "serialize_points")]
    pub area: PointSet,
}

fn serialize_points<S: serde::Serializer>(set: &PointSet, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(set.iter().map(|p| (p.x(), p.y())))
}

/// Everything the dots model computes, for review and snapshots.
#[derive(Clone, Debug, PartialEq)]
pub struct DotsAnalysis {
    /// The weakening of every live stone that is weakened, in point order.
    pub weakened: Vec<(Point, Weakening)>,
    /// The linear sum of stone influences on each open point (Black +).
    pub raw: BoardMap<i32>,
    /// After the non-linear rules: 0 next to both colours, ±1 only on false
    /// eyes, otherwise the raw sum when it is at least 2 in size.
    pub combined: BoardMap<i32>,
    /// The dots: ±6 in a sphere, capped at 3 or 5 by the adjustment rules,
    /// ±1 on false eyes, 0 elsewhere.
    pub dots: BoardMap<i8>,
    /// Empty points that are false eyes (of the colour of their dot).
    pub false_eyes: PointSet,
    /// The blocks.
    pub blocks: Vec<DotBlock>,
    /// The result (`value` = dots).
    pub influence: Influence,
}

/// Whether the empty point `p` is a false eye of `color`: every neighbour on
/// the board is a live stone of `color`, and the opponent's live stones hold
/// two of its diagonals (one on the edge or in the corner). Dead stones are
/// neither.
pub fn is_false_eye(ctx: &Context, p: Point, color: Color) -> bool {
    p.on_board(ctx.board.size())
        && ctx.board.is_empty(p)
        && false_eye_at(&Grid::new(ctx), grid::index(p), color)
}

/// [`is_false_eye`] on the grid, for an open grid cell `i`.
fn false_eye_at(g: &Grid, i: usize, color: Color) -> bool {
    let own = grid::code(color);
    let enemy = grid::code(color.opponent());
    let cells = &g.live;
    for d in ORTHOGONAL {
        let c = cells[grid::add(i, d)];
        if c != own && c != grid::OFF {
            return false;
        }
    }
    let (mut on_board, mut held) = (0, 0);
    for d in DIAGONAL {
        let c = cells[grid::add(i, d)];
        if c != grid::OFF {
            on_board += 1;
            if c == enemy {
                held += 1;
            }
        }
    }
    held >= if on_board == 4 { 2 } else { 1 }
}

const ORTHOGONAL: [isize; 4] = [
    grid::delta(0, -1),
    grid::delta(1, 0),
    grid::delta(0, 1),
    grid::delta(-1, 0),
];
const DIAGONAL: [isize; 4] = [
    grid::delta(1, -1),
    grid::delta(1, 1),
    grid::delta(-1, 1),
    grid::delta(-1, -1),
];

/// The offsets a stone reaches, with [`stone_influence`] (non-zero only).
fn kernel() -> &'static [(isize, i32)] {
    static KERNEL: OnceLock<Vec<(isize, i32)>> = OnceLock::new();
    KERNEL.get_or_init(|| {
        let mut k = Vec::new();
        for dy in -DOTS_REACH..=DOTS_REACH {
            for dx in -DOTS_REACH..=DOTS_REACH {
                let w = stone_influence(dx, dy);
                if w != 0 {
                    k.push((grid::delta(dx, dy), w));
                }
            }
        }
        k
    })
}

impl Dots {
    /// How the live stone on `p` is weakened (half-dead, clumped).
    pub fn weakening(&self, ctx: &Context, p: Point) -> Weakening {
        match ctx.live(p) {
            Some(color) => self.weakening_in(ctx, &Grid::new(ctx), p, color),
            None => Weakening::default(),
        }
    }

    fn weakening_in(&self, ctx: &Context, g: &Grid, p: Point, color: Color) -> Weakening {
        let own = grid::code(color);
        let i = grid::index(p);
        let is_own = |dx: i32, dy: i32| g.live[grid::add(i, grid::delta(dx, dy))] == own;
        let neighbours = [(0, -1), (1, 0), (0, 1), (-1, 0)]
            .iter()
            .filter(|&&(dx, dy)| is_own(dx, dy))
            .count();
        let square = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .iter()
            .any(|&(dx, dy)| is_own(dx, 0) && is_own(0, dy) && is_own(dx, dy));
        Weakening {
            half_dead: !ctx.unattackable.contains(p)
                && ctx.strength_at(p) < self.params.half_dead_below,
            clumped: neighbours >= self.params.clump_neighbours || square,
        }
    }

    /// Runs the model, keeping every intermediate result.
    pub fn analyse(&self, ctx: &Context) -> DotsAnalysis {
        let board = ctx.board;
        let size = board.size();
        let g = Grid::new(ctx);
        // Raw sums (Black +), accumulated over the padded grid; only open
        // points are read.
        let mut raw = vec![0i32; grid::CELLS];
        let mut weakened = Vec::new();
        let kernel = kernel();
        grid::for_points(size, |p, i| {
            let sign = match g.counts_for[i] {
                1 => 1,
                2 => -1,
                _ => return,
            };
            let weak = match g.live[i] {
                grid::EMPTY => Weakening::default(),
                c => {
                    let color = if c == 1 { Color::Black } else { Color::White };
                    self.weakening_in(ctx, &g, p, color)
                }
            };
            if weak == Weakening::default() {
                for &(d, w) in kernel {
                    raw[grid::add(i, d)] += sign * w;
                }
            } else {
                weakened.push((p, weak));
                for &(d, w) in kernel {
                    raw[grid::add(i, d)] += sign * weak.apply(w);
                }
            }
        });
        // The non-linear rules.
        let mut combined = vec![0i32; grid::CELLS];
        let mut false_eyes = PointSet::new();
        grid::for_points(size, |p, i| {
            if g.live[i] != grid::EMPTY {
                return;
            }
            if let Some(c) = Color::BOTH.into_iter().find(|&c| false_eye_at(&g, i, c)) {
                combined[i] = c.sign();
                false_eyes.insert(p);
                return;
            }
            let mut touch = 0u8;
            for d in ORTHOGONAL.into_iter().chain(DIAGONAL) {
                touch |= 1 << g.counts_for[grid::add(i, d)];
            }
            let v = raw[i];
            combined[i] = if touch & 0b110 == 0b110 || v.abs() <= 1 {
                0
            } else {
                v
            };
        });
        // The sphere and the adjustment rules.
        let mut dots_grid = vec![0i8; grid::CELLS];
        for (i, &v) in combined.iter().enumerate() {
            if g.live[i] != grid::EMPTY || v == 0 {
                continue;
            }
            if v.abs() == 1 {
                dots_grid[i] = v as i8;
                continue;
            }
            let sign = v.signum();
            let own = if sign > 0 { 1 } else { 2 };
            let mut cap = SPHERE;
            for d in ORTHOGONAL {
                let j = grid::add(i, d);
                // The neighbour seen from this side: own live stone strong,
                // enemy live stone "negative", an open point its combined value.
                let view = match g.live[j] {
                    grid::OFF => continue,
                    grid::EMPTY => sign * combined[j],
                    c if c == own => continue,
                    _ => i32::MIN,
                };
                if view <= 0 {
                    cap = 3;
                    break;
                } else if view <= 2 {
                    cap = cap.min(5);
                }
            }
            dots_grid[i] = (sign * cap) as i8;
        }
        let value = grid::map_from(size, |_, i| f64::from(dots_grid[i]));
        let under = grid::map_from(size, |_, i| match dots_grid[i].signum() {
            1 => Under::Black,
            -1 => Under::White,
            _ => Under::None,
        });
        let dots = grid::map_from(size, |_, i| dots_grid[i]);
        let blocks = dot_blocks(board, ctx.dead, &dots);
        let (mut black, mut white) = (0i32, 0i32);
        for &d in &dots_grid {
            if d > 0 {
                black += i32::from(d);
            } else {
                white -= i32::from(d);
            }
        }
        DotsAnalysis {
            weakened,
            raw: grid::map_from(
                size,
                |_, i| if g.live[i] == grid::EMPTY { raw[i] } else { 0 },
            ),
            combined: grid::map_from(size, |_, i| combined[i]),
            influence: Influence {
                model: ModelKind::Dots,
                value,
                under,
                black: f64::from(black) / f64::from(SPHERE),
                white: f64::from(white) / f64::from(SPHERE),
            },
            dots,
            false_eyes,
            blocks,
        }
    }
}

/// Union–find over point indices.
struct Sets(Vec<u16>);

impl Sets {
    fn find(&mut self, a: usize) -> usize {
        let mut a = a;
        while usize::from(self.0[a]) != a {
            let up = usize::from(self.0[a]);
            self.0[a] = self.0[up];
            a = up;
        }
        a
    }
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            // The smaller index is the root: deterministic.
            let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.0[hi] = lo as u16;
        }
    }
}

/// Block recognition (seed 003 "ブロックの形"). The points of `color`'s
/// blocks are its live stones, the other colour's dead stones (`dead`) and
/// the empty points whose dot has `color`'s sign (`dots`, Black positive:
/// the 1-dot false eyes and every point of 3 dots or more — after the
/// adjustment rules no point has 2 or 4). Touching points (4-neighbours)
/// form a block; two blocks of one colour that touch diagonally are one
/// block ("touching inseparably") unless a live stone of the other colour
/// stands on one of the two points beside the diagonal (a cut). Only
/// blocks with at least one live stone are returned, ordered by their
/// first point.
pub fn dot_blocks(board: &Board, dead: &PointSet, dots: &BoardMap<i8>) -> Vec<DotBlock> {
    const NONE: u8 = 0;
    let n = usize::from(board.size());
    let same_size = dots.size() == board.size();
    let dot_rows = dots.array().as_slice().filter(|_| same_size);
    let no_dead = dead.is_empty();
    // Per padded index: the colour code a point's block would have (0 none,
    // 1 black, 2 white) and the live stones' colour codes.
    let mut class = [NONE; NUM_CELLS];
    let mut live = [NONE; NUM_CELLS];
    for y in 0..n {
        let first = Point::new(0, y as u8).index();
        for x in 0..n {
            let i = first + x;
            let p = Point::from_index(i);
            let stone = match board.cell(p) {
                Cell::Black => 1,
                Cell::White => 2,
                _ => NONE,
            };
            class[i] = if stone == NONE {
                let d = match dot_rows {
                    Some(rows) => rows[y * n + x],
                    None => dots.array().get([y, x]).copied().unwrap_or_default(),
                };
                match d.signum() {
                    1 => 1,
                    -1 => 2,
                    _ => NONE,
                }
            } else if !no_dead && dead.contains(p) {
                3 - stone
            } else {
                live[i] = stone;
                stone
            };
        }
    }
    let stride = STRIDE;
    let mut sets = Sets((0..NUM_CELLS as u16).collect());
    for y in 0..n {
        let first = Point::new(0, y as u8).index();
        for i in first..first + n {
            let c = class[i];
            if c == NONE {
                continue;
            }
            // Right and down neighbours (cells off the board have no class).
            if class[i + 1] == c {
                sets.union(i, i + 1);
            }
            if class[i + stride] == c {
                sets.union(i, i + stride);
            }
            // The two diagonals below; joined unless an enemy live stone
            // stands on one of the two points beside the diagonal.
            let enemy = 3 - c;
            if class[i + stride + 1] == c && live[i + 1] != enemy && live[i + stride] != enemy {
                sets.union(i, i + stride + 1);
            }
            if class[i + stride - 1] == c && live[i - 1] != enemy && live[i + stride] != enemy {
                sets.union(i, i + stride - 1);
            }
        }
    }
    let mut block_of = vec![u16::MAX; NUM_CELLS];
    let mut out: Vec<DotBlock> = Vec::new();
    for y in 0..n {
        let first = Point::new(0, y as u8).index();
        for i in first..first + n {
            let c = class[i];
            if c == NONE {
                continue;
            }
            let r = sets.find(i);
            if block_of[r] == u16::MAX {
                block_of[r] = out.len() as u16;
                out.push(DotBlock {
                    color: if c == 1 { Color::Black } else { Color::White },
                    stones: PointSet::new(),
                    captives: PointSet::new(),
                    area: PointSet::new(),
                });
            }
            let b = &mut out[usize::from(block_of[r])];
            let p = Point::from_index(i);
            b.area.insert(p);
            if live[i] != NONE {
                b.stones.insert(p);
            } else if board.cell(p) != Cell::Empty {
                b.captives.insert(p);
            }
        }
    }
    out.retain(|b| !b.stones.is_empty());
    out
}

impl Model for Dots {
    fn kind(&self) -> ModelKind {
        ModelKind::Dots
    }

    /// `value` is the dots (Black positive, −6..=6); `under` is the colour
    /// of a point's dots; each colour's score is its dots summed and divided
    /// by 6 (a full sphere point counts one).
    fn influence(&self, ctx: &Context) -> Influence {
        self.analyse(ctx).influence
    }
}
