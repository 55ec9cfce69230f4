//! Enumeration of eye-space shapes: every polyomino of 1 to n points, placed
//! in the centre, against an edge and in a corner, each listed once under the
//! 8 symmetries. The generator of the committed database files uses it, and
//! the tests use it to check the database is complete.

use crate::shape::{Content, Shape, ShapePoint};
use std::collections::BTreeSet;

/// Where a shape sits on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Placement {
    /// No point on the edge.
    Centre,
    /// Against one edge (the top, before canonicalisation).
    Edge,
    /// In a corner (top-left, before canonicalisation).
    Corner,
}

impl Placement {
    /// All three, centre first.
    pub const ALL: [Placement; 3] = [Placement::Centre, Placement::Edge, Placement::Corner];

    /// `centre`, `edge` or `corner`.
    pub fn name(self) -> &'static str {
        match self {
            Placement::Centre => "centre",
            Placement::Edge => "edge",
            Placement::Corner => "corner",
        }
    }
}

/// Every fixed polyomino (distinct up to translation only) of `n` cells, as
/// sorted cell lists with smallest x and y 0.
pub fn fixed_polyominoes(n: usize) -> Vec<Vec<(i8, i8)>> {
    let mut current: BTreeSet<Vec<(i8, i8)>> = BTreeSet::new();
    if n == 0 {
        return Vec::new();
    }
    current.insert(vec![(0, 0)]);
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for cells in &current {
            for &(x, y) in cells {
                for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                    let c = (x + dx, y + dy);
                    if cells.contains(&c) {
                        continue;
                    }
                    let mut grown = cells.clone();
                    grown.push(c);
                    next.insert(normalise(grown));
                }
            }
        }
        current = next;
    }
    current.into_iter().collect()
}

fn normalise(mut cells: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
    let mx = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let my = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for c in &mut cells {
        c.0 -= mx;
        c.1 -= my;
    }
    cells.sort_by_key(|&(x, y)| (y, x));
    cells
}

/// The shape of `cells` (all empty, none marginal) placed as `placement` says:
/// against the top edge, or in the top-left corner.
pub fn place(cells: &[(i8, i8)], placement: Placement) -> Shape {
    Shape::new(
        cells
            .iter()
            .map(|&(x, y)| {
                let mut off = 0u8;
                if placement != Placement::Centre && y == 0 {
                    off |= 1; // north
                }
                if placement == Placement::Corner && x == 0 {
                    off |= 8; // west
                }
                ShapePoint {
                    x,
                    y,
                    content: Content::Empty,
                    marginal: false,
                    off_board: off,
                }
            })
            .collect(),
    )
}

/// Every all-empty shape of `n` points in `placement`, one per canonical key,
/// in a deterministic order.
pub fn shapes(n: usize, placement: Placement) -> Vec<Shape> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for cells in fixed_polyominoes(n) {
        let shape = place(&cells, placement);
        let (key, sym) = shape.canonical();
        if seen.insert(key) {
            out.push(shape.transformed(sym).normalized());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polyomino_counts_match_the_known_sequence() {
        // Fixed polyominoes: OEIS A001168.
        let fixed: Vec<usize> = (1..=7).map(|n| fixed_polyominoes(n).len()).collect();
        assert_eq!(fixed, vec![1, 2, 6, 19, 63, 216, 760]);
        // Free polyominoes (OEIS A000105) are the centre shapes.
        let free: Vec<usize> = (1..=7)
            .map(|n| shapes(n, Placement::Centre).len())
            .collect();
        assert_eq!(free, vec![1, 1, 2, 5, 12, 35, 108]);
    }

    #[test]
    fn edge_and_corner_shapes_touch_the_edge() {
        for n in 1..=5 {
            for p in [Placement::Edge, Placement::Corner] {
                for s in shapes(n, p) {
                    assert!(s.touches_edge());
                    assert!(s.is_connected());
                }
            }
        }
    }
}
