//! `BoardMap<T>`: one value per point, the type every factor returns, and the
//! canonical ASCII rendering every snapshot in the project shows.

use crate::board::Board;
use crate::point::{COLUMN_LETTERS, Point};
use crate::symmetry::Symmetry;
use ndarray::Array2;
use serde::ser::{Serialize, SerializeSeq, Serializer};
use std::borrow::Cow;
use std::fmt::Write as _;
use std::ops::{Index, IndexMut};

/// One value per point of a board, stored as an `ndarray::Array2` indexed
/// `[row, column]` with row 0 the top row (row 19 on a 19×19 board).
///
/// Serialises as a list of rows, top row first.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardMap<T> {
    data: Array2<T>,
}

impl<T: Clone> BoardMap<T> {
    /// A map of `size` with every point set to `fill`.
    pub fn new(size: u8, fill: T) -> BoardMap<T> {
        let n = usize::from(size);
        BoardMap {
            data: Array2::from_elem((n, n), fill),
        }
    }

    /// A map whose value at each point is `f(point)`.
    pub fn from_fn(size: u8, mut f: impl FnMut(Point) -> T) -> BoardMap<T> {
        let n = usize::from(size);
        BoardMap {
            data: Array2::from_shape_fn((n, n), |(y, x)| f(Point::new(x as u8, y as u8))),
        }
    }

    /// The same values moved by a board symmetry: the value at `p` ends up at
    /// `sym.apply(p)`.
    #[must_use]
    pub fn transformed(&self, sym: Symmetry) -> BoardMap<T> {
        let size = self.size();
        let inv = sym.inverse();
        BoardMap::from_fn(size, |p| self[inv.apply(p, size)].clone())
    }

    /// The values as rows, top row first.
    pub fn rows(&self) -> Vec<Vec<T>> {
        self.data.rows().into_iter().map(|r| r.to_vec()).collect()
    }

    /// The values row by row, top row first, in one slice (the value of
    /// column `x` of row `y` at `y * size + x`): the map's own storage when
    /// it is laid out so (as every map this crate makes is), else a copy.
    /// For reading a whole map a row at a time without indexing per point.
    pub fn row_major(&self) -> Cow<'_, [T]> {
        match self.data.as_slice() {
            Some(values) => Cow::Borrowed(values),
            None => Cow::Owned(self.data.iter().cloned().collect()),
        }
    }
}

impl<T> BoardMap<T> {
    /// Wraps an existing square array (indexed `[row, column]`, row 0 at the top).
    ///
    /// # Panics
    /// If the array is not square.
    pub fn from_array(data: Array2<T>) -> BoardMap<T> {
        assert_eq!(data.nrows(), data.ncols(), "a board map is square");
        BoardMap { data }
    }

    /// A map of `size` from its values row by row, top row first: the
    /// value of column `x` of row `y` at `values[y * size + x]`. For a
    /// caller that makes the values in that order, with no filling
    /// beforehand and no call per point.
    ///
    /// # Panics
    /// If `values` does not hold `size * size` values.
    pub fn from_vec(size: u8, values: Vec<T>) -> BoardMap<T> {
        let n = usize::from(size);
        BoardMap {
            data: Array2::from_shape_vec((n, n), values).expect("size * size values"),
        }
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> u8 {
        self.data.nrows() as u8
    }

    /// The underlying array, indexed `[row, column]`.
    pub fn array(&self) -> &Array2<T> {
        &self.data
    }

    /// The underlying array, mutably.
    pub fn array_mut(&mut self) -> &mut Array2<T> {
        &mut self.data
    }

    /// Consumes the map, returning its array.
    pub fn into_array(self) -> Array2<T> {
        self.data
    }

    /// `(point, value)` pairs, row by row from the top.
    pub fn iter(&self) -> impl Iterator<Item = (Point, &T)> {
        // Row by row: cheaper than ndarray's indexed iteration, and the
        // order is row-major whatever the array's memory layout.
        self.data.outer_iter().enumerate().flat_map(|(y, row)| {
            row.into_iter()
                .enumerate()
                .map(move |(x, v)| (Point::new(x as u8, y as u8), v))
        })
    }

    /// A new map with `f` applied to every value.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> BoardMap<U> {
        BoardMap {
            data: self.data.map(f),
        }
    }

    /// Renders the map with coordinates, each value drawn by `cell`.
    pub fn render_with(&self, cell: impl Fn(Point, &T) -> String) -> String {
        let size = self.size();
        let cells: Vec<String> = self.iter().map(|(p, v)| cell(p, v)).collect();
        render_grid(size, &cells)
    }
}

impl<T: MapCell> BoardMap<T> {
    /// The canonical rendering: coordinates around the map (columns `A`–`T`
    /// without `I`, row 19 at the top), every value right-aligned to the same
    /// width, zero drawn as `.`.
    pub fn render(&self) -> String {
        self.render_with(|_, v| v.render_cell())
    }

    /// Like [`BoardMap::render`], but a point holding a stone whose value
    /// renders as `.` shows the stone (`X` black, `O` white) instead, so maps
    /// of empty points read against the position.
    pub fn render_with_stones(&self, board: &Board) -> String {
        self.render_with(|p, v| {
            let s = v.render_cell();
            match board.color(p) {
                Some(c) if s == "." => c.cell().symbol().to_string(),
                _ => s,
            }
        })
    }
}

impl<T> Index<Point> for BoardMap<T> {
    type Output = T;
    #[inline]
    fn index(&self, p: Point) -> &T {
        &self.data[[p.y() as usize, p.x() as usize]]
    }
}

impl<T> IndexMut<Point> for BoardMap<T> {
    #[inline]
    fn index_mut(&mut self, p: Point) -> &mut T {
        &mut self.data[[p.y() as usize, p.x() as usize]]
    }
}

impl<T: Serialize> Serialize for BoardMap<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.data.nrows()))?;
        for row in self.data.rows() {
            seq.serialize_element(&row.iter().collect::<Vec<_>>())?;
        }
        seq.end()
    }
}

/// How one value is drawn in a rendered map.
pub trait MapCell {
    /// The text of the cell (without padding). Zero and "nothing" are `.`.
    fn render_cell(&self) -> String;
}

macro_rules! int_cell {
    ($($t:ty),*) => {$(
        impl MapCell for $t {
            fn render_cell(&self) -> String {
                if *self == 0 { ".".to_string() } else { self.to_string() }
            }
        }
    )*};
}
int_cell!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize);

impl MapCell for f32 {
    fn render_cell(&self) -> String {
        f64::from(*self).render_cell()
    }
}

impl MapCell for f64 {
    /// Two decimals; exact zero is `.`; `-0.00` is written `0.00`.
    fn render_cell(&self) -> String {
        if *self == 0.0 {
            ".".to_string()
        } else {
            let s = format!("{self:.2}");
            if s == "-0.00" { "0.00".to_string() } else { s }
        }
    }
}

impl MapCell for bool {
    fn render_cell(&self) -> String {
        if *self {
            "#".to_string()
        } else {
            ".".to_string()
        }
    }
}

impl MapCell for char {
    fn render_cell(&self) -> String {
        self.to_string()
    }
}

impl<T: MapCell> MapCell for Option<T> {
    fn render_cell(&self) -> String {
        match self {
            Some(v) => v.render_cell(),
            None => ".".to_string(),
        }
    }
}

/// Lays out `cells` (row-major, top row first) with column letters above and
/// below and row numbers on both sides.
fn render_grid(size: u8, cells: &[String]) -> String {
    let n = usize::from(size);
    let width = cells
        .iter()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let mut out = String::new();
    let header = {
        let mut h = String::from("   ");
        for &letter in &COLUMN_LETTERS[..n] {
            let _ = write!(h, " {:>width$}", letter as char);
        }
        h
    };
    out.push_str(&header);
    out.push('\n');
    for y in 0..n {
        let row = n - y;
        let _ = write!(out, "{row:>3}");
        for x in 0..n {
            let _ = write!(out, " {:>width$}", cells[y * n + x]);
        }
        let _ = writeln!(out, " {row:<2}");
    }
    out.push_str(&header);
    out.push('\n');
    // No trailing spaces anywhere: they are invisible in review diffs.
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// Renders a board position with coordinates: `X` black, `O` white, `.` empty.
pub fn render_board(board: &Board) -> String {
    let cells: Vec<String> = board
        .points()
        .map(|p| board.cell(p).symbol().to_string())
        .collect();
    render_grid(board.size(), &cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::ShapeBuilder as _;

    #[test]
    fn index_is_row_major_from_the_top() {
        let m = BoardMap::from_fn(5, |p| p.y() * 10 + p.x());
        assert_eq!(m.array()[[1, 3]], 13);
        assert_eq!(m[Point::new(3, 1)], 13);
        assert_eq!(m.rows()[4][0], 40);
    }

    /// A map from its values row by row is the map of the same values by
    /// point, and reads back as those values, also when its array is laid
    /// out column by column.
    #[test]
    fn from_vec_is_row_major_from_the_top() {
        let values: Vec<i32> = Point::all(6).map(|p| p.y() * 10 + p.x()).collect();
        let map = BoardMap::from_vec(6, values.clone());
        assert_eq!(map, BoardMap::from_fn(6, |p| p.y() * 10 + p.x()));
        assert_eq!(*map.row_major(), values[..]);
        let by_columns = ndarray::Array2::from_shape_fn((6, 6).f(), |(y, x)| (y * 10 + x) as i32);
        let transposed = BoardMap::from_array(by_columns);
        assert!(transposed.array().as_slice().is_none());
        assert_eq!(transposed, map);
        assert_eq!(*transposed.row_major(), values[..]);
    }

    #[test]
    fn transformed_moves_values_with_points() {
        let m = BoardMap::from_fn(7, Point::index);
        for sym in Symmetry::ALL {
            let t = m.transformed(sym);
            for p in Point::all(7) {
                assert_eq!(t[sym.apply(p, 7)], m[p]);
            }
        }
    }
}
