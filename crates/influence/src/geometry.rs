//! Directions, per-stone direction sources, and the straight line between
//! two points that both the ellipse and the projection model use to decide
//! what stands "between" a stone and a point.

use keisei_board::{MAX_SIZE, Point, PointSet, STRIDE, Symmetry};
use serde::Serialize;
use std::fmt;

/// One of the four directions of a stone's influence sources (seed 000
/// fig. 11, seed 001 fig. 19), as seen on the board: north is up (towards
/// row 19 on a 19×19 board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Up.
    North,
    /// Right.
    East,
    /// Down.
    South,
    /// Left.
    West,
}

impl Direction {
    /// The four directions in the order of [`Sources`]: N, E, S, W.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The index in [`Sources`] (N 0, E 1, S 2, W 3).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The unit step `(dx, dy)`, x to the right and y downwards.
    pub const fn offset(self) -> (i32, i32) {
        match self {
            Direction::North => (0, -1),
            Direction::East => (1, 0),
            Direction::South => (0, 1),
            Direction::West => (-1, 0),
        }
    }

    /// The direction of a unit step, if `(dx, dy)` is one.
    pub const fn from_offset(dx: i32, dy: i32) -> Option<Direction> {
        match (dx, dy) {
            (0, -1) => Some(Direction::North),
            (1, 0) => Some(Direction::East),
            (0, 1) => Some(Direction::South),
            (-1, 0) => Some(Direction::West),
            _ => None,
        }
    }

    /// The direction this one becomes when the board is transformed by `sym`.
    #[must_use]
    pub fn transformed(self, sym: Symmetry) -> Direction {
        let (dx, dy) = self.offset();
        let (x, y) = sym.apply_offset(dx, dy);
        Direction::from_offset(x, y).unwrap_or(self)
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::East => Direction::West,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
        }
    }

    /// The one-letter name used in pattern files and snapshots: `n e s w`.
    pub const fn letter(self) -> char {
        match self {
            Direction::North => 'n',
            Direction::East => 'e',
            Direction::South => 's',
            Direction::West => 'w',
        }
    }

    /// The direction named by a letter `n e s w`.
    pub fn from_letter(text: &str) -> Option<Direction> {
        match text {
            "n" => Some(Direction::North),
            "e" => Some(Direction::East),
            "s" => Some(Direction::South),
            "w" => Some(Direction::West),
            _ => None,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The four direction sources `(P_n, P_e, P_s, P_w)` of one stone (seed 000
/// §3.2.2, seed 001 §3.2.1): how far its influence reaches in each direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Sources(pub [i32; 4]);

impl Sources {
    /// The same value in every direction.
    pub const fn uniform(p: i32) -> Sources {
        Sources([p; 4])
    }

    /// The source towards `d`.
    pub const fn get(&self, d: Direction) -> i32 {
        self.0[d.index()]
    }

    /// Sets the source towards `d`.
    pub fn set(&mut self, d: Direction, value: i32) {
        self.0[d.index()] = value;
    }

    /// Adds to the source towards `d`.
    pub fn add(&mut self, d: Direction, value: i32) {
        self.0[d.index()] += value;
    }

    /// Every source clamped to `0..=max`.
    #[must_use]
    pub fn clamped(self, max: i32) -> Sources {
        Sources(self.0.map(|v| v.clamp(0, max)))
    }

    /// The sources of the stone on a board transformed by `sym`.
    #[must_use]
    pub fn transformed(self, sym: Symmetry) -> Sources {
        let mut out = Sources::default();
        for d in Direction::ALL {
            out.set(d.transformed(sym), self.get(d));
        }
        out
    }
}

impl fmt::Display for Sources {
    /// `n5 e5 s5 w5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [n, e, s, w] = self.0;
        write!(f, "n{n} e{e} s{s} w{w}")
    }
}

/// The largest source any model uses, and so the farthest a stone's
/// influence reaches along an axis (the table of lines below covers it).
pub const MAX_REACH: i32 = 12;

const SIDE: usize = 2 * MAX_REACH as usize + 1;

/// Exact comparison of two non-negative-denominator fractions `a/b < c/d`.
const fn less(a: (i64, i64), c: (i64, i64)) -> bool {
    a.0 * c.1 < c.0 * a.1
}

/// Whether the open segment from the centre of `(0, 0)` to the centre of
/// `(dx, dy)` passes through the interior of the unit square centred on
/// `(i, j)`.
const fn crosses(dx: i32, dy: i32, i: i32, j: i32) -> bool {
    // t in (0, 1) with |t·dx − i| < 1/2 and |t·dy − j| < 1/2; each bound is
    // a fraction (numerator, denominator > 0).
    let mut lo = (0i64, 1i64);
    let mut hi = (1i64, 1i64);
    let axes = [(dx, i), (dy, j)];
    let mut axis = 0;
    while axis < 2 {
        let (d, k) = (axes[axis].0 as i64, axes[axis].1 as i64);
        axis += 1;
        if d == 0 {
            if k != 0 {
                return false;
            }
            continue;
        }
        // t·d in (k − 1/2, k + 1/2)  ⇔  t in ((2k − 1)/(2d), (2k + 1)/(2d)),
        // swapped when d < 0.
        let (a, b) = ((2 * k - 1, 2 * d), (2 * k + 1, 2 * d));
        let (a, b) = if d < 0 {
            ((-b.0, -b.1), (-a.0, -a.1))
        } else {
            (a, b)
        };
        if less(lo, a) {
            lo = a;
        }
        if less(b, hi) {
            hi = b;
        }
    }
    less(lo, hi)
}

/// Number of offsets the table of lines covers.
const OFFSETS: usize = SIDE * SIDE;

/// Calls `f(k, dx, dy, i, j)` for every cell `(i, j)` strictly between the
/// origin and the offset `(dx, dy)` (offset number `k`), offset by offset,
/// in the order of the box of the segment (rows, then columns). A macro,
/// as a `const fn` takes no closure.
macro_rules! for_each_line_cell {
    (|$k:ident, $dx:ident, $dy:ident, $i:ident, $j:ident| $body:block) => {{
        let r = MAX_REACH;
        let mut $k = 0usize;
        let mut $dy = -r;
        while $dy <= r {
            let mut $dx = -r;
            while $dx <= r {
                let mut $j = if $dy < 0 { $dy } else { 0 };
                while $j <= if $dy > 0 { $dy } else { 0 } {
                    let mut $i = if $dx < 0 { $dx } else { 0 };
                    while $i <= if $dx > 0 { $dx } else { 0 } {
                        // Only cells near the line can be crossed (a cheap
                        // test first): within half the segment's L1 length
                        // of the line, scaled.
                        let cross = $i as i64 * $dy as i64 - $j as i64 * $dx as i64;
                        let near = 2 * cross.abs() < ($dx.abs() + $dy.abs()) as i64;
                        if near
                            && !($i == 0 && $j == 0)
                            && !($i == $dx && $j == $dy)
                            && crosses($dx, $dy, $i, $j)
                        {
                            $body
                        }
                        $i += 1;
                    }
                    $j += 1;
                }
                $k += 1;
                $dx += 1;
            }
            $dy += 1;
        }
    }};
}

/// Number of cells of all lines together.
const LINE_CELLS: usize = {
    let mut n = 0;
    for_each_line_cell!(|_k, _dx, _dy, _i, _j| {
        n += 1;
    });
    n
};

/// The table of lines: for every offset within [`MAX_REACH`], the cells
/// strictly between the origin and the offset, in order of distance from
/// the origin along the segment. Made at compile time.
pub(crate) struct Lines {
    /// `starts[k]..starts[k + 1]` indexes `cells` for offset number `k`.
    starts: [u32; OFFSETS + 1],
    cells: [(i8, i8); LINE_CELLS],
    /// The same cells as index deltas in the padded layout.
    deltas: [i32; LINE_CELLS],
}

static LINES: Lines = {
    // Offsets without cells are marked, then start where the next one does.
    let mut starts = [u32::MAX; OFFSETS + 1];
    let mut cells = [(0i8, 0i8); LINE_CELLS];
    let mut n = 0;
    for_each_line_cell!(|k, _dx, _dy, i, j| {
        if starts[k] == u32::MAX {
            starts[k] = n as u32;
        }
        // Inserted in order of distance (|i| + |j|), after the cells of the
        // same distance: a stable insertion sort within the offset's run.
        let key = i.abs() + j.abs();
        let mut at = n;
        while at > starts[k] as usize && {
            let (pi, pj) = cells[at - 1];
            (pi as i32).abs() + (pj as i32).abs() > key
        } {
            cells[at] = cells[at - 1];
            at -= 1;
        }
        cells[at] = (i as i8, j as i8);
        n += 1;
    });
    starts[OFFSETS] = n as u32;
    let mut k = OFFSETS;
    while k > 0 {
        k -= 1;
        if starts[k] == u32::MAX {
            starts[k] = starts[k + 1];
        }
    }
    let mut deltas = [0i32; LINE_CELLS];
    let mut c = 0;
    while c < LINE_CELLS {
        deltas[c] = cells[c].0 as i32 + cells[c].1 as i32 * STRIDE as i32;
        c += 1;
    }
    Lines {
        starts,
        cells,
        deltas,
    }
};

fn lines() -> &'static Lines {
    &LINES
}

fn line_range(dx: i32, dy: i32) -> Option<std::ops::Range<usize>> {
    if dx.abs() > MAX_REACH || dy.abs() > MAX_REACH {
        return None;
    }
    let k = (dy + MAX_REACH) as usize * SIDE + (dx + MAX_REACH) as usize;
    let l = lines();
    Some(l.starts[k] as usize..l.starts[k + 1] as usize)
}

/// The cells strictly between a stone and the point `(dx, dy)` away from it:
/// those whose square the straight segment joining the two centres passes
/// through (the interior, not merely a corner). So a straight line passes
/// the cells between, a diagonal passes only the diagonal cells (not the two
/// cells beside each step), and a knight's move `(2, 1)` passes both middle
/// cells `(1, 0)` and `(1, 1)`. The set is the same under every board
/// symmetry. Empty for offsets beyond [`MAX_REACH`].
pub fn line_between(dx: i32, dy: i32) -> &'static [(i8, i8)] {
    line_range(dx, dy).map_or(&[], |r| &lines().cells[r])
}

/// Cells a colour's influence cannot pass (or, in the projection model, see
/// through), also as a row of bits per row so that a rectangle free of them
/// is recognised with a few operations and most line checks are skipped.
pub(crate) struct Obstacles {
    /// The obstacles (on the board).
    set: PointSet,
    /// Each row's obstacles as bits (bit `x` for column `x`).
    rows: [u32; MAX_SIZE as usize],
}

/// The bits of columns `from..=to` (`0 <= from <= to < 32`).
#[inline]
pub(crate) fn columns(from: i32, to: i32) -> u32 {
    (u32::MAX >> (31 - (to - from))) << from
}

impl Obstacles {
    /// The obstacles of a board of `size` at the points of `set` (those on
    /// the board), read a row of bits at a time.
    pub(crate) fn of_set(size: u8, set: &PointSet) -> Obstacles {
        let mut on_board = *set;
        on_board.intersect_with(&PointSet::board(size));
        Obstacles {
            rows: on_board.rows(size),
            set: on_board,
        }
    }

    /// [`Obstacles::of_set`] of `set` given its rows as well (`rows`,
    /// [`PointSet::rows`] of it; `set` on the board).
    pub(crate) fn of_set_rows(
        size: u8,
        set: PointSet,
        rows: [u32; MAX_SIZE as usize],
    ) -> Obstacles {
        debug_assert!(
            {
                let mut off = set;
                off.subtract(&PointSet::board(size));
                off.is_empty() && rows == set.rows(size)
            },
            "the obstacles' rows"
        );
        Obstacles { set, rows }
    }

    /// The obstacles of row `y` (on the board) as bits: bit `x` for
    /// column `x`.
    #[inline]
    pub(crate) fn row(&self, y: i32) -> u32 {
        self.rows[y as usize]
    }

    /// The obstacles of each row (on the board) as bits, by row.
    #[inline]
    pub(crate) fn rows(&self) -> &[u32; MAX_SIZE as usize] {
        &self.rows
    }

    /// Whether the point with padded index `i` (on the board) is an obstacle.
    #[inline]
    pub(crate) fn at(&self, i: usize) -> bool {
        self.set.contains(Point::from_index(i))
    }

    /// Whether any obstacle lies in the rectangle spanned by two on-board
    /// corners (inclusive).
    #[inline]
    pub(crate) fn any_in(&self, x0: i32, y0: i32, x1: i32, y1: i32) -> bool {
        let (xa, xb) = (x0.min(x1), x0.max(x1));
        let (ya, yb) = (y0.min(y1), y0.max(y1));
        let cols = columns(xa, xb);
        self.rows[ya as usize..=yb as usize]
            .iter()
            .any(|&row| row & cols != 0)
    }

    /// Whether an obstacle stands strictly between the on-board point `from`
    /// and the on-board point `(dx, dy)` away from it (see [`line_between`]).
    #[inline]
    pub(crate) fn between(&self, lines: &Lines, from: Point, dx: i32, dy: i32) -> bool {
        self.between_at(lines, from, (from.x(), from.y()), dx, dy)
    }

    /// [`Obstacles::between`] for a caller that knows the column and row
    /// `(x, y)` of `from` (not worked out again from the point).
    #[inline]
    pub(crate) fn between_at(
        &self,
        lines: &Lines,
        from: Point,
        (x, y): (i32, i32),
        dx: i32,
        dy: i32,
    ) -> bool {
        debug_assert_eq!((x, y), (from.x(), from.y()), "the point's column and row");
        // The line lies inside the rectangle of its ends (and the ends are
        // not on it): no obstacle there, nothing to look at.
        if (dx.abs() <= 1 && dy.abs() <= 1) || !self.any_in(x, y, x + dx, y + dy) {
            return false;
        }
        let base = from.index() as i32;
        lines
            .deltas(dx, dy)
            .iter()
            .any(|&d| self.at((base + d) as usize))
    }
}

impl Lines {
    /// The cells between the origin and `(dx, dy)` as padded index deltas.
    #[inline]
    pub(crate) fn deltas(&self, dx: i32, dy: i32) -> &[i32] {
        line_range(dx, dy).map_or(&[], |r| &self.deltas[r])
    }

    /// The table.
    pub(crate) fn get() -> &'static Lines {
        lines()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The obstacles where `blocked(p)` holds, cell by cell: the plain
    /// construction `Obstacles::of_set` must agree with.
    fn obstacles_cell_by_cell(size: u8, blocked: impl Fn(Point) -> bool) -> Obstacles {
        let n = i32::from(size);
        let mut set = PointSet::new();
        let mut rows = [0u32; MAX_SIZE as usize];
        for y in 0..n {
            let first = Point::new(0, y as u8).index();
            for x in 0..n {
                let i = first + x as usize;
                if blocked(Point::from_index(i)) {
                    set.insert(Point::from_index(i));
                    rows[y as usize] |= 1 << x;
                }
            }
        }
        Obstacles { set, rows }
    }

    /// Built from a set, the obstacles are those of the cell-by-cell
    /// construction, and a rectangle holds one exactly when one of its
    /// points is in the set: sets of every density on three board sizes.
    #[test]
    fn obstacles_of_a_set_are_those_cell_by_cell() {
        let mut next = crate::xorshift(0x2545_f491_4f6c_dd1d);
        for size in [9u8, 13, 19] {
            for density in [0u64, 5, 30, 60, 100] {
                let mut set = PointSet::new();
                for p in Point::all(size) {
                    if next() % 100 < density {
                        set.insert(p);
                    }
                }
                let (a, b) = (
                    Obstacles::of_set(size, &set),
                    obstacles_cell_by_cell(size, |p| set.contains(p)),
                );
                assert_eq!((&a.set, a.rows), (&b.set, b.rows), "{size} {density}");
                let n = i32::from(size);
                for (x0, y0, x1, y1) in [
                    (0, 0, n - 1, n - 1),
                    (3, 2, 1, 5),
                    (n - 1, 0, n - 4, 3),
                    (4, 4, 4, 4),
                    (2, n - 1, 6, n - 3),
                ] {
                    let expected = Point::all(size).any(|p| {
                        set.contains(p)
                            && (x0.min(x1)..=x0.max(x1)).contains(&p.x())
                            && (y0.min(y1)..=y0.max(y1)).contains(&p.y())
                    });
                    assert_eq!(
                        a.any_in(x0, y0, x1, y1),
                        expected,
                        "{size} {density} {x0} {y0} {x1} {y1}"
                    );
                }
            }
        }
    }

    /// The table made at compile time is the one the plain construction
    /// gives: for each offset, every cell of its box the segment crosses,
    /// sorted (stably) by distance from the origin.
    #[test]
    fn the_table_of_lines_is_the_plain_construction() {
        let r = MAX_REACH;
        let mut cells = Vec::new();
        for dy in -r..=r {
            for dx in -r..=r {
                let mut here: Vec<(i8, i8)> = Vec::new();
                for j in dy.min(0)..=dy.max(0) {
                    for i in dx.min(0)..=dx.max(0) {
                        if (i, j) != (0, 0) && (i, j) != (dx, dy) && crosses(dx, dy, i, j) {
                            here.push((i as i8, j as i8));
                        }
                    }
                }
                here.sort_by_key(|&(i, j)| i32::from(i).abs() + i32::from(j).abs());
                assert_eq!(line_between(dx, dy), here.as_slice(), "({dx},{dy})");
                let deltas: Vec<i32> = here
                    .iter()
                    .map(|&(i, j)| i32::from(i) + i32::from(j) * STRIDE as i32)
                    .collect();
                assert_eq!(
                    Lines::get().deltas(dx, dy),
                    deltas.as_slice(),
                    "({dx},{dy})"
                );
                cells.extend(here);
            }
        }
        assert_eq!(cells.len(), LINE_CELLS);
    }

    #[test]
    fn straight_lines_pass_the_cells_between() {
        assert_eq!(line_between(3, 0), &[(1, 0), (2, 0)]);
        assert_eq!(line_between(0, -2), &[(0, -1)]);
        assert!(line_between(1, 0).is_empty());
        assert!(line_between(1, 1).is_empty());
    }

    #[test]
    fn diagonals_and_knights() {
        assert_eq!(line_between(2, 2), &[(1, 1)]);
        assert_eq!(line_between(2, 1), &[(1, 0), (1, 1)]);
        assert_eq!(line_between(-3, 1), &[(-1, 0), (-2, 1)]);
        let mut l = line_between(4, 2).to_vec();
        l.sort_unstable();
        assert_eq!(l, [(1, 0), (1, 1), (2, 1), (3, 1), (3, 2)]);
    }

    #[test]
    fn lines_follow_every_symmetry() {
        for dy in -MAX_REACH..=MAX_REACH {
            for dx in -MAX_REACH..=MAX_REACH {
                let mut line: Vec<(i32, i32)> = line_between(dx, dy)
                    .iter()
                    .map(|&(i, j)| (i32::from(i), i32::from(j)))
                    .collect();
                line.sort_unstable();
                for sym in Symmetry::ALL {
                    let (tx, ty) = sym.apply_offset(dx, dy);
                    let mut t: Vec<(i32, i32)> = line_between(tx, ty)
                        .iter()
                        .map(|&(i, j)| (i32::from(i), i32::from(j)))
                        .collect();
                    t.sort_unstable();
                    let mut mapped: Vec<(i32, i32)> =
                        line.iter().map(|&(i, j)| sym.apply_offset(i, j)).collect();
                    mapped.sort_unstable();
                    assert_eq!(t, mapped, "({dx},{dy}) under {sym:?}");
                }
            }
        }
    }

    #[test]
    fn lines_are_symmetric_between_their_ends() {
        // The cells between A and B are the cells between B and A.
        for (dx, dy) in [(5, 2), (3, 3), (7, 1), (4, 0)] {
            let forward: Vec<(i32, i32)> = line_between(dx, dy)
                .iter()
                .map(|&(i, j)| (i32::from(i), i32::from(j)))
                .collect();
            let mut back: Vec<(i32, i32)> = line_between(-dx, -dy)
                .iter()
                .map(|&(i, j)| (i32::from(i) + dx, i32::from(j) + dy))
                .collect();
            back.sort_unstable();
            let mut f = forward.clone();
            f.sort_unstable();
            assert_eq!(f, back);
        }
    }

    #[test]
    fn directions_turn_with_the_board() {
        assert_eq!(
            Direction::North.transformed(Symmetry::Rot90),
            Direction::East
        );
        assert_eq!(
            Direction::East.transformed(Symmetry::Transpose),
            Direction::South
        );
        let s = Sources([1, 2, 3, 4]);
        assert_eq!(s.transformed(Symmetry::Rot180), Sources([3, 4, 1, 2]));
        assert_eq!(s.to_string(), "n1 e2 s3 w4");
    }
}
