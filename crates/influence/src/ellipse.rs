//! The ellipse model (seed 000 §3.2, Fukui et al.): restriction blocks
//! around stones that cannot be attacked, four direction sources per stone
//! from the group's strength, reinforcement rules, truncation at blocks and
//! unattackable enemy stones, and expansion by quarter ellipses.

use crate::context::{Context, GroupStrengths, clamp_strength};
use crate::geometry::{Direction, Lines, MAX_REACH, Obstacles, Sources, columns};
use crate::grid::{self, Grid};
use crate::influence::{Influence, InfluenceMemo, Model, ModelKind, Summary, Under};
use crate::rules::{Reinforcement, ReinforcementRules, WindowRules, Windows};
use keisei_board::{
    Board, BoardMap, Color, MAX_SIZE, NUM_CELLS, Point, PointSet, PointSets, STRIDE,
};
use keisei_territory::patterns::RemovalRules;
use keisei_territory::{
    BlockFinder, BlockModel, Blocks, OwnerRows, block_reach, blocks, blocks_of_sets, owner_rows,
};
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
    /// Every live stone, Black's then White's, each in point order.
    stones: Vec<MemoStone>,
    /// Where White's stones start in `stones`.
    white_from: usize,
    /// How many stones of each colour reach each point.
    cover: [Cover; 2],
    /// The restriction blocks.
    blocks: BlockMemo,
}

/// Counts per word of a [`Cover`] row.
const LANES: usize = 4;
/// Words per row of a [`Cover`]: 32 columns, so that a [`Tally`] word
/// goes into two of them.
const ROW_WORDS: usize = 32 / LANES;

/// `SPREAD[b]`: the four bits of `b` as four 16-bit counts of 0 or 1.
const SPREAD: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut b = 0;
    while b < 16 {
        let mut k = 0;
        while k < LANES {
            t[b] |= ((b as u64 >> k) & 1) << (16 * k);
            k += 1;
        }
        b += 1;
    }
    t
};

/// How many stones of one colour reach each point of the board: a 16-bit
/// count per point, four to a word, row by row (column `x` of row `y` is
/// count `x % 4` of word `x / 4` of `rows[y]`), so that the points of a
/// row, given as a row of bits, are counted with a few word additions and
/// no branch on which points they are. Counts stay below 2^16: a point is
/// counted once per stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cover {
    rows: [[u64; ROW_WORDS]; MAX_SIZE as usize],
}

impl Cover {
    /// No point reached.
    const fn new() -> Cover {
        Cover {
            rows: [[0; ROW_WORDS]; MAX_SIZE as usize],
        }
    }

    /// Takes 1 off at each point of row `y` whose bit is set in `bits`
    /// (each one counted before).
    #[inline]
    fn take_row(&mut self, y: usize, bits: u32) {
        for (k, w) in self.rows[y].iter_mut().enumerate() {
            *w -= SPREAD[(bits >> (LANES * k)) as usize & 15];
        }
    }

    /// The count of column `x`, row `y`.
    #[inline]
    fn get(&self, x: usize, y: usize) -> u16 {
        (self.rows[y][x / LANES] >> (16 * (x % LANES))) as u16
    }

    /// The points of row `y` counted at least once, as a row of bits.
    #[inline]
    fn reached_row(&self, y: usize) -> u32 {
        let mut bits = 0u32;
        for (k, &w) in self.rows[y].iter().enumerate() {
            bits |= gather(nonzero(w)) << (LANES * k);
        }
        bits
    }

    /// The points of a board of `size` counted at least once.
    fn reached(&self, size: u8) -> PointSet {
        let mut set = PointSet::new();
        for y in 0..size {
            set.insert_row_bits(y, self.reached_row(usize::from(y)));
        }
        set
    }

    /// The counts as a map of a board of `size`.
    fn map(&self, size: u8) -> BoardMap<u16> {
        grid::map_from(size, |p, _| self.get(p.x() as usize, p.y() as usize))
    }
}

/// The top bit of each 16-bit count of a [`Cover`] word (bits 15, 31, 47
/// and 63) set when the count is not 0, the other bits clear.
#[inline]
const fn nonzero(w: u64) -> u64 {
    const LOW: u64 = 0x7fff_7fff_7fff_7fff;
    // A count's low 15 bits plus 2^15 − 1 carry into its top bit unless
    // they are 0; its own top bit is or-ed in.
    (((w & LOW) + LOW) | w) & !LOW
}

/// The four top bits of [`nonzero`]'s word as four bits (bit `k` for count
/// `k`): bits 0, 16, 32 and 48 of `h >> 15` gathered at 45..=48 by one
/// product (bit 16·k moves up by 15·(3 − k); the other partial products
/// fall on bits of their own, so nothing carries).
#[inline]
const fn gather(h: u64) -> u32 {
    const GATHER: u64 = 1 << 45 | 1 << 30 | 1 << 15 | 1;
    (((h >> 15).wrapping_mul(GATHER) >> 45) & 0xf) as u32
}

/// `BYTE_SPREAD[b]`: the eight bits of `b` as eight 8-bit counts of 0 or 1.
const BYTE_SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            t[b] |= ((b as u64 >> k) & 1) << (8 * k);
            k += 1;
        }
        b += 1;
    }
    t
};

/// Words per row of a [`Tally`]: eight 8-bit counts each, 32 columns.
const TALLY_WORDS: usize = 4;

/// Eight 8-bit counts, count `l` in byte `l`: a word of a [`Tally`] row,
/// added to as the `u64` of its bytes in little-endian order ([`word`])
/// and read by the maps a byte at a time, so that the compiler reads the
/// eight counts into a vector register together.
type Bytes = [u8; 8];

/// The `u64` of a [`Bytes`] word (count `l` in bits `8l..8l + 8`).
#[inline]
const fn word(bytes: Bytes) -> u64 {
    u64::from_le_bytes(bytes)
}

/// A [`Cover`] being counted: an 8-bit count per point, eight to a word
/// (column `x` of row `y` is count `x % 8` of word `x / 8` of `rows[y]`),
/// so that a row of points is counted with four word additions (three on
/// a board of at most 24 columns, [`expand`]). A count
/// can reach only as far as the stones counted, so the tally goes into
/// the cover (and starts again) before its 256th stone.
#[derive(Clone)]
struct Tally {
    rows: [[Bytes; TALLY_WORDS]; MAX_SIZE as usize],
    stones: u32,
}

impl Tally {
    const fn new() -> Tally {
        Tally {
            rows: [[[0; 8]; TALLY_WORDS]; MAX_SIZE as usize],
            stones: 0,
        }
    }

    /// Counts the points of one stone's row (bit `x` for column `x`) in
    /// `row`, one of `rows`, in its first `WORDS` words only: `bits` has no
    /// column past `8 * WORDS` (a board of at most `8 * WORDS` columns;
    /// `TALLY_WORDS` for any board).
    #[inline]
    fn add<const WORDS: usize>(row: &mut [Bytes; TALLY_WORDS], bits: u32) {
        debug_assert!(WORDS >= TALLY_WORDS || u64::from(bits) >> (8 * WORDS) == 0);
        for (k, w) in row.iter_mut().enumerate().take(WORDS) {
            *w = (word(*w) + BYTE_SPREAD[(bits >> (8 * k)) as usize & 0xff]).to_le_bytes();
        }
    }

    /// Called once per stone counted, after its rows: empties the tally
    /// into `cover` (made of the tally's counts if there is none yet) when
    /// the next stone could take a count past 255.
    #[inline]
    fn stone_done(&mut self, cover: &mut Option<Cover>, size: u8) {
        self.stones += 1;
        if self.stones == 255 {
            self.finish(cover, size);
        }
    }

    /// Empties the tally into `cover` ([`Tally::empty_into`]), or, if
    /// there is none yet, makes the cover of its counts (no cover of zeros
    /// filled first), and starts again.
    fn finish(&mut self, cover: &mut Option<Cover>, size: u8) {
        match cover {
            Some(cover) => self.empty_into(cover, size),
            None => *cover = Some(self.take_cover(size)),
        }
    }

    /// The counts as a cover of a board of `size` (every row written once:
    /// the board's rows widened, the others 0), and the tally started
    /// again.
    fn take_cover(&mut self, size: u8) -> Cover {
        let n = usize::from(size);
        let rows = std::array::from_fn(|y| {
            let mut row = [0u64; ROW_WORDS];
            if let Some(tally) = self.rows.get_mut(y).filter(|_| y < n) {
                for (k, w) in tally.iter().copied().map(word).enumerate() {
                    row[2 * k] = widen(w);
                    row[2 * k + 1] = widen(w >> 32);
                }
                *tally = [[0; 8]; TALLY_WORDS];
            }
            row
        });
        self.stones = 0;
        Cover { rows }
    }

    /// The points of a board of `size` counted at least once.
    fn reached(&self, size: u8) -> PointSet {
        let mut set = PointSet::new();
        for (y, row) in self.rows.iter().enumerate().take(usize::from(size)) {
            let bits = row
                .iter()
                .copied()
                .map(word)
                .enumerate()
                .fold(0u32, |bits, (k, w)| {
                    bits | gather_bytes(nonzero_bytes(w)) << (8 * k)
                });
            set.insert_row_bits(y as u8, bits);
        }
        set
    }

    /// Adds the counts to `cover` (a board of `size`) and starts again.
    fn empty_into(&mut self, cover: &mut Cover, size: u8) {
        for (tally, cover) in self
            .rows
            .iter_mut()
            .zip(&mut cover.rows)
            .take(usize::from(size))
        {
            for (k, w) in tally.iter().copied().map(word).enumerate() {
                cover[2 * k] += widen(w);
                cover[2 * k + 1] += widen(w >> 32);
            }
            *tally = [[0; 8]; TALLY_WORDS];
        }
        self.stones = 0;
    }
}

/// Four 8-bit counts (the low half of `w`) as four 16-bit ones.
#[inline]
const fn widen(w: u64) -> u64 {
    let t = (w & 0xffff_ffff) | (w & 0xffff_ffff) << 16;
    let t = t & 0x0000_ffff_0000_ffff;
    (t | t << 8) & 0x00ff_00ff_00ff_00ff
}

/// What one run of the model found: the restriction blocks, the stones'
/// sources (with `detail`) and how many stones of each colour reach each
/// point.
struct Covered {
    size: u8,
    blocks: Blocks,
    stones: Vec<EllipseStone>,
    counts: Counts,
}

/// How many stones of each colour reach each point, as a run counted them.
/// Made once a run and kept on the stack, whatever its size.
#[expect(
    clippy::large_enum_variant,
    reason = "one a run, on the stack: boxing the larger variant would be an allocation an evaluation"
)]
enum Counts {
    /// Each colour's [`Cover`] (for a memo, for the details, or when a
    /// colour has 255 live stones or more).
    Wide([Cover; 2]),
    /// Each colour's [`Tally`], read as it is (no [`Cover`] made): every
    /// count is below 255, each colour having fewer live stones.
    Narrow([Tally; 2]),
}

impl Counts {
    /// The counts as each colour's cover on a board of `size`.
    fn into_covers(self, size: u8) -> [Cover; 2] {
        match self {
            Counts::Wide(covers) => covers,
            Counts::Narrow(tallies) => tallies.map(|mut t| t.take_cover(size)),
        }
    }

    /// [`Counts::into_covers`], the counts kept.
    fn covers(&self, size: u8) -> [Cover; 2] {
        match self {
            Counts::Wide(covers) => *covers,
            Counts::Narrow(tallies) => tallies.clone().map(|mut t| t.take_cover(size)),
        }
    }
}

impl Covered {
    /// The influence: `value` is Black's count minus White's, `under` who
    /// reaches a point, each colour's score the points it reaches.
    fn influence(&self) -> Influence {
        self.influence_and_summary().0
    }

    /// [`Covered::influence`] and its [`Influence::summary`], made
    /// together: the maps a row at a time straight from the counts (no
    /// filling beforehand, no indexing per point), the summary's sets from
    /// the same rows of bits.
    fn influence_and_summary(&self) -> (Influence, Summary) {
        let (values, unders, reached) = match &self.counts {
            Counts::Wide(covers) => self.maps_of_covers(covers),
            Counts::Narrow(tallies) => self.maps_of_tallies(tallies),
        };
        let (black, white) = (reached[0].len() as f64, reached[1].len() as f64);
        let influence = Influence {
            model: ModelKind::Ellipse,
            value: BoardMap::from_vec(self.size, values),
            under: BoardMap::from_vec(self.size, unders),
            black,
            white,
        };
        let summary = Summary {
            model: ModelKind::Ellipse,
            under: reached,
            black,
            white,
        };
        (influence, summary)
    }

    /// The values and who reaches each point, row-major, and the points
    /// each colour reaches, from the covers.
    fn maps_of_covers(&self, covers: &[Cover; 2]) -> (Vec<f64>, Vec<Under>, [PointSet; 2]) {
        let n = usize::from(self.size);
        let [bc, wc] = covers;
        let mut values = Vec::with_capacity(n * n);
        let mut unders = Vec::with_capacity(n * n);
        let mut reached = [PointSet::new(), PointSet::new()];
        // The words holding the board's columns (the others hold zeros).
        let words = n.div_ceil(LANES).min(ROW_WORDS);
        // A row's values and who reaches each point, made for whole words
        // of counts (no test per point of where the row ends) and copied
        // for the board's columns; every row writes the same cells.
        let mut row_values = [0.0; ROW_WORDS * LANES];
        let mut row_unders = [Under::None; ROW_WORDS * LANES];
        for y in 0..n {
            let (bw, ww) = (&bc.rows[y], &wc.rows[y]);
            let (mut b, mut w) = (0u32, 0u32);
            let words = bw.iter().zip(ww).take(words);
            let cells = row_values
                .chunks_exact_mut(LANES)
                .zip(row_unders.chunks_exact_mut(LANES));
            for (k, ((&bk, &wk), (vs, us))) in words.zip(cells).enumerate() {
                let (hb, hw) = (nonzero(bk), nonzero(wk));
                b |= gather(hb) << (LANES * k);
                w |= gather(hw) << (LANES * k);
                // Bit 0 when Black reaches a point, bit 1 when White does.
                let code = hb >> 15 | hw >> 14;
                for (l, (v, u)) in vs.iter_mut().zip(us).enumerate() {
                    let count = |word: u64| ((word >> (16 * l)) & 0xffff) as i32;
                    *v = f64::from(count(bk) - count(wk));
                    *u = under_of(code >> (16 * l));
                }
            }
            reached[0].insert_row_bits(y as u8, b);
            reached[1].insert_row_bits(y as u8, w);
            values.extend_from_slice(&row_values[..n]);
            unders.extend_from_slice(&row_unders[..n]);
        }
        (values, unders, reached)
    }

    /// [`Covered::maps_of_covers`] from the tallies: eight counts a word
    /// (so half the words of a cover's row), each below 255.
    fn maps_of_tallies(&self, tallies: &[Tally; 2]) -> (Vec<f64>, Vec<Under>, [PointSet; 2]) {
        let n = usize::from(self.size);
        let [bt, wt] = tallies;
        let mut values = Vec::with_capacity(n * n);
        let mut unders = Vec::with_capacity(n * n);
        let mut reached = [PointSet::new(), PointSet::new()];
        // The words holding the board's columns (the others hold zeros).
        let words = n.div_ceil(8).min(TALLY_WORDS);
        // A row made for whole words of counts and copied for the board's
        // columns, as in `maps_of_covers`.
        let mut row_values = [[0.0; 8]; TALLY_WORDS];
        let mut row_unders = [[Under::None; 8]; TALLY_WORDS];
        for y in 0..n {
            let (bw, ww) = (&bt.rows[y], &wt.rows[y]);
            let (mut b, mut w) = (0u32, 0u32);
            for k in 0..words {
                let (bk, wk) = (&bw[k], &ww[k]);
                // The values count by count from the bytes (read a few at
                // a time into vector registers).
                let vs = &mut row_values[k];
                for (l, v) in vs.iter_mut().enumerate() {
                    *v = f64::from(i32::from(bk[l]) - i32::from(wk[l]));
                }
                let (hb, hw) = (nonzero_bytes(word(*bk)), nonzero_bytes(word(*wk)));
                b |= gather_bytes(hb) << (8 * k);
                w |= gather_bytes(hw) << (8 * k);
                // Bit 0 of a byte when Black reaches its point, bit 1 when
                // White does: the eight cells' codes as one word's bytes
                // (written with one store).
                let code = hb >> 7 | hw >> 6;
                for (l, u) in row_unders[k].iter_mut().enumerate() {
                    *u = under_of(code >> (8 * l));
                }
            }
            reached[0].insert_row_bits(y as u8, b);
            reached[1].insert_row_bits(y as u8, w);
            values.extend_from_slice(&row_values.as_flattened()[..n]);
            unders.extend_from_slice(&row_unders.as_flattened()[..n]);
        }
        (values, unders, reached)
    }

    /// [`Covered::influence`]'s summary, without the maps.
    fn summary(&self) -> Summary {
        let under = match &self.counts {
            Counts::Wide(covers) => covers.each_ref().map(|c| c.reached(self.size)),
            Counts::Narrow(tallies) => tallies.each_ref().map(|t| t.reached(self.size)),
        };
        Summary {
            model: ModelKind::Ellipse,
            black: under[0].len() as f64,
            white: under[1].len() as f64,
            under,
        }
    }
}

/// Who reaches a point Black reaches when bit 0 of `code` is 1 and White
/// when bit 1 is (the other bits ignored). A match on the discriminants'
/// own values (asserted with [`Influence::summary`]), which the compiler
/// makes a copy of the bits: no table read a point.
#[inline]
const fn under_of(code: u64) -> Under {
    match code & 3 {
        0 => Under::None,
        1 => Under::Black,
        2 => Under::White,
        _ => Under::Both,
    }
}

/// The top bit of each byte of a [`Tally`] word set when the byte is not
/// 0, the other bits clear (as [`nonzero`] for 16-bit counts).
#[inline]
const fn nonzero_bytes(w: u64) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    (((w & LOW) + LOW) | w) & !LOW
}

/// The eight top bits of [`nonzero_bytes`]'s word as eight bits (bit `k`
/// for byte `k`): bit `8k` of `h >> 7` moves to bit `56 + k` by one
/// product (no two partial products meet).
#[inline]
const fn gather_bytes(h: u64) -> u32 {
    const GATHER: u64 = 0x0102_0408_1020_4080;
    ((h >> 7).wrapping_mul(GATHER) >> 56) as u32
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
/// others are made afresh; with `record`, also the memo of these; with
/// neither, those of the context when it has them. The
/// live board ([`live_board`]) is made only when its contents as sets (the
/// live stones `stones_of` and the other points of the board) do not do.
fn restriction_blocks(
    ctx: &Context,
    unattackable: &PointSet,
    stones_of: &[PointSet; 2],
    reuse: Option<&EllipseMemo>,
    record: bool,
) -> (Blocks, Option<BlockMemo>) {
    let rules = RemovalRules::builtin();
    let size = ctx.board.size();
    // The live board's contents as sets, from the live stones.
    let mut empty = PointSet::board(size);
    empty.subtract(&stones_of[0]);
    empty.subtract(&stones_of[1]);
    let sets = PointSets {
        empty,
        stones: *stones_of,
    };
    debug_assert!(
        sets == live_board(ctx).point_sets(),
        "sets of the live board"
    );
    if reuse.is_none() && !record {
        let model = BlockModel::Restriction;
        if let Some(given) = ctx.given.restriction_blocks {
            debug_assert_eq!(
                Some(given),
                blocks_of_sets(size, &sets, unattackable, model, rules).as_ref(),
                "the restriction blocks given"
            );
            return (given.clone(), None);
        }
        let blocks = blocks_of_sets(size, &sets, unattackable, model, rules)
            .unwrap_or_else(|| blocks(&live_board(ctx), unattackable, model, rules));
        return (blocks, None);
    }
    let live = live_board(ctx);
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
    let finder = BlockFinder::with_sets(&live, &sets, unattackable, BlockModel::Restriction, rules);
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
    /// Its strength (as [`Context::strength_at`] reads it) and initial
    /// source (the same in every direction).
    strength: f64,
    initial: i32,
    /// The points its ellipses depend on, what they hold read as one: the
    /// square the rules read (live stones; the stone's own point among
    /// them), the axes as far as the truncation read them (stones and
    /// obstacles, up to the first point past each truncated source, at
    /// most the reinforced source), and the box of the truncated sources
    /// (columns `x − west ..= x + east`, rows `y − north ..= y + south`:
    /// obstacles and targets), where the quarter ellipses and the
    /// obstacles between lie. A change at one of these points of the live
    /// stones, or of the colour's obstacles or targets, makes the stone's
    /// ellipses afresh (some such changes could not change them: making
    /// them afresh gives the same ellipses, one look at a set for all).
    reads: PointSet,
    /// The points its ellipses reach, by row (rows `covered_rows.0 ..
    /// covered_rows.1`, the others hold none).
    covered: [u32; MAX_SIZE as usize],
    covered_rows: (u8, u8),
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

/// Each colour's territory a row at a time ([`owner_rows`]), from the
/// territory map (the rows of it the context was given, if any); none when
/// the map is of another size.
fn territory_rows(ctx: &Context, size: u8) -> OwnerRows {
    if ctx.territory.map.size() != size {
        return [[0; MAX_SIZE as usize]; 2];
    }
    let n = usize::from(size);
    if let Some(given) = ctx.given.owner_rows {
        debug_assert!(
            *given == owner_rows(&ctx.territory.map.row_major(), n),
            "the owner rows given"
        );
        *given
    } else {
        owner_rows(&ctx.territory.map.row_major(), n)
    }
}

/// The board without the dead stones (they project nothing, block nothing
/// and are not block owners).
fn live_board<'a>(ctx: &Context<'a>) -> Cow<'a, Board> {
    let [black, white] = ctx.board.point_sets().stones;
    if !ctx.dead.intersects(&black) && !ctx.dead.intersects(&white) {
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

/// `WEST_OF[x][w]`: the `w` columns left of column `x` (those on a board),
/// as bits; sixteen entries a column, so that an index taken `& 15` needs
/// no bounds check.
static WEST_OF: [[u32; 16]; MAX_SIZE as usize] = {
    let mut t = [[0u32; 16]; MAX_SIZE as usize];
    let mut x = 0;
    while x < MAX_SIZE as usize {
        let mut w = 0;
        while w < 16 {
            let full = ((1u64 << w) - 1) << (32 - w) >> (32 - x);
            t[x][w] = full as u32;
            w += 1;
        }
        x += 1;
    }
    t
};

/// `EAST_OF[x][e]`: column `x` and the `e` columns right of it (those
/// below 32), as bits.
static EAST_OF: [[u32; 16]; MAX_SIZE as usize] = {
    let mut t = [[0u32; 16]; MAX_SIZE as usize];
    let mut x = 0;
    while x < MAX_SIZE as usize {
        let mut e = 0;
        while e < 16 {
            t[x][e] = (((1u64 << (e + 1)) - 1) << x) as u32;
            e += 1;
        }
        x += 1;
    }
    t
};

/// The largest `k` for [`reinforced_in_lanes`].
const LANES_MAX_K: i32 = 1000;

/// The sources `initial + k · count` of the four 16-bit counts of
/// `packed` ([`WindowRules::packed_counts`], count `d` for direction `d`),
/// each kept within `0..=MAX_REACH`, worked out in the counts' lanes: for
/// `0 <= k <=` [`LANES_MAX_K`] and `initial` within `0..=MAX_REACH`, no
/// lane reaches 2^15 (a count is below 25), none is below 0.
#[inline]
fn reinforced_in_lanes(packed: u64, initial: i32, k: i32) -> Sources {
    const ONES: u64 = 0x0001_0001_0001_0001;
    const TOP: u64 = 0x8000 * ONES;
    debug_assert!((0..=LANES_MAX_K).contains(&k) && (0..=MAX_REACH).contains(&initial));
    let v = packed * k as u64 + initial as u64 * ONES;
    // The lanes above MAX_REACH: their top bit once 2^15 − MAX_REACH − 1
    // is added, as ones.
    let over = (v + (0x8000 - (MAX_REACH as u64 + 1)) * ONES) & TOP;
    let over = (over >> 15) * 0xffff;
    let kept = (v & !over) | ((MAX_REACH as u64 * ONES) & over);
    Sources([0, 16, 32, 48].map(|s| ((kept >> s) & 0xffff) as i32))
}

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
        let influence = covered.influence();
        let [bc, wc] = covered.counts.into_covers(covered.size);
        EllipseAnalysis {
            black_cover: bc.map(covered.size),
            white_cover: wc.map(covered.size),
            influence,
            blocks: covered.blocks,
            stones: covered.stones,
        }
    }

    /// The ellipses of the live stones `fresh` of `color` (in point order),
    /// counted in `tally` (which empties itself into `cover` when it must),
    /// with each stone's memo entry in `recorded` (when recording) and its
    /// sources in `stones` (with `detail`). Out of line: the loop's code
    /// does not change with the setup around it.
    #[inline(never)]
    #[expect(
        clippy::too_many_arguments,
        reason = "the loop's state, each a place of the run's"
    )]
    fn expand_colour(
        &self,
        inputs: &StoneInputs,
        color: Color,
        fresh: &PointSet,
        tally: &mut Tally,
        cover: &mut Option<Cover>,
        recorded: &mut Option<Vec<MemoStone>>,
        stones: &mut Vec<EllipseStone>,
    ) {
        let StoneInputs {
            ctx,
            size,
            window_rules,
            windows,
            grid,
            stops,
            obstacles,
            lines,
            target_rows,
            initial_at,
            rules_reach,
            detail,
        } = *inputs;
        let c = color.index();
        let n = i32::from(size);
        // The points a stone's ellipses reach, by row (kept for the memo
        // only: written only when recording).
        let mut covered = [0u32; MAX_SIZE as usize];
        // The reinforcements that applied to the stone (with `detail`).
        let mut scratch = Vec::new();
        // The sources reinforced in the counts' lanes when they fit.
        let k = self.params.k;
        let lanes_k = (0..=LANES_MAX_K).contains(&k);
        // Row by row, each stone's column and row read off the row's bits.
        for (y, mut bits) in (0u32..).zip(fresh.rows(size)) {
            while bits != 0 {
                let x = bits.trailing_zeros();
                bits &= bits - 1;
                let stone = Point::new(x as u8, y as u8);
                let initial = Sources::uniform(match initial_at {
                    Some(at) => at.get(stone.index()).map_or(0, |&s| i32::from(s)),
                    None => self.initial(ctx.strength_at(stone)),
                });
                debug_assert_eq!(
                    initial.get(Direction::North),
                    self.initial(ctx.strength_at(stone)),
                    "the initial source"
                );
                let reinforced = if let Some(rules) = window_rules {
                    let w = windows.get(x as usize, y as usize, color);
                    if lanes_k {
                        let packed = rules.packed_counts(w);
                        reinforced_in_lanes(packed, initial.get(Direction::North), k)
                    } else {
                        let counts = rules.counts(w);
                        let mut reinforced = initial;
                        for (source, count) in reinforced.0.iter_mut().zip(counts) {
                            *source += count * k;
                        }
                        reinforced.clamped(MAX_REACH)
                    }
                } else {
                    let mut reinforced = initial;
                    if let Some(grid) = grid {
                        self.rules.for_each_in(grid, stone, color, |r| {
                            reinforced.add(r.direction, k);
                            if detail {
                                scratch.push(r);
                            }
                        });
                    }
                    reinforced.clamped(MAX_REACH)
                };
                let truncated = stops[c].truncate((x, y), reinforced, self.params.block_hits);
                let args = (
                    (stone, x as i32, y as i32),
                    size,
                    truncated,
                    &obstacles[c],
                    lines,
                    &target_rows[c],
                );
                if recorded.is_some() {
                    covered = [0; MAX_SIZE as usize];
                    expand::<true, TALLY_WORDS>(args, tally, &mut covered);
                } else if size <= 24 {
                    // No column in a tally row's last word.
                    expand::<false, 3>(args, tally, &mut covered);
                } else {
                    expand::<false, TALLY_WORDS>(args, tally, &mut covered);
                }
                tally.stone_done(cover, size);
                if let Some(list) = recorded.as_mut() {
                    // The stone's ellipses depend on the cells the rules look at,
                    // and on the obstacles and targets as far as its sources reach.
                    let (x, y) = (stone.x(), stone.y());
                    let [tn, te, ts, tw] = Direction::ALL.map(|d| truncated.get(d));
                    let [an, ae, as_, aw] =
                        Direction::ALL.map(|d| reinforced.get(d).min(truncated.get(d) + 1));
                    let mut axes = box_points(size, (x, x), (y - an, y + as_));
                    axes.union_with(&box_points(size, (x - aw, x + ae), (y, y)));
                    let r = rules_reach.max(0);
                    let mut reads = box_points(size, (x - r, x + r), (y - r, y + r));
                    reads.union_with(&axes);
                    reads.union_with(&box_points(size, (x - tw, x + te), (y - tn, y + ts)));
                    // The rows the ellipses span.
                    let rows = ((y - tn.min(y)) as u8, (y + ts.min(n - 1 - y) + 1) as u8);
                    list.push(MemoStone {
                        stone,
                        color,
                        strength: ctx.strength_at(stone),
                        initial: initial.get(Direction::North),
                        reads,
                        covered,
                        covered_rows: rows,
                    });
                }
                if detail {
                    stones.push(EllipseStone {
                        stone,
                        color,
                        initial,
                        reinforced,
                        truncated,
                        reinforcements: std::mem::take(&mut scratch),
                    });
                }
            }
        }
    }

    /// The initial source of each live stone (`live`, a row of bits per
    /// row for each colour) of a board of `size` whose strengths are given
    /// by group, by the stone's [`Point::index`] (other points 0), each
    /// group's worked out once (a stone of no group has the source of
    /// strength 0, as [`Context::strength_at`] reads it); `None` when the
    /// groups' map is of another size.
    #[inline(never)]
    fn initial_sources(
        &self,
        groups: &GroupStrengths,
        live: &[[u32; MAX_SIZE as usize]; 2],
        size: u8,
    ) -> Option<[u8; NUM_CELLS]> {
        if groups.group_of.size() != size {
            return None;
        }
        let n = usize::from(size);
        let group_of = groups.group_of.row_major();
        // Within 0..=MAX_REACH.
        let source = |s: f64| self.initial(clamp_strength(s)) as u8;
        let initials: Vec<u8> = groups.strengths.iter().map(|&s| source(s)).collect();
        let no_group = source(0.0);
        let mut at = [0u8; NUM_CELLS];
        for (y, row) in group_of.chunks_exact(n.max(1)).take(n).enumerate() {
            let mut bits = live[0][y] | live[1][y];
            while bits != 0 {
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let initial = row
                    .get(x)
                    .copied()
                    .flatten()
                    .and_then(|g| initials.get(g).copied())
                    .unwrap_or(no_group);
                if let Some(cell) = at.get_mut((y + 1) * STRIDE + x + 1) {
                    *cell = initial;
                }
            }
        }
        Some(at)
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
        // Live stones of each colour.
        let mut stones_of = board.point_sets().stones;
        for s in &mut stones_of {
            s.subtract(ctx.dead);
        }
        let mut unattackable = stones_of[0];
        unattackable.union_with(&stones_of[1]);
        unattackable.intersect_with(ctx.unattackable);
        let reuse = match memo {
            Memo::Reuse(m) if !detail && self.fits(m, size) => Some(m),
            _ => None,
        };
        let (blocks, block_memo) = restriction_blocks(
            ctx,
            &unattackable,
            &stones_of,
            reuse,
            matches!(memo, Memo::Record),
        );
        // Each colour's live stones and blocks, and the unattackable live
        // stones, a row at a time: what follows is made row by row from
        // these (and from the territory's rows).
        let live_rows = stones_of.each_ref().map(|set| set.rows(size));
        let block_rows = [blocks.black.rows(size), blocks.white.rows(size)];
        let unattackable_rows = unattackable.rows(size);
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
        let obstacle_rows: [[u32; MAX_SIZE as usize]; 2] = Color::BOTH.map(|color| {
            let e = color.opponent().index();
            std::array::from_fn(|y| (live_rows[e][y] & unattackable_rows[y]) | block_rows[e][y])
        });
        let obstacles =
            [0, 1].map(|c| Obstacles::of_set_rows(size, obstacle_sets[c], obstacle_rows[c]));
        let stops = Color::BOTH.map(|color| {
            Stops::new(
                size,
                &obstacle_rows[color.index()],
                &live_rows[color.opponent().index()],
            )
        });
        // Open points (empty, or a dead stone) less the colour's territory
        // and the other colour's blocks.
        let owned = territory_rows(ctx, size);
        let target_rows: [[u32; MAX_SIZE as usize]; 2] = Color::BOTH.map(|color| {
            let (c, e) = (color.index(), color.opponent().index());
            std::array::from_fn(|y| {
                let board_row = if y < usize::from(size) {
                    columns(0, i32::from(size) - 1)
                } else {
                    0
                };
                board_row & !(live_rows[0][y] | live_rows[1][y] | owned[c][y] | block_rows[e][y])
            })
        });
        // The targets as sets, for a memo to keep or compare with.
        let target_sets = (reuse.is_some() || matches!(memo, Memo::Record)).then(|| {
            target_rows.map(|rows| {
                let mut set = PointSet::new();
                for (y, &bits) in rows.iter().enumerate().take(usize::from(size)) {
                    set.insert_row_bits(y as u8, bits);
                }
                set
            })
        });
        debug_assert!(
            {
                let mut open = PointSet::board(size);
                open.subtract(&stones_of[0]);
                open.subtract(&stones_of[1]);
                Color::BOTH.iter().all(|&color| {
                    let mut set = open;
                    let mut territory = PointSet::new();
                    for (y, &bits) in owned[color.index()]
                        .iter()
                        .enumerate()
                        .take(usize::from(size))
                    {
                        territory.insert_row_bits(y as u8, bits);
                    }
                    set.subtract(&territory);
                    set.subtract(blocks.of(color.opponent()));
                    set.rows(size) == target_rows[color.index()]
                })
            },
            "the target rows"
        );
        // `expand` leaves its parts unclipped: targets and obstacles lie on
        // the board.
        debug_assert!(
            target_rows
                .iter()
                .chain(obstacles.iter().map(Obstacles::rows))
                .flatten()
                .all(|&row| u64::from(row) >> size == 0),
            "targets and obstacles on the board"
        );
        let rules_reach = self.rules.reach();
        // Each colour's cover: the memo's, or none until its tally makes it.
        let mut cover: [Option<Cover>; 2] = [None, None];
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
            // Each colour's points where something its stones read changed.
            let changed_for = Color::BOTH.map(|c| {
                let i = c.index();
                let mut d = stones_changed;
                d.union_with(&changed(&obstacle_sets[i], &m.obstacles[i]));
                if let Some(targets) = &target_sets {
                    d.union_with(&changed(&targets[i], &m.targets[i]));
                }
                d
            });
            let (black, white) = m.stones.split_at(m.white_from);
            let memo_covers = cover.iter_mut().zip(m.cover);
            for ((changed, (cover, memo_cover)), stones) in
                changed_for.iter().zip(memo_covers).zip([black, white])
            {
                let cover = cover.insert(memo_cover);
                for ms in stones {
                    // A stone gone, or of the other colour, or dead, changed
                    // a point it reads (its own).
                    if !changed.intersects(&ms.reads) && {
                        let s = ctx.strength_at(ms.stone);
                        // The same strength (bit for bit) gives the same source.
                        s.to_bits() == ms.strength.to_bits() || self.initial(s) == ms.initial
                    } {
                        kept.insert(ms.stone);
                    } else {
                        let (from, to) = ms.covered_rows;
                        for y in usize::from(from)..usize::from(to) {
                            cover.take_row(y, ms.covered[y]);
                        }
                    }
                }
            }
        }
        let mut recorded = matches!(memo, Memo::Record).then(Vec::new);
        let mut stones = Vec::new();
        // The rules read the window around a stone; the grid only when a
        // rule reaches beyond it, or to name the reinforcements (`detail`).
        let window_rules = if detail {
            None
        } else {
            self.rules.window_rules()
        };
        let grid = window_rules.is_none().then(|| Grid::new(ctx));
        let windows = Windows::new(size, &live_rows);
        // With the strengths given by group: each live stone's initial
        // source, each group's worked out once.
        let initial_at = ctx
            .given
            .group_strengths
            .and_then(|groups| self.initial_sources(&groups, &live_rows, size));
        let inputs = StoneInputs {
            ctx,
            size,
            window_rules,
            windows: &windows,
            grid: grid.as_ref(),
            stops: &stops,
            obstacles: &obstacles,
            lines: Lines::get(),
            target_rows: &target_rows,
            initial_at: initial_at.as_ref(),
            rules_reach,
            detail,
        };
        // The live stones not kept, colour by colour, each in point order,
        // each colour counted in its own tally. Without a memo to make or
        // use, and with fewer than 255 live stones of each colour (no count
        // can reach 255, and a tally never empties itself), the maps are
        // read from the tallies as they are ([`Counts::Narrow`]); else each
        // tally goes into its colour's cover.
        let narrow =
            reuse.is_none() && recorded.is_none() && stones_of.iter().all(|s| s.len() < 255);
        let mut tallies = [Tally::new(), Tally::new()];
        for (color, tally) in Color::BOTH.into_iter().zip(&mut tallies) {
            let c = color.index();
            let mut fresh = stones_of[c];
            fresh.subtract(&kept);
            self.expand_colour(
                &inputs,
                color,
                &fresh,
                tally,
                &mut cover[c],
                &mut recorded,
                &mut stones,
            );
            if !narrow {
                tally.finish(&mut cover[c], size);
            }
        }
        // Both covers made by now (`finish`) unless narrow (then neither
        // is, nor needed).
        let counts = if narrow {
            Counts::Narrow(tallies)
        } else {
            Counts::Wide(cover.map(|c| c.unwrap_or_else(Cover::new)))
        };
        // Every live stone in point order.
        stones.sort_unstable_by_key(|s| s.stone);
        let memo =
            recorded
                .zip(block_memo)
                .zip(target_sets)
                .map(|((stones, blocks), target_sets)| EllipseMemo {
                    size,
                    params: self.params,
                    rules: std::ptr::from_ref(self.rules) as usize,
                    stones_of,
                    obstacles: obstacle_sets,
                    targets: target_sets,
                    white_from: stones.partition_point(|s| s.color == Color::Black),
                    stones,
                    cover: counts.covers(size),
                    blocks,
                });
        (
            Covered {
                size,
                blocks,
                stones,
                counts,
            },
            memo,
        )
    }
}

/// What [`Ellipse::expand_colour`] reads, made once a run.
#[derive(Clone, Copy)]
struct StoneInputs<'a> {
    ctx: &'a Context<'a>,
    size: u8,
    /// The rules as window tests, if they all lie within the window.
    window_rules: Option<&'a WindowRules>,
    windows: &'a Windows,
    /// The grid, when the rules are not all window tests.
    grid: Option<&'a Grid>,
    /// By colour: what truncates the sources, the obstacles and the
    /// targets (a row of bits per row).
    stops: &'a [Stops; 2],
    obstacles: &'a [Obstacles; 2],
    lines: &'a Lines,
    target_rows: &'a [[u32; MAX_SIZE as usize]; 2],
    /// Each live stone's initial source by its [`Point::index`], when the
    /// strengths are given by group ([`Ellipse::initial_sources`]).
    initial_at: Option<&'a [u8; NUM_CELLS]>,
    /// How far the rules look from a stone.
    rules_reach: i32,
    /// Whether each stone's sources and reinforcements are kept.
    detail: bool,
}

/// What shortens a colour's sources (step 3): the obstacles holding an
/// enemy stone (a source stops just before the first) and the other
/// obstacles, restriction-block points (just before the `block_hits`-th),
/// as lines of bits, the first in the low 32 bits of a word and the second
/// in the high ones: for each row `y` (bit `x` for column `x`) and each
/// column `x` (bit `y` for row `y`).
struct Stops {
    rows: [u64; 32],
    columns: [u64; 32],
}

impl Stops {
    /// The stops of the colour whose obstacles are `obstacles` and whose
    /// enemy's live stones are `enemy` (each a row of bits per row), on a
    /// board of `size`.
    fn new(
        size: u8,
        obstacles: &[u32; MAX_SIZE as usize],
        enemy: &[u32; MAX_SIZE as usize],
    ) -> Stops {
        let mut rows = [0u64; 32];
        for ((row, &o), &e) in rows
            .iter_mut()
            .zip(obstacles)
            .zip(enemy)
            .take(usize::from(size))
        {
            *row = u64::from(o & e) | u64::from(o & !e) << 32;
        }
        Stops {
            rows,
            columns: transposed(rows),
        }
    }

    /// Step 3 for the stone in column `x`, row `y`: each source shrinks to
    /// just before the point where it meets
    /// an unattackable enemy stone or its `block_hits`-th point of an enemy
    /// restriction block (the first when `block_hits` is 0). The board edge
    /// does not shrink a source. Each direction at once: the obstacles
    /// along the ray as bits, the source cut at the first stop's bit.
    #[inline]
    fn truncate(&self, (x, y): (u32, u32), sources: Sources, block_hits: u32) -> Sources {
        let (row, column) = (self.rows[y as usize & 31], self.columns[x as usize & 31]);
        // Ahead of `at` on a line (bit 0 the next point): a stop `t` away
        // is `t − 1` trailing zeros (32, far, for none).
        let ahead =
            |line: u64, at: u32| [(line as u32) >> (at + 1), (line >> 32) as u32 >> (at + 1)];
        // Behind `at`, the nearest point at the top bit: a stop `t` away is
        // `t − 1` leading zeros (64, far, for none).
        let behind = |line: u64, at: u32| {
            let shifted = |half: u32| (u64::from(half) << 32) << (32 - at);
            [shifted(line as u32), shifted((line >> 32) as u32)]
        };
        let [south_stones, mut south_blocks] = ahead(column, y);
        let [east_stones, mut east_blocks] = ahead(row, x);
        let [north_stones, mut north_blocks] = behind(column, y);
        let [west_stones, mut west_blocks] = behind(row, x);
        // The blocks up to the `block_hits`-th left out: the nearest one
        // cleared `block_hits − 1` times (all four lines each time).
        let below_top = |line: u64| line & (u64::MAX >> 1).wrapping_shr(line.leading_zeros());
        for _ in 1..block_hits {
            south_blocks &= south_blocks.wrapping_sub(1);
            east_blocks &= east_blocks.wrapping_sub(1);
            north_blocks = below_top(north_blocks);
            west_blocks = below_top(west_blocks);
        }
        // The nearer stop of the two kinds: the zeros before the first bit
        // of either line (the fewer of each line's zeros).
        let reaches = [
            (north_stones | north_blocks).leading_zeros(),
            (east_stones | east_blocks).trailing_zeros(),
            (south_stones | south_blocks).trailing_zeros(),
            (west_stones | west_blocks).leading_zeros(),
        ];
        let mut out = sources;
        for (s, r) in out.0.iter_mut().zip(reaches) {
            *s = (*s).min(r as i32);
        }
        out
    }
}

/// The two 32 × 32 bit matrices in the halves of `rows` (bit `x` of
/// `rows[y]`, and bit `32 + x`) transposed (bit `y` of `out[x]`, and bit
/// `32 + y`), by swapping ever smaller blocks: 80 word operations in place
/// of a loop over every bit.
fn transposed(rows: [u64; 32]) -> [u64; 32] {
    let mut a = rows;
    for (width, mask) in [
        (16, 0x0000_ffff_0000_ffff_u64),
        (8, 0x00ff_00ff_00ff_00ff),
        (4, 0x0f0f_0f0f_0f0f_0f0f),
        (2, 0x3333_3333_3333_3333),
        (1, 0x5555_5555_5555_5555),
    ] {
        // Swap the upper-right and lower-left blocks of each 2w × 2w block:
        // row k's bits w.. (of each half) with row k + w's bits ..w.
        for block in a.chunks_exact_mut(2 * width) {
            let (upper, lower) = block.split_at_mut(width);
            for (u, l) in upper.iter_mut().zip(lower) {
                let t = ((*u >> width) ^ *l) & mask;
                *u ^= t << width;
                *l ^= t;
            }
        }
    }
    a
}

/// What [`expand`] reads: the stone (with its column and row), the board
/// size, the stone's sources,
/// the colour's obstacles, the lines, and its targets (a row of bits per
/// row, as [`PointSet::rows`] gives them).
type ExpandArgs<'a> = (
    (Point, i32, i32),
    u8,
    Sources,
    &'a Obstacles,
    &'a Lines,
    &'a [u32; MAX_SIZE as usize],
);

/// Marks the points a stone's four quarter ellipses reach (§3.2.3): in each
/// quadrant the ellipse whose semi-axes are the two neighbouring sources;
/// a point counts when it is a target of the colour (`targets`, a row of
/// bits per row as [`PointSet::rows`] gives them) and no obstacle stands strictly
/// between it and the stone (a block casts a shadow). Each point is counted
/// once per stone in `tally`, and its bit set in `covered` (a row of bits
/// per row).
///
/// Row by row outwards from the stone's, north then south: a row is the
/// western quadrant's part (columns left of the stone's) and the eastern
/// one's (the stone's column and those right of it; the stone's row belongs
/// to the northern quadrants). Nothing can stand between the stone and a
/// point of a part when no obstacle lies in the rectangle from the stone to
/// the part's far end: those points count without a look at lines; the
/// others (near obstacles) are looked at one by one. A stone with no
/// target in the box its ellipses span counts nothing and reads no row.
///
/// A tally row's first `WORDS` words only are added to: `WORDS` is 3 on
/// boards of at most 24 columns (the last word's columns are off the
/// board), else [`TALLY_WORDS`].
fn expand<const RECORD: bool, const WORDS: usize>(
    ((stone, sx, sy), size, sources, obstacles, lines, targets): ExpandArgs<'_>,
    tally: &mut Tally,
    covered: &mut [u32; MAX_SIZE as usize],
) {
    debug_assert_eq!(
        (sx, sy),
        (stone.x(), stone.y()),
        "the stone's column and row"
    );
    let n = i32::from(size);
    let [north, east, south, west] = sources.0;
    let (up, down) = (north.min(sy) as usize, south.min(n - 1 - sy) as usize);
    let (x, y) = (sx as usize, sy as usize);
    // The parts are not clipped to the board: an eastern part may reach
    // past its last column, where no target and no obstacle lies.
    let (west_of, east_of) = (&WEST_OF[x], &EAST_OF[x]);
    let (west_rows, east_rows) = (&ROW[west as usize], &ROW[east as usize]);
    // No obstacle in the box the ellipses span (the columns of the
    // longest western and eastern semi-axes, the rows from `up` above to
    // `down` below; the stone's column is an eastern one): nothing can
    // stand between the stone and any point, and every target of every
    // part counts, row by row with no look at obstacles (the common case).
    let span = west_of[west as usize & 15] | east_of[east as usize & 15];
    let rows = y - up..=y + down;
    let (boxed, aimed) = obstacles.rows()[rows.clone()]
        .iter()
        .zip(&targets[rows])
        .fold((0, 0), |(o, t), (&obstacle, &target)| {
            (o | obstacle, t | target)
        });
    // No target in the box (each of its points a live stone, the colour's
    // own territory or an enemy block: about a fifth of the stones):
    // nothing to count, nothing to mark.
    if aimed & span == 0 {
        return;
    }
    if boxed & span == 0 {
        let part = |w: i8, e: i8| west_of[w as usize & 15] | east_of[e as usize & 15];
        // North, the stone's row first, then south.
        let (widths_w, widths_e) = (
            &west_rows[north as usize][..=up],
            &east_rows[north as usize][..=up],
        );
        for (dy, (&w, &e)) in widths_w.iter().zip(widths_e).enumerate() {
            let i = y - dy;
            let reached = targets[i] & part(w, e);
            Tally::add::<WORDS>(&mut tally.rows[i], reached);
            if RECORD {
                covered[i] |= reached;
            }
        }
        let (widths_w, widths_e) = (
            &west_rows[south as usize][1..=down],
            &east_rows[south as usize][1..=down],
        );
        for (dy, (&w, &e)) in widths_w.iter().zip(widths_e).enumerate() {
            let i = y + 1 + dy;
            let reached = targets[i] & part(w, e);
            Tally::add::<WORDS>(&mut tally.rows[i], reached);
            if RECORD {
                covered[i] |= reached;
            }
        }
        return;
    }
    let parts = Parts {
        west: west_of,
        east: east_of,
        stone_column: 1 << x,
    };
    let (west, east) = (west_rows, east_rows);
    // The points of each half's rows (row `i` of the half at `i`) near
    // obstacles, left for later, and all of them or-ed together.
    let mut rest = [[0u32; SIDE]; 2];
    let mut near = 0;
    // North, the stone's row first: rows `y`, `y - 1`, …, `y - up`, each
    // slice `up + 1` long (the bounds checked once).
    let rows = y - up..y + 1;
    let (widths_w, widths_e) = (&west[north as usize][..=up], &east[north as usize][..=up]);
    let (target, blocked) = (&targets[rows.clone()], &obstacles.rows()[rows.clone()]);
    let (counts, marks) = (&mut tally.rows[rows.clone()], &mut covered[rows]);
    // The obstacles of the rows from the stone's to the current one.
    let mut seen = 0;
    let north_rows = up + 1;
    for dy in 0..north_rows {
        let i = up - dy;
        seen |= blocked[i];
        let (reached, left) = parts.reached(widths_w[dy], widths_e[dy], target[i], seen);
        Tally::add::<WORDS>(&mut counts[i], reached);
        if RECORD {
            marks[i] |= reached;
        }
        rest[0][dy] = left;
        near |= left;
    }
    // South: rows `y + 1`, …, `y + down`.
    let rows = y + 1..y + 1 + down;
    let (widths_w, widths_e) = (
        &west[south as usize][1..=down],
        &east[south as usize][1..=down],
    );
    let (target, blocked) = (&targets[rows.clone()], &obstacles.rows()[rows.clone()]);
    let (counts, marks) = (&mut tally.rows[rows.clone()], &mut covered[rows]);
    let mut seen = obstacles.rows()[y];
    for i in 0..down {
        seen |= blocked[i];
        let (reached, left) = parts.reached(widths_w[i], widths_e[i], target[i], seen);
        Tally::add::<WORDS>(&mut counts[i], reached);
        if RECORD {
            marks[i] |= reached;
        }
        rest[1][i] = left;
        near |= left;
    }
    // The points near obstacles (rare): the line to each.
    if near != 0 {
        for (half, (rest, rows)) in rest.iter().zip([north_rows, down]).enumerate() {
            for (i, &points) in (0..).zip(rest.iter().take(rows)) {
                if points == 0 {
                    continue;
                }
                let dy = if half == 0 { -i } else { i + 1 };
                let mut points = points;
                let mut reached = 0;
                while points != 0 {
                    let px = points.trailing_zeros() as i32;
                    points &= points - 1;
                    if !obstacles.between_at(lines, stone, (sx, sy), px - sx, dy) {
                        reached |= 1 << px;
                    }
                }
                let at = (sy + dy) as usize;
                Tally::add::<WORDS>(&mut tally.rows[at], reached);
                if RECORD {
                    covered[at] |= reached;
                }
            }
        }
    }
}

/// The parts of a row a stone's ellipses may reach, for [`expand`].
struct Parts<'a> {
    /// [`WEST_OF`] and [`EAST_OF`] of the stone's column.
    west: &'a [u32; 16],
    east: &'a [u32; 16],
    /// The stone's column.
    stone_column: u32,
}

impl Parts<'_> {
    /// The points a stone's ellipses reach in a row whose western part is
    /// `w` wide and eastern part `e` (from [`ROW`]: every row within a
    /// semi-axis has the axis point, so both are >= 0), whose targets are
    /// `target`, and whose rectangle from the stone's row holds the
    /// obstacles `seen` (a row of bits): those no obstacle can stand in
    /// the way of, and the others (near obstacles, to be looked at one by
    /// one).
    #[inline]
    fn reached(&self, w: i8, e: i8, target: u32, seen: u32) -> (u32, u32) {
        // The parts, the eastern one not clipped to the board (past its
        // last column lie no targets and no obstacles). The stone's own
        // point is no target (a live stone).
        let western = self.west[w as usize & 15];
        let eastern = self.east[e as usize & 15];
        let points = target & (western | eastern);
        // All of a part when the rectangle from the stone to the part's
        // far end holds no obstacle: a mask of ones or of zeros, made by
        // arithmetic (a comparison the compiler turns into a branch, which
        // the processor cannot guess).
        let clear = |cols: u32| (u64::from(seen & cols).wrapping_sub(1) >> 32) as u32;
        let reached =
            points & ((western & clear(western | self.stone_column)) | (eastern & clear(eastern)));
        (reached, points & !reached)
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

    /// Both made together from the cover counts.
    fn influence_and_summary(&self, ctx: &Context) -> (Influence, Summary) {
        self.run(ctx, false, Memo::None).0.influence_and_summary()
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

    /// The sources reinforced in lanes are those added and kept within
    /// `0..=MAX_REACH` one direction at a time.
    #[test]
    fn sources_reinforced_in_lanes() {
        let mut next = crate::xorshift(0x853c_49e6_748f_ea9b);
        for round in 0..20_000 {
            let counts: [i32; 4] = std::array::from_fn(|_| (next() % 25) as i32);
            let initial = (next() % (MAX_REACH as u64 + 1)) as i32;
            let k = match round % 4 {
                0 => 1,
                1 => 0,
                2 => LANES_MAX_K,
                _ => (next() % (LANES_MAX_K as u64 + 1)) as i32,
            };
            let packed = counts
                .iter()
                .enumerate()
                .fold(0u64, |p, (d, &c)| p | (c as u64) << (16 * d));
            let expected = Sources(counts.map(|c| initial + c * k)).clamped(MAX_REACH);
            assert_eq!(
                reinforced_in_lanes(packed, initial, k),
                expected,
                "{counts:?} {initial} {k}"
            );
        }
    }

    /// A tally counts past 255 stones (it empties itself into the cover in
    /// time), and the cover holds the counts of every column: each of 600
    /// stones counting a row of 25 points, and every third one more.
    #[test]
    fn a_tally_counts_any_number_of_stones() {
        let size = 25;
        let mut cover = None;
        let mut tally = Tally::new();
        for k in 0..600u32 {
            Tally::add::<TALLY_WORDS>(&mut tally.rows[3], (1 << 25) - 1);
            Tally::add::<TALLY_WORDS>(&mut tally.rows[24], 1 << (k % 25));
            if k % 3 == 0 {
                Tally::add::<TALLY_WORDS>(&mut tally.rows[0], 0x155_5555);
            }
            tally.stone_done(&mut cover, size);
        }
        tally.finish(&mut cover, size);
        let cover = cover.expect("a cover made");
        for x in 0..25 {
            assert_eq!(cover.get(x, 3), 600, "{x}");
            assert_eq!(cover.get(x, 24), 24, "{x}");
            assert_eq!(cover.get(x, 0), if x % 2 == 0 { 200 } else { 0 }, "{x}");
            assert_eq!(cover.get(x, 1), 0, "{x}");
        }
        assert_eq!(cover.reached_row(3), (1 << 25) - 1);
        assert_eq!(cover.reached_row(0), 0x155_5555);
        assert_eq!(cover.reached_row(1), 0);
    }

    /// The maps and summary read from the tallies are those of the covers
    /// made of them, for counts up to 254 on boards of several sizes.
    #[test]
    fn tallies_read_as_their_covers() {
        let mut next = crate::xorshift(0x2545_f491_4f6c_dd1d);
        for size in [5u8, 9, 19, 24, 25] {
            let mut tallies = [Tally::new(), Tally::new()];
            for tally in &mut tallies {
                let stones = next() % 255;
                for _ in 0..stones {
                    let row = (next() % u64::from(size)) as usize;
                    let bits = next() as u32 & ((1u32 << size) - 1);
                    Tally::add::<TALLY_WORDS>(&mut tally.rows[row], bits);
                    tally.stones += 1;
                }
            }
            let covered = |counts| Covered {
                size,
                blocks: Blocks {
                    model: keisei_territory::BlockModel::Restriction,
                    black: PointSet::new(),
                    white: PointSet::new(),
                },
                stones: Vec::new(),
                counts,
            };
            let narrow = covered(Counts::Narrow([tallies[0].clone(), tallies[1].clone()]));
            let wide = covered(Counts::Wide(Counts::Narrow(tallies).into_covers(size)));
            assert_eq!(
                narrow.influence_and_summary(),
                wide.influence_and_summary(),
                "{size}"
            );
            assert_eq!(narrow.summary(), wide.summary(), "{size}");
        }
    }

    /// Both halves of the words are transposed: bit `x` of row `y` is bit
    /// `y` of column `x`, in each half.
    #[test]
    fn lines_are_transposed() {
        let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20 {
            let rows: [u64; 32] = std::array::from_fn(|_| next());
            let columns = transposed(rows);
            for (y, row) in rows.iter().enumerate() {
                for (x, column) in columns.iter().enumerate() {
                    for half in [0, 32] {
                        assert_eq!(
                            row >> (half + x) & 1,
                            column >> (half + y) & 1,
                            "{x} {y} {half}"
                        );
                    }
                }
            }
        }
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
