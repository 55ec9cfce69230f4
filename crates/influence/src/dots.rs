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
use crate::influence::{Influence, Model, ModelKind, Under};
use keisei_board::{Board, BoardMap, Color, NUM_CELLS, Point, PointSet};
use serde::Serialize;

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
    /// A stone whose group strength is below this is half-dead: its
    /// influence is halved (rounded down).
    pub half_dead_below: f64,
    /// A stone with at least this many own stones next to it is clumped
    /// (団子石): its influence is one less everywhere. A stone in a 2×2
    /// square of own stones is clumped too.
    pub clump_neighbours: usize,
}

impl Default for DotsParams {
    /// Half-dead below strength 0.25; clumped with 3 own neighbours.
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

/// The colour a stone on `p` counts for: its own when alive, the other
/// colour's when dead (seed 003: "dead stones influence with the sign
/// reversed").
fn counts_for(ctx: &Context, p: Point) -> Option<Color> {
    let c = ctx.board.color(p)?;
    Some(if ctx.dead.contains(p) {
        c.opponent()
    } else {
        c
    })
}

/// Whether the empty point `p` is a false eye of `color`: every neighbour on
/// the board is a live stone of `color`, and the opponent's live stones hold
/// two of its diagonals (one on the edge or in the corner).
pub fn is_false_eye(ctx: &Context, p: Point, color: Color) -> bool {
    let size = ctx.board.size();
    if !ctx.board.is_empty(p) {
        return false;
    }
    if !p
        .neighbors()
        .iter()
        .filter(|q| q.on_board(size))
        .all(|&q| ctx.live(q) == Some(color))
    {
        return false;
    }
    let (mut on_board, mut enemy) = (0, 0);
    for q in p.diagonals() {
        if q.on_board(size) {
            on_board += 1;
            if ctx.live(q) == Some(color.opponent()) {
                enemy += 1;
            }
        }
    }
    let needed = if on_board == 4 { 2 } else { 1 };
    enemy >= needed
}

impl Dots {
    /// How the live stone on `p` is weakened (half-dead, clumped).
    pub fn weakening(&self, ctx: &Context, p: Point) -> Weakening {
        let Some(color) = ctx.live(p) else {
            return Weakening::default();
        };
        let size = ctx.board.size();
        let own = |dx: i32, dy: i32| {
            p.offset(dx, dy, size)
                .is_some_and(|q| ctx.live(q) == Some(color))
        };
        let neighbours = [(0, -1), (1, 0), (0, 1), (-1, 0)]
            .iter()
            .filter(|&&(dx, dy)| own(dx, dy))
            .count();
        let square = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .iter()
            .any(|&(dx, dy)| own(dx, 0) && own(0, dy) && own(dx, dy));
        Weakening {
            half_dead: ctx.strength_at(p) < self.params.half_dead_below,
            clumped: neighbours >= self.params.clump_neighbours || square,
        }
    }

    /// Runs the model, keeping every intermediate result.
    pub fn analyse(&self, ctx: &Context) -> DotsAnalysis {
        let board = ctx.board;
        let size = board.size();
        // Raw sums over open points (Black +).
        let mut raw = vec![0i32; NUM_CELLS];
        let mut weakened = Vec::new();
        for p in board.points() {
            let Some(color) = counts_for(ctx, p) else {
                continue;
            };
            let weak = if ctx.live(p).is_some() {
                self.weakening(ctx, p)
            } else {
                Weakening::default()
            };
            if weak != Weakening::default() {
                weakened.push((p, weak));
            }
            let sign = color.sign();
            for dy in -DOTS_REACH..=DOTS_REACH {
                for dx in -DOTS_REACH..=DOTS_REACH {
                    let w = weak.apply(stone_influence(dx, dy));
                    if w == 0 {
                        continue;
                    }
                    if let Some(q) = p.offset(dx, dy, size) {
                        if ctx.is_open(q) {
                            raw[q.index()] += sign * w;
                        }
                    }
                }
            }
        }
        // The non-linear rules.
        let mut combined = vec![0i32; NUM_CELLS];
        let mut false_eyes = PointSet::new();
        for p in board.points() {
            if !ctx.is_open(p) {
                continue;
            }
            let eye = Color::BOTH.into_iter().find(|&c| is_false_eye(ctx, p, c));
            if let Some(c) = eye {
                combined[p.index()] = c.sign();
                false_eyes.insert(p);
                continue;
            }
            let mut touch = [false, false];
            for q in p.neighbors().into_iter().chain(p.diagonals()) {
                if q.on_board(size) {
                    if let Some(c) = counts_for(ctx, q) {
                        touch[c.index()] = true;
                    }
                }
            }
            let v = raw[p.index()];
            combined[p.index()] = if (touch[0] && touch[1]) || v.abs() <= 1 {
                0
            } else {
                v
            };
        }
        // The sphere and the adjustment rules.
        let mut dots = vec![0i8; NUM_CELLS];
        for p in board.points() {
            let v = combined[p.index()];
            if !ctx.is_open(p) || v == 0 {
                continue;
            }
            if v.abs() == 1 {
                dots[p.index()] = v as i8;
                continue;
            }
            let sign = v.signum();
            let mut cap = SPHERE;
            for q in p.neighbors() {
                if !q.on_board(size) {
                    continue;
                }
                // The neighbour seen from this side: own live stone strong,
                // enemy live stone "negative", an open point its combined value.
                let view = match ctx.live(q) {
                    Some(c) if c.sign() == sign => i32::MAX,
                    Some(_) => i32::MIN,
                    None => sign * combined[q.index()],
                };
                if view <= 0 {
                    cap = cap.min(3);
                } else if view <= 2 {
                    cap = cap.min(5);
                }
            }
            dots[p.index()] = (sign * cap) as i8;
        }
        let dots = BoardMap::from_fn(size, |p| dots[p.index()]);
        let blocks = dot_blocks(board, ctx.dead, &dots);
        let value = dots.map(|&d| f64::from(d));
        let under = dots.map(|&d| match d.signum() {
            1 => Under::Black,
            -1 => Under::White,
            _ => Under::None,
        });
        let mass = |sign: i8| {
            f64::from(
                dots.iter()
                    .filter(|(_, d)| d.signum() == sign)
                    .map(|(_, &d)| i32::from(d).abs())
                    .sum::<i32>(),
            ) / f64::from(SPHERE)
        };
        DotsAnalysis {
            weakened,
            raw: BoardMap::from_fn(size, |p| raw[p.index()]),
            combined: BoardMap::from_fn(size, |p| combined[p.index()]),
            influence: Influence {
                model: ModelKind::Dots,
                value,
                under,
                black: mass(1),
                white: mass(-1),
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
    let size = board.size();
    let class = |p: Point| -> Option<Color> {
        match board.color(p) {
            Some(c) if dead.contains(p) => Some(c.opponent()),
            Some(c) => Some(c),
            None => {
                let d = dots
                    .array()
                    .get([p.y() as usize, p.x() as usize])
                    .copied()?;
                match d.signum() {
                    1 => Some(Color::Black),
                    -1 => Some(Color::White),
                    _ => None,
                }
            }
        }
    };
    let live = |p: Point| board.color(p).filter(|_| !dead.contains(p));
    let mut sets = Sets((0..NUM_CELLS as u16).collect());
    for p in board.points() {
        let Some(c) = class(p) else {
            continue;
        };
        for (dx, dy) in [(1, 0), (0, 1)] {
            if let Some(q) = p.offset(dx, dy, size) {
                if class(q) == Some(c) {
                    sets.union(p.index(), q.index());
                }
            }
        }
        for (dx, dy) in [(1, 1), (-1, 1)] {
            let Some(q) = p.offset(dx, dy, size) else {
                continue;
            };
            if class(q) != Some(c) {
                continue;
            }
            let cut = [p.offset(dx, 0, size), p.offset(0, dy, size)]
                .into_iter()
                .flatten()
                .any(|r| live(r) == Some(c.opponent()));
            if !cut {
                sets.union(p.index(), q.index());
            }
        }
    }
    let mut roots: Vec<usize> = Vec::new();
    let mut out: Vec<DotBlock> = Vec::new();
    for p in board.points() {
        let Some(c) = class(p) else {
            continue;
        };
        let r = sets.find(p.index());
        let k = if let Some(k) = roots.iter().position(|&x| x == r) {
            k
        } else {
            roots.push(r);
            out.push(DotBlock {
                color: c,
                stones: PointSet::new(),
                captives: PointSet::new(),
                area: PointSet::new(),
            });
            roots.len() - 1
        };
        let b = &mut out[k];
        b.area.insert(p);
        match board.color(p) {
            Some(_) if dead.contains(p) => {
                b.captives.insert(p);
            }
            Some(_) => {
                b.stones.insert(p);
            }
            None => {}
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
