//! Compiled pattern sets and the fast matcher.
//!
//! # Design
//! Every pattern is expanded under the symmetries that give distinct shapes
//! and for both colours into *variants*. A variant is checked against the
//! 5×5 neighbourhood of a point packed into a `u64` (2 bits per cell, the
//! [`Cell`] codes: empty 0, black 1, white 2, off 3) with one
//! `code & mask == value`: a cell that must be empty, black, white or off
//! board sets both bits of the mask; "own or empty" and "opponent or empty"
//! need only one bit (`x` for Black is "high bit 0", `o` is "low bit 0").
//! The one set this cannot say, "anything on the board" (uppercase labels),
//! is checked with a second mask over the off-board cells of the window;
//! cells outside the window are checked one by one afterwards.
//!
//! To test only a few variants per point, the variants are arranged in a
//! decision tree over the window cells: each node reads one cell of the
//! window and branches on its state; a variant that does not care about that
//! cell goes down every branch. The cell tested at each node is the one that
//! removes the most candidates, weighted by how common each state is on a
//! real board. Leaves hold the candidates (their masks inline), Black's
//! variants first, so a scan for one colour reads half a leaf.
//!
//! A scan first copies the board into a padded array of codes (a margin of
//! [`MAX_EXTENT`] off-board cells on each side, so no pattern cell is ever
//! out of bounds) and precomputes the 5-cell row codes, so that the window
//! of a point is five loads.

use super::Symbol;
use super::syntax::{Diagram, Pattern, PatternFile};
use crate::board::Board;
use crate::color::{Cell, Color};
use crate::diag::SourceErrors;
use crate::point::{MAX_SIZE, Point};
use crate::symmetry::Symmetry;
use std::collections::HashMap;
use std::fmt;

/// How far, in columns and in rows, a cell that constrains the board
/// (anything but `?`) may lie from the anchor. Larger patterns are rejected
/// by [`PatternSet::compile`]; any diagram up to 9×9 fits wherever its
/// anchor is.
pub const MAX_EXTENT: i32 = 8;

const MARGIN: usize = MAX_EXTENT as usize;
/// Width of the padded code array.
const GW: usize = MAX_SIZE as usize + 2 * MARGIN;
const GRID: usize = GW * GW;
/// Half-width of the packed window (5×5).
const HALF: i32 = 2;
/// Window cells.
const CELLS: usize = 25;
/// The low bit of every 2-bit cell code in a window.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;
/// Tag of a leaf reference in the decision tree.
const LEAF: u32 = 1 << 31;
/// How often each cell state occurs, for choosing the cells the tree tests.
const STATE_WEIGHT: [f32; 4] = [0.6, 0.18, 0.18, 0.04];
/// Deeper than this, or with more nodes than this, the tree stops splitting.
const MAX_DEPTH: u32 = 16;
const MAX_NODES: usize = 1 << 16;

/// The board cell with a given 2-bit code.
const fn cell_of(code: usize) -> Cell {
    match code {
        0 => Cell::Empty,
        1 => Cell::Black,
        2 => Cell::White,
        _ => Cell::Off,
    }
}

/// The codes a symbol accepts for `own`, as a 4-bit set (bit `c` for code `c`).
fn allowed_codes(symbol: Symbol, own: Color) -> u8 {
    (0..4)
        .filter(|&c| symbol.accepts(cell_of(c), own))
        .fold(0, |set, c| set | (1 << c))
}

/// A `(mask, value)` pair over one 2-bit code that accepts exactly `allowed`.
fn code_mask(allowed: u8) -> Option<(u8, u8)> {
    (0..4u8)
        .flat_map(|m| (0..4u8).map(move |v| (m, v)))
        .find(|&(m, v)| {
            v & !m == 0
                && (0..4u8)
                    .filter(|&c| c & m == v)
                    .fold(0, |s, c| s | (1 << c))
                    == allowed
        })
}

/// Index of the window cell at `(dx, dy)`, if it lies in the window.
fn window_index(dx: i32, dy: i32) -> Option<usize> {
    ((-HALF..=HALF).contains(&dx) && (-HALF..=HALF).contains(&dy))
        .then(|| ((dy + HALF) * 5 + dx + HALF) as usize)
}

/// The symmetries of `diagram` that give distinct shapes, in
/// [`Symmetry::ALL`] order: a symmetry is dropped when an earlier one maps
/// every cell onto a cell with the same requirement (label names aside).
fn distinct_symmetries(diagram: &Diagram) -> Vec<Symmetry> {
    let mut seen: Vec<Vec<(i32, i32, Symbol)>> = Vec::new();
    let mut kept = Vec::new();
    for sym in Symmetry::ALL {
        let mut shape: Vec<(i32, i32, Symbol)> = diagram
            .cells()
            .filter(|c| c.symbol != Symbol::Any)
            .map(|c| {
                let (x, y) = sym.apply_offset(c.dx, c.dy);
                (x, y, c.symbol.class())
            })
            .collect();
        shape.sort_unstable();
        if !seen.contains(&shape) {
            seen.push(shape);
            kept.push(sym);
        }
    }
    kept
}

/// One pattern under one symmetry for one colour.
#[derive(Clone, Debug)]
struct Variant {
    pattern: u32,
    symmetry: Symmetry,
    color: Color,
    /// Window cells that must be on the board (low bit of their code pair).
    need_on: u64,
    /// `extras[start..end]`: cells checked one by one.
    extras: (u32, u32),
}

/// A cell checked one by one: outside the window, or a set the window masks
/// cannot express.
#[derive(Clone, Copy, Debug)]
struct Extra {
    dx: i8,
    dy: i8,
    /// Offset in the padded code array.
    delta: isize,
    allowed: u8,
}

/// A candidate in a leaf, with its window test inline.
#[derive(Clone, Copy, Debug)]
struct Entry {
    mask: u64,
    value: u64,
    variant: u32,
}

/// `entries[start..mid]` are Black's candidates, `entries[mid..end]` White's.
#[derive(Clone, Copy, Debug)]
struct Leaf {
    start: u32,
    mid: u32,
    end: u32,
}

/// A decision node: reads the window cell at bit `shift` and follows
/// `child[state]` (a node index, or a leaf index tagged with [`LEAF`]).
#[derive(Clone, Copy, Debug)]
struct Node {
    shift: u32,
    child: [u32; 4],
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
    nodes: Vec<Node>,
    leaves: Vec<Leaf>,
    entries: Vec<Entry>,
    root: u32,
}

impl fmt::Debug for PatternSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternSet")
            .field("file", &self.file.source().name())
            .field("patterns", &self.file.len())
            .field("variants", &self.variants.len())
            .field("nodes", &self.nodes.len())
            .field("leaves", &self.leaves.len())
            .field("entries", &self.entries.len())
            .finish_non_exhaustive()
    }
}

impl PatternSet {
    /// Compiles every pattern of `file`. Fails, with one error per pattern,
    /// when a pattern has a cell more than [`MAX_EXTENT`] columns or rows
    /// from its anchor.
    pub fn compile(file: &PatternFile) -> Result<PatternSet, SourceErrors> {
        let mut errors = SourceErrors::new();
        for p in file.patterns() {
            if let Some(e) = extent_error(file, p) {
                errors.push(e);
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let symmetries: Vec<Vec<Symmetry>> = file
            .patterns()
            .iter()
            .map(|p| distinct_symmetries(p.diagram()))
            .collect();

        let mut variants = Vec::new();
        let mut extras = Vec::new();
        let mut windows: Vec<[u8; CELLS]> = Vec::new();
        let mut masks: Vec<(u64, u64)> = Vec::new();
        // Colour first, then pattern, then symmetry: the order of candidates
        // in every leaf, hence the order of matches at one point.
        for color in Color::BOTH {
            for (index, p) in file.patterns().iter().enumerate() {
                for &symmetry in &symmetries[index] {
                    let mut window = [0b1111u8; CELLS];
                    let (mut mask, mut value, mut need_on) = (0u64, 0u64, 0u64);
                    let start = extras.len() as u32;
                    for c in p.diagram().cells().filter(|c| c.symbol != Symbol::Any) {
                        let allowed = allowed_codes(c.symbol, color);
                        let (dx, dy) = symmetry.apply_offset(c.dx, c.dy);
                        let in_window = window_index(dx, dy);
                        let exact = code_mask(allowed);
                        match (in_window, exact) {
                            (Some(k), Some((m, v))) => {
                                window[k] = allowed;
                                mask |= u64::from(m) << (2 * k);
                                value |= u64::from(v) << (2 * k);
                            }
                            (Some(k), None) if allowed == 0b0111 => {
                                window[k] = allowed;
                                need_on |= 1 << (2 * k);
                            }
                            _ => {
                                if let Some(k) = in_window {
                                    window[k] = allowed;
                                }
                                extras.push(Extra {
                                    dx: dx as i8,
                                    dy: dy as i8,
                                    delta: dy as isize * GW as isize + dx as isize,
                                    allowed,
                                });
                            }
                        }
                    }
                    variants.push(Variant {
                        pattern: index as u32,
                        symmetry,
                        color,
                        need_on,
                        extras: (start, extras.len() as u32),
                    });
                    windows.push(window);
                    masks.push((mask, value));
                }
            }
        }

        let mut builder = TreeBuilder {
            windows: &windows,
            masks: &masks,
            variants: &variants,
            order: window_order(),
            nodes: Vec::new(),
            leaves: Vec::new(),
            entries: Vec::new(),
            leaf_ids: HashMap::new(),
        };
        let all: Vec<u32> = (0..variants.len() as u32).collect();
        let root = builder.build(&all, 0, 0);
        let TreeBuilder {
            nodes,
            leaves,
            entries,
            ..
        } = builder;
        Ok(PatternSet {
            file: file.clone(),
            symmetries,
            variants,
            extras,
            nodes,
            leaves,
            entries,
            root,
        })
    }

    /// Parses and compiles a pattern file in one step.
    pub fn parse(name: &str, text: &str) -> Result<PatternSet, SourceErrors> {
        PatternSet::compile(&PatternFile::parse(name, text)?)
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

    /// Number of compiled variants (pattern × distinct symmetry × colour).
    pub fn variant_count(&self) -> usize {
        self.variants.len()
    }

    /// Every match on `board` for `color` (`X` = a stone of `color`), in
    /// board order (row by row from the top), then by pattern index, then
    /// by symmetry in [`Symmetry::ALL`] order.
    pub fn matches<'a>(&'a self, board: &Board, color: Color) -> Matches<'a> {
        Matches::new(self, board, Some(color))
    }

    /// Every match on `board` for both colours, in board order, then Black
    /// before White, then by pattern index and symmetry.
    pub fn matches_both<'a>(&'a self, board: &Board) -> Matches<'a> {
        Matches::new(self, board, None)
    }

    /// The matches anchored on `anchor` for `color`, ordered by pattern index
    /// and symmetry. Empty when `anchor` is not on the board.
    pub fn matches_at<'a>(
        &'a self,
        board: &'a Board,
        anchor: Point,
        color: Color,
    ) -> MatchesAt<'a> {
        let size = board.size();
        let (x, y) = (anchor.x(), anchor.y());
        let on_board = anchor.on_board(size);
        let code = |dx: i32, dy: i32| {
            Point::checked(x + dx, y + dy, size).map_or(3, |p| board.cell(p) as u8)
        };
        let mut window = 0u64;
        if on_board {
            for dy in -HALF..=HALF {
                for dx in -HALF..=HALF {
                    if let Some(k) = window_index(dx, dy) {
                        window |= u64::from(code(dx, dy)) << (2 * k);
                    }
                }
            }
        }
        let leaf = self.leaf(window);
        let (pos, end) = if on_board {
            leaf.range(Some(color))
        } else {
            (0, 0)
        };
        MatchesAt {
            set: self,
            board,
            anchor,
            window,
            off: off_bits(window),
            pos,
            end,
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

    /// The leaf of the decision tree for a window code.
    #[inline]
    fn leaf(&self, window: u64) -> Leaf {
        let mut r = self.root;
        while r & LEAF == 0 {
            let node = &self.nodes[r as usize];
            r = node.child[((window >> node.shift) & 3) as usize];
        }
        self.leaves[(r & !LEAF) as usize]
    }

    /// The checks a window mask cannot do: cells that must be on the board
    /// and cells outside the window.
    #[inline]
    fn rest_ok(&self, v: &Variant, off: u64, code: impl Fn(&Extra) -> u8) -> bool {
        off & v.need_on == 0
            && self.extras[v.extras.0 as usize..v.extras.1 as usize]
                .iter()
                .all(|e| e.allowed >> code(e) & 1 != 0)
    }
}

fn make_match(v: &Variant, anchor: Point) -> Match {
    Match {
        pattern: v.pattern as usize,
        anchor,
        symmetry: v.symmetry,
        color: v.color,
    }
}

impl Leaf {
    fn range(self, color: Option<Color>) -> (usize, usize) {
        let (start, mid, end) = (self.start as usize, self.mid as usize, self.end as usize);
        match color {
            None => (start, end),
            Some(Color::Black) => (start, mid),
            Some(Color::White) => (mid, end),
        }
    }
}

/// Low bit set in every cell pair of `window` that is off the board.
#[inline]
fn off_bits(window: u64) -> u64 {
    window & (window >> 1) & LOW_BITS
}

/// The "too large" error of a pattern, if it has one.
fn extent_error(file: &PatternFile, p: &Pattern) -> Option<crate::diag::SourceError> {
    let d = p.diagram();
    let far = d
        .cells()
        .filter(|c| c.symbol != Symbol::Any)
        .find(|c| c.dx.abs().max(c.dy.abs()) > MAX_EXTENT)?;
    let (ax, ay) = d.anchor();
    let anchor_at = p.cell_location(ax, ay)?;
    let here = p.cell_location(far.column, far.row)?;
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

/// Window cells in the order the tree prefers them on ties: nearest the
/// anchor first.
fn window_order() -> Vec<usize> {
    let mut order: Vec<usize> = (0..CELLS).collect();
    order.sort_by_key(|&k| {
        let (dx, dy) = ((k % 5) as i32 - HALF, (k / 5) as i32 - HALF);
        (dx.abs() + dy.abs(), dx.abs().max(dy.abs()), k)
    });
    order
}

struct TreeBuilder<'a> {
    windows: &'a [[u8; CELLS]],
    masks: &'a [(u64, u64)],
    variants: &'a [Variant],
    order: Vec<usize>,
    nodes: Vec<Node>,
    leaves: Vec<Leaf>,
    entries: Vec<Entry>,
    leaf_ids: HashMap<Vec<u32>, u32>,
}

impl TreeBuilder<'_> {
    /// Builds the subtree for the variants `items` (sorted), given that the
    /// window cells in `used` are already known. Returns a node or leaf
    /// reference.
    fn build(&mut self, items: &[u32], used: u32, depth: u32) -> u32 {
        if items.len() <= 2 || depth >= MAX_DEPTH || self.nodes.len() >= MAX_NODES {
            return self.leaf(items);
        }
        // For each cell and state: how many candidates that state rules out.
        let mut excluded = [[0u32; 4]; CELLS];
        for &v in items {
            let window = &self.windows[v as usize];
            for (k, &allowed) in window.iter().enumerate() {
                if allowed != 0b1111 && used & (1 << k) == 0 {
                    for (state, count) in excluded[k].iter_mut().enumerate() {
                        *count += u32::from(allowed >> state & 1 == 0);
                    }
                }
            }
        }
        let gain = |k: usize| -> f32 {
            excluded[k]
                .iter()
                .zip(STATE_WEIGHT)
                .map(|(&n, w)| n as f32 * w)
                .sum()
        };
        let mut best = None;
        let mut best_gain = 1.0f32;
        for &k in &self.order {
            let g = gain(k);
            if g > best_gain {
                best = Some(k);
                best_gain = g;
            }
        }
        let Some(k) = best else {
            return self.leaf(items);
        };
        let index = self.nodes.len();
        self.nodes.push(Node {
            shift: 2 * k as u32,
            child: [0; 4],
        });
        let mut child = [0u32; 4];
        for (state, slot) in child.iter_mut().enumerate() {
            let sub: Vec<u32> = items
                .iter()
                .copied()
                .filter(|&v| self.windows[v as usize][k] >> state & 1 != 0)
                .collect();
            *slot = self.build(&sub, used | (1 << k), depth + 1);
        }
        self.nodes[index].child = child;
        index as u32
    }

    fn leaf(&mut self, items: &[u32]) -> u32 {
        if let Some(&id) = self.leaf_ids.get(items) {
            return id | LEAF;
        }
        let start = self.entries.len() as u32;
        for &v in items {
            let (mask, value) = self.masks[v as usize];
            self.entries.push(Entry {
                mask,
                value,
                variant: v,
            });
        }
        let blacks = items
            .iter()
            .filter(|&&v| self.variants[v as usize].color == Color::Black)
            .count() as u32;
        let id = self.leaves.len() as u32;
        self.leaves.push(Leaf {
            start,
            mid: start + blacks,
            end: self.entries.len() as u32,
        });
        self.leaf_ids.insert(items.to_vec(), id);
        id | LEAF
    }
}

/// The board copied into a padded array of 2-bit codes, with the 5-cell
/// code of every row segment the windows need.
struct Grid {
    code: [u8; GRID],
    /// At the index of a cell: the codes of the 5 cells centred on it, in
    /// bits 0..10, leftmost cell lowest.
    rows: [u16; GRID],
    size: u8,
}

#[inline]
fn grid_index(x: i32, y: i32) -> usize {
    (y + MARGIN as i32) as usize * GW + (x + MARGIN as i32) as usize
}

impl Grid {
    fn new(board: &Board) -> Box<Grid> {
        let size = board.size();
        let mut g = Box::new(Grid {
            code: [Cell::Off as u8; GRID],
            rows: [0; GRID],
            size,
        });
        for p in board.points() {
            g.code[grid_index(p.x(), p.y())] = board.cell(p) as u8;
        }
        let n = i32::from(size);
        for y in -HALF..n + HALF {
            let base = grid_index(0, y);
            // Slide a 5-cell window along the row.
            let mut h: u16 = 0;
            for c in 0..4 {
                h |= u16::from(g.code[base - 2 + c]) << (2 * c + 2);
            }
            for x in 0..n as usize {
                h = (h >> 2) | (u16::from(g.code[base + x + 2]) << 8);
                g.rows[base + x] = h;
            }
        }
        g
    }

    #[inline]
    fn window(&self, i: usize) -> u64 {
        let r = &self.rows;
        u64::from(r[i - 2 * GW])
            | u64::from(r[i - GW]) << 10
            | u64::from(r[i]) << 20
            | u64::from(r[i + GW]) << 30
            | u64::from(r[i + 2 * GW]) << 40
    }

    #[inline]
    fn at(&self, i: usize, delta: isize) -> u8 {
        self.code
            .get(i.wrapping_add_signed(delta))
            .copied()
            .unwrap_or(Cell::Off as u8)
    }
}

/// Iterator over the matches of a [`PatternSet`] on a whole board; see
/// [`PatternSet::matches`].
pub struct Matches<'a> {
    set: &'a PatternSet,
    grid: Box<Grid>,
    color: Option<Color>,
    /// The next point to visit, as `y * size + x`.
    next_point: usize,
    anchor: Point,
    index: usize,
    window: u64,
    off: u64,
    pos: usize,
    end: usize,
}

impl<'a> Matches<'a> {
    fn new(set: &'a PatternSet, board: &Board, color: Option<Color>) -> Matches<'a> {
        Matches {
            set,
            grid: Grid::new(board),
            color,
            next_point: 0,
            anchor: Point::new(0, 0),
            index: 0,
            window: 0,
            off: 0,
            pos: 0,
            end: 0,
        }
    }
}

impl Iterator for Matches<'_> {
    type Item = Match;

    fn next(&mut self) -> Option<Match> {
        let set = self.set;
        loop {
            while self.pos < self.end {
                let e = set.entries[self.pos];
                self.pos += 1;
                if self.window & e.mask == e.value {
                    let v = &set.variants[e.variant as usize];
                    let (grid, index) = (&self.grid, self.index);
                    if set.rest_ok(v, self.off, |x| grid.at(index, x.delta)) {
                        return Some(make_match(v, self.anchor));
                    }
                }
            }
            let size = usize::from(self.grid.size);
            if self.next_point >= size * size {
                return None;
            }
            let (x, y) = (self.next_point % size, self.next_point / size);
            self.next_point += 1;
            self.anchor = Point::new(x as u8, y as u8);
            self.index = grid_index(x as i32, y as i32);
            self.window = self.grid.window(self.index);
            self.off = off_bits(self.window);
            (self.pos, self.end) = set.leaf(self.window).range(self.color);
        }
    }
}

/// Iterator over the matches of a [`PatternSet`] at one point; see
/// [`PatternSet::matches_at`].
pub struct MatchesAt<'a> {
    set: &'a PatternSet,
    board: &'a Board,
    anchor: Point,
    window: u64,
    off: u64,
    pos: usize,
    end: usize,
}

impl Iterator for MatchesAt<'_> {
    type Item = Match;

    fn next(&mut self) -> Option<Match> {
        let set = self.set;
        let size = self.board.size();
        let (x, y) = (self.anchor.x(), self.anchor.y());
        while self.pos < self.end {
            let e = set.entries[self.pos];
            self.pos += 1;
            if self.window & e.mask == e.value {
                let v = &set.variants[e.variant as usize];
                let board = self.board;
                let code = |x0: &Extra| {
                    Point::checked(x + i32::from(x0.dx), y + i32::from(x0.dy), size)
                        .map_or(Cell::Off as u8, |p| board.cell(p) as u8)
                };
                if set.rest_ok(v, self.off, code) {
                    return Some(make_match(v, self.anchor));
                }
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
        assert_eq!(window_index(-2, -2), Some(0));
        assert_eq!(window_index(0, 0), Some(12));
        assert_eq!(window_index(2, 2), Some(24));
        assert_eq!(window_index(3, 0), None);
        assert_eq!(window_order()[0], 12);
    }
}
