//! A padded copy of the board as the models see it, built once per
//! evaluation: live stones, dead stones read as empty, and a margin of
//! off-board cells wide enough that every pattern cell and every cell of a
//! stone's dots kernel is a valid index without bounds checks.

use crate::context::Context;
use keisei_board::pattern::MAX_EXTENT;
use keisei_board::{Color, MAX_SIZE, Point};

/// Off-board cells around the board: the pattern language's largest extent.
pub(crate) const MARGIN: i32 = MAX_EXTENT;
/// Row stride of the padded grid.
pub(crate) const WIDTH: usize = MAX_SIZE as usize + 2 * MARGIN as usize;
/// Number of cells of the padded grid.
pub(crate) const CELLS: usize = WIDTH * WIDTH;

/// Cell codes: the same as `keisei_board::Cell`'s discriminants.
pub(crate) const EMPTY: u8 = 0;
/// Off the board.
pub(crate) const OFF: u8 = 3;

/// The code of a colour's stones.
#[inline]
pub(crate) const fn code(color: Color) -> u8 {
    match color {
        Color::Black => 1,
        Color::White => 2,
    }
}

/// The grid.
pub(crate) struct Grid {
    /// What each cell holds for the models: `EMPTY` (also dead stones),
    /// 1 black, 2 white, `OFF`.
    pub(crate) live: Box<[u8; CELLS]>,
    /// The colour each stone counts for (dead stones for the other
    /// colour): 0 none, 1 black, 2 white, `OFF`.
    pub(crate) counts_for: Box<[u8; CELLS]>,
}

/// The grid index of a board point.
#[inline]
pub(crate) const fn index(p: Point) -> usize {
    ((p.y() + MARGIN) as usize) * WIDTH + (p.x() + MARGIN) as usize
}

/// The index offset of `(dx, dy)`.
#[inline]
pub(crate) const fn delta(dx: i32, dy: i32) -> isize {
    (dy as isize) * (WIDTH as isize) + dx as isize
}

/// `i + d`, for an index and an offset known to stay on the grid.
#[inline]
pub(crate) const fn add(i: usize, d: isize) -> usize {
    i.wrapping_add_signed(d)
}

impl Grid {
    pub(crate) fn new(ctx: &Context) -> Grid {
        let mut live: Box<[u8; CELLS]> = vec![OFF; CELLS]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| Box::new([OFF; CELLS]));
        let n = usize::from(ctx.board.size());
        let no_dead = ctx.dead.is_empty();
        // Live stones of each colour, a row of bits at a time: code 1 for
        // Black, 2 for White, 0 (`EMPTY`) for empty points and dead stones.
        let mut stones = ctx.board.point_sets().stones;
        for s in &mut stones {
            s.subtract(ctx.dead);
        }
        for y in 0..n {
            let row = (y + MARGIN as usize) * WIDTH + MARGIN as usize;
            let (black, white) = (stones[0].row_bits(y as u8), stones[1].row_bits(y as u8));
            for (x, cell) in live[row..row + n].iter_mut().enumerate() {
                *cell = ((black >> x) & 1 | ((white >> x) & 1) << 1) as u8;
            }
        }
        let mut counts_for = live.clone();
        if !no_dead {
            for p in ctx.dead {
                if let Some(c) = ctx.board.color(p) {
                    counts_for[index(p)] = code(c.opponent());
                }
            }
        }
        Grid { live, counts_for }
    }
}

/// A board map whose value at each point is `f(point, grid index)`, filled
/// row by row without going through `ndarray`'s per-element indexing.
pub(crate) fn map_from<T: Clone + Default>(
    size: u8,
    mut f: impl FnMut(Point, usize) -> T,
) -> keisei_board::BoardMap<T> {
    let n = usize::from(size);
    let mut map = keisei_board::BoardMap::new(size, T::default());
    if let Some(slice) = map.array_mut().as_slice_mut() {
        for (y, row) in slice.chunks_exact_mut(n).enumerate() {
            let first = Point::new(0, y as u8).index();
            let g = (y + MARGIN as usize) * WIDTH + MARGIN as usize;
            for (x, v) in row.iter_mut().enumerate() {
                *v = f(Point::from_index(first + x), g + x);
            }
        }
    } else {
        for p in Point::all(size) {
            map[p] = f(p, index(p));
        }
    }
    map
}

/// Calls `f(point, grid index)` for every point of a board of `size`, row
/// by row from the top.
#[inline]
pub(crate) fn for_points(size: u8, mut f: impl FnMut(Point, usize)) {
    let n = usize::from(size);
    for y in 0..n {
        let first = Point::new(0, y as u8).index();
        let g = (y + MARGIN as usize) * WIDTH + MARGIN as usize;
        for x in 0..n {
            f(Point::from_index(first + x), g + x);
        }
    }
}
