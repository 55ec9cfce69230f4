//! Block danger (seed 003, 「ブロック危険度」): the danger of a block in
//! points (moku) from whether it has two eyes, its freedom and its size.
//!
//! The text names the factors and the one rule it commits to — every extra
//! move needed to enclose a block halves its danger — and says the rest is
//! found "by trial and error". Our quantification:
//!
//! - a block with two eyes (a group of its stones has `b >= 2`) is in no danger;
//! - otherwise the points at stake are `2 × stones + area` (stones are lost
//!   twice: as prisoners and as the area they stood on);
//! - freedom at stage 1 is the number of empty points adjacent or diagonal to
//!   the block, at stage 2 the empty points a one-space jump or a knight's
//!   move from it; enclosing takes one move per [`BlockDangerParams::freedom_per_move`]
//!   free points;
//! - danger = stake × 2^(−moves to enclose).

use crate::group::Groups;
use keisei_board::{Board, Color, PointSet};
use serde::Serialize;

/// A block as the dots model of the influence crate recognises it: stones
/// (living ones of one colour, plus dead enemy stones) and the empty points
/// they dominate. Passed in as values.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockInput {
    /// The block's colour.
    pub color: Color,
    /// Its stones.
    pub stones: PointSet,
    /// The empty points it dominates.
    pub area: PointSet,
}

/// Which freedom measure (seed 003: "第一段階" and "第二段階").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FreedomStage {
    /// Empty points adjacent or diagonal to the block.
    One,
    /// Empty points a one-space jump or a knight's move from the block.
    Two,
}

/// Parameters of the block-danger model.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BlockDangerParams {
    /// Which freedom measure.
    pub stage: FreedomStage,
    /// Free points one enclosing move takes away.
    pub freedom_per_move: f64,
}

impl Default for BlockDangerParams {
    fn default() -> BlockDangerParams {
        // Seed 003: "in most cases stage 1 gives the better results".
        BlockDangerParams {
            stage: FreedomStage::One,
            freedom_per_move: 3.0,
        }
    }
}

/// What the model says of one block.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BlockDanger {
    /// The block's colour.
    pub color: Color,
    /// Its stones.
    pub stones: usize,
    /// Its area.
    pub area: usize,
    /// Whether it has two eyes.
    pub two_eyes: bool,
    /// Its freedom at the chosen stage.
    pub freedom: usize,
    /// The points at stake.
    pub stake: f64,
    /// The danger in points.
    pub danger: f64,
}

const STAGE_ONE: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];
const STAGE_TWO: [(i32, i32); 12] = [
    (0, -2),
    (2, 0),
    (0, 2),
    (-2, 0),
    (1, -2),
    (2, -1),
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
];

/// The freedom of a block: empty points at the stage's offsets from any of
/// its points, outside the block.
pub fn freedom(board: &Board, block: &BlockInput, stage: FreedomStage) -> usize {
    let size = board.size();
    let mut inside = block.stones;
    inside.union_with(&block.area);
    let offsets: &[(i32, i32)] = match stage {
        FreedomStage::One => &STAGE_ONE,
        FreedomStage::Two => &STAGE_TWO,
    };
    let mut free = PointSet::new();
    for p in &inside {
        for &(dx, dy) in offsets {
            if let Some(q) = p.offset(dx, dy, size) {
                if board.is_empty(q) && !inside.contains(q) {
                    free.insert(q);
                }
            }
        }
    }
    free.len()
}

/// The danger of each block.
pub fn block_danger(
    board: &Board,
    blocks: &[BlockInput],
    groups: &Groups,
    params: &BlockDangerParams,
) -> Vec<BlockDanger> {
    blocks
        .iter()
        .map(|b| {
            let two_eyes = b
                .stones
                .iter()
                .filter_map(|s| groups.at(s))
                .any(|g| g.color == b.color && g.eyes.b.count() >= 2);
            let stones = b
                .stones
                .iter()
                .filter(|&s| board.color(s) == Some(b.color))
                .count();
            let stake = 2.0 * stones as f64 + b.area.len() as f64;
            let free = freedom(board, b, params.stage);
            let moves = free as f64 / params.freedom_per_move.max(1e-9);
            let danger = if two_eyes {
                0.0
            } else {
                stake * 0.5f64.powf(moves)
            };
            BlockDanger {
                color: b.color,
                stones,
                area: b.area.len(),
                two_eyes,
                freedom: free,
                stake,
                danger,
            }
        })
        .collect()
}
