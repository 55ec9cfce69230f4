//! Compiled pattern sets and the fast matcher.
//!
//! # Design
//! Every pattern is expanded under the symmetries that give distinct shapes
//! into *variants*, read for Black. White's matches are Black's matches on
//! the board with its colours swapped, which for a packed window is one bit
//! trick, so each variant serves both colours.
//!
//! A variant is checked against the 7×7 neighbourhood of a point packed into
//! a `u128` (2 bits per cell, the [`Cell`] codes: empty 0, black 1, white 2,
//! off 3) with one `window & mask == value`: a cell that must be empty,
//! black, white or off the board sets both bits of the mask; "own or empty"
//! and "opponent or empty" need one bit each (`x` for Black is "high bit
//! 0", `o` is "low bit 0"). The one set this cannot say, "anything on the
//! board" (uppercase labels), is checked with a second mask over the
//! off-board cells of the window; cells outside the window are checked one
//! by one afterwards. (With a 5×5 window in a `u64`, those one-by-one
//! checks were a third of the connection patterns' scan: knight's moves,
//! large knights and edge links reach three lines from their anchor.)
//!
//! To test only a few variants per point, the variants are put in *buckets*
//! keyed by the states of the anchor and its north and south neighbours (a
//! variant goes in every bucket its requirements on those cells allow).
//! Inside a bucket, a bitset per (filter cell, state) marks the variants
//! that do *not* allow that state there; the filter cells are the other six
//! cells of the 3×3 square, the cells two and three steps in each
//! direction, and the knight's and large knight's moves (thirty). They are
//! stored joined by pairs of neighbouring window cells, a bitset per pair
//! and combination of the two states (eighteen pairs). The OR of eighteen
//! bitset words, complemented, leaves the candidates whose window test is
//! worth running (for the connection patterns, none: every bucket is
//! decided by its filters). Before any of that, a whole-board scan visits only the
//! points whose contents some variant allows at its anchor (for a set
//! anchored on stones, the stones), and one point's matches
//! ([`PatternSet::matches_at`]) test the anchor before building a window.
//!
//! A whole-board scan first packs each row of the board into one word of
//! codes as the colour scanned reads them (White's with its colours
//! swapped), padded with off-board cells (three on either side, three rows
//! above and below), so that the window of a point is seven shifts of
//! seven words (and a cell outside the window, one), and a row's possible
//! anchors are a few bit operations on its word; one point's window is
//! read off the board's stone sets a row at a time.

use super::Symbol;
use super::syntax::{Diagram, Pattern, PatternFile};
use crate::board::Board;
use crate::color::{Cell, Color};
use crate::diag::SourceErrors;
use crate::point::{MAX_SIZE, Point};
use crate::symmetry::Symmetry;
use std::fmt;

/// How far, in columns and in rows, a cell that constrains the board
/// (anything but `?`) may lie from the anchor. Larger patterns are rejected
/// by [`PatternSet::compile`]; any diagram up to 9×9 fits wherever its
/// anchor is.
pub const MAX_EXTENT: i32 = 8;

/// Side of the square of offsets a cell may have from its anchor.
const SIDE: i32 = 2 * MAX_EXTENT + 1;

/// A set of offsets from an anchor within [`MAX_EXTENT`] (bit
/// `(dy + MAX_EXTENT) * SIDE + dx + MAX_EXTENT`).
#[derive(Clone, Copy, Debug, Default)]
struct Offsets([u64; (SIDE * SIDE) as usize / 64 + 1]);

impl Offsets {
    /// The bit of `(dx, dy)`; `None` beyond [`MAX_EXTENT`].
    fn bit(dx: i32, dy: i32) -> Option<usize> {
        (dx.abs() <= MAX_EXTENT && dy.abs() <= MAX_EXTENT)
            .then(|| ((dy + MAX_EXTENT) * SIDE + dx + MAX_EXTENT) as usize)
    }

    /// Adds `(dx, dy)` (nothing beyond [`MAX_EXTENT`]).
    fn insert(&mut self, dx: i32, dy: i32) {
        if let Some(b) = Offsets::bit(dx, dy) {
            self.0[b / 64] |= 1 << (b % 64);
        }
    }

    fn contains(&self, dx: i32, dy: i32) -> bool {
        Offsets::bit(dx, dy).is_some_and(|b| self.0[b / 64] >> (b % 64) & 1 != 0)
    }

    fn union_with(&mut self, other: &Offsets) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }

    fn intersects(&self, other: &Offsets) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
}
/// A point's neighbourhood packed 2 bits a cell ([`Rows::window`]).
type Window = u128;
/// Half-width of the packed window (7×7).
const HALF: i32 = 3;
/// Side of the packed window.
const SIDE_W: i32 = 2 * HALF + 1;
/// [`HALF`] as an index step.
const H: usize = HALF as usize;
/// Window cells.
const CELLS: usize = (SIDE_W * SIDE_W) as usize;
/// The low bit of every 2-bit cell code in a window.
const LOW_BITS: Window = Window::MAX / 3;
/// The window cells whose states select a bucket: the anchor, then its
/// north and south neighbours. (More key cells make smaller buckets but
/// copy every variant that does not care about them into more buckets:
/// with all four neighbours, compiling costs three times as much for a
/// scan only a tenth faster.)
const KEY: [usize; 3] = [24, 17, 31];
/// Number of keys (2 bits per key cell).
const KEYS: usize = 1 << (2 * KEY.len());
/// The window cells filtered with bitsets inside a bucket: the east and
/// west neighbours, the four diagonal neighbours, the cells two steps north
/// and south, then the cells two and three steps east and west and three
/// steps north and south (where the far stone of a jump lies: with the
/// 3×3 square alone, a connection scan ran five window tests for each
/// match, with these about three), then the knight's moves and the large
/// knight's moves (the far stones of those shapes: without them, nearly
/// every such shape around a stone was a failed window test).
const FILTER: [usize; 30] = [
    25, 23, 16, 18, 30, 32, 10, 38, 26, 22, 27, 21, 3, 45, 39, 37, 11, 9, 33, 29, 19, 15, 46, 44,
    4, 2, 34, 28, 20, 14,
];
/// The filter bitsets are read two neighbouring window cells at a time:
/// each pair's first cell, the second being the next cell of the window
/// (its 2-bit code the next two bits), so that one 4-bit field of the
/// window picks the pair's bitset. Between them the pairs cover every
/// [`FILTER`] cell; a second cell that is not a filter cell (a key cell, or
/// one no bitset reads) adds nothing to its pair's bitsets. Thirty cells
/// cost eighteen reads.
const PAIRS: [usize; 18] = [
    2, 4, 9, 11, 14, 16, 18, 20, 22, 25, 27, 29, 32, 34, 37, 39, 44, 46,
];
/// The bitsets of one pair of cells: one per combination of their states
/// (the first cell's state in the low two bits).
const PAIR_ROWS: usize = 16;
/// The places in [`FILTER`] of each pair's two cells ([`FILTER`]'s length
/// for a cell that is not a filter cell). Every filter cell is in a pair.
const PAIR_FILTERS: [[usize; 2]; PAIRS.len()] = {
    const fn place(cell: usize) -> usize {
        let mut f = 0;
        while f < FILTER.len() && FILTER[f] != cell {
            f += 1;
        }
        f
    }
    let mut table = [[0; 2]; PAIRS.len()];
    let mut covered = [false; FILTER.len() + 1];
    let mut p = 0;
    while p < PAIRS.len() {
        table[p] = [place(PAIRS[p]), place(PAIRS[p] + 1)];
        covered[table[p][0]] = true;
        covered[table[p][1]] = true;
        p += 1;
    }
    let mut f = 0;
    while f < FILTER.len() {
        assert!(covered[f], "every filter cell is in a pair");
        f += 1;
    }
    table
};
/// The filter bitsets of one word of a bucket: one per pair and states.
const ROW_WORDS: usize = PAIRS.len() * PAIR_ROWS;

/// The union of one word's filter bitsets ([`Bucket`]) for the states of
/// `window`'s filter cells: the candidates the window excludes. Written out
/// pair by pair, so that each pair's states are read at a constant shift
/// (a loop over the cells was not unrolled, and shifted the 128-bit window
/// by a variable amount, three times the instructions).
#[inline(always)]
fn filter_union(rows: &[u64; ROW_WORDS], window: Window) -> u64 {
    const _: () = assert!(PAIRS.len() == 18, "one term a pair");
    let (low, high) = (window as u64, (window >> 64) as u64);
    macro_rules! union {
        ($($f:literal)*) => {
            0 $(| {
                const CELL: usize = PAIRS[$f];
                // (No pair straddles the window's two halves.)
                const _: () = assert!(CELL + 1 < 32 || CELL >= 32);
                let half = if CELL < 32 { low } else { high };
                rows[$f * PAIR_ROWS + (half >> ((2 * CELL) & 63) & 15) as usize]
            })*
        };
    }
    union!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17)
}

/// The board cell with a given 2-bit code.
const fn cell_of(code: usize) -> Cell {
    match code {
        0 => Cell::Empty,
        1 => Cell::Black,
        2 => Cell::White,
        _ => Cell::Off,
    }
}

/// The codes a symbol accepts for Black, as a 4-bit set (bit `c` for code `c`).
fn allowed_codes(symbol: Symbol) -> u8 {
    (0..4)
        .filter(|&c| symbol.accepts(cell_of(c), Color::Black))
        .fold(0, |set, c| set | (1 << c))
}

/// A cell code with black and white swapped.
const fn swap_code(code: u8) -> u8 {
    match code {
        1 => 2,
        2 => 1,
        other => other,
    }
}

/// For each set of codes (bit `c` for code `c`): a `(mask, value)` pair over
/// one 2-bit code that accepts exactly that set, if there is one.
const CODE_MASKS: [Option<(u8, u8)>; 16] = {
    let mut table = [None; 16];
    let mut m = 0u8;
    while m < 4 {
        let mut v = 0u8;
        while v < 4 {
            if v & !m == 0 {
                let mut set = 0usize;
                let mut c = 0u8;
                while c < 4 {
                    if c & m == v {
                        set |= 1 << c;
                    }
                    c += 1;
                }
                if table[set].is_none() {
                    table[set] = Some((m, v));
                }
            }
            v += 1;
        }
        m += 1;
    }
    table
};

/// A `(mask, value)` pair over one 2-bit code that accepts exactly `allowed`.
fn code_mask(allowed: u8) -> Option<(u8, u8)> {
    CODE_MASKS[usize::from(allowed & 0b1111)]
}

/// Index of the window cell at `(dx, dy)`, if it lies in the window.
fn window_index(dx: i32, dy: i32) -> Option<usize> {
    ((-HALF..=HALF).contains(&dx) && (-HALF..=HALF).contains(&dy))
        .then(|| ((dy + HALF) * SIDE_W + dx + HALF) as usize)
}

/// A cell that constrains the board: its offset from the anchor, what it
/// requires (label names aside) and the codes it accepts for Black.
#[derive(Clone, Copy, Debug)]
struct Constraint {
    dx: i32,
    dy: i32,
    class: u8,
    black: u8,
}

/// The cells of `diagram` other than `?`, in reading order.
fn constraints(diagram: &Diagram) -> Vec<Constraint> {
    let (ax, ay) = diagram.anchor();
    let mut out = Vec::with_capacity(diagram.cells.len());
    for (row, line) in diagram.rows().enumerate() {
        for (column, &symbol) in line.iter().enumerate() {
            if symbol != Symbol::Any {
                out.push(Constraint {
                    dx: column as i32 - ax as i32,
                    dy: row as i32 - ay as i32,
                    class: symbol.class().to_char() as u8,
                    black: allowed_codes(symbol),
                });
            }
        }
    }
    out
}

/// The symmetries of `diagram` (whose constraining cells are `cells`) that
/// give distinct shapes, in [`Symmetry::ALL`] order: a symmetry is dropped
/// when an earlier one maps every cell onto a cell with the same requirement
/// (label names aside).
fn distinct_symmetries(diagram: &Diagram, cells: &[Constraint]) -> Vec<Symmetry> {
    let (ax, ay) = diagram.anchor();
    let (w, h) = (diagram.width() as i32, diagram.height() as i32);
    // What the cell at an offset requires (0 for `?` and outside).
    let class_at = |dx: i32, dy: i32| {
        let (x, y) = (ax as i32 + dx, ay as i32 + dy);
        if (0..w).contains(&x) && (0..h).contains(&y) {
            match diagram.cells[(y * w + x) as usize] {
                Symbol::Any => 0,
                s => s.class().to_char() as u8,
            }
        } else {
            0
        }
    };
    let mut kept: Vec<Symmetry> = Vec::with_capacity(8);
    for t in Symmetry::ALL {
        // `t` gives the same shape as a kept `k` when `k⁻¹ ∘ t` maps every
        // constraining cell onto a cell with the same requirement (a
        // bijection of the constraining cells, so checking them all is
        // enough).
        let same = kept.iter().any(|&k| {
            let back = k.inverse();
            cells.iter().all(|c| {
                let (x, y) = t.apply_offset(c.dx, c.dy);
                let (x, y) = back.apply_offset(x, y);
                class_at(x, y) == c.class
            })
        });
        if !same {
            kept.push(t);
        }
    }
    kept
}

/// One pattern under one symmetry, read for Black.
#[derive(Clone, Debug)]
struct Variant {
    pattern: u32,
    symmetry: Symmetry,
    /// Whether there is more to check than the window test: `need_on` or
    /// `extras`.
    rest: bool,
    /// Whether `extras` is not empty.
    has_extras: bool,
    /// Window cells that must be on the board (low bit of their code
    /// pair), but for the key and filter cells, which the buckets check.
    need_on: Window,
    /// `extras[start..end]`: cells checked one by one.
    extras: (u32, u32),
}

/// A cell checked one by one: outside the window, or a set the window masks
/// cannot express.
#[derive(Clone, Copy, Debug)]
struct Extra {
    dx: i8,
    dy: i8,
    allowed: u8,
}

/// The candidates for one key: bit `i` of word `w` of the bitsets stands
/// for `slots[slots + 64 * w + i]`. `rows[rows + w * ROW_WORDS + p * 16 +
/// states]` is word `w` of the bitset of candidates that do *not* allow
/// the states `states` at the cells of pair `p` ([`PAIRS`]: the first
/// cell's state `states & 3`, the second's `states >> 2`), the union of
/// those of its filter cells (so that the many cells a variant does not
/// care about cost nothing to build); unused bits are set in every row of
/// the pair of the first filter cell. A word's rows lie together, so that
/// a scan reads them from one slice of known length, without a bounds test
/// per pair.
#[derive(Clone, Copy, Debug, Default)]
struct Bucket {
    words: u32,
    rows: u32,
    slots: u32,
    /// Whether every candidate of the bucket is decided by the key and the
    /// filters alone (each of its constrained cells a key or filter cell,
    /// nothing else to check): those the filters leave match, without a
    /// window test.
    decided: bool,
}

/// One match: pattern `pattern` (its index in the file) placed with its
/// anchor on `anchor`, its diagram turned by `symmetry`, read for `color`
/// (`X` = a stone of `color`).
///
/// The diagram cell at offset `(dx, dy)` from its anchor lies on the board at
/// `anchor + symmetry.apply_offset(dx, dy)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Match {
    /// Index of the pattern in its file (and in the [`PatternSet`]).
    pub pattern: usize,
    /// The board point under the diagram's anchor.
    pub anchor: Point,
    /// How the diagram is turned on the board.
    pub symmetry: Symmetry,
    /// The colour the diagram was read for: `X` is a stone of this colour.
    pub color: Color,
}

/// One diagram cell of a match, placed on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlacedCell {
    /// Column of the cell in the diagram, from 0.
    pub column: usize,
    /// Row of the cell in the diagram, from 0.
    pub row: usize,
    /// What the cell requires.
    pub symbol: Symbol,
    /// The board point under the cell, `None` when it is off the board.
    pub point: Option<Point>,
}

/// A set of patterns compiled for fast matching on any board.
///
/// Built once (compiling ~100 patterns takes well under a millisecond),
/// shared freely (`Send + Sync`, no interior mutability).
#[derive(Clone)]
pub struct PatternSet {
    file: PatternFile,
    symmetries: Vec<Vec<Symmetry>>,
    variants: Vec<Variant>,
    extras: Vec<Extra>,
    /// The window test `(mask, value)` of the variant of every bucket slot
    /// (beside `slots`): kept apart from the variants so that the data
    /// every candidate touches stays small, and in slot order so that a
    /// bucket's tests are read in one run.
    tests: Vec<(Window, Window)>,
    /// Bucket index of every key.
    keys: Vec<u32>,
    buckets: Vec<Bucket>,
    rows: Vec<u64>,
    /// The variant of each bucket slot.
    slots: Vec<u32>,
    /// For each variant, the offsets of the cells whose contents it reads
    /// (cells that do not accept every content of a board point).
    reads: Vec<Offsets>,
    /// For each pattern, its first variant (the others follow, one per
    /// distinct symmetry, in `symmetries` order).
    first_variant: Vec<u32>,
    /// The offsets some variant reads (the union of `reads`).
    reads_any: Offsets,
    /// Bit `c` set when some variant allows code `c` (as Black reads it) on
    /// its anchor: a point whose anchor code no variant allows is not
    /// scanned.
    anchor_codes: u8,
    /// The farthest constrained cell from its anchor, in rows or columns.
    reach: i32,
    /// See [`PatternSet::edge_reach`].
    edge_reach: Option<i32>,
}

impl fmt::Debug for PatternSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternSet")
            .field("file", &self.file.source().name())
            .field("patterns", &self.file.len())
            .field("variants", &self.variants.len())
            .field("buckets", &self.buckets.len())
            .field("slots", &self.slots.len())
            .finish_non_exhaustive()
    }
}

impl Variant {
    #[inline]
    fn to_match(&self, anchor: Point, color: Color) -> Match {
        Match {
            pattern: self.pattern as usize,
            anchor,
            symmetry: self.symmetry,
            color,
        }
    }
}

impl PatternSet {
    /// Compiles every pattern of `file` (which the set keeps a copy of).
    /// Fails, with one error per pattern, when a pattern has a cell more
    /// than [`MAX_EXTENT`] columns or rows from its anchor.
    pub fn compile(file: &PatternFile) -> Result<PatternSet, SourceErrors> {
        PatternSet::from_file(file.clone())
    }

    /// The errors [`PatternSet::compile`] would fail with (a pattern with a
    /// cell more than [`MAX_EXTENT`] columns or rows from its anchor), one
    /// per pattern, without compiling: for a consumer that compiles the
    /// file later, or only a variant of it.
    pub fn check(file: &PatternFile) -> Result<(), SourceErrors> {
        let mut errors = SourceErrors::new();
        for p in file.patterns() {
            if let Some(e) = extent_error(file, p) {
                errors.push(e);
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// Like [`PatternSet::compile`], taking the file instead of copying it.
    pub fn from_file(file: PatternFile) -> Result<PatternSet, SourceErrors> {
        PatternSet::from_file_keeping(file, |_, _| true)
    }

    /// For each pattern of `file`, the symmetries that give distinct
    /// shapes, identity first: what [`PatternSet::symmetries`] of the
    /// compiled file says, without compiling it (for choosing the
    /// orientations [`PatternSet::from_file_keeping`] compiles).
    pub fn distinct_symmetries(file: &PatternFile) -> Vec<Vec<Symmetry>> {
        file.patterns()
            .iter()
            .map(|p| distinct_symmetries(p.diagram(), &constraints(p.diagram())))
            .collect()
    }

    /// Like [`PatternSet::from_file`], but compiling only the orientations
    /// `keep(pattern index, symmetry)` accepts among those that give
    /// distinct shapes: the set finds no match of the others, and
    /// [`PatternSet::symmetries`] leaves them out. (For a consumer that has
    /// no use for some orientations' matches: they are neither tested nor
    /// made.)
    pub fn from_file_keeping(
        file: PatternFile,
        keep: impl Fn(usize, Symmetry) -> bool,
    ) -> Result<PatternSet, SourceErrors> {
        PatternSet::compile_keeping(file, None, keep, None::<fn(usize, Symmetry) -> i32>)
    }

    /// Like [`PatternSet::from_file_keeping`], with `distinct` what
    /// [`PatternSet::distinct_symmetries`] says of `file` (which a consumer
    /// choosing the orientations to keep has found already): they are not
    /// found again.
    ///
    /// # Panics
    /// If `distinct` does not hold one list per pattern of `file`.
    pub fn from_file_keeping_of(
        file: PatternFile,
        distinct: Vec<Vec<Symmetry>>,
        keep: impl Fn(usize, Symmetry) -> bool,
    ) -> Result<PatternSet, SourceErrors> {
        assert_eq!(distinct.len(), file.len(), "one list per pattern");
        debug_assert_eq!(distinct, PatternSet::distinct_symmetries(&file));
        PatternSet::compile_keeping(
            file,
            Some(distinct),
            keep,
            None::<fn(usize, Symmetry) -> i32>,
        )
    }

    /// Like [`PatternSet::from_file_keeping_of`], with the matches at one
    /// point found in the order of `rank(pattern index, symmetry)` (then,
    /// as [`PatternSet::matches`] says, by pattern index and symmetry)
    /// rather than by pattern index first. (For a consumer that wants a
    /// point's matches in an order of its own, such as by the cell a match
    /// ends on: they come in it at no cost to the scan.)
    ///
    /// # Panics
    /// If `distinct` does not hold one list per pattern of `file`.
    pub fn from_file_keeping_ranked(
        file: PatternFile,
        distinct: Vec<Vec<Symmetry>>,
        keep: impl Fn(usize, Symmetry) -> bool,
        rank: impl Fn(usize, Symmetry) -> i32,
    ) -> Result<PatternSet, SourceErrors> {
        assert_eq!(distinct.len(), file.len(), "one list per pattern");
        debug_assert_eq!(distinct, PatternSet::distinct_symmetries(&file));
        PatternSet::compile_keeping(file, Some(distinct), keep, Some(rank))
    }

    /// [`PatternSet::from_file_keeping`], the distinct symmetries given or
    /// found here, each point's candidates in the order of `rank` if given
    /// ([`PatternSet::from_file_keeping_ranked`]).
    fn compile_keeping(
        file: PatternFile,
        distinct: Option<Vec<Vec<Symmetry>>>,
        keep: impl Fn(usize, Symmetry) -> bool,
        rank: Option<impl Fn(usize, Symmetry) -> i32>,
    ) -> Result<PatternSet, SourceErrors> {
        PatternSet::check(&file)?;
        let constrained: Vec<Vec<Constraint>> = file
            .patterns()
            .iter()
            .map(|p| constraints(p.diagram()))
            .collect();
        let mut symmetries: Vec<Vec<Symmetry>> = distinct.unwrap_or_else(|| {
            file.patterns()
                .iter()
                .zip(&constrained)
                .map(|(p, cells)| distinct_symmetries(p.diagram(), cells))
                .collect()
        });
        for (index, kept) in symmetries.iter_mut().enumerate() {
            kept.retain(|&s| keep(index, s));
        }
        let count = symmetries.iter().map(Vec::len).sum::<usize>();
        let mut variants = Vec::with_capacity(count);
        let mut extras = Vec::new();
        let mut windows: Vec<[u8; CELLS]> = Vec::with_capacity(count);
        let mut masks: Vec<(Window, Window)> = Vec::with_capacity(count);
        let mut reads: Vec<Offsets> = Vec::with_capacity(count);
        let mut first_variant: Vec<u32> = Vec::with_capacity(constrained.len());
        // By pattern, then symmetry: the variants' order (and, without a
        // rank, that of candidates in every bucket, hence that of matches
        // at one point).
        for (index, cells) in constrained.iter().enumerate() {
            first_variant.push(variants.len() as u32);
            for &symmetry in &symmetries[index] {
                let mut read = Offsets::default();
                for c in cells.iter().filter(|c| c.black & 0b0111 != 0b0111) {
                    let (dx, dy) = symmetry.apply_offset(c.dx, c.dy);
                    read.insert(dx, dy);
                }
                reads.push(read);
                let mut window = [0b1111u8; CELLS];
                let (mut mask, mut value, mut need_on): (Window, Window, Window) = (0, 0, 0);
                let start = extras.len() as u32;
                for c in cells {
                    let allowed = c.black;
                    let (dx, dy) = symmetry.apply_offset(c.dx, c.dy);
                    let in_window = window_index(dx, dy);
                    match (in_window, code_mask(allowed)) {
                        (Some(k), Some((m, v))) => {
                            window[k] = allowed;
                            mask |= Window::from(m) << (2 * k);
                            value |= Window::from(v) << (2 * k);
                        }
                        (Some(k), None) if allowed == 0b0111 => {
                            window[k] = allowed;
                            // A key or filter cell is on the board for every
                            // candidate a scan tests: the variant is in the
                            // buckets of the states it allows there only,
                            // and filtered out for the others.
                            if !KEY.contains(&k) && !FILTER.contains(&k) {
                                need_on |= 1 << (2 * k);
                            }
                        }
                        _ => {
                            if let Some(k) = in_window {
                                window[k] = allowed;
                            }
                            extras.push(Extra {
                                dx: dx as i8,
                                dy: dy as i8,
                                allowed,
                            });
                        }
                    }
                }
                variants.push(Variant {
                    pattern: index as u32,
                    symmetry,
                    rest: need_on != 0 || extras.len() as u32 != start,
                    has_extras: extras.len() as u32 != start,
                    need_on,
                    extras: (start, extras.len() as u32),
                });
                windows.push(window);
                masks.push((mask, value));
            }
        }

        // A variant whose every constrained cell is a key or filter cell,
        // with nothing more to check, matches wherever the buckets and
        // filters leave it (they test exactly the states it allows there).
        let decided: Vec<bool> = windows
            .iter()
            .zip(&variants)
            .map(|(window, v)| {
                !v.rest
                    && window
                        .iter()
                        .enumerate()
                        .all(|(k, &a)| a == 0b1111 || KEY.contains(&k) || FILTER.contains(&k))
            })
            .collect();
        // The order of candidates in every bucket: by rank, then pattern
        // and symmetry (a stable sort of the variants' order).
        let mut order: Vec<u32> = (0..variants.len() as u32).collect();
        if let Some(rank) = rank {
            order.sort_by_key(|&v| {
                let v = &variants[v as usize];
                rank(v.pattern as usize, v.symmetry)
            });
        }
        let (keys, buckets, rows, slots) = build_buckets(&windows, &order, &decided);
        // The anchor is the first key cell: its state is the key's low bits.
        let anchor_codes = (0..KEYS)
            .filter(|&key| buckets[keys[key] as usize].words > 0)
            .fold(0u8, |acc, key| acc | 1 << (key & 3));
        let reach = constrained
            .iter()
            .flatten()
            .map(|c| c.dx.abs().max(c.dy.abs()))
            .max()
            .unwrap_or(0);
        // Per pattern, the nearest cell that must be off the board (code 3
        // alone), if any; the set has an edge reach when every pattern has one.
        let edge_reach = constrained
            .iter()
            .map(|cells| {
                cells
                    .iter()
                    .filter(|c| c.black == 1 << 3)
                    .map(|c| c.dx.abs().max(c.dy.abs()))
                    .min()
            })
            .try_fold(0, |far, near| near.map(|n| far.max(n)))
            .filter(|_| !constrained.is_empty());
        Ok(PatternSet {
            file,
            symmetries,
            variants,
            extras,
            // Padded with tests no window passes (never run: their bits are
            // excluded), so that any word's 64 tests are one slice.
            tests: slots
                .iter()
                .map(|&v| masks[v as usize])
                .chain(std::iter::repeat_n((0, 1), 64))
                .collect(),
            keys,
            buckets,
            rows,
            slots,
            reads_any: reads.iter().fold(Offsets::default(), |mut all, r| {
                all.union_with(r);
                all
            }),
            reads,
            first_variant,
            anchor_codes,
            reach,
            edge_reach,
        })
    }

    /// Parses and compiles a pattern file in one step.
    pub fn parse(name: &str, text: &str) -> Result<PatternSet, SourceErrors> {
        PatternSet::from_file(PatternFile::parse(name, text)?)
    }

    /// The file the set was compiled from.
    pub fn file(&self) -> &PatternFile {
        &self.file
    }

    /// The patterns, indexed like [`Match::pattern`].
    pub fn patterns(&self) -> &[Pattern] {
        self.file.patterns()
    }

    /// The pattern with `index`.
    pub fn pattern(&self, index: usize) -> Option<&Pattern> {
        self.file.patterns().get(index)
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.file.len()
    }

    /// Whether the set has no pattern.
    pub fn is_empty(&self) -> bool {
        self.file.is_empty()
    }

    /// The symmetries under which pattern `index` is matched: those that give
    /// distinct shapes, identity first. A pattern that maps onto itself under
    /// some symmetry (label names aside) has fewer than eight, so it reports
    /// one match per placement.
    pub fn symmetries(&self, index: usize) -> &[Symmetry] {
        self.symmetries.get(index).map_or(&[], Vec::as_slice)
    }

    /// Number of compiled variants (pattern × distinct symmetry; each is
    /// matched for both colours).
    pub fn variant_count(&self) -> usize {
        self.variants.len()
    }

    /// How far from its anchor a pattern of the set looks: the largest
    /// row or column distance of a constrained cell (in any orientation).
    /// Whether a pattern matches at an anchor depends on the points within
    /// this distance and nothing else, so a board that changes only farther
    /// away keeps the anchor's matches.
    pub fn reach(&self) -> i32 {
        self.reach
    }

    /// Whether what `m` found depends on the contents of the board point
    /// `p`: a cell of the match's diagram that does not accept every
    /// content of a point (empty, a stone of either colour) lies on `p`.
    /// A board that differs from the matched one only at points a match
    /// does not depend on has that match too; so a match found on one board
    /// and not on the other depends on a point where they differ. `true`
    /// for a match this set cannot have found (nothing is known of it).
    pub fn depends_on(&self, m: &Match, p: Point) -> bool {
        let Some(v) = self.variant_of(m) else {
            return true;
        };
        self.reads[v].contains(p.x() - m.anchor.x(), p.y() - m.anchor.y())
    }

    /// Whether some pattern of the set, in some orientation, reads the
    /// contents of the cell `(dx, dy)` from its anchor: when none does, a
    /// change at a point that far from an anchor leaves the anchor's
    /// matches as they were ([`PatternSet::depends_on`]).
    pub fn reads_offset(&self, dx: i32, dy: i32) -> bool {
        self.reads_any.contains(dx, dy)
    }

    /// The variant a match was found with.
    fn variant_of(&self, m: &Match) -> Option<usize> {
        let first = *self.first_variant.get(m.pattern)?;
        let k = self.symmetries[m.pattern]
            .iter()
            .position(|&s| s == m.symmetry)?;
        Some(first as usize + k)
    }

    /// When every pattern of the set asks for a cell off the board: a bound
    /// `k` such that every match's anchor lies within `k − 1` lines of an
    /// edge ([`Point::edge_distance`] `< k`), so anchors farther in need not
    /// be tried. `None` when some pattern can match anywhere.
    pub fn edge_reach(&self) -> Option<i32> {
        self.edge_reach
    }

    /// Every match on `board` for `color` (`X` = a stone of `color`), in
    /// board order (row by row from the top), then by pattern index, then
    /// by symmetry in [`Symmetry::ALL`] order (a set compiled by
    /// [`PatternSet::from_file_keeping_ranked`]: by rank before pattern).
    pub fn matches<'a>(&'a self, board: &Board, color: Color) -> Matches<'a> {
        Matches::new(self, board, Some(color))
    }

    /// [`PatternSet::matches`] for Black and for White (by
    /// [`Color::index`]): the board's rows are read once, White's being
    /// Black's with the colours swapped.
    pub fn matches_each<'a>(&'a self, board: &Board) -> [Matches<'a>; 2] {
        let black = Rows::new(board, Color::Black);
        let white = black.swapped();
        [
            Matches::one_colour(self, black, Color::Black),
            Matches::one_colour(self, white, Color::White),
        ]
    }

    /// Every match on `board` for both colours, in board order, then Black
    /// before White, then by pattern index and symmetry (as
    /// [`PatternSet::matches`] orders them).
    pub fn matches_both<'a>(&'a self, board: &Board) -> Matches<'a> {
        Matches::new(self, board, None)
    }

    /// The matches anchored on `anchor` for `color`, ordered by pattern index
    /// and symmetry (by rank first in a set compiled by
    /// [`PatternSet::from_file_keeping_ranked`]). Empty when `anchor` is not
    /// on the board.
    pub fn matches_at<'a>(
        &'a self,
        board: &'a Board,
        anchor: Point,
        color: Color,
    ) -> MatchesAt<'a> {
        let size = board.size();
        let mut scan = Scan::default();
        // The anchor's own code first: most anchors no variant allows are
        // passed over without building a window.
        if anchor.on_board(size) {
            let at_anchor = Window::from(board.cell(anchor) as u8) << (2 * KEY[0]);
            if self.anchor_may_match(at_anchor, color) {
                let window = match color {
                    Color::Black => board_window(board, anchor),
                    Color::White => swap_window(board_window(board, anchor)),
                };
                scan.start(self, window, color);
            }
        }
        MatchesAt {
            set: self,
            board,
            anchor,
            scan,
            only: None,
        }
    }

    /// The matches of [`PatternSet::matches_at`] that depend on one of
    /// `points` ([`PatternSet::depends_on`]), in the same order: on a board
    /// that differs from another only at `points`, the matches at
    /// `anchor` that may differ between the two.
    pub fn matches_at_depending_on<'a>(
        &'a self,
        board: &'a Board,
        anchor: Point,
        color: Color,
        points: &[Point],
    ) -> MatchesAt<'a> {
        let mut only = Offsets::default();
        for p in points {
            only.insert(p.x() - anchor.x(), p.y() - anchor.y());
        }
        MatchesAt {
            only: Some(only),
            ..self.matches_at(board, anchor, color)
        }
    }

    /// The board point of the cell labelled `label` in a match; `None` when
    /// the pattern has no such label (or the match is not from this set).
    pub fn label_point(&self, m: &Match, label: char) -> Option<Point> {
        let (dx, dy) = self.pattern(m.pattern)?.diagram().label_offset(label)?;
        let (dx, dy) = m.symmetry.apply_offset(dx, dy);
        Point::checked(m.anchor.x() + dx, m.anchor.y() + dy, MAX_SIZE)
    }

    /// Every diagram cell of a match on a board of `size`, in diagram reading
    /// order, with the board point under it.
    pub fn placed_cells(&self, m: &Match, size: u8) -> impl Iterator<Item = PlacedCell> + '_ {
        let m = *m;
        self.pattern(m.pattern)
            .into_iter()
            .flat_map(|p| p.diagram().cells())
            .map(move |c| {
                let (dx, dy) = m.symmetry.apply_offset(c.dx, c.dy);
                PlacedCell {
                    column: c.column,
                    row: c.row,
                    symbol: c.symbol,
                    point: Point::checked(m.anchor.x() + dx, m.anchor.y() + dy, size),
                }
            })
    }

    /// The checks a window mask cannot do: cells that must be on the board
    /// and cells outside the window. `code` gives the code at an extra cell
    /// as the scan's colour reads it (swapped for White, as the window is).
    #[inline]
    fn rest_ok(&self, v: &Variant, scan: &Scan, code: impl Fn(&Extra) -> u8) -> bool {
        !v.rest
            || off_bits(scan.window) & v.need_on == 0
                && (!v.has_extras
                    || self.extras[v.extras.0 as usize..v.extras.1 as usize]
                        .iter()
                        .all(|e| e.allowed >> code(e) & 1 != 0))
    }
}

impl PatternSet {
    /// The columns of a row of [`Rows`] (`code`, as one colour reads it)
    /// whose contents some variant allows at its anchor: bit `2 * (x +
    /// HALF)` for column `x`. The only points a scan need visit (a set
    /// anchored on stones passes over every empty point without building
    /// its window), and exactly those: an anchor is never off the board,
    /// and the key's anchor cell is the bucket's first test.
    #[inline]
    fn anchor_bits(&self, code: u64) -> u64 {
        const LOW: u64 = u64::MAX / 3;
        let (low, high) = (code & LOW, code >> 1 & LOW);
        let mut bits = 0;
        // Codes as the colour reads them: 0 empty, 1 own stone, 2 other
        // stone (3, off the board, is never an anchor's).
        if self.anchor_codes & 1 != 0 {
            bits |= !(low | high) & LOW;
        }
        if self.anchor_codes >> 1 & 1 != 0 {
            bits |= low & !high;
        }
        if self.anchor_codes >> 2 & 1 != 0 {
            bits |= high & !low;
        }
        bits
    }

    /// Whether some variant allows the anchor code of `window` (a point's
    /// window as the board has it) when read for `color`.
    #[inline]
    fn anchor_may_match(&self, window: Window, color: Color) -> bool {
        let code = ((window >> (2 * KEY[0])) & 3) as u8;
        let code = match color {
            Color::Black => code,
            Color::White => swap_code(code),
        };
        self.anchor_codes >> code & 1 != 0
    }
}

/// For each 7-bit set of columns, the same bits two apart (bit `i` to bit
/// `2i`): a row of one kind of cell as the low bits of its 2-bit codes.
const SPREAD: [u16; 1 << SIDE_W] = {
    let mut table = [0u16; 1 << SIDE_W];
    let mut bits = 0;
    while bits < table.len() {
        let mut i = 0;
        while i < SIDE_W {
            table[bits] |= ((bits as u16 >> i) & 1) << (2 * i);
            i += 1;
        }
        bits += 1;
    }
    table
};

/// The window of `anchor`, a point of `board`, read off the board's sets
/// of stones a row at a time ([`Rows`] are worth making only for a whole
/// board's scan): in each row, the black stones' bits spread to the low
/// bits of the codes, the white stones' to the high bits, and the columns
/// past an edge set to off (3); rows past an edge are off.
fn board_window(board: &Board, anchor: Point) -> Window {
    let n = i32::from(board.size());
    let (x, y) = (anchor.x(), anchor.y());
    let sets = board.point_sets();
    // The window's columns `x - HALF ..= x + HALF` of a row's bits.
    let columns = |bits: u32| {
        let bits = u64::from(bits) << HALF >> x;
        (bits & ((1 << SIDE_W) - 1)) as usize
    };
    // The window's columns past an edge.
    let on_board = columns((1u32 << n) - 1);
    let off = SPREAD[!on_board & ((1 << SIDE_W) - 1)] * 3;
    let mut window: Window = 0;
    for (r, yy) in (y - HALF..=y + HALF).enumerate() {
        let row = if (0..n).contains(&yy) {
            let [black, white] = sets
                .stones
                .map(|set| SPREAD[columns(set.row_bits(yy as u8))]);
            black | white << 1 | off
        } else {
            (1 << (2 * SIDE_W)) - 1
        };
        window |= Window::from(row) << (2 * SIDE_W as usize * r);
    }
    window
}

/// Low bit set in every cell pair of `window` that is off the board.
#[inline]
fn off_bits(window: Window) -> Window {
    window & (window >> 1) & LOW_BITS
}

/// The window with black and white swapped (codes 1 and 2 exchanged, 0 and
/// 3 kept): White's window as Black's variants read it.
#[inline]
fn swap_window(window: Window) -> Window {
    window ^ (((window ^ (window >> 1)) & LOW_BITS) * 3)
}

/// The "too large" error of a pattern, if it has one.
fn extent_error(file: &PatternFile, p: &Pattern) -> Option<crate::diag::SourceError> {
    let d = p.diagram();
    let far = d
        .cells()
        .filter(|c| c.symbol != Symbol::Any)
        .find(|c| c.dx.abs().max(c.dy.abs()) > MAX_EXTENT)?;
    let (ax, ay) = d.anchor();
    let anchor_at = p.cell_location(ax, ay).unwrap_or(p.location());
    let here = p.cell_location(far.column, far.row).unwrap_or(p.location());
    let (what, n) = if far.dx.abs() >= far.dy.abs() {
        ("columns", far.dx.abs())
    } else {
        ("rows", far.dy.abs())
    };
    Some(
        file.error_at(
            here,
            format!("pattern '{}' is too large for the matcher", p.name()),
        )
        .with_label(format!(
            "this cell is {n} {what} from the anchor; at most {MAX_EXTENT} are supported"
        ))
        .with_note(format!(
            "the anchor is at line {}, column {}; move it (with '*' or '@') or split the \
                 pattern",
            anchor_at.line, anchor_at.column
        )),
    )
}

/// The key of a window: the states of the [`KEY`] cells, 2 bits each.
#[inline]
fn key_of(window: Window) -> usize {
    let mut key = 0;
    for (i, &k) in KEY.iter().enumerate() {
        key |= ((window >> (2 * k)) & 3) << (2 * i);
    }
    key as usize
}

/// Calls `f(key, variant)` for every key whose states a variant allows, for
/// every variant, the variants in `order`. The anchor is always on the
/// board: keys with an off-board anchor never occur.
fn for_each_key(windows: &[[u8; CELLS]], order: &[u32], mut f: impl FnMut(usize, u32)) {
    const _: () = assert!(KEY.len() == 3, "one loop a key cell");
    // The states a set of codes allows.
    let states = |allowed: u8| (0..4).filter(move |s| allowed >> s & 1 != 0);
    for &v in order {
        let window = &windows[v as usize];
        let anchor = window[KEY[0]] & 0b0111;
        for a in states(anchor) {
            for n in states(window[KEY[1]]) {
                for s in states(window[KEY[2]]) {
                    f(a | n << 2 | s << 4, v);
                }
            }
        }
    }
}

/// Puts every variant in the buckets of the keys it allows (each bucket's
/// in `order`) and builds the filter bitsets. Keys with the same candidates
/// share one bucket.
fn build_buckets(
    windows: &[[u8; CELLS]],
    order: &[u32],
    decided: &[bool],
) -> (Vec<u32>, Vec<Bucket>, Vec<u64>, Vec<u32>) {
    // Every variant goes in the list of every key whose states it allows:
    // counted first, then placed, all lists in one array.
    let mut count = vec![0u32; KEYS + 1];
    for_each_key(windows, order, |key, _| count[key + 1] += 1);
    for key in 0..KEYS {
        count[key + 1] += count[key];
    }
    let mut list_of = vec![0u32; count[KEYS] as usize];
    let mut next = count.clone();
    for_each_key(windows, order, |key, v| {
        list_of[next[key] as usize] = v;
        next[key] += 1;
    });
    let lists = (0..KEYS).map(|key| &list_of[count[key] as usize..count[key + 1] as usize]);
    // For each variant, bit `f * 4 + state` says that it does not allow
    // `state` at filter cell `f`: the rows its slots are set in.
    // (Made a 64-bit half at a time: shifts of the whole were most of it.)
    let excluded: Vec<u128> = windows
        .iter()
        .map(|window| {
            let half = |cells: &[usize]| {
                cells.iter().enumerate().fold(0u64, |bits, (f, &cell)| {
                    bits | u64::from(!window[cell] & 0b1111) << (4 * f)
                })
            };
            u128::from(half(&FILTER[..16])) | u128::from(half(&FILTER[16..])) << 64
        })
        .collect();
    // Keys with the same list share a bucket: (hash, list, bucket) of each
    // bucket, found first so that the filter bitsets and the slots are
    // allocated once at their size (grown by doubling, they were most of
    // the fresh memory a load touches).
    let mut built: Vec<(u64, &[u32], u32)> = Vec::new();
    let mut keys = vec![0u32; KEYS];
    let (mut row_words, mut slot_count) = (0, 0);
    for (key, list) in lists.enumerate() {
        if list.is_empty() {
            continue;
        }
        // FNV-1a over the variant numbers.
        let hash = list.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &v| {
            (h ^ u64::from(v)).wrapping_mul(0x0100_0000_01b3)
        });
        if let Some(&(_, _, b)) = built.iter().find(|&&(h, l, _)| h == hash && l == list) {
            keys[key] = b;
            continue;
        }
        // Bucket 0 is the empty bucket.
        let b = built.len() as u32 + 1;
        built.push((hash, list, b));
        keys[key] = b;
        row_words += list.len().div_ceil(64) * ROW_WORDS;
        slot_count += list.len();
    }
    let mut buckets = Vec::with_capacity(built.len() + 1);
    buckets.push(Bucket::default());
    let (mut rows, mut slots) = (
        Vec::with_capacity(row_words),
        Vec::with_capacity(slot_count),
    );
    for &(_, list, _) in &built {
        let words = list.len().div_ceil(64);
        let first = slots.len();
        let row_start = rows.len();
        slots.extend_from_slice(list);
        for word in list.chunks(64) {
            // The word's bitset of each filter cell and state (`f * 4 +
            // state`; four empty ones after them, for a pair's cell that
            // is not a filter cell).
            let mut cells = [0u64; (FILTER.len() + 1) * 4];
            for (bit, &v) in word.iter().enumerate() {
                let mut excluded = excluded[v as usize];
                while excluded != 0 {
                    let row = excluded.trailing_zeros() as usize;
                    excluded &= excluded - 1;
                    cells[row] |= 1 << bit;
                }
            }
            // Bits past the last candidate stand for no slot: exclude them
            // in every state of the first filter cell.
            if word.len() < 64 {
                for row in &mut cells[..4] {
                    *row |= !0u64 << word.len();
                }
            }
            // Each pair's bitsets: those of its two cells' states, joined.
            for &[a, b] in &PAIR_FILTERS {
                let (a, b) = (&cells[a * 4..a * 4 + 4], &cells[b * 4..b * 4 + 4]);
                rows.extend((0..PAIR_ROWS).map(|states| a[states & 3] | b[states >> 2]));
            }
        }
        debug_assert_eq!(rows.len(), row_start + words * ROW_WORDS);
        buckets.push(Bucket {
            words: words as u32,
            rows: row_start as u32,
            slots: first as u32,
            decided: list.iter().all(|&v| decided[v as usize]),
        });
    }
    (keys, buckets, rows, slots)
}

/// Where a scan is among the candidates of one point, for one colour.
#[derive(Clone, Copy, Debug)]
struct Scan {
    color: Color,
    /// The window as Black's variants read it (swapped for White).
    /// (Its off-board cells, [`off_bits`], are found only for a candidate
    /// that needs them, not for every scan.)
    window: Window,
    /// Start of the bucket's filter bitsets.
    rows: u32,
    /// First slot of the bucket.
    slots: u32,
    /// Whether the bucket's candidates need no window test.
    decided: bool,
    /// Next word to read and the end of the words.
    word: u32,
    end: u32,
    /// Slot index of bit 0 of `bits`, and the candidates of that word that
    /// passed the window test and are not yet returned.
    base: u32,
    bits: u64,
}

impl Default for Scan {
    fn default() -> Scan {
        Scan {
            color: Color::Black,
            window: 0,
            rows: 0,
            slots: 0,
            decided: false,
            word: 0,
            end: 0,
            base: 0,
            bits: 0,
        }
    }
}

impl Scan {
    /// Starts on a point whose window, as `color` reads it (swapped for
    /// White), is `window`.
    #[inline]
    fn start(&mut self, set: &PatternSet, window: Window, color: Color) {
        self.start_inline(set, window, color);
    }

    /// [`Scan::start`], always inlined.
    #[expect(
        clippy::inline_always,
        reason = "once an anchor of a one-colour scan, in its loop"
    )]
    #[inline(always)]
    fn start_inline(&mut self, set: &PatternSet, window: Window, color: Color) {
        let bucket = set.buckets[set.keys[key_of(window)] as usize];
        self.color = color;
        self.window = window;
        self.rows = bucket.rows;
        self.slots = bucket.slots;
        self.decided = bucket.decided;
        self.word = 0;
        self.end = bucket.words;
        self.bits = 0;
        // The first word at once (most buckets have one), its filter
        // pairs read from the window where it is made. (Read in `next`'s
        // loop over words, the window's pairs were taken out ahead of the
        // loop, kept on the stack and read back.)
        if self.end > 0 {
            self.load_word(set);
        }
    }

    /// [`Scan::load_word`] for a word after the first, out of line.
    #[inline(never)]
    fn load_later_word(&mut self, set: &PatternSet) {
        self.load_word(set);
    }

    /// Reads the next word of the bucket: its candidates that the filters
    /// leave and whose window tests pass.
    #[expect(
        clippy::inline_always,
        reason = "once a scan, where the scan starts; it should cost no call"
    )]
    #[inline(always)]
    fn load_word(&mut self, set: &PatternSet) {
        let w = self.word;
        self.word += 1;
        // The word's bitsets, one per filter pair and states: those of
        // the window's states, joined, exclude the candidates.
        let at = self.rows as usize + w as usize * ROW_WORDS;
        let rows: &[u64; ROW_WORDS] = set.rows[at..at + ROW_WORDS]
            .try_into()
            .expect("a word has a row per filter pair and states");
        let mut left = !filter_union(rows, self.window);
        self.base = self.slots + 64 * w;
        if self.decided {
            self.bits = left;
            return;
        }
        // The window test of every candidate of the word, gathered into
        // a mask without a branch on its outcome (which no predictor
        // could learn: it is the board's content). `tests` is padded:
        // every word has 64.
        let at = self.base as usize;
        let tests: &[(Window, Window); 64] = set.tests[at..at + 64]
            .try_into()
            .expect("64 tests from any word");
        let mut passed = 0u64;
        while left != 0 {
            let bit = left.trailing_zeros();
            left &= left - 1;
            let (mask, value) = tests[bit as usize & 63];
            passed |= u64::from(self.window & mask == value) << bit;
        }
        self.bits = passed;
    }

    /// The next candidate whose window test passes, if any.
    #[expect(
        clippy::inline_always,
        reason = "called about 4 000 times an evaluation; left to the compiler it stayed a call (2.3 % of a fresh evaluation's instructions, docs/results.md)"
    )]
    #[inline(always)]
    fn next(&mut self, set: &PatternSet) -> Option<usize> {
        loop {
            if self.bits != 0 {
                let bit = self.bits.trailing_zeros();
                self.bits &= self.bits - 1;
                return Some(set.slots[(self.base + bit) as usize] as usize);
            }
            if self.word >= self.end {
                return None;
            }
            self.load_later_word(set);
        }
    }
}

/// The board's rows as 2-bit codes as one colour reads them (own stones 1,
/// the other colour's 2: swapped for White), each padded with [`HALF`]
/// off-board cells on either side (and past the board's last column), with
/// [`HALF`] off-board rows above and below: a point's window is seven
/// shifts of seven rows.
#[derive(Clone)]
struct Rows {
    /// Row `y + HALF`: bits `2 * (x + HALF)` and up hold the code of column
    /// `x`.
    code: [u64; MAX_SIZE as usize + 2 * H],
    size: i32,
}

impl Rows {
    /// The rows of `board` as `color` reads them.
    fn new(board: &Board, color: Color) -> Rows {
        // A row of one kind of cell (25 bits) as the low bits of its 2-bit
        // codes, seven columns at a time.
        let spread = |bits: u32| {
            (0..4).fold(0u64, |acc, i| {
                let seven = (bits >> (SIDE_W as u32 * i)) as usize & ((1 << SIDE_W) - 1);
                acc | u64::from(SPREAD[seven]) << (2 * SIDE_W as u32 * i)
            })
        };
        let n = board.size();
        let sets = board.point_sets();
        let (own, other) = (
            &sets.stones[color.index()],
            &sets.stones[color.opponent().index()],
        );
        // Off before column 0 and from column `n` on.
        let off = ((1 << (2 * H)) - 1) | (u64::MAX << (2 * (H + usize::from(n))));
        let mut code = [u64::MAX; MAX_SIZE as usize + 2 * H];
        for y in 0..n {
            let (own, other) = (spread(own.row_bits(y)), spread(other.row_bits(y)));
            code[usize::from(y) + H] = (own | other << 1) << (2 * H) | off;
        }
        Rows {
            code,
            size: i32::from(n),
        }
    }

    /// These rows as the other colour reads them: each cell's codes 1 and
    /// 2 exchanged (0, empty, and 3, off the board, kept).
    fn swapped(&self) -> Rows {
        const LOW: u64 = u64::MAX / 3;
        Rows {
            code: self.code.map(|row| row ^ (((row ^ (row >> 1)) & LOW) * 3)),
            size: self.size,
        }
    }

    /// The window of the point at `(x, y)` on the board.
    #[inline]
    fn window(&self, x: i32, y: i32) -> Window {
        let shift = 2 * x as u32;
        let mut window: Window = 0;
        for (r, &row) in self.code[y as usize..y as usize + SIDE_W as usize]
            .iter()
            .enumerate()
        {
            let cells = (row >> shift) & ((1 << (2 * SIDE_W)) - 1);
            window |= Window::from(cells) << (2 * SIDE_W as usize * r);
        }
        window
    }

    /// The code of the cell at `(x, y)` (off beyond the board).
    #[inline]
    fn at(&self, x: i32, y: i32) -> u8 {
        if (0..self.size).contains(&x) && (0..self.size).contains(&y) {
            (self.code[y as usize + H] >> (2 * (x as usize + H)) & 3) as u8
        } else {
            Cell::Off as u8
        }
    }
}

/// Iterator over the matches of a [`PatternSet`] on a whole board; see
/// [`PatternSet::matches`].
pub struct Matches<'a> {
    set: &'a PatternSet,
    /// The board's rows as each colour matched reads them.
    rows: [Rows; 2],
    /// The colours to match, and how many of them.
    colors: [Color; 2],
    color_count: usize,
    /// The row being visited.
    y: i32,
    /// For each colour, the anchors of the row not yet visited
    /// ([`PatternSet::anchor_bits`]).
    left: [u64; 2],
    /// Whether each colour is scanned at the current point (two colours
    /// only: one colour is scanned at each of its anchors).
    here: [bool; 2],
    /// The next colour to scan at the current point.
    next_color: usize,
    anchor: Point,
    /// The anchor's column and row.
    xy: (i32, i32),
    scan: Scan,
}

impl<'a> Matches<'a> {
    fn new(set: &'a PatternSet, board: &Board, color: Option<Color>) -> Matches<'a> {
        let (colors, color_count) = match color {
            Some(c) => ([c, c], 1),
            None => (Color::BOTH, 2),
        };
        let first = Rows::new(board, colors[0]);
        if color_count == 1 {
            return Matches::one_colour(set, first, colors[0]);
        }
        let second = first.swapped();
        Matches {
            set,
            rows: [first, second],
            colors,
            color_count,
            y: -1,
            left: [0; 2],
            here: [false; 2],
            next_color: color_count,
            anchor: Point::new(0, 0),
            xy: (0, 0),
            scan: Scan::default(),
        }
    }

    /// The matches for `color` on the board whose rows, as `color` reads
    /// them, are `rows`.
    fn one_colour(set: &'a PatternSet, rows: Rows, color: Color) -> Matches<'a> {
        Matches {
            set,
            // (The second colour's rows are never read.)
            rows: [rows.clone(), rows],
            colors: [color, color],
            color_count: 1,
            y: -1,
            left: [0; 2],
            here: [false; 2],
            next_color: 1,
            anchor: Point::new(0, 0),
            xy: (0, 0),
            scan: Scan::default(),
        }
    }

    /// Moves to the next colour at this point or to the next point; `false`
    /// after the last.
    #[inline]
    fn advance(&mut self) -> bool {
        if self.color_count == 1 {
            return self.advance_one();
        }
        loop {
            while self.next_color < self.color_count {
                let i = self.next_color;
                self.next_color += 1;
                if self.here[i] {
                    let window = self.rows[i].window(self.xy.0, self.xy.1);
                    self.scan.start(self.set, window, self.colors[i]);
                    return true;
                }
            }
            let left = self.left[0] | self.left[1];
            if left == 0 {
                // The next row's anchors.
                if self.y + 1 >= self.rows[0].size {
                    return false;
                }
                self.y += 1;
                for i in 0..self.color_count {
                    let code = self.rows[i].code[self.y as usize + H];
                    self.left[i] = self.set.anchor_bits(code);
                }
                continue;
            }
            let at = left & left.wrapping_neg();
            for i in 0..2 {
                self.here[i] = self.left[i] & at != 0;
                self.left[i] &= !at;
            }
            self.next_color = 0;
            let x = (at.trailing_zeros() / 2) as i32 - HALF;
            self.xy = (x, self.y);
            self.anchor = Point::new(x as u8, self.y as u8);
        }
    }

    /// [`Matches::advance`] for one colour: every anchor is scanned once,
    /// without the bookkeeping of the second colour.
    #[inline]
    fn advance_one(&mut self) -> bool {
        match self.next_anchor() {
            Some(window) => {
                self.scan.start(self.set, window, self.colors[0]);
                true
            }
            None => false,
        }
    }

    /// For one colour: moves to the next anchor and returns its window, or
    /// `None` after the last.
    #[expect(clippy::inline_always, reason = "once an anchor, in the scan's loop")]
    #[inline(always)]
    fn next_anchor(&mut self) -> Option<Window> {
        while self.left[0] == 0 {
            // The next row's anchors.
            if self.y + 1 >= self.rows[0].size {
                return None;
            }
            self.y += 1;
            let code = self.rows[0].code[self.y as usize + H];
            self.left[0] = self.set.anchor_bits(code);
        }
        let left = self.left[0];
        self.left[0] = left & (left - 1);
        self.next_color = 1;
        let x = (left.trailing_zeros() / 2) as i32 - HALF;
        self.xy = (x, self.y);
        self.anchor = Point::new(x as u8, self.y as u8);
        Some(self.rows[0].window(x, self.y))
    }
}

impl Iterator for Matches<'_> {
    type Item = Match;

    fn next(&mut self) -> Option<Match> {
        let set = self.set;
        loop {
            while let Some(i) = self.scan.next(set) {
                let v = &set.variants[i];
                // (The colour scanned is the one before `next_color`.)
                let (rows, (x, y)) = (&self.rows[self.next_color - 1], self.xy);
                let code = |e: &Extra| rows.at(x + i32::from(e.dx), y + i32::from(e.dy));
                if set.rest_ok(v, &self.scan, code) {
                    return Some(v.to_match(self.anchor, self.scan.color));
                }
            }
            if !self.advance() {
                return None;
            }
        }
    }

    /// The same as repeated [`next`](Self::next), in one loop (what
    /// `count`, `for_each` and `sum` use).
    fn fold<B, F>(mut self, init: B, mut f: F) -> B
    where
        F: FnMut(B, Match) -> B,
    {
        let set = self.set;
        let mut acc = init;
        // The scan in a local (one place where matches are made, for both
        // colours, so that `f` is inlined there).
        let mut scan = self.scan;
        loop {
            while scan.bits != 0 {
                let bit = scan.bits.trailing_zeros();
                scan.bits &= scan.bits - 1;
                let v = &set.variants[set.slots[(scan.base + bit) as usize] as usize];
                // A bucket decided by its filters has nothing more to check.
                if scan.decided || {
                    // (The colour scanned is the one before `next_color`.)
                    let (rows, (x, y)) = (&self.rows[self.next_color - 1], self.xy);
                    let code = |e: &Extra| rows.at(x + i32::from(e.dx), y + i32::from(e.dy));
                    set.rest_ok(v, &scan, code)
                } {
                    acc = f(acc, v.to_match(self.anchor, scan.color));
                }
            }
            if scan.word < scan.end {
                scan.load_later_word(set);
                continue;
            }
            if self.color_count == 1 {
                // [`Matches::advance_one`], the scan started in line.
                let Some(window) = self.next_anchor() else {
                    return acc;
                };
                scan.start_inline(set, window, self.colors[0]);
            } else {
                if !self.advance() {
                    return acc;
                }
                scan = self.scan;
            }
        }
    }
}

/// Iterator over the matches of a [`PatternSet`] at one point; see
/// [`PatternSet::matches_at`].
pub struct MatchesAt<'a> {
    set: &'a PatternSet,
    board: &'a Board,
    anchor: Point,
    scan: Scan,
    /// With [`PatternSet::matches_at_depending_on`]: the offsets from the
    /// anchor of the points a match must depend on.
    only: Option<Offsets>,
}

impl Iterator for MatchesAt<'_> {
    type Item = Match;

    fn next(&mut self) -> Option<Match> {
        let set = self.set;
        let board = self.board;
        let size = board.size();
        let (x, y) = (self.anchor.x(), self.anchor.y());
        while let Some(i) = self.scan.next(set) {
            if let Some(only) = &self.only {
                if !set.reads[i].intersects(only) {
                    continue;
                }
            }
            let v = &set.variants[i];
            let color = self.scan.color;
            let code = |e: &Extra| {
                let c = Point::checked(x + i32::from(e.dx), y + i32::from(e.dy), size)
                    .map_or(Cell::Off as u8, |p| board.cell(p) as u8);
                match color {
                    Color::Black => c,
                    Color::White => swap_code(c),
                }
            };
            if set.rest_ok(v, &self.scan, code) {
                return Some(v.to_match(self.anchor, self.scan.color));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_masks_cover_the_symbol_sets() {
        assert_eq!(code_mask(0b0001), Some((3, 0)));
        assert_eq!(code_mask(0b0010), Some((3, 1)));
        assert_eq!(code_mask(0b1000), Some((3, 3)));
        // x for Black: empty or black, high bit clear.
        assert_eq!(code_mask(0b0011), Some((2, 0)));
        // o for Black: empty or white, low bit clear.
        assert_eq!(code_mask(0b0101), Some((1, 0)));
        assert_eq!(code_mask(0b1111), Some((0, 0)));
        assert_eq!(code_mask(0b0111), None);
    }

    #[test]
    fn window_cells_are_in_reading_order() {
        assert_eq!(window_index(-3, -3), Some(0));
        assert_eq!(window_index(-2, -3), Some(1));
        assert_eq!(window_index(-3, -2), Some(7));
        assert_eq!(window_index(0, 0), Some(24));
        assert_eq!(window_index(3, 3), Some(48));
        assert_eq!(window_index(4, 0), None);
        assert_eq!(window_index(0, -4), None);
        // Key: the anchor and its north and south neighbours; filter: the
        // rest of the 3×3, the next cells north and south, then two and
        // three steps along the row and three along the column.
        let at = |dx, dy| window_index(dx, dy).unwrap();
        assert_eq!(KEY, [at(0, 0), at(0, -1), at(0, 1)]);
        assert_eq!(FILTER[..2], [at(1, 0), at(-1, 0)]);
        assert_eq!(FILTER[2..6], [at(-1, -1), at(1, -1), at(-1, 1), at(1, 1)]);
        assert_eq!(FILTER[6..8], [at(0, -2), at(0, 2)]);
        assert_eq!(FILTER[8..12], [at(2, 0), at(-2, 0), at(3, 0), at(-3, 0)]);
        assert_eq!(FILTER[12..14], [at(0, -3), at(0, 3)]);
        assert_eq!(
            FILTER[14..22],
            [
                at(1, 2),
                at(-1, 2),
                at(1, -2),
                at(-1, -2),
                at(2, 1),
                at(-2, 1),
                at(2, -1),
                at(-2, -1)
            ]
        );
        assert_eq!(
            FILTER[22..],
            [
                at(1, 3),
                at(-1, 3),
                at(1, -3),
                at(-1, -3),
                at(3, 1),
                at(-3, 1),
                at(3, -1),
                at(-3, -1)
            ]
        );
    }
}
