//! Restriction blocks (seed 000 §3.2.1) and zone-dependent control blocks
//! (seed 001 §3.1.1): the area around a stone that cannot be attacked where
//! the opponent's influence does not spread and attacks are hard.

use crate::patterns::RemovalRules;
use keisei_board::{Board, BoardMap, Color, MAX_SIZE, MapCell, Point, PointSet, PointSets};
use serde::Serialize;

/// Which block model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BlockModel {
    /// Seed 000 §3.2.1 (after Yen & Hsu): a 5×5 block centred on the stone.
    Restriction,
    /// Seed 001 §3.1.1: 3×3 in the centre, 3×4 on the edge, 4×4 in the
    /// corner, larger towards the edge.
    Zone,
}

/// Where a stone stands, for seed 001's block sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    /// Not on lines 1–4 of any edge.
    Centre,
    /// On lines 1–4 of one edge.
    Edge,
    /// On lines 1–4 of two edges.
    Corner,
}

/// The line (1 = first line) at or below which a stone belongs to an edge's zone.
pub const ZONE_LINE: i32 = 4;

/// The line (1 = first line) of coordinate `c` from the nearer edge of an
/// axis whose last coordinate is `last`.
fn line(c: i32, last: i32) -> i32 {
    c.min(last - c) + 1
}

/// The zone of a point on a board of `size`.
pub fn zone(p: Point, size: u8) -> Zone {
    let s = i32::from(size) - 1;
    let near_x = line(p.x(), s) <= ZONE_LINE;
    let near_y = line(p.y(), s) <= ZONE_LINE;
    match (near_x, near_y) {
        (true, true) => Zone::Corner,
        (true, false) | (false, true) => Zone::Edge,
        (false, false) => Zone::Centre,
    }
}

/// The block of a stone before removals: offsets `(dx, dy)` from the stone.
pub fn block_shape(p: Point, size: u8, model: BlockModel) -> Vec<(i32, i32)> {
    let ((x0, x1), (y0, y1)) = block_extent(p, size, model);
    (y0..=y1)
        .flat_map(|dy| (x0..=x1).map(move |dx| (dx, dy)))
        .collect()
}

/// The block of a stone as ranges of offsets, `((dx_min, dx_max), (dy_min,
/// dy_max))`: the rectangle [`block_shape`] lists.
pub fn block_extent(p: Point, size: u8, model: BlockModel) -> ((i32, i32), (i32, i32)) {
    match model {
        BlockModel::Restriction => ((-2, 2), (-2, 2)),
        BlockModel::Zone => {
            let s = i32::from(size) - 1;
            // Towards the nearer edge of an axis the block reaches 2, away 1.
            let axis = |c: i32| -> (i32, i32) {
                let near = line(c, s) <= ZONE_LINE;
                if !near {
                    (-1, 1)
                } else if c <= s - c {
                    (-2, 1)
                } else {
                    (-1, 2)
                }
            };
            match zone(p, size) {
                Zone::Centre => ((-1, 1), (-1, 1)),
                Zone::Edge => {
                    let (ax, ay) = (axis(p.x()), axis(p.y()));
                    // Only the axis towards the edge grows.
                    if ax == (-1, 1) {
                        ((-1, 1), ay)
                    } else {
                        (ax, (-1, 1))
                    }
                }
                Zone::Corner => (axis(p.x()), axis(p.y())),
            }
        }
    }
}

/// One point of a block map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BlockCell {
    /// No block.
    #[default]
    None,
    /// In a block of a black stone.
    Black,
    /// In a block of a white stone.
    White,
    /// In blocks of both colours.
    Both,
}

impl MapCell for BlockCell {
    /// `x` black block, `o` white block, `*` both, `.` none.
    fn render_cell(&self) -> String {
        match self {
            BlockCell::None => ".",
            BlockCell::Black => "x",
            BlockCell::White => "o",
            BlockCell::Both => "*",
        }
        .to_string()
    }
}

/// The blocks of both colours.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Blocks {
    /// Which model built them.
    pub model: BlockModel,
    /// Points in a block of a black stone.
    #[serde(serialize_with = "crate::serialize_points")]
    pub black: PointSet,
    /// Points in a block of a white stone.
    #[serde(serialize_with = "crate::serialize_points")]
    pub white: PointSet,
}

impl Blocks {
    /// The points in blocks of `color`.
    pub fn of(&self, color: Color) -> &PointSet {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The block map: which colours' blocks cover each point.
    pub fn map(&self, size: u8) -> BoardMap<BlockCell> {
        BoardMap::from_fn(size, |p| {
            match (self.black.contains(p), self.white.contains(p)) {
                (false, false) => BlockCell::None,
                (true, false) => BlockCell::Black,
                (false, true) => BlockCell::White,
                (true, true) => BlockCell::Both,
            }
        })
    }
}

/// The blocks around `stones` (stones that cannot be attacked, decided by
/// the caller — in the evaluation, from group danger): the empty points of
/// each stone's block shape, with cells removed
/// next to unattackable enemy stones (also taken from `stones`) by the
/// removal rules. Points that are not stones of `stones` are ignored.
pub fn blocks(board: &Board, stones: &PointSet, model: BlockModel, rules: &RemovalRules) -> Blocks {
    let finder = BlockFinder::new(board, stones, model, rules);
    let [black, white] = Color::BOTH.map(|color| {
        // The union a row at a time, made a set once.
        let mut rows = [0u32; MAX_SIZE as usize];
        for s in finder.stones(color) {
            finder.block_rows(s, color, |y, bits| rows[usize::from(y)] |= bits);
        }
        let mut set = PointSet::new();
        for (y, &bits) in rows.iter().enumerate().take(usize::from(board.size())) {
            set.insert_row_bits(y as u8, bits);
        }
        set
    });
    Blocks {
        model,
        black,
        white,
    }
}

/// The block of one stone `s` of `stones` ([`blocks`] is their union by
/// colour); empty where `s` holds no stone. It depends only on the points
/// within [`block_reach`] of `s` (their contents and whether they are in
/// `stones`). For the blocks of many stones of one position, make a
/// [`BlockFinder`] once.
pub fn block_of(
    board: &Board,
    s: Point,
    stones: &PointSet,
    model: BlockModel,
    rules: &RemovalRules,
) -> PointSet {
    BlockFinder::new(board, stones, model, rules).block(s)
}

/// The blocks of the stones of one position, one stone at a time: what
/// every block needs (the empty points, each colour's stones of `stones`)
/// worked out once, and each block made a row at a time.
#[derive(Clone, Debug)]
pub struct BlockFinder<'a> {
    board: &'a Board,
    model: BlockModel,
    rules: &'a RemovalRules,
    /// The empty points, a row at a time (bit `x` for column `x`).
    empty: [u32; MAX_SIZE as usize],
    /// The stones of `stones` of each colour ([`Color::index`]).
    stones: [PointSet; 2],
    /// The same a row at a time.
    stone_rows: [[u32; MAX_SIZE as usize]; 2],
}

impl<'a> BlockFinder<'a> {
    /// The finder for the stones `stones` of `board` (points of `stones`
    /// that hold no stone are ignored).
    pub fn new(
        board: &'a Board,
        stones: &PointSet,
        model: BlockModel,
        rules: &'a RemovalRules,
    ) -> BlockFinder<'a> {
        BlockFinder::with_sets(board, &board.point_sets(), stones, model, rules)
    }

    /// [`BlockFinder::new`] given the board's contents as sets, which must
    /// be `board.point_sets()` (checked in debug builds): for a caller that
    /// has them already.
    pub fn with_sets(
        board: &'a Board,
        sets: &PointSets,
        stones: &PointSet,
        model: BlockModel,
        rules: &'a RemovalRules,
    ) -> BlockFinder<'a> {
        debug_assert!(*sets == board.point_sets(), "sets of another board");
        let mut of = sets.stones;
        for set in &mut of {
            set.intersect_with(stones);
        }
        let size = board.size();
        BlockFinder {
            board,
            model,
            rules,
            empty: sets.empty.rows(size),
            stone_rows: [of[0].rows(size), of[1].rows(size)],
            stones: of,
        }
    }

    /// The stones of `stones` of `color`.
    pub fn stones(&self, color: Color) -> &PointSet {
        &self.stones[color.index()]
    }

    /// The block of `s` ([`block_of`]); empty where `s` holds no stone.
    pub fn block(&self, s: Point) -> PointSet {
        let mut set = PointSet::new();
        if let Some(color) = self.board.color(s) {
            self.block_rows(s, color, |y, bits| set.insert_row_bits(y, bits));
        }
        set
    }

    /// The block of `s`, a stone of `color`, a row at a time: `add(y,
    /// bits)` for each row `y` it reaches (bit `x` for column `x`).
    fn block_rows(&self, s: Point, color: Color, mut add: impl FnMut(u8, u32)) {
        let size = self.board.size();
        let enemy = &self.stone_rows[color.opponent().index()];
        let removed = self
            .rules
            .removed_rows_by(s, size, |y| enemy[usize::from(y)]);
        let ((x0, x1), (y0, y1)) = block_extent(s, size, self.model);
        let (x, y, last) = (s.x(), s.y(), i32::from(size) - 1);
        let (from, to) = ((x + x0).max(0), (x + x1).min(last));
        if from > to {
            return;
        }
        let columns = (((1u64 << (to - from + 1)) - 1) << from) as u32;
        for dy in y0..=y1 {
            let row = y + dy;
            if !(0..=last).contains(&row) {
                continue;
            }
            // Block extents stay within two rows (`removed` covers them).
            let gone = usize::try_from(dy + 2)
                .ok()
                .and_then(|i| removed.get(i))
                .copied()
                .unwrap_or(0);
            // A block covers the empty points around stones.
            add(row as u8, columns & self.empty[row as usize] & !gone);
        }
    }
}

/// How far (in columns or rows) from a stone its block looks: the largest
/// block extent (2 in both models) or the farthest enemy stone of a removal
/// rule, whichever is larger.
pub fn block_reach(rules: &RemovalRules) -> i32 {
    rules.reach().max(2)
}
