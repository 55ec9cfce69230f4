//! The board: stones, chains with incrementally maintained liberties, legal
//! moves, captures, simple ko and a Zobrist hash.

use crate::color::{Cell, Color};
use crate::point::{MAX_SIZE, MIN_SIZE, Move, NUM_CELLS, Point, STRIDE};
use crate::set::{PointSet, WORDS};
use crate::symmetry::Symmetry;
use crate::zobrist::{STONE_KEYS, WHITE_TO_MOVE};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a board could not be created or a move could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The board size is outside `5..=25`.
    UnsupportedSize(u32),
    /// The point is not on this board.
    OffBoard(Point),
    /// The point already holds a stone.
    Occupied(Point),
    /// The move would leave its own chain without liberties and captures nothing.
    Suicide(Point),
    /// The move retakes a ko immediately.
    Ko(Point),
    /// A stone placed by setup leaves a chain without liberties.
    NoLiberties(Point),
}

impl BoardError {
    /// The same error with its point written as a GTP vertex for a board of `size`.
    pub fn describe(&self, size: u8) -> String {
        let v = |p: &Point| p.to_gtp(size.max(MIN_SIZE));
        match self {
            BoardError::UnsupportedSize(s) => {
                format!("unsupported board size {s} (keisei supports {MIN_SIZE} to {MAX_SIZE})")
            }
            BoardError::OffBoard(p) => format!("point ({},{}) is off the board", p.x(), p.y()),
            BoardError::Occupied(p) => format!("{} is already occupied", v(p)),
            BoardError::Suicide(p) => format!("{} is suicide", v(p)),
            BoardError::Ko(p) => format!("{} retakes a ko", v(p)),
            BoardError::NoLiberties(p) => {
                format!("the stone on {} would have no liberties", v(p))
            }
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(MAX_SIZE))
    }
}

impl std::error::Error for BoardError {}

/// A Go position: stones, chains, prisoners, the simple-ko point and whose turn it is.
///
/// `Clone` is a flat copy of a few kilobytes with no allocation, which is how
/// search explores variations (copy, play, drop).
///
/// Chains are kept as circular linked lists of stones; each chain's head
/// records its exact liberty count and size, updated incrementally by
/// [`Board::play`].
pub struct Board {
    size: u8,
    to_move: Color,
    cells: [Cell; NUM_CELLS],
    /// The cells as sets, kept in step with `cells` at every write
    /// ([`Board::point_sets`]) but those of [`Board::play_logged`] and
    /// [`Board::undo`]: with logged moves on the board, the sets are those
    /// of the board before them (the reader's search, which reads cells
    /// and chains only, is spared keeping them; taking every logged move
    /// back makes them right again).
    sets: PointSets,
    /// The chain bookkeeping, one array per [`Field`] (one array of
    /// arrays, so that a journal entry names a field's value by one index
    /// into them taken as one, [`Write`]):
    /// - `chain[HEAD]`: for a stone, the index of its chain's head;
    /// - `chain[NEXT]`: for a stone, the next stone of its chain (circular);
    /// - `chain[LIBS]`: at a chain head, the number of liberties;
    /// - `chain[STONES]`: at a chain head, the number of stones.
    chain: [[u16; NUM_CELLS]; 4],
    /// The point where `ko.1` may not play next, if any.
    ko: Option<(Point, Color)>,
    /// Stones captured by Black and by White.
    captures: [u32; 2],
    /// Zobrist hash of the stones (side to move excluded).
    hash: u64,
    /// Which contents the board has: a stamp is drawn afresh
    /// ([`fresh_stamp`]) whenever a public method changes the board, and
    /// only a copy shares it, so two boards with the same (nonzero) stamp
    /// are identical, chain bookkeeping included ([`Board::stamp`]). 0 (a
    /// stamp never drawn) after [`Board::play_logged`] and [`Board::undo`].
    stamp: u64,
}

/// The index of `p`, a point on the board, checked once to lie inside the
/// border, so that the indices of its neighbours need no check each (the
/// reader asks it of every point whose neighbours it looks at).
#[inline]
pub(crate) fn inner_index(p: Point) -> usize {
    let i = p.index();
    assert!(
        (STRIDE..NUM_CELLS - STRIDE).contains(&i),
        "{p:?} is not on the board"
    );
    i
}

/// Stamps are handed to threads in blocks of this many, so that threads
/// playing moves side by side do not contend for one counter.
const STAMP_BLOCK: u64 = 1 << 20;

/// The first stamp of the next block a thread takes (block 0 is never
/// handed out: 0 stands for none).
static NEXT_STAMP_BLOCK: AtomicU64 = AtomicU64::new(STAMP_BLOCK);

thread_local! {
    /// The next stamp this thread draws, and the end of its block.
    static STAMPS: std::cell::Cell<(u64, u64)> = const { std::cell::Cell::new((0, 0)) };
}

/// A stamp no board had before ([`Board::stamp`]): the next of this
/// thread's block, a new block once it is used up.
fn fresh_stamp() -> u64 {
    STAMPS.with(|stamps| {
        let (mut next, mut end) = stamps.get();
        if next == end {
            next = NEXT_STAMP_BLOCK.fetch_add(STAMP_BLOCK, Ordering::Relaxed);
            end = next + STAMP_BLOCK;
        }
        stamps.set((next + 1, end));
        next
    })
}

/// A board's contents as sets ([`Board::point_sets`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointSets {
    /// The empty points.
    pub empty: PointSet,
    /// The stones of each colour, by [`Color::index`].
    pub stones: [PointSet; 2],
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            to_move: self.to_move,
            cells: self.cells,
            sets: self.sets,
            chain: self.chain,
            ko: self.ko,
            captures: self.captures,
            hash: self.hash,
            stamp: self.stamp,
        }
    }

    /// Between boards of one size, copies only the rows the size uses:
    /// the cells past them are padding, set by [`Board::new`] and never
    /// written again.
    fn clone_from(&mut self, source: &Board) {
        if self.size != source.size {
            *self = source.clone();
            return;
        }
        let n = self.used_cells();
        self.cells[..n].copy_from_slice(&source.cells[..n]);
        self.sets = source.sets;
        for (to, from) in self.chain.iter_mut().zip(&source.chain) {
            to[..n].copy_from_slice(&from[..n]);
        }
        self.to_move = source.to_move;
        self.ko = source.ko;
        self.captures = source.captures;
        self.hash = source.hash;
        self.stamp = source.stamp;
    }
}

impl Board {
    /// A position reached from an empty board of `size`: for each choice
    /// `c` in turn, the side to move (Black first, then alternating) plays the
    /// legal move at index `c mod n` of its `n` legal moves in point order;
    /// play stops early when a side has none. Deterministic, so property
    /// tests and fuzzers can turn any `&[u16]` into a legal position.
    pub fn from_choices(size: u32, choices: &[u16]) -> Result<Board, BoardError> {
        let mut b = Board::new(size)?;
        let mut color = Color::Black;
        for &c in choices {
            let legal: Vec<Point> = b.legal_moves(color).collect();
            if legal.is_empty() {
                break;
            }
            let played = b.play(color, legal[usize::from(c) % legal.len()]);
            debug_assert!(played.is_ok(), "a legal move was refused");
            color = color.opponent();
        }
        Ok(b)
    }

    /// An empty board of `size` (5..=25), Black to move.
    pub fn new(size: u32) -> Result<Board, BoardError> {
        if !(u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(&size) {
            return Err(BoardError::UnsupportedSize(size));
        }
        let size = size as u8;
        let mut cells = [Cell::Off; NUM_CELLS];
        for p in Point::all(size) {
            cells[p.index()] = Cell::Empty;
        }
        Ok(Board {
            size,
            to_move: Color::Black,
            cells,
            sets: PointSets {
                empty: PointSet::board(size),
                stones: [PointSet::new(); 2],
            },
            chain: [[0; NUM_CELLS]; 4],
            ko: None,
            captures: [0; 2],
            hash: 0,
            stamp: fresh_stamp(),
        })
    }

    /// Builds a board from a text diagram: one row per line, top row first,
    /// `X` black, `O` white, `.` (or `+`) empty; spaces are ignored. Rows must
    /// all have `size` cells and there must be `size` rows. Chains without
    /// liberties are an error. Black is to move.
    pub fn from_diagram(text: &str) -> Result<Board, String> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let size = rows.len();
        let mut board = Board::new(size as u32).map_err(|e| e.to_string())?;
        for (y, row) in rows.iter().enumerate() {
            if row.len() != size {
                return Err(format!(
                    "diagram row {} has {} cells, expected {size}",
                    y + 1,
                    row.len()
                ));
            }
            for (x, &c) in row.iter().enumerate() {
                let p = Point::new(x as u8, y as u8);
                let color = match c {
                    'X' | 'x' => Some(Color::Black),
                    'O' | 'o' => Some(Color::White),
                    '.' | '+' | ',' => None,
                    other => {
                        return Err(format!(
                            "diagram row {} column {}: unknown symbol {other:?}",
                            y + 1,
                            x + 1
                        ));
                    }
                };
                if let Some(color) = color {
                    board.add_stone_raw(color, p);
                }
            }
        }
        board
            .check_liberties()
            .map_err(|e| e.describe(board.size))?;
        Ok(board)
    }

    /// The board size (5..=25).
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Number of points on the board.
    #[inline]
    pub fn area(&self) -> usize {
        usize::from(self.size) * usize::from(self.size)
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the side to move.
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
        self.stamp = fresh_stamp();
    }

    /// Sets the side to move of a board whose stamp nobody reads (the
    /// reader's working board, whose stamp stays 0 as after
    /// [`Board::undo`]): without drawing a stamp.
    pub(crate) fn restore_to_move(&mut self, color: Color) {
        self.to_move = color;
        self.stamp = 0;
    }

    /// What the point holds; border and off-board points are [`Cell::Off`].
    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p.index()]
    }

    /// The colour of the stone on `p`, if any.
    #[inline]
    pub fn color(&self, p: Point) -> Option<Color> {
        self.cells[p.index()].color()
    }

    /// Whether `p` is an empty point of this board.
    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cells[p.index()] == Cell::Empty
    }

    /// Whether `p` lies on this board.
    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        self.cells[p.index()] != Cell::Off
    }

    /// Every point of the board, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Point> + Clone + use<> {
        Point::all(self.size)
    }

    /// The stones captured so far by `color`.
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// Sets the prisoner counts (e.g. when loading a position).
    pub fn set_captures(&mut self, black: u32, white: u32) {
        self.captures = [black, white];
        self.stamp = fresh_stamp();
    }

    /// The board's contents as sets: its empty points and each colour's
    /// stones (indexed by [`Color::index`]). Kept up to date by every
    /// change to the board, so this is a copy, not a scan.
    pub fn point_sets(&self) -> PointSets {
        debug_assert_eq!(self.sets, self.scanned_point_sets());
        self.sets
    }

    /// [`Board::point_sets`] read off the cells (what the kept sets must
    /// equal).
    fn scanned_point_sets(&self) -> PointSets {
        // One mask per kind of cell and per 64 cells.
        const LOW: u64 = 0x0101_0101_0101_0101;
        let mut words = [[0u64; WORDS]; 3];
        let n = self.used_cells();
        for (i, eight) in self.cells[..n].chunks(8).enumerate() {
            // Eight cells as bytes (codes 0–3), padded with `Off`.
            let x = if let Ok(full) = <&[Cell; 8]>::try_from(eight) {
                full.iter()
                    .rev()
                    .fold(0u64, |acc, &c| acc << 8 | u64::from(c as u8))
            } else {
                let mut bytes = [Cell::Off as u8; 8];
                for (b, &c) in bytes.iter_mut().zip(eight) {
                    *b = c as u8;
                }
                u64::from_le_bytes(bytes)
            };
            let (b0, b1) = (x & LOW, (x >> 1) & LOW);
            // One bit per byte (byte j to bit j): the bytes are 0 or 1
            // and no product term carries into the top byte.
            let (w, k) = (i / 8, i % 8);
            let gather = |m: u64| (m.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
            words[0][w] |= gather(!(b0 | b1) & LOW);
            words[1][w] |= gather(b0 & !b1);
            words[2][w] |= gather(b1 & !b0);
        }
        PointSets {
            empty: PointSet::from_words(words[0]),
            stones: [
                PointSet::from_words(words[1]),
                PointSet::from_words(words[2]),
            ],
        }
    }

    /// How many cells of the padded layout a board of this size uses: the
    /// rows up to the padding row below its last line (the rest are
    /// off-board on every board of this size).
    #[inline]
    fn used_cells(&self) -> usize {
        ((usize::from(self.size) + 2) * STRIDE).min(NUM_CELLS)
    }

    /// The points where `self` and `other` differ: contents, and the ko
    /// point of either when their ko states differ (a ko point changes which
    /// moves are legal there). Both boards must have the same size. See
    /// [`crate::footprint`].
    pub fn changed_points(&self, other: &Board) -> PointSet {
        // An on-board point is in exactly one of the three sets, so its
        // contents differ exactly where it is empty on one board and not on
        // the other, or black on one and not on the other.
        let mut changed = self.sets.empty;
        changed.symmetric_difference_with(&other.sets.empty);
        let mut black = self.sets.stones[0];
        black.symmetric_difference_with(&other.sets.stones[0]);
        changed.union_with(&black);
        if self.ko != other.ko {
            for (p, _) in [self.ko, other.ko].into_iter().flatten() {
                changed.insert(p);
            }
        }
        changed
    }

    /// The point `color` may not play because of simple ko, if any.
    pub fn ko_point(&self, color: Color) -> Option<Point> {
        match self.ko {
            Some((p, c)) if c == color => Some(p),
            _ => None,
        }
    }

    /// The simple-ko point and the colour that may not play there, if any
    /// ([`Board::ko_point`] of that colour).
    #[inline]
    pub(crate) fn ko(&self) -> Option<(Point, Color)> {
        self.ko
    }

    /// Which contents the board has: boards with the same nonzero stamp
    /// are identical, chain bookkeeping included (one is a copy of the
    /// other, neither changed since). 0 says nothing.
    #[inline]
    pub(crate) fn stamp(&self) -> u64 {
        self.stamp
    }

    /// Zobrist hash of the stones and the side to move. Equal positions with
    /// the same side to move hash equally; ko and prisoners are not included.
    #[inline]
    pub fn hash(&self) -> u64 {
        match self.to_move {
            Color::Black => self.hash,
            Color::White => self.hash ^ WHITE_TO_MOVE,
        }
    }

    /// [`Board::hash`] after a stone of `color` on the empty point `p` that
    /// captures nothing (the opponent then to move).
    pub(crate) fn hash_after(&self, color: Color, p: Point) -> u64 {
        let hash = self.hash ^ STONE_KEYS[color.index()][p.index()];
        match color.opponent() {
            Color::Black => hash,
            Color::White => hash ^ WHITE_TO_MOVE,
        }
    }

    /// Number of stones of `color` on the board.
    pub fn stone_count(&self, color: Color) -> usize {
        self.sets.stones[color.index()].len()
    }

    // ----- chains -----------------------------------------------------------

    /// The head (representative point) of the chain on `p`. Two stones are in
    /// the same chain exactly when their heads are equal. Only meaningful for
    /// stones.
    #[inline]
    pub fn chain_head(&self, p: Point) -> Point {
        Point::from_own_index(usize::from(self.chain[HEAD][p.index()]))
    }

    /// Liberty count of the chain on `p` (0 for an empty point).
    #[inline]
    pub fn liberty_count(&self, p: Point) -> usize {
        if self.cells[p.index()].is_stone() {
            usize::from(self.chain[LIBS][usize::from(self.chain[HEAD][p.index()])])
        } else {
            0
        }
    }

    /// [`Board::liberty_count`] read without looking at the cell: the
    /// chain's count on a stone, a meaningless number on an empty or
    /// off-board point. For a caller that masks it by the cell it has read
    /// anyway, without a branch on what the cell holds.
    #[inline]
    pub fn stone_liberty_count(&self, p: Point) -> usize {
        usize::from(self.chain[LIBS][usize::from(self.chain[HEAD][p.index()])])
    }

    /// Number of stones in the chain on `p` (0 for an empty point).
    #[inline]
    pub fn chain_len(&self, p: Point) -> usize {
        if self.cells[p.index()].is_stone() {
            usize::from(self.chain[STONES][usize::from(self.chain[HEAD][p.index()])])
        } else {
            0
        }
    }

    /// The stones of the chain on `p` (empty for an empty point).
    pub fn chain_stones(&self, p: Point) -> ChainStones<'_> {
        let is_stone = self.cells[p.index()].is_stone();
        ChainStones {
            board: self,
            start: p.index() as u16,
            current: if is_stone {
                Some(p.index() as u16)
            } else {
                None
            },
        }
    }

    /// The stones of the chain on `p` as a set.
    pub fn chain_set(&self, p: Point) -> PointSet {
        self.chain_stones(p).collect()
    }

    /// The liberties of the chain on `p`.
    pub fn liberties(&self, p: Point) -> PointSet {
        // Every neighbour of the chain, then the empty ones: no branch on
        // what a cell holds (a branch no predictor can learn).
        let mut libs = PointSet::new();
        for s in self.chain_stones(p) {
            for n in s.neighbors() {
                libs.insert(n);
            }
        }
        libs.intersect_with(&self.sets.empty);
        // The sets are stale while the reader has moves on its board
        // ([`Board::sets`]): this must not be asked then.
        debug_assert_eq!(libs, self.liberties_from_cells(p), "point sets out of step");
        libs
    }

    /// [`Board::liberties`] read off the cells, right with logged moves on
    /// the board too (their point sets are not kept, [`Board::sets`]).
    pub(crate) fn liberties_from_cells(&self, p: Point) -> PointSet {
        let mut libs = PointSet::new();
        for s in self.chain_stones(p) {
            for n in s.neighbors() {
                if self.cells[n.index()] == Cell::Empty {
                    libs.insert(n);
                }
            }
        }
        libs
    }

    /// Up to `N` liberties of the chain on `p`, in the order found, without
    /// building a whole set; returns the array and how many were filled.
    /// The walk of the chain stops once it has them all (as many as its
    /// liberty count, at most `N`).
    #[expect(
        clippy::inline_always,
        reason = "asked several times at every node of a reading; as a call its entry and exit were a good part of it"
    )]
    #[inline(always)]
    pub fn first_liberties<const N: usize>(&self, p: Point) -> ([Point; N], usize) {
        let mut out = [p; N];
        let want = self.liberty_count(p).min(N);
        let mut n = 0;
        if want == 0 {
            return (out, n);
        }
        for s in self.chain_stones(p) {
            // One check of the stone's index for its four neighbours'.
            inner_index(s);
            for nb in s.neighbors() {
                if self.cells[nb.index()] == Cell::Empty && !out[..n].contains(&nb) {
                    out[n] = nb;
                    n += 1;
                    if n == want {
                        return (out, n);
                    }
                }
            }
        }
        (out, n)
    }

    /// The heads of the distinct chains of `color` adjacent to the chain on `p`.
    pub fn adjacent_chains(&self, p: Point, color: Color) -> Vec<Point> {
        let cell = color.cell();
        let mut seen = PointSet::new();
        let mut out = Vec::new();
        for s in self.chain_stones(p) {
            for n in s.neighbors() {
                if self.cells[n.index()] == cell {
                    let h = self.chain_head(n);
                    if seen.insert(h) {
                        out.push(h);
                    }
                }
            }
        }
        out
    }

    /// The heads of all chains on the board, in point order.
    pub fn chain_heads(&self) -> impl Iterator<Item = Point> + '_ {
        debug_assert_eq!(
            self.sets,
            self.scanned_point_sets(),
            "point sets out of step"
        );
        let mut stones = self.sets.stones[0];
        stones.union_with(&self.sets.stones[1]);
        stones.iter().filter(move |&p| self.chain_head(p) == p)
    }

    // ----- moves ------------------------------------------------------------

    /// Whether `color` may play on `p`: on the board, empty, not suicide, not
    /// retaking a ko.
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        self.check_move(color, p).is_ok()
    }

    /// Why `color` may not play on `p`, or `Ok(())`.
    pub fn check_move(&self, color: Color, p: Point) -> Result<(), BoardError> {
        match self.cells[p.index()] {
            Cell::Off => return Err(BoardError::OffBoard(p)),
            Cell::Black | Cell::White => return Err(BoardError::Occupied(p)),
            Cell::Empty => {}
        }
        if self.ko == Some((p, color)) {
            return Err(BoardError::Ko(p));
        }
        if self.would_have_liberties(color, p) {
            Ok(())
        } else {
            Err(BoardError::Suicide(p))
        }
    }

    /// Whether a stone of `color` on the empty point `p` would have at least one
    /// liberty after captures.
    #[inline]
    fn would_have_liberties(&self, color: Color, p: Point) -> bool {
        let own = color.cell();
        inner_index(p);
        for n in p.neighbors() {
            let c = self.cells[n.index()];
            if c == Cell::Empty {
                return true;
            }
            if c.is_stone() {
                let libs = self.chain[LIBS][usize::from(self.chain[HEAD][n.index()])];
                if (c == own) == (libs > 1) {
                    // Own chain with another liberty, or enemy chain captured.
                    return true;
                }
            }
        }
        false
    }

    /// Every legal move of `color` except pass, in point order.
    pub fn legal_moves(&self, color: Color) -> impl Iterator<Item = Point> + '_ {
        self.points().filter(move |&p| {
            self.cells[p.index()] == Cell::Empty
                && self.ko != Some((p, color))
                && self.would_have_liberties(color, p)
        })
    }

    /// Plays `mv` for `color`; see [`Board::play`].
    pub fn play_move(&mut self, color: Color, mv: Move) -> Result<u32, BoardError> {
        match mv {
            Move::Play(p) => self.play(color, p),
            Move::Pass => {
                self.pass(color);
                Ok(0)
            }
        }
    }

    /// `color` passes: the ko point is cleared and the turn changes.
    pub fn pass(&mut self, color: Color) {
        self.ko = None;
        self.to_move = color.opponent();
        self.stamp = fresh_stamp();
    }

    /// Plays a stone of `color` on `p`, removes captured chains and returns how
    /// many stones were captured. Illegal moves change nothing.
    pub fn play(&mut self, color: Color, p: Point) -> Result<u32, BoardError> {
        self.check_move(color, p)?;
        let captured = self.place(color, p, &mut NoLog);
        self.to_move = color.opponent();
        self.stamp = fresh_stamp();
        Ok(captured)
    }

    /// [`Board::play`], keeping in `journal` what the move overwrote so that
    /// [`Board::undo`] can take it back (the tactical reader plays and takes
    /// back on one board instead of copying a board per move read). The
    /// point sets are left as they were ([`Board::sets`]): until the move
    /// is taken back, [`Board::liberties`], [`Board::point_sets`] and the
    /// other readers of the sets must not be asked about the board.
    /// Always inline: its callers are few, and one of them plays every
    /// move of a reading.
    #[expect(
        clippy::inline_always,
        reason = "the reader's one call per node, entry and exit saved"
    )]
    #[inline(always)]
    pub(crate) fn play_logged(
        &mut self,
        color: Color,
        p: Point,
        journal: &mut Journal,
    ) -> Result<u32, BoardError> {
        // Most moves read are on an empty point next to another, not the
        // ko point: legal at a glance, without a look at the chains. (An
        // empty point lies inside the border: its neighbours' cells are
        // read without a check each.)
        let pi = p.index();
        let plain = self.cells[pi] == Cell::Empty
            && {
                inner_index(p);
                p.neighbors()
                    .iter()
                    .any(|n| self.cells[n.index()] == Cell::Empty)
            }
            && self.ko != Some((p, color));
        if !plain {
            self.check_move(color, p)?;
        }
        journal.frames.push(Frame {
            writes: journal.writes.len() as u32,
            taken: journal.taken.len() as u32,
            placed: pi as u16,
            // Needed only where a chain captured by a move still on the
            // journal may have lain ([`Frame::fields`]).
            fields: if journal.taken.is_empty() {
                [0; 4]
            } else {
                [
                    self.chain[HEAD][pi],
                    self.chain[NEXT][pi],
                    self.chain[LIBS][pi],
                    self.chain[STONES][pi],
                ]
            },
            mover: color,
            to_move: self.to_move,
            ko: self.ko,
            captures: self.captures,
            hash: self.hash,
        });
        let captured = self.place(color, p, journal);
        self.to_move = color.opponent();
        self.stamp = 0;
        Ok(captured)
    }

    /// Takes back the last move played with [`Board::play_logged`] and
    /// `journal` (nothing if there is none): the board is as it was before,
    /// chain bookkeeping included, but for the chain fields of the point
    /// played, empty again: those of an empty point are read by nothing,
    /// and they are given back only where a chain captured by a move
    /// still on the journal lay ([`Frame::fields`]).
    #[expect(
        clippy::inline_always,
        reason = "taken back at every node of a reading; as a call its entry and exit were a good part of it"
    )]
    #[inline(always)]
    pub(crate) fn undo(&mut self, journal: &mut Journal) {
        let Some(frame) = journal.frames.pop() else {
            return;
        };
        // Newest first; then the writes are dropped (a plain walk and a
        // truncation: a draining iterator cost more than the writes). An
        // entry indexes the chain arrays as one: one way for every field.
        let writes = frame.writes as usize;
        for &Write { at, old } in journal.writes[writes..].iter().rev() {
            self.chain.as_flattened_mut()[usize::from(at)] = old;
        }
        journal.writes.truncate(writes);
        // The fields of the point played, as they were when they were kept
        // (the journal holds what the move wrote there after its first
        // values).
        let pi = usize::from(frame.placed);
        if frame.taken != 0 {
            for (field, old) in self.chain.iter_mut().zip(frame.fields) {
                field[pi] = old;
            }
        }
        // The cells: the stone played comes off, the chains it captured
        // come back (their links were never written). The point sets were
        // not changed by the move ([`Log::KEEP_SETS`]).
        self.take_stone(pi, Journal::KEEP_SETS);
        let taken = frame.taken as usize;
        let color = frame.mover.opponent();
        for &head in &journal.taken[taken..] {
            let mut s = head;
            loop {
                self.put_stone(usize::from(s), color, Journal::KEEP_SETS);
                s = self.chain[NEXT][usize::from(s)];
                if s == head {
                    break;
                }
            }
        }
        journal.taken.truncate(taken);
        self.to_move = frame.to_move;
        self.ko = frame.ko;
        self.captures = frame.captures;
        self.hash = frame.hash;
        self.stamp = 0;
    }

    /// Puts a stone of `color` on the empty cell `i`, keeping the point
    /// sets in step with `sets` (the cell is known to be empty: no look at
    /// it).
    #[inline]
    fn put_stone(&mut self, i: usize, color: Color, sets: bool) {
        if sets {
            let p = Point::from_own_index(i);
            self.sets.empty.remove(p);
            self.sets.stones[color.index()].insert(p);
        }
        self.cells[i] = color.cell();
    }

    /// Takes the stone off cell `i`, keeping the point sets in step with
    /// `sets` (it leaves both colours' sets: no look at which it was in).
    #[inline]
    fn take_stone(&mut self, i: usize, sets: bool) {
        if sets {
            let p = Point::from_own_index(i);
            self.sets.stones[0].remove(p);
            self.sets.stones[1].remove(p);
            self.sets.empty.insert(p);
        }
        self.cells[i] = Cell::Empty;
    }

    /// Writes `value` into `field` at cell `i`, giving the old value to `log`.
    #[inline]
    fn write<L: Log>(&mut self, log: &mut L, field: Field, i: usize, value: u16) {
        let at = field as usize * NUM_CELLS + i;
        let slot = &mut self.chain.as_flattened_mut()[at];
        log.save(Write {
            at: at as u16,
            old: *slot,
        });
        *slot = value;
    }

    /// Plays the legal move of `color` on `p`. A log is given the chain
    /// fields the move writes and the chains it captures, not the cells
    /// nor the first values it gives `p`'s own fields, before the move
    /// those of an empty point: [`Board::undo`] gives them back where they
    /// matter ([`Frame::fields`]).
    #[expect(
        clippy::needless_bitwise_bool,
        reason = "no branch per head: the compares become one vector compare"
    )]
    #[expect(
        clippy::inline_always,
        reason = "one caller per kind of log; as a call in the reader's play of every node its entry and exit were a good part of it"
    )]
    #[inline(always)]
    fn place<L: Log>(&mut self, color: Color, p: Point, log: &mut L) -> u32 {
        let own = color.cell();
        let pi = inner_index(p);
        self.put_stone(pi, color, L::KEEP_SETS);
        self.hash ^= STONE_KEYS[color.index()][pi];

        // Each distinct adjacent chain loses exactly one liberty: p. An
        // enemy chain's count is written here; a friendly chain's is
        // written once merged (below).
        // The heads found, then 0 (no chain's head: a border cell), so
        // that a head is looked for among all four at once.
        let mut heads = [0u16; 4];
        let mut n_heads = 0;
        let mut empty_neighbours = 0;
        let mut friends = 0;
        let mut joined = 0;
        // The enemy chains left without liberties, in the order found
        // (that of `heads`): the chains captured below.
        let mut taken = [0u16; 4];
        let mut n_taken = 0;
        for n in p.neighbors() {
            let c = self.cells[n.index()];
            if c == Cell::Empty {
                empty_neighbours += 1;
            } else if c.is_stone() {
                let h = self.chain[HEAD][n.index()];
                if !heads.iter().fold(false, |found, &g| found | (g == h)) {
                    heads[n_heads] = h;
                    n_heads += 1;
                    if c == own {
                        friends += 1;
                        joined = h;
                    } else {
                        let hi = usize::from(h);
                        let libs = self.chain[LIBS][hi] - 1;
                        self.write(log, Field::Libs, hi, libs);
                        if libs == 0 {
                            taken[n_taken] = h;
                            n_taken += 1;
                        }
                    }
                }
            }
        }
        let heads = &heads[..n_heads];

        // Merge with friendly chains. Joining one chain, the stone adds the
        // empty neighbours that chain does not touch yet to its liberties
        // and takes its own point off them; joining more, the liberties
        // they share are counted again by walking the whole chain.
        if friends == 1 {
            // Joining one chain: the chain [`Board::merge`] makes of it and
            // the lone stone, each field written once.
            let ji = usize::from(joined);
            let libs = self.chain[LIBS][ji] - 1 + self.liberties_new_to(p, joined);
            if self.chain[STONES][ji] > 1 {
                // The stone goes in after the larger chain's head.
                self.chain[HEAD][pi] = joined;
                self.chain[NEXT][pi] = self.chain[NEXT][ji];
                self.write(log, Field::Next, ji, pi as u16);
                self.write(log, Field::Stones, ji, self.chain[STONES][ji] + 1);
                self.write(log, Field::Libs, ji, libs);
            } else {
                // Two lone stones: the new one heads the pair.
                self.chain[HEAD][pi] = pi as u16;
                self.write(log, Field::Head, ji, pi as u16);
                self.chain[NEXT][pi] = joined;
                self.write(log, Field::Next, ji, pi as u16);
                self.chain[STONES][pi] = 2;
                self.chain[LIBS][pi] = libs;
            }
        } else {
            self.chain[HEAD][pi] = pi as u16;
            self.chain[NEXT][pi] = pi as u16;
            self.chain[STONES][pi] = 1;
            self.chain[LIBS][pi] = empty_neighbours;
            for &h in heads {
                if self.cells[usize::from(h)] == own {
                    let mine = self.chain[HEAD][pi];
                    self.merge(mine, h, log);
                }
            }
            if friends > 0 {
                let h = Point::from_own_index(usize::from(self.chain[HEAD][pi]));
                let libs = self.count_liberties(h);
                self.write(log, Field::Libs, h.index(), libs);
            }
        }

        // Capture enemy chains left without liberties (merging friendly
        // chains touched no enemy chain's fields).
        let mut captured = 0u32;
        let mut last_captured = p;
        for &h in &taken[..n_taken] {
            captured += self.remove_chain(
                Point::from_own_index(usize::from(h)),
                &mut last_captured,
                log,
            );
        }
        self.captures[color.index()] += captured;

        // Simple ko: a lone stone that captured exactly one stone and has one liberty.
        let hp = usize::from(self.chain[HEAD][pi]);
        self.ko = if captured == 1 && self.chain[STONES][hp] == 1 && self.chain[LIBS][hp] == 1 {
            Some((last_captured, color.opponent()))
        } else {
            None
        };
        captured
    }

    /// Merges the chain headed `b` into the chain headed `a` (or the other way
    /// round, keeping the larger head). Liberty counts are fixed by the caller.
    fn merge<L: Log>(&mut self, a: u16, b: u16, log: &mut L) {
        if a == b {
            return;
        }
        let (big, small) =
            if self.chain[STONES][usize::from(a)] >= self.chain[STONES][usize::from(b)] {
                (a, b)
            } else {
                (b, a)
            };
        let mut s = small;
        loop {
            self.write(log, Field::Head, usize::from(s), big);
            s = self.chain[NEXT][usize::from(s)];
            if s == small {
                break;
            }
        }
        let (bi, si) = (usize::from(big), usize::from(small));
        let (next_big, next_small) = (self.chain[NEXT][bi], self.chain[NEXT][si]);
        self.write(log, Field::Next, bi, next_small);
        self.write(log, Field::Next, si, next_big);
        self.write(
            log,
            Field::Stones,
            bi,
            self.chain[STONES][bi] + self.chain[STONES][si],
        );
    }

    /// How many empty neighbours of `p` (a stone just placed, not yet
    /// merged) touch no stone of the chain headed `head` other than `p`:
    /// the liberties `p` brings to that chain.
    #[expect(
        clippy::inline_always,
        reason = "asked for most moves; as a call its entry and exit were a good part of it"
    )]
    #[inline(always)]
    fn liberties_new_to(&self, p: Point, head: u16) -> u16 {
        let mut n = 0;
        for q in p.neighbors() {
            if self.cells[q.index()] == Cell::Empty
                && !q.neighbors().iter().any(|&r| {
                    r != p
                        && self.cells[r.index()].is_stone()
                        && self.chain[HEAD][r.index()] == head
                })
            {
                n += 1;
            }
        }
        n
    }

    /// Counts the distinct empty neighbours of the chain headed `head`.
    fn count_liberties(&self, head: Point) -> u16 {
        let mut seen = PointSet::new();
        let mut n = 0;
        for s in self.chain_stones(head) {
            // One check of the stone's index for its four neighbours'.
            inner_index(s);
            for nb in s.neighbors() {
                if self.cells[nb.index()] == Cell::Empty && seen.insert(nb) {
                    n += 1;
                }
            }
        }
        n
    }

    /// Removes the chain headed `head`; adjacent chains gain a liberty per
    /// removed stone they touch. Returns the number of stones removed.
    fn remove_chain<L: Log>(&mut self, head: Point, last: &mut Point, log: &mut L) -> u32 {
        let color = self.cells[head.index()]
            .color()
            .expect("a chain is made of stones");
        let start = head.index() as u16;
        let mut s = start;
        let mut removed = 0;
        log.taken(start);
        // First clear every stone, then credit liberties, so that a neighbour
        // inside the captured chain is never credited.
        loop {
            self.take_stone(usize::from(s), L::KEEP_SETS);
            self.hash ^= STONE_KEYS[color.index()][usize::from(s)];
            removed += 1;
            s = self.chain[NEXT][usize::from(s)];
            if s == start {
                break;
            }
        }
        loop {
            let p = Point::from_own_index(usize::from(s));
            let mut heads = [0u16; 4];
            let mut n_heads = 0;
            for n in p.neighbors() {
                if self.cells[n.index()].is_stone() {
                    let h = self.chain[HEAD][n.index()];
                    if !heads[..n_heads].contains(&h) {
                        heads[n_heads] = h;
                        n_heads += 1;
                        let hi = usize::from(h);
                        self.write(log, Field::Libs, hi, self.chain[LIBS][hi] + 1);
                    }
                }
            }
            *last = p;
            s = self.chain[NEXT][usize::from(s)];
            if s == start {
                break;
            }
        }
        removed
    }

    // ----- setup ------------------------------------------------------------

    /// Puts a stone of `color` on the empty point `p` as a setup (SGF `AB`/`AW`):
    /// no captures, no turn change. Fails if `p` is off the board or occupied.
    /// Setups may leave chains without liberties temporarily; call
    /// [`Board::check_liberties`] after a batch of setup stones.
    pub fn set_stone(&mut self, color: Color, p: Point) -> Result<(), BoardError> {
        match self.cells[p.index()] {
            Cell::Off => Err(BoardError::OffBoard(p)),
            Cell::Black | Cell::White => Err(BoardError::Occupied(p)),
            Cell::Empty => {
                self.setup_stone(color, p);
                self.stamp = fresh_stamp();
                Ok(())
            }
        }
    }

    /// Removes whatever stone is on `p` (SGF `AE`). Fails if `p` is off the board.
    pub fn clear_point(&mut self, p: Point) -> Result<(), BoardError> {
        match self.cells[p.index()] {
            Cell::Off => Err(BoardError::OffBoard(p)),
            Cell::Empty => Ok(()),
            Cell::Black | Cell::White => {
                self.rebuild_with(|cells| cells[p.index()] = Cell::Empty);
                Ok(())
            }
        }
    }

    /// Removes whatever stones stand on `points` (points off the board are
    /// an error, and nothing is removed then): [`Board::clear_point`] for
    /// each, the ko point dropped, but the whole chains among them are
    /// taken off the way captures are — only a chain cut in part makes the
    /// board recompute its chains, once.
    pub fn clear_points(&mut self, points: &PointSet) -> Result<(), BoardError> {
        if let Some(p) = points.iter().find(|&p| self.cells[p.index()] == Cell::Off) {
            return Err(BoardError::OffBoard(p));
        }
        let sets = self.point_sets();
        let mut stones = sets.stones[0];
        stones.union_with(&sets.stones[1]);
        stones.intersect_with(points);
        if stones.is_empty() {
            return Ok(());
        }
        if stones
            .iter()
            .any(|p| self.chain_stones(p).any(|s| !stones.contains(s)))
        {
            self.rebuild_with(|cells| {
                for p in &stones {
                    cells[p.index()] = Cell::Empty;
                }
            });
            return Ok(());
        }
        let mut last = Point::from_index(0);
        while let Some(p) = stones.first() {
            for s in self.chain_stones(p) {
                stones.remove(s);
            }
            self.remove_chain(self.chain_head(p), &mut last, &mut NoLog);
        }
        self.ko = None;
        self.stamp = fresh_stamp();
        Ok(())
    }

    fn setup_stone(&mut self, color: Color, p: Point) {
        // Setup never captures; adding a stone only merges chains and takes
        // liberties, which `add_stone_raw` does incrementally.
        self.add_stone_raw(color, p);
        self.ko = None;
    }

    /// Applies `edit` to the cells and recomputes chains, liberties and hash.
    fn rebuild_with(&mut self, edit: impl FnOnce(&mut [Cell; NUM_CELLS])) {
        let mut cells = self.cells;
        edit(&mut cells);
        let mut fresh = Board::new(u32::from(self.size)).expect("size was valid");
        fresh.to_move = self.to_move;
        fresh.captures = self.captures;
        for p in Point::all(self.size) {
            if let Some(c) = cells[p.index()].color() {
                fresh.add_stone_raw(c, p);
            }
        }
        // `fresh` has a stamp of its own.
        *self = fresh;
    }

    /// Adds a stone, merging chains and fixing liberty counts, without captures.
    fn add_stone_raw(&mut self, color: Color, p: Point) {
        let own = color.cell();
        let pi = p.index();
        self.put_stone(pi, color, true);
        self.chain[HEAD][pi] = pi as u16;
        self.chain[NEXT][pi] = pi as u16;
        self.chain[STONES][pi] = 1;
        self.hash ^= STONE_KEYS[color.index()][pi];
        let mut touched = [0u16; 4];
        let mut n = 0;
        for nb in p.neighbors() {
            if self.cells[nb.index()].is_stone() {
                let h = self.chain[HEAD][nb.index()];
                if !touched[..n].contains(&h) {
                    touched[n] = h;
                    n += 1;
                }
            }
        }
        for &h in &touched[..n] {
            if self.cells[usize::from(h)] == own {
                let mine = self.chain[HEAD][pi];
                self.merge(mine, h, &mut NoLog);
            }
        }
        // Recount every chain that touches p (its own chain and enemy neighbours).
        let mine = self.chain[HEAD][pi];
        self.chain[LIBS][usize::from(mine)] =
            self.count_liberties(Point::from_own_index(usize::from(mine)));
        for &h in &touched[..n] {
            let h = self.chain[HEAD][usize::from(h)];
            if h != mine {
                self.chain[LIBS][usize::from(h)] =
                    self.count_liberties(Point::from_own_index(usize::from(h)));
            }
        }
    }

    /// Fails with [`BoardError::NoLiberties`] if some chain has no liberty
    /// (an illegal setup).
    pub fn check_liberties(&self) -> Result<(), BoardError> {
        for h in self.chain_heads() {
            if self.chain[LIBS][h.index()] == 0 {
                return Err(BoardError::NoLiberties(h));
            }
        }
        Ok(())
    }

    // ----- transformations -------------------------------------------------

    /// The same position with colours swapped (stones, prisoners, side to move, ko).
    #[must_use]
    pub fn swapped_colors(&self) -> Board {
        let mut b = self.clone();
        b.rebuild_with(|cells| {
            for c in cells.iter_mut() {
                *c = c.swapped();
            }
        });
        b.to_move = self.to_move.opponent();
        b.captures = [self.captures[1], self.captures[0]];
        b.ko = self.ko.map(|(p, c)| (p, c.opponent()));
        b.stamp = fresh_stamp();
        b
    }

    /// The same position under a board symmetry.
    #[must_use]
    pub fn transformed(&self, sym: Symmetry) -> Board {
        let size = self.size;
        let mut b = self.clone();
        b.rebuild_with(|cells| {
            let mut out = [Cell::Off; NUM_CELLS];
            for p in Point::all(size) {
                out[sym.apply(p, size).index()] = cells[p.index()];
            }
            *cells = out;
        });
        b.ko = self.ko.map(|(p, c)| (sym.apply(p, size), c));
        b.stamp = fresh_stamp();
        b
    }

    /// A plain text diagram: `X` black, `O` white, `.` empty, one row per line.
    pub fn to_diagram(&self) -> String {
        let mut s = String::with_capacity(self.area() * 2 + usize::from(self.size));
        for y in 0..self.size {
            for x in 0..self.size {
                if x > 0 {
                    s.push(' ');
                }
                s.push(self.cells[Point::new(x, y).index()].symbol());
            }
            s.push('\n');
        }
        s
    }
}

/// A field of the chain bookkeeping (its place in the `chain` arrays).
#[derive(Clone, Copy, Debug)]
enum Field {
    Head = HEAD as isize,
    Next = NEXT as isize,
    Libs = LIBS as isize,
    Stones = STONES as isize,
}

/// Where each chain [`Field`] is kept in [`Board`]'s `chain` arrays.
const HEAD: usize = 0;
const NEXT: usize = 1;
const LIBS: usize = 2;
const STONES: usize = 3;

/// Receives the old value of every chain field a move overwrites, and the
/// head of every chain it captures.
trait Log {
    /// Whether moves played with this log keep the board's point sets in
    /// step ([`Board::sets`]).
    const KEEP_SETS: bool;
    fn save(&mut self, write: Write);
    fn taken(&mut self, head: u16);
}

/// Plain play keeps nothing.
struct NoLog;

impl Log for NoLog {
    const KEEP_SETS: bool = true;
    #[inline]
    fn save(&mut self, _: Write) {}
    #[inline]
    fn taken(&mut self, _: u16) {}
}

/// One overwritten chain field, for [`Journal`]: where it was, and what.
#[derive(Clone, Copy, Debug)]
struct Write {
    /// The field's index in the chain arrays taken as one
    /// (`field * NUM_CELLS + cell`).
    at: u16,
    old: u16,
}

const _: () = assert!(4 * NUM_CELLS <= u16::MAX as usize);

/// What the moves played with [`Board::play_logged`] overwrote, newest
/// last, for [`Board::undo`].
#[derive(Debug, Default)]
pub(crate) struct Journal {
    writes: Vec<Write>,
    /// The heads of the chains the moves captured.
    taken: Vec<u16>,
    frames: Vec<Frame>,
}

/// The board's scalars before one logged move, where its writes and
/// captured chains start, and the stone it put.
#[derive(Debug)]
struct Frame {
    writes: u32,
    taken: u32,
    placed: u16,
    /// The chain fields of `placed` before the move, in [`Field`] order,
    /// when a move before it on the journal captured a chain (`taken` is
    /// not 0); else zeros. Those of an empty point mean nothing, but a
    /// stone of a captured chain keeps its links there until the capture
    /// is taken back ([`Board::undo`] walks them), and a move may lie on
    /// it meanwhile.
    fields: [u16; 4],
    mover: Color,
    to_move: Color,
    ko: Option<(Point, Color)>,
    captures: [u32; 2],
    hash: u64,
}

impl Journal {
    /// An empty journal with room for `moves` moves without growing (a
    /// move writes a dozen entries or so; more moves grow it).
    pub(crate) fn with_room(moves: usize) -> Journal {
        Journal {
            writes: Vec::with_capacity(16 * moves),
            taken: Vec::with_capacity(moves),
            frames: Vec::with_capacity(moves),
        }
    }

    /// Forgets every move kept.
    pub(crate) fn clear(&mut self) {
        self.writes.clear();
        self.taken.clear();
        self.frames.clear();
    }

    /// Whether no move is kept (every move played was taken back).
    pub(crate) fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// How many writes it can keep without growing.
    pub(crate) fn capacity(&self) -> usize {
        self.writes.capacity()
    }
}

impl Log for Journal {
    /// The reader's search reads cells and chains only: the sets it leaves
    /// alone are right again once it has taken back its moves (a fifth of
    /// the work of a move and its undo).
    const KEEP_SETS: bool = false;
    #[inline]
    fn save(&mut self, write: Write) {
        self.writes.push(write);
    }

    #[inline]
    fn taken(&mut self, head: u16) {
        self.taken.push(head);
    }
}

impl PartialEq for Board {
    /// Boards are equal when they have the same size, stones, side to move, ko
    /// and prisoners (chain bookkeeping is derived from the stones).
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.to_move == other.to_move
            && self.ko == other.ko
            && self.captures == other.captures
            && self.cells == other.cells
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board {}x{}, {} to move",
            self.size, self.size, self.to_move
        )?;
        f.write_str(&self.to_diagram())
    }
}

/// Iterator over the stones of one chain.
pub struct ChainStones<'a> {
    board: &'a Board,
    start: u16,
    current: Option<u16>,
}

impl Iterator for ChainStones<'_> {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        let c = self.current?;
        let n = self.board.chain[NEXT][usize::from(c)];
        self.current = if n == self.start { None } else { Some(n) };
        Some(Point::from_own_index(usize::from(c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Everything a board holds, chain bookkeeping included, on its points.
    fn state(b: &Board) -> Vec<(Cell, u16, u16, u16, u16)> {
        b.points()
            .map(|p| {
                let i = p.index();
                let (head, libs, stones) = if b.cells[i].is_stone() {
                    let h = usize::from(b.chain[HEAD][i]);
                    (b.chain[HEAD][i], b.chain[LIBS][h], b.chain[STONES][h])
                } else {
                    (0, 0, 0)
                };
                (
                    b.cells[i],
                    head,
                    b.chain[NEXT][i] * u16::from(b.cells[i].is_stone()),
                    libs,
                    stones,
                )
            })
            .collect()
    }

    proptest! {
        /// `changed_points` is every point whose contents differ, and the ko
        /// points when the ko states differ.
        #[test]
        fn changed_points_are_the_differing_points(
            size in prop_oneof![Just(5u32), Just(9), Just(19), Just(25)],
            setup in proptest::collection::vec(any::<u16>(), 0..120),
            more in proptest::collection::vec(any::<u16>(), 0..6),
        ) {
            let a = Board::from_choices(size, &setup).unwrap();
            let mut all = setup.clone();
            all.extend(&more);
            let b = Board::from_choices(size, &all).unwrap();
            let mut expected = PointSet::new();
            for p in a.points() {
                if a.color(p) != b.color(p) {
                    expected.insert(p);
                }
            }
            if a.ko != b.ko {
                for (p, _) in [a.ko, b.ko].into_iter().flatten() {
                    expected.insert(p);
                }
            }
            prop_assert_eq!(a.changed_points(&b), expected);
            prop_assert_eq!(b.changed_points(&a), expected);
        }

        /// Moves played with a journal give the board plain play gives, and
        /// taking them back (in any number) restores every field exactly
        /// but the chain fields of empty points, which mean nothing.
        #[test]
        fn logged_moves_play_as_plain_ones_and_undo_exactly(
            size in prop_oneof![Just(5u32), Just(9), Just(19)],
            setup in proptest::collection::vec(any::<u16>(), 0..80),
            line in proptest::collection::vec(any::<u16>(), 1..30),
            back in any::<prop::sample::Index>(),
        ) {
            let start = Board::from_choices(size, &setup).unwrap();
            let mut logged = start.clone();
            let mut plain = start.clone();
            let mut journal = Journal::default();
            let mut boards = vec![start.clone()];
            let mut color = start.to_move();
            for c in line {
                let legal: Vec<Point> = plain.legal_moves(color).collect();
                if legal.is_empty() {
                    break;
                }
                let p = legal[usize::from(c) % legal.len()];
                let a = plain.play(color, p).unwrap();
                let b = logged.play_logged(color, p, &mut journal).unwrap();
                prop_assert_eq!(a, b);
                prop_assert_eq!(&logged, &plain);
                prop_assert_eq!(logged.hash, plain.hash);
                prop_assert_eq!(state(&logged), state(&plain));
                // Logged moves leave the point sets alone; the liberties
                // read off the cells are right.
                prop_assert_eq!(logged.sets, start.sets);
                prop_assert_eq!(logged.liberties_from_cells(p), plain.liberties(p));
                boards.push(plain.clone());
                color = color.opponent();
            }
            // Take back some moves, check, then all of them.
            let k = back.index(boards.len());
            for _ in 0..k {
                logged.undo(&mut journal);
            }
            let at = &boards[boards.len() - 1 - k];
            prop_assert_eq!(&logged, at);
            prop_assert_eq!(logged.hash, at.hash);
            prop_assert_eq!(state(&logged), state(at));
            for _ in 0..boards.len() {
                logged.undo(&mut journal);
            }
            prop_assert_eq!(&logged, &start);
            prop_assert_eq!(logged.hash, start.hash);
            prop_assert_eq!(state(&logged), state(&start));
            prop_assert_eq!(logged.cells, start.cells);
            for i in 0..NUM_CELLS {
                if start.cells[i].is_stone() {
                    for field in [HEAD, NEXT] {
                        prop_assert_eq!(logged.chain[field][i], start.chain[field][i], "field {} at {}", field, i);
                    }
                    if usize::from(start.chain[HEAD][i]) == i {
                        for field in [LIBS, STONES] {
                            prop_assert_eq!(logged.chain[field][i], start.chain[field][i], "field {} at {}", field, i);
                        }
                    }
                }
            }
            prop_assert_eq!(logged.sets, start.sets);
        }

        /// The point sets a board keeps are its cells as sets after every
        /// kind of change: moves with captures, setup stones, cleared points
        /// (one, or several at once), colour swaps and symmetries.
        #[test]
        fn kept_point_sets_are_the_cells(
            size in prop_oneof![Just(5u32), Just(9), Just(19), Just(25)],
            setup in proptest::collection::vec(any::<u16>(), 0..150),
            picks in proptest::collection::vec(any::<u16>(), 1..8),
            sym in 0usize..8,
        ) {
            let mut b = Board::from_choices(size, &setup).unwrap();
            prop_assert_eq!(b.point_sets(), b.scanned_point_sets());
            // What the sets answer, against the cells.
            let heads: Vec<Point> = b
                .points()
                .filter(|&p| b.cells[p.index()].is_stone() && b.chain_head(p) == p)
                .collect();
            prop_assert_eq!(b.chain_heads().collect::<Vec<_>>(), heads);
            for c in Color::BOTH {
                let n = b.points().filter(|&p| b.color(p) == Some(c)).count();
                prop_assert_eq!(b.stone_count(c), n);
            }
            let points: Vec<Point> = b.points().collect();
            let at = |k: u16| points[usize::from(k) % points.len()];
            b.clear_point(at(picks[0])).unwrap();
            prop_assert_eq!(b.sets, b.scanned_point_sets());
            let several: PointSet = picks.iter().map(|&k| at(k)).collect();
            b.clear_points(&several).unwrap();
            prop_assert_eq!(b.sets, b.scanned_point_sets());
            for &k in &picks {
                let _ = b.set_stone(if k % 2 == 0 { Color::Black } else { Color::White }, at(k));
            }
            prop_assert_eq!(b.sets, b.scanned_point_sets());
            let swapped = b.swapped_colors();
            prop_assert_eq!(swapped.sets, swapped.scanned_point_sets());
            let turned = b.transformed(Symmetry::ALL[sym]);
            prop_assert_eq!(turned.sets, turned.scanned_point_sets());
            let mut copy = Board::new(size).unwrap();
            copy.clone_from(&turned);
            prop_assert_eq!(copy.sets, turned.sets);
        }
    }
}
