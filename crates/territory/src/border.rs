//! The board's border as a ring of cells just outside the edge, numbered
//! clockwise from the top-left: the top edge left to right, the right edge
//! top to bottom, the bottom edge right to left, the left edge bottom to top.

use keisei_board::{MAX_SIZE, NUM_CELLS, Point, PointSet};
use serde::Serialize;
use std::sync::OnceLock;

/// One cell of the ring just outside the board, by its clockwise index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct BorderCell(pub u16);

/// Number of border cells of a board of `size` (4 per edge point).
pub fn ring_len(size: u8) -> u16 {
    4 * u16::from(size)
}

/// The border cell next to `p` in direction `d` (0 north, 1 east, 2 south,
/// 3 west), if that neighbour is off the board.
pub fn border_cell(p: Point, d: usize, size: u8) -> Option<BorderCell> {
    let n = i32::from(size);
    let (x, y) = (p.x(), p.y());
    let i = match d {
        0 if y == 0 => x,
        1 if x == n - 1 => n + y,
        2 if y == n - 1 => 2 * n + (n - 1 - x),
        3 if x == 0 => 3 * n + (n - 1 - y),
        _ => return None,
    };
    Some(BorderCell(i as u16))
}

/// [`border_cell`] for the points of a board of one size, looked up
/// rather than worked out (a link to the edge finds its cell here, without
/// dividing its point's index into a column and a row).
pub(crate) struct BorderTable {
    /// `cells[d][i]`: the border cell next to the point of index `i` in
    /// direction `d`, or [`BorderTable::NONE`].
    cells: [[u16; NUM_CELLS]; 4],
}

impl BorderTable {
    /// No border cell (the neighbour is on the board).
    const NONE: u16 = u16::MAX;

    /// [`border_cell`]`(p, d, size)` for a point `p` on the board of this
    /// table's size.
    #[inline]
    pub(crate) fn cell(&self, p: Point, d: usize) -> Option<BorderCell> {
        match self.cells.get(d)?[p.index()] {
            BorderTable::NONE => None,
            i => Some(BorderCell(i)),
        }
    }
}

/// The [`BorderTable`] of a board of `size`, made at its first use.
pub(crate) fn border_table(size: u8) -> &'static BorderTable {
    static TABLES: [OnceLock<Box<BorderTable>>; MAX_SIZE as usize + 1] =
        [const { OnceLock::new() }; MAX_SIZE as usize + 1];
    let size = size.min(MAX_SIZE);
    TABLES[usize::from(size)].get_or_init(|| {
        let mut cells = [[BorderTable::NONE; NUM_CELLS]; 4];
        // Only the first line has border cells: each of its points asks
        // `border_cell` in each direction.
        for p in &first_line(size).points {
            for (d, row) in cells.iter_mut().enumerate() {
                if let Some(BorderCell(i)) = border_cell(p, d, size) {
                    row[p.index()] = i;
                }
            }
        }
        Box::new(BorderTable { cells })
    })
}

/// The border cells next to `p` (none for a point not on the first line).
pub fn border_cells(p: Point, size: u8) -> impl Iterator<Item = BorderCell> {
    (0..4).filter_map(move |d| border_cell(p, d, size))
}

/// The first line of a board of one size, built once per size.
pub(crate) struct FirstLine {
    /// The points on the first line (those with a border cell).
    pub(crate) points: PointSet,
}

/// The [`FirstLine`] of a board of `size`.
pub(crate) fn first_line(size: u8) -> &'static FirstLine {
    static LINES: std::sync::LazyLock<Vec<FirstLine>> =
        std::sync::LazyLock::new(|| (0..=keisei_board::MAX_SIZE).map(first_line_of).collect());
    &LINES[usize::from(size.min(keisei_board::MAX_SIZE))]
}

fn first_line_of(size: u8) -> FirstLine {
    let last = size.saturating_sub(1);
    let mut points = PointSet::new();
    for i in 0..size {
        for p in [
            Point::new(i, 0),
            Point::new(i, last),
            Point::new(0, i),
            Point::new(last, i),
        ] {
            points.insert(p);
        }
    }
    FirstLine { points }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_gives_the_border_cell_of_every_point() {
        for size in 1..=MAX_SIZE {
            let table = border_table(size);
            for y in 0..size {
                for x in 0..size {
                    let p = Point::new(x, y);
                    for d in 0..6 {
                        assert_eq!(
                            table.cell(p, d),
                            border_cell(p, d, size),
                            "{size} {p:?} {d}"
                        );
                    }
                }
            }
        }
    }
}
