//! Points, coordinates and the fixed padded layout shared by every board size.
//!
//! A [`Point`] is an index into a padded 27×27 array: every board of size 5..=25
//! lives in its top-left corner with a one-cell border. Because the stride does
//! not depend on the board size, a point means the same intersection on every
//! board, its four neighbours are `±1` and `±STRIDE`, and the neighbours of any
//! on-board point are valid indices.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The smallest supported board size.
pub const MIN_SIZE: u8 = 5;
/// The largest supported board size.
pub const MAX_SIZE: u8 = 25;
/// Row stride of the padded layout: `MAX_SIZE` plus a border on each side.
pub const STRIDE: usize = MAX_SIZE as usize + 2;
/// Number of cells in the padded layout.
pub const NUM_CELLS: usize = STRIDE * STRIDE;

/// Column letters in GTP/board-diagram order: `A`–`Z` without `I`.
pub const COLUMN_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// One intersection. `x` is the column from the left (0 = `A`), `y` the row from
/// the top (0 = the top row, which GTP calls row `size`). This is SGF's
/// orientation and the row order of every [`crate::BoardMap`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point(u16);

impl Point {
    /// The point at column `x`, row `y` (both from 0, row 0 at the top).
    ///
    /// # Panics
    /// If `x` or `y` is not below [`MAX_SIZE`]; use [`Point::checked`] for
    /// untrusted input.
    #[inline]
    pub const fn new(x: u8, y: u8) -> Point {
        assert!(x < MAX_SIZE && y < MAX_SIZE, "coordinate out of range");
        Point(((y as usize + 1) * STRIDE + x as usize + 1) as u16)
    }

    /// The point at `(x, y)` if it lies on a board of `size`.
    #[inline]
    pub fn checked(x: i32, y: i32, size: u8) -> Option<Point> {
        let s = i32::from(size);
        if (0..s).contains(&x) && (0..s).contains(&y) {
            Some(Point::new(x as u8, y as u8))
        } else {
            None
        }
    }

    /// The raw index into the padded layout (`< NUM_CELLS`).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The point with a raw padded index. Indices of border cells are allowed:
    /// they name cells that are off every board.
    ///
    /// # Panics
    /// If `index >= NUM_CELLS`.
    #[inline]
    pub const fn from_index(index: usize) -> Point {
        assert!(index < NUM_CELLS, "index out of range");
        Point(index as u16)
    }

    /// [`Point::from_index`] for an index the crate made from a point (a
    /// chain head, a set bit, a cached move): only debug builds check it.
    /// The check cost about 0.6 % of an evaluation's instructions on the
    /// board's and the reader's hot paths; the public constructor keeps it.
    #[inline]
    pub(crate) const fn from_own_index(index: usize) -> Point {
        debug_assert!(index < NUM_CELLS, "index out of range");
        Point(index as u16)
    }

    /// Column from the left, 0-based. Border cells give -1 or `MAX_SIZE`.
    #[inline]
    pub const fn x(self) -> i32 {
        (self.0 as usize % STRIDE) as i32 - 1
    }

    /// Row from the top, 0-based. Border cells give -1 or `MAX_SIZE`.
    #[inline]
    pub const fn y(self) -> i32 {
        (self.0 as usize / STRIDE) as i32 - 1
    }

    /// Whether the point lies on a board of `size`.
    #[inline]
    pub const fn on_board(self, size: u8) -> bool {
        let (x, y) = (self.x(), self.y());
        x >= 0 && y >= 0 && x < size as i32 && y < size as i32
    }

    /// The four orthogonal neighbours (north, east, south, west), which may be
    /// border cells. Only valid for points on a board.
    #[inline]
    pub const fn neighbors(self) -> [Point; 4] {
        let i = self.0;
        [
            Point(i - STRIDE as u16),
            Point(i + 1),
            Point(i + STRIDE as u16),
            Point(i - 1),
        ]
    }

    /// The four diagonal neighbours (NE, SE, SW, NW). Only valid for points on a board.
    #[inline]
    pub const fn diagonals(self) -> [Point; 4] {
        let i = self.0;
        let s = STRIDE as u16;
        [
            Point(i - s + 1),
            Point(i + s + 1),
            Point(i + s - 1),
            Point(i - s - 1),
        ]
    }

    /// The point `(dx, dy)` away, if it lies on a board of `size`.
    #[inline]
    pub fn offset(self, dx: i32, dy: i32, size: u8) -> Option<Point> {
        let s = i32::from(size);
        let (x, y) = (self.x() + dx, self.y() + dy);
        // On the board, the padded index moves by the offset itself (the
        // same point `Point::checked` gives, without rebuilding the index).
        ((0..s).contains(&x) && (0..s).contains(&y))
            .then(|| Point((i32::from(self.0) + dy * STRIDE as i32 + dx) as u16))
    }

    /// Manhattan distance between two points.
    #[inline]
    pub fn manhattan(self, other: Point) -> i32 {
        (self.x() - other.x()).abs() + (self.y() - other.y()).abs()
    }

    /// Distance to the nearest edge on a board of `size`: 0 on the first line.
    #[inline]
    pub fn edge_distance(self, size: u8) -> i32 {
        let s = i32::from(size) - 1;
        self.x().min(self.y()).min(s - self.x()).min(s - self.y())
    }

    /// Every point of a board of `size`, row by row from the top.
    pub fn all(size: u8) -> impl Iterator<Item = Point> + Clone {
        (0..size).flat_map(move |y| (0..size).map(move |x| Point::new(x, y)))
    }

    /// GTP/diagram name on a board of `size`, e.g. `Q16` (column letters skip `I`,
    /// row numbers count from the bottom).
    pub fn to_gtp(self, size: u8) -> String {
        let col = COLUMN_LETTERS[self.x() as usize] as char;
        format!("{col}{}", i32::from(size) - self.y())
    }

    /// Parses a GTP vertex such as `Q16` or `q16` for a board of `size`.
    /// `pass` is not a point; callers handle it.
    pub fn from_gtp(text: &str, size: u8) -> Option<Point> {
        let text = text.trim();
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        let x = COLUMN_LETTERS.iter().position(|&c| c as char == letter)?;
        let row: i32 = chars.as_str().parse().ok()?;
        let y = i32::from(size) - row;
        Point::checked(x as i32, y, size)
    }

    /// SGF coordinates, e.g. `pd` for Q16 on 19×19.
    pub fn to_sgf(self) -> String {
        let a = b'a';
        format!(
            "{}{}",
            (a + self.x() as u8) as char,
            (a + self.y() as u8) as char
        )
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x(), self.y())
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Play a stone on the point.
    Play(Point),
    /// Pass.
    Pass,
}

impl Move {
    /// GTP name: a vertex such as `Q16`, or `pass`.
    pub fn to_gtp(self, size: u8) -> String {
        match self {
            Move::Play(p) => p.to_gtp(size),
            Move::Pass => "pass".to_string(),
        }
    }

    /// The point played, if not a pass.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for size in [MIN_SIZE, 9, 13, 19, MAX_SIZE] {
            for p in Point::all(size) {
                assert!(p.on_board(size));
                assert_eq!(Point::checked(p.x(), p.y(), size), Some(p));
                assert_eq!(Point::from_gtp(&p.to_gtp(size), size), Some(p));
            }
        }
    }

    #[test]
    fn an_offset_is_the_point_at_the_moved_coordinates() {
        for size in [MIN_SIZE, 9, 19, MAX_SIZE] {
            for p in Point::all(size) {
                for dy in -9..=9 {
                    for dx in -9..=9 {
                        assert_eq!(
                            p.offset(dx, dy, size),
                            Point::checked(p.x() + dx, p.y() + dy, size)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn gtp_names_skip_i() {
        assert_eq!(Point::new(0, 0).to_gtp(19), "A19");
        assert_eq!(Point::new(8, 18).to_gtp(19), "J1");
        assert_eq!(Point::new(15, 3).to_gtp(19), "Q16");
        assert_eq!(Point::from_gtp("I5", 19), None);
        assert_eq!(Point::from_gtp("T20", 19), None);
        assert_eq!(Point::from_gtp("Z1", 25), Some(Point::new(24, 24)));
    }

    #[test]
    fn neighbours_of_a_corner_include_border_cells() {
        let p = Point::new(0, 0);
        let n = p.neighbors();
        assert!(!n[0].on_board(19));
        assert!(n[1].on_board(19));
        assert!(n[2].on_board(19));
        assert!(!n[3].on_board(19));
    }
}
