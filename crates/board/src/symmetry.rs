//! The eight symmetries of a square board (the dihedral group D4).

use crate::point::Point;

/// One of the eight symmetries of a square board. `apply` maps a point of a
/// board of a given size to its image; `apply_offset` maps a displacement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// The identity.
    Identity,
    /// Quarter turn clockwise.
    Rot90,
    /// Half turn.
    Rot180,
    /// Quarter turn anticlockwise.
    Rot270,
    /// Mirror left-right.
    FlipX,
    /// Mirror top-bottom.
    FlipY,
    /// Mirror in the main diagonal (x ↔ y).
    Transpose,
    /// Mirror in the anti-diagonal.
    AntiTranspose,
}

/// The matrix `[a, b, c, d]` of each symmetry, in declaration order:
/// `(dx, dy)` maps to `(a·dx + b·dy, c·dx + d·dy)`.
const OFFSET_MATRICES: [[i32; 4]; 8] = [
    [1, 0, 0, 1],   // Identity: (dx, dy)
    [0, -1, 1, 0],  // Rot90: (-dy, dx)
    [-1, 0, 0, -1], // Rot180: (-dx, -dy)
    [0, 1, -1, 0],  // Rot270: (dy, -dx)
    [-1, 0, 0, 1],  // FlipX: (-dx, dy)
    [1, 0, 0, -1],  // FlipY: (dx, -dy)
    [0, 1, 1, 0],   // Transpose: (dy, dx)
    [0, -1, -1, 0], // AntiTranspose: (-dy, -dx)
];

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rot90,
        Symmetry::Rot180,
        Symmetry::Rot270,
        Symmetry::FlipX,
        Symmetry::FlipY,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Maps a displacement `(dx, dy)` (x to the right, y downwards).
    #[inline]
    ///
    /// A matrix product, not a `match`: pattern matching calls this for
    /// every cell of every match, with the symmetries in no order a branch
    /// predictor could learn.
    pub const fn apply_offset(self, dx: i32, dy: i32) -> (i32, i32) {
        let [a, b, c, d] = OFFSET_MATRICES[self as usize];
        (a * dx + b * dy, c * dx + d * dy)
    }

    /// Maps a point of a board of `size` to its image on the same board.
    #[inline]
    pub fn apply(self, p: Point, size: u8) -> Point {
        let m = i32::from(size) - 1;
        // Work on coordinates centred at the origin corner: apply to the offset
        // from the top-left corner, then shift back into range.
        let (x, y) = (p.x(), p.y());
        let (nx, ny) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rot90 => (m - y, x),
            Symmetry::Rot180 => (m - x, m - y),
            Symmetry::Rot270 => (y, m - x),
            Symmetry::FlipX => (m - x, y),
            Symmetry::FlipY => (x, m - y),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (m - y, m - x),
        };
        Point::new(nx as u8, ny as u8)
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rot90 => Symmetry::Rot270,
            Symmetry::Rot270 => Symmetry::Rot90,
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_and_offset_maps_agree() {
        for sym in Symmetry::ALL {
            for p in Point::all(9) {
                let q = Point::new(4, 4);
                let (dx, dy) = (p.x() - q.x(), p.y() - q.y());
                let (ex, ey) = sym.apply_offset(dx, dy);
                let (ip, iq) = (sym.apply(p, 9), sym.apply(q, 9));
                assert_eq!((ip.x() - iq.x(), ip.y() - iq.y()), (ex, ey), "{sym:?}");
                assert_eq!(sym.inverse().apply(ip, 9), p);
            }
        }
    }

    /// The maps by their names, written out (`apply_offset` reads them from
    /// a table of matrices).
    #[test]
    fn each_symmetry_is_the_map_its_name_says() {
        for size in [5u8, 9, 19, 25] {
            let m = i32::from(size) - 1;
            for p in Point::all(size) {
                let (x, y) = (p.x(), p.y());
                for (sym, (ex, ey), (ox, oy)) in [
                    (Symmetry::Identity, (x, y), (x, y)),
                    (Symmetry::Rot90, (m - y, x), (-y, x)),
                    (Symmetry::Rot180, (m - x, m - y), (-x, -y)),
                    (Symmetry::Rot270, (y, m - x), (y, -x)),
                    (Symmetry::FlipX, (m - x, y), (-x, y)),
                    (Symmetry::FlipY, (x, m - y), (x, -y)),
                    (Symmetry::Transpose, (y, x), (y, x)),
                    (Symmetry::AntiTranspose, (m - y, m - x), (-y, -x)),
                ] {
                    let q = sym.apply(p, size);
                    assert_eq!((q.x(), q.y()), (ex, ey), "{sym:?} of {p:?} on {size}");
                    assert_eq!(sym.apply_offset(x, y), (ox, oy), "{sym:?} of ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn symmetries_are_distinct() {
        let p = Point::new(1, 2);
        let mut images: Vec<_> = Symmetry::ALL.iter().map(|s| s.apply(p, 9)).collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
    }
}
