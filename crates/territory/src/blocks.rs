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
    blocks_of_sets(board.size(), &board.point_sets(), stones, model, rules)
        .unwrap_or_else(|| blocks_by_finder(board, stones, model, rules))
}

/// [`blocks`] on a board of `size` given as its contents as sets (what
/// [`Board::point_sets`] gives), without the board: for rules whose enemy
/// stones stand within two columns and rows of the block's stone (the
/// built-in ones); `None` for other rules ([`blocks`] needs the board
/// then).
pub fn blocks_of_sets(
    size: u8,
    sets: &PointSets,
    stones: &PointSet,
    model: BlockModel,
    rules: &RemovalRules,
) -> Option<Blocks> {
    let table = rules.box_table()?;
    let of = sets.stones.map(|mut set| {
        set.intersect_with(stones);
        set.rows(size)
    });
    let [unions] = block_unions(size, &of, table, [model]);
    Some(blocks_of_unions(size, model, &unions, &sets.empty))
}

/// The restriction blocks and the zone blocks of `stones` (as [`blocks`]
/// makes them, for the built-in rules), found together, each removal
/// looked up once for both: the restriction blocks on the board without
/// its stones `dead` (dead stones are empty points there), the zone
/// blocks on the board as it is; the board given as its contents as sets
/// (what [`Board::point_sets`] gives). `None` when a stone of `stones` is
/// dead (the two models' stones differ) or for rules [`blocks_of_sets`]
/// cannot take.
pub fn restriction_and_zone_blocks(
    size: u8,
    sets: &PointSets,
    stones: &PointSet,
    dead: &PointSet,
    rules: &RemovalRules,
) -> Option<[Blocks; 2]> {
    let table = rules.box_table()?;
    let of = sets.stones.map(|mut set| {
        set.intersect_with(stones);
        set
    });
    if of.iter().any(|set| set.intersects(dead)) {
        return None;
    }
    // The empty points with the dead stones.
    let mut live_empty = sets.empty;
    for mut set in sets.stones {
        set.intersect_with(dead);
        live_empty.union_with(&set);
    }
    let models = [BlockModel::Restriction, BlockModel::Zone];
    let [restriction, zone] = block_unions(size, &of.map(|set| set.rows(size)), table, models);
    Some([
        blocks_of_unions(size, models[0], &restriction, &live_empty),
        blocks_of_unions(size, models[1], &zone, &sets.empty),
    ])
}

/// Rows of a board with two rows of nothing above and below.
type Unions = [[u32; MAX_SIZE as usize + 4]; 2];

/// For each of `models`, the union of the blocks of each colour's stones
/// `of` (by [`Color::index`], a row of bits each, bit `x` for column `x`)
/// before the empty points are taken, entry `y + 2` for row `y`, on a
/// board of `size`, with the removals of the rules' box table `table`
/// (each looked up once for every model).
fn block_unions<const K: usize>(
    size: u8,
    of: &[[u32; MAX_SIZE as usize]; 2],
    table: &[[u64; 32]; 5],
    models: [BlockModel; K],
) -> [Unions; K] {
    let n = usize::from(size);
    let last = i32::from(size) - 1;
    // Each axis's extent by coordinate as bits `d + 2` for the offsets `d`
    // it covers (the extent is one per axis: see `axis_extent`), by model.
    let mut columns = [[0u8; MAX_SIZE as usize]; K];
    for (columns, &model) in columns.iter_mut().zip(&models) {
        for (c, bits) in columns.iter_mut().enumerate().take(n) {
            let (lo, hi) = axis_extent(c as i32, last, model);
            *bits = (((1u32 << (hi - lo + 1)) - 1) << (lo + 2)) as u8;
        }
    }
    let mut unions = [[[0u32; MAX_SIZE as usize + 4]; 2]; K];
    for color in Color::BOTH {
        // The enemy stones two columns to the right, with two empty rows
        // above and below: entry `y + j` holds row `y + j - 2`, and its
        // bits from `x` on are the columns from `x - 2` on.
        let mut enemy = [0u32; MAX_SIZE as usize + 4];
        for (e, &row) in enemy[2..].iter_mut().zip(&of[color.opponent().index()]) {
            *e = row << 2;
        }
        for (y, &row) in of[color.index()].iter().enumerate().take(n) {
            if row == 0 {
                continue;
            }
            // The rows the blocks of this row's stones reach, a byte each,
            // by model.
            let rows = models.map(|model| {
                let (lo, hi) = axis_extent(y as i32, last, model);
                ((1u64 << (8 * (hi - lo + 1))) - 1) << (8 * (lo + 2))
            });
            let mut bits = row;
            while bits != 0 {
                let x = bits.trailing_zeros();
                bits &= bits - 1;
                let mut removed = 0u64;
                for (j, by_columns) in table.iter().enumerate() {
                    removed |= by_columns[((enemy[y + j] >> x) & 31) as usize];
                }
                for ((unions, columns), rows) in unions.iter_mut().zip(&columns).zip(rows) {
                    let block = (u64::from(columns[x as usize]) * 0x01_0101_0101) & rows & !removed;
                    // Byte `j` to row `y + j - 2`, bit `dx + 2` to column
                    // `x + dx` (columns left of the board fall off the
                    // shift).
                    let union = &mut unions[color.index()];
                    for (j, out) in union[y..y + 5].iter_mut().enumerate() {
                        *out |= (u32::from((block >> (8 * j)) as u8) << x) >> 2;
                    }
                }
            }
        }
    }
    unions
}

/// The blocks of `model` whose unions by colour ([`block_unions`]) are
/// `unions`: their empty points (`empty`) on a board of `size`.
fn blocks_of_unions(size: u8, model: BlockModel, unions: &Unions, empty: &PointSet) -> Blocks {
    let empty = empty.rows(size);
    let [black, white] = unions.each_ref().map(|union| {
        // A block covers the empty points around stones.
        let mut set = PointSet::new();
        for (y, &row) in empty.iter().enumerate().take(usize::from(size)) {
            set.insert_row_bits(y as u8, union[y + 2] & row);
        }
        set
    });
    Blocks {
        model,
        black,
        white,
    }
}

/// The extent of a block along one axis, `(d_min, d_max)`, for a stone at
/// coordinate `c` of an axis whose last coordinate is `last`: a block's
/// extent ([`block_extent`]) is the column's along x and the row's along y.
/// In the zone model that holds as a stone's zone widens a block only
/// along an axis it is near the edge of (a test checks every point).
fn axis_extent(c: i32, last: i32, model: BlockModel) -> (i32, i32) {
    match model {
        BlockModel::Restriction => (-2, 2),
        BlockModel::Zone => {
            if line(c, last) > ZONE_LINE {
                (-1, 1)
            } else if c <= last - c {
                (-2, 1)
            } else {
                (-1, 2)
            }
        }
    }
}

/// [`blocks`] a stone at a time with a [`BlockFinder`], for rules whose
/// enemy stones stand farther than two columns or rows from the block's
/// stone.
fn blocks_by_finder(
    board: &Board,
    stones: &PointSet,
    model: BlockModel,
    rules: &RemovalRules,
) -> Blocks {
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

#[cfg(test)]
mod tests {
    use super::*;
    use keisei_board::MIN_SIZE;

    /// A block's extent is its column's extent along x and its row's along
    /// y, at every point of every board size, in both models.
    #[test]
    fn block_extent_is_one_extent_per_axis() {
        for size in MIN_SIZE..=MAX_SIZE {
            let last = i32::from(size) - 1;
            for p in Point::all(size) {
                for model in [BlockModel::Restriction, BlockModel::Zone] {
                    assert_eq!(
                        block_extent(p, size, model),
                        (
                            axis_extent(p.x(), last, model),
                            axis_extent(p.y(), last, model)
                        ),
                        "{model:?} at {p:?} on {size}"
                    );
                }
            }
        }
    }

    /// A board of random stones for `seed`, of one of five sizes.
    fn random_board(seed: u32) -> (u8, Board) {
        let size = [5u8, 9, 13, 19, 25][seed as usize % 5];
        let choices: Vec<u16> = (0..40 + seed * 7)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 7) as u16)
            .collect();
        (
            size,
            Board::from_choices(u32::from(size), &choices).unwrap(),
        )
    }

    /// The blocks looked up a box at a time are the blocks a stone at a
    /// time, on boards of random stones (a random half of them
    /// unattackable) in both models; rules reaching farther than the box
    /// take the stone-at-a-time way.
    #[test]
    fn blocks_by_box_are_blocks_by_finder() {
        let rules = RemovalRules::builtin();
        for seed in 0u32..40 {
            let (_, board) = random_board(seed);
            let stones: PointSet = board
                .points()
                .filter(|p| board.color(*p).is_some() && (p.index() * 7 + seed as usize) % 3 != 0)
                .collect();
            for model in [BlockModel::Restriction, BlockModel::Zone] {
                assert_eq!(
                    blocks(&board, &stones, model, rules),
                    blocks_by_finder(&board, &stones, model, rules),
                    "{model:?}, seed {seed}"
                );
            }
        }
        let far = "pattern far\n  remove: A\n  ? ? ? ? ? ? ?\n  ? ? ? ? ? ? ?\n  ? ? ? ? ? ? ?\n  ? ? ? @ A ? E\n  ? ? ? ? ? ? ?\n  ? ? ? ? ? ? ?\n  ? ? ? ? ? ? ?\n";
        let far = RemovalRules::parse("far", far).unwrap();
        assert_eq!(far.reach(), 3);
        assert!(far.box_table().is_none());
    }

    /// The restriction and zone blocks made together are those made one
    /// model at a time: the restriction blocks on the board without its
    /// dead stones, the zone blocks on the board as it is; none when a
    /// stone of the set is dead.
    #[test]
    fn both_models_together_are_each_alone() {
        let rules = RemovalRules::builtin();
        for seed in 0u32..40 {
            let (size, board) = random_board(seed);
            let pick = |p: &Point, k: usize| (p.index() * 7 + seed as usize) % k == 0;
            let stones: PointSet = board
                .points()
                .filter(|p| board.color(*p).is_some() && !pick(p, 3))
                .collect();
            // Dead stones outside `stones`, and one inside.
            let dead: PointSet = board
                .points()
                .filter(|p| board.color(*p).is_some() && pick(p, 3) && pick(p, 2))
                .collect();
            let mut live = board.clone();
            live.clear_points(&dead).unwrap();
            let sets = board.point_sets();
            assert_eq!(
                restriction_and_zone_blocks(size, &sets, &stones, &dead, rules),
                Some([
                    blocks(&live, &stones, BlockModel::Restriction, rules),
                    blocks(&board, &stones, BlockModel::Zone, rules),
                ]),
                "seed {seed}"
            );
            if let Some(p) = stones.first() {
                let mut dead = dead;
                dead.insert(p);
                assert_eq!(
                    restriction_and_zone_blocks(size, &sets, &stones, &dead, rules),
                    None
                );
            }
        }
    }
}
