//! The board's border as a ring of cells just outside the edge, numbered
//! clockwise from the top-left: the top edge left to right, the right edge
//! top to bottom, the bottom edge right to left, the left edge bottom to top.

use keisei_board::{Point, PointSet};
use serde::Serialize;

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
