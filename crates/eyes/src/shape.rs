//! Eye shapes on the grid: points with contents and flags, board edges, the
//! 8 symmetries, a canonical key for lookup, and the conversion to the local
//! game of [`crate::space`].

use crate::space::{EyeSpace, MAX_POINTS, SpaceError};
use keisei_board::Symmetry;
use serde::{Deserialize, Serialize};

/// What an eye-space point holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Content {
    /// An empty point.
    Empty,
    /// A (dead) opponent stone inside the eye space.
    Opponent,
    /// Either: a database entry matching both (never on a board).
    Either,
}

/// One point of an eye shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ShapePoint {
    /// Column, growing to the right.
    pub x: i8,
    /// Row, growing downwards.
    pub y: i8,
    /// What the point holds.
    pub content: Content,
    /// Whether the opponent's outside touches the point (see [`crate::space`]).
    pub marginal: bool,
    /// Which of the four neighbours (bit 0 north, 1 east, 2 south, 3 west) are
    /// off the board.
    pub off_board: u8,
}

const DIRS: [(i8, i8); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// Key of one point: row, column, content, marginal flag, edges. Sorting
/// keys sorts points by row, then column.
fn encode(x: i8, y: i8, p: ShapePoint) -> u32 {
    u32::from(y as u8) << 24
        | u32::from(x as u8) << 16
        | (p.content as u32) << 8
        | u32::from(p.marginal) << 4
        | u32::from(p.off_board & 15)
}

/// The most points of a shape worked on in arrays on the stack when its
/// canonical key is found.
const SMALL: usize = 16;

/// `keys` sorted: by insertion up to [`SMALL`] of them (too few for the
/// library sort's set-up to pay), by the library sort beyond.
fn sort_keys(keys: &mut [u32]) {
    if keys.len() > SMALL {
        keys.sort_unstable();
        return;
    }
    for i in 1..keys.len() {
        let k = keys[i];
        let mut j = i;
        while j > 0 && keys[j - 1] > k {
            keys[j] = keys[j - 1];
            j -= 1;
        }
        keys[j] = k;
    }
}

/// `FRAMES[s]`: where a point's x and y come from under symmetry
/// `Symmetry::ALL[s]` and the translation to the smallest x and y, as
/// indices into its distances from its shape's box: 0 from the left side
/// (x less the box's smallest x), 1 from the right side, 2 from the top, 3
/// from the bottom. (Each axis of a symmetry's image is one axis of the
/// shape, its sign kept or flipped.)
const FRAMES: [[usize; 2]; 8] = {
    // The side an image axis measures from, given the image of a step
    // along x and one along y on that axis.
    const fn side(along_x: i32, along_y: i32) -> usize {
        match (along_x, along_y) {
            (1, 0) => 0,
            (-1, 0) => 1,
            (0, 1) => 2,
            (0, -1) => 3,
            _ => panic!("a symmetry's axis is a shape's axis"),
        }
    }
    let mut frames = [[0; 2]; 8];
    let mut s = 0;
    while s < 8 {
        let sym = Symmetry::ALL[s];
        let (x_of_x, y_of_x) = sym.apply_offset(1, 0);
        let (x_of_y, y_of_y) = sym.apply_offset(0, 1);
        frames[s] = [side(x_of_x, x_of_y), side(y_of_x, y_of_y)];
        s += 1;
    }
    frames
};

/// `MASKS[s][m]`: the edge mask `m` under symmetry `Symmetry::ALL[s]`.
static MASKS: std::sync::LazyLock<[[u8; 16]; 8]> = std::sync::LazyLock::new(|| {
    let mut t = [[0u8; 16]; 8];
    for (s, &sym) in Symmetry::ALL.iter().enumerate() {
        for m in 0..16u8 {
            t[s][usize::from(m)] = transform_mask(m, sym);
        }
    }
    t
});

fn transform_mask(mask: u8, sym: Symmetry) -> u8 {
    let mut out = 0;
    for (d, &(dx, dy)) in DIRS.iter().enumerate() {
        if mask & (1 << d) != 0 {
            let (tx, ty) = sym.apply_offset(i32::from(dx), i32::from(dy));
            let nd = DIRS
                .iter()
                .position(|&(a, b)| i32::from(a) == tx && i32::from(b) == ty)
                .expect("a symmetry maps directions to directions");
            out |= 1 << nd;
        }
    }
    out
}

/// An eye shape: a connected set of points, each with its content, marginal
/// flag and the board edges next to it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shape {
    points: Vec<ShapePoint>,
}

/// A shape's identity under the 8 symmetries and translation: equal keys
/// mean the same shape in the same board context.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ShapeKey(pub(crate) Vec<u32>);

/// A key found by its words (hashed and compared as its `Vec`'s are).
impl std::borrow::Borrow<[u32]> for ShapeKey {
    fn borrow(&self) -> &[u32] {
        &self.0
    }
}

impl Shape {
    /// A shape from its points (any order, any translation).
    pub fn new(mut points: Vec<ShapePoint>) -> Shape {
        points.sort_by_key(|p| (p.y, p.x));
        Shape { points }
    }

    /// The points, row by row.
    pub fn points(&self) -> &[ShapePoint] {
        &self.points
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether the shape has no point.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// Whether any point touches the edge of the board.
    pub fn touches_edge(&self) -> bool {
        self.points.iter().any(|p| p.off_board != 0)
    }

    /// The index of the point at `(x, y)`.
    pub fn index_of(&self, x: i8, y: i8) -> Option<usize> {
        self.points.iter().position(|p| p.x == x && p.y == y)
    }

    /// Whether the points form one group through orthogonal adjacency.
    pub fn is_connected(&self) -> bool {
        let n = self.points.len();
        if n == 0 {
            return false;
        }
        if n > 64 {
            return self.is_connected_large();
        }
        connected(&self.points)
    }

    /// [`Shape::is_connected`] for shapes of more than 64 points.
    fn is_connected_large(&self) -> bool {
        let mut seen = vec![false; self.points.len()];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for j in self.neighbours(i) {
                if !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.iter().all(|&s| s)
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let p = self.points[i];
        DIRS.iter()
            .filter_map(|&(dx, dy)| self.index_of(p.x + dx, p.y + dy))
            .collect()
    }

    /// Whether a point touches the owner's wall: some neighbour is on the
    /// board and not in the shape.
    pub fn touches_wall(&self, i: usize) -> bool {
        let p = self.points[i];
        DIRS.iter().enumerate().any(|(d, &(dx, dy))| {
            p.off_board & (1 << d) == 0 && self.index_of(p.x + dx, p.y + dy).is_none()
        })
    }

    /// The same shape under a symmetry (not translated back).
    #[must_use]
    pub fn transformed(&self, sym: Symmetry) -> Shape {
        Shape::new(
            self.points
                .iter()
                .map(|p| {
                    let (x, y) = sym.apply_offset(i32::from(p.x), i32::from(p.y));
                    ShapePoint {
                        x: x as i8,
                        y: y as i8,
                        off_board: transform_mask(p.off_board, sym),
                        ..*p
                    }
                })
                .collect(),
        )
    }

    /// The same shape moved so its smallest x and y are 0.
    #[must_use]
    pub fn normalized(&self) -> Shape {
        let min_x = self.points.iter().map(|p| p.x).min().unwrap_or(0);
        let min_y = self.points.iter().map(|p| p.y).min().unwrap_or(0);
        Shape::new(
            self.points
                .iter()
                .map(|p| ShapePoint {
                    x: p.x - min_x,
                    y: p.y - min_y,
                    ..*p
                })
                .collect(),
        )
    }

    /// The canonical key (smallest over the 8 symmetries, after translation)
    /// and the symmetry that produces it from this shape.
    pub fn canonical(&self) -> (ShapeKey, Symmetry) {
        // (The keys of small shapes are built in arrays on the stack.)
        let n = self.points.len();
        if n > SMALL {
            let mut best = vec![0; n];
            let mut buf = vec![0; n];
            let sym = self.canonical_into(&mut best, &mut buf);
            return (ShapeKey(best), sym);
        }
        let (mut best, mut buf) = ([0; SMALL], [0; SMALL]);
        let sym = self.canonical_into(&mut best[..n], &mut buf[..n]);
        (ShapeKey(best[..n].to_vec()), sym)
    }

    /// [`Shape::canonical`]'s key written into `best`, with `buf` to work
    /// in (both of the shape's length); returns the symmetry.
    fn canonical_into(&self, best: &mut [u32], buf: &mut [u32]) -> Symmetry {
        canonical_into(&self.points, best, buf)
    }

    /// The translation [`Shape::canonical`] applies after `sym`: the smallest
    /// x and y of the transformed points.
    pub fn canonical_offset(&self, sym: Symmetry) -> (i8, i8) {
        let t = self.transformed(sym);
        let mx = t.points.iter().map(|p| p.x).min().unwrap_or(0);
        let my = t.points.iter().map(|p| p.y).min().unwrap_or(0);
        (mx, my)
    }

    /// The canonical-frame coordinates of every point, in point order.
    pub fn canonical_coords(&self, sym: Symmetry) -> Vec<(i8, i8)> {
        let t: Vec<(i32, i32)> = self
            .points
            .iter()
            .map(|p| sym.apply_offset(i32::from(p.x), i32::from(p.y)))
            .collect();
        let mx = t.iter().map(|c| c.0).min().unwrap_or(0);
        let my = t.iter().map(|c| c.1).min().unwrap_or(0);
        t.into_iter()
            .map(|(x, y)| ((x - mx) as i8, (y - my) as i8))
            .collect()
    }

    /// Coordinates `(x, y)` of this shape's frame in the canonical frame
    /// reached by `sym` (see [`Shape::canonical`]).
    pub fn to_canonical(&self, sym: Symmetry, (x, y): (i8, i8)) -> (i8, i8) {
        let (ox, oy) = self.canonical_offset(sym);
        let (tx, ty) = sym.apply_offset(i32::from(x), i32::from(y));
        (tx as i8 - ox, ty as i8 - oy)
    }

    /// The shape with each `Either` point resolved: bit `k` of `mask` makes
    /// the k-th `Either` point (in point order) an opponent stone, else empty.
    #[must_use]
    pub fn resolved(&self, mask: u32) -> Shape {
        let mut k = 0;
        Shape::new(
            self.points
                .iter()
                .map(|p| {
                    if p.content == Content::Either {
                        let c = if mask & (1 << k) != 0 {
                            Content::Opponent
                        } else {
                            Content::Empty
                        };
                        k += 1;
                        ShapePoint { content: c, ..*p }
                    } else {
                        *p
                    }
                })
                .collect(),
        )
    }

    /// The local game of this shape, with every `Either` point set to
    /// `opponent_at` (a bitmask over point indices; other `Either` points empty).
    pub fn to_space(&self, either_opponent: u16) -> Result<EyeSpace, SpaceError> {
        let n = self.points.len();
        if n > MAX_POINTS {
            return Err(SpaceError::TooLarge(n));
        }
        let neighbours: Vec<Vec<usize>> = (0..n).map(|i| self.neighbours(i)).collect();
        let mut wall = 0u16;
        let mut marginal = 0u16;
        let mut opponent = 0u16;
        let mut either_index = 0;
        for (i, p) in self.points.iter().enumerate() {
            if self.touches_wall(i) {
                wall |= 1 << i;
            }
            if p.marginal {
                marginal |= 1 << i;
            }
            match p.content {
                Content::Empty => {}
                Content::Opponent => opponent |= 1 << i,
                Content::Either => {
                    if either_opponent & (1 << either_index) != 0 {
                        opponent |= 1 << i;
                    }
                    either_index += 1;
                }
            }
        }
        EyeSpace::new(n, &neighbours, wall, marginal, opponent)
    }

    /// Number of `Either` points (a shape with k of them stands for 2^k spaces).
    pub fn either_count(&self) -> usize {
        self.points
            .iter()
            .filter(|p| p.content == Content::Either)
            .count()
    }
}

/// [`Shape::is_connected`] of the shape of `points` (sorted as a shape's,
/// at least one and at most 64 of them).
fn connected(points: &[ShapePoint]) -> bool {
    let n = points.len();
    let index_of = |x: i8, y: i8| points.iter().position(|p| p.x == x && p.y == y);
    // The points reached, as bits over point indices, grown from point
    // 0 one point at a time (no list of neighbours allocated).
    let mut seen = 1u64;
    let mut todo = 1u64;
    while todo != 0 {
        let i = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let p = points[i];
        for &(dx, dy) in &DIRS {
            if let Some(j) = index_of(p.x + dx, p.y + dy) {
                let bit = 1u64 << j;
                todo |= bit & !seen;
                seen |= bit;
            }
        }
    }
    seen.count_ones() as usize == n
}

/// [`Shape::canonical`]'s key of the shape of `points` (sorted as a
/// shape's) written into `best`, with `buf` to work in (both of the
/// shape's length); returns the symmetry.
pub(crate) fn canonical_into(points: &[ShapePoint], best: &mut [u32], buf: &mut [u32]) -> Symmetry {
    let masks = &*MASKS;
    let mut best_sym = Symmetry::Identity;
    // (An empty shape has no box: its key is empty, its symmetry the
    // identity.)
    if points.is_empty() {
        return best_sym;
    }
    // (A single point, as most eye regions are, is at the origin in every
    // image: the smallest image of its edges decides.)
    if let [p] = points {
        let edges = usize::from(p.off_board & 15);
        let mut least = masks[0][edges];
        for (s, &sym) in Symmetry::ALL.iter().enumerate().skip(1) {
            if masks[s][edges] < least {
                least = masks[s][edges];
                best_sym = sym;
            }
        }
        best[0] = encode(
            0,
            0,
            ShapePoint {
                off_board: least,
                ..*p
            },
        );
        return best_sym;
    }
    // The bounding box, found once: a symmetry's offsets permute the
    // axes and flip their signs, so after it and the translation a
    // point's x and y are each one of its distances from the box's
    // sides (`FRAMES`).
    let (mut lo, mut hi) = ((i32::MAX, i32::MAX), (i32::MIN, i32::MIN));
    for p in points {
        let (x, y) = (i32::from(p.x), i32::from(p.y));
        lo = (lo.0.min(x), lo.1.min(y));
        hi = (hi.0.max(x), hi.1.max(y));
    }
    // (A small shape in a small box, as eye regions are, has its images
    // read off a grid; any other has each image's words made and sorted.)
    if points.len() <= SMALL && hi.0 - lo.0 < GRID && hi.1 - lo.1 < GRID {
        return canonical_in_grid(points, lo, hi, best);
    }
    // Each point packed once for every symmetry: its four distances a
    // byte each (as `encode` keeps them: a coordinate's byte) from bit
    // 0, the bits of its key that no symmetry moves from bit 32, its
    // edges from bit 48.
    let pack = |p: &ShapePoint| {
        let (x, y) = (i32::from(p.x), i32::from(p.y));
        let sides = [x - lo.0, hi.0 - x, y - lo.1, hi.1 - y];
        let sides = u32::from_le_bytes(sides.map(|d| d as u8));
        let fixed = encode(0, 0, ShapePoint { off_board: 0, ..*p });
        u64::from(sides) | u64::from(fixed) << 32 | u64::from(p.off_board & 15) << 48
    };
    // (Small shapes are packed on the stack.)
    let mut small = [0u64; SMALL];
    let large: Vec<u64>;
    let packed = if points.len() <= SMALL {
        for (k, p) in small.iter_mut().zip(points) {
            *k = pack(p);
        }
        &small[..points.len()]
    } else {
        large = points.iter().map(pack).collect();
        &large[..]
    };
    for (si, &sym) in Symmetry::ALL.iter().enumerate() {
        let [fx, fy] = FRAMES[si].map(|f| 8 * f as u32);
        let masks = &masks[si];
        let mut first = u32::MAX;
        for (k, &p) in buf.iter_mut().zip(packed) {
            let (x, y) = ((p >> fx) as u32 & 0xff, (p >> fy) as u32 & 0xff);
            let edges = masks[(p >> 48) as usize & 15];
            *k = y << 24 | x << 16 | (p >> 32) as u32 & 0xfff0 | u32::from(edges);
            first = first.min(*k);
        }
        // A key whose smallest word (its sorted first) is above the best's
        // first word is larger: it is not sorted.
        if si > 0 && first > best[0] {
            continue;
        }
        sort_keys(buf);
        if si == 0 || *buf < *best {
            best.copy_from_slice(buf);
            best_sym = sym;
        }
    }
    best_sym
}

/// The side of the square [`canonical_in_grid`] lays a shape's box in.
const GRID: i32 = 16;

/// [`canonical_into`] of a shape of at most [`SMALL`] points whose box
/// (smallest corner `lo`, largest `hi`) fits in a [`GRID`]-square: each
/// point's index laid in the square at its place in the box, each
/// symmetry's image read off it row by row (in its key's sorted order, so
/// no sort), its words compared with the best's as they come and the image
/// dropped at the first larger one.
fn canonical_in_grid(
    points: &[ShapePoint],
    lo: (i32, i32),
    hi: (i32, i32),
    best: &mut [u32],
) -> Symmetry {
    const EMPTY: u8 = u8::MAX;
    let masks = &*MASKS;
    let n = points.len();
    let mut grid = [EMPTY; (GRID * GRID) as usize];
    // Each point's key without its place and edges, and its edges.
    let (mut fixed, mut edges) = ([0u32; SMALL], [0u8; SMALL]);
    for (i, p) in points.iter().enumerate() {
        let (x, y) = (i32::from(p.x) - lo.0, i32::from(p.y) - lo.1);
        grid[(x + GRID * y) as usize] = i as u8;
        fixed[i] = encode(0, 0, ShapePoint { off_board: 0, ..*p });
        edges[i] = p.off_board & 15;
    }
    let (w, h) = (hi.0 - lo.0 + 1, hi.1 - lo.1 + 1);
    // For each side an image axis measures from (`FRAMES`): the cell its
    // first step is in, the step along it in the square, and its length.
    let sides = [
        (0, 1, w),
        (w - 1, -1, w),
        (0, GRID, h),
        (GRID * (h - 1), -GRID, h),
    ];
    let mut best_sym = Symmetry::Identity;
    for (si, &sym) in Symmetry::ALL.iter().enumerate() {
        let [(x0, dx, iw), (y0, dy, ih)] = FRAMES[si].map(|f| sides[f]);
        let masks = &masks[si];
        // Whether the image's words so far are below the best's (written
        // over them from the first that is), else equal to them.
        let mut below = si == 0;
        let mut k = 0;
        let mut row = x0 + y0;
        'image: for iy in 0..ih {
            let mut cell = row;
            for ix in 0..iw {
                let i = usize::from(grid[cell as usize]);
                cell += dx;
                if i == usize::from(EMPTY) {
                    continue;
                }
                let word = (iy as u32) << 24
                    | (ix as u32) << 16
                    | fixed[i]
                    | u32::from(masks[usize::from(edges[i])]);
                if !below {
                    if word > best[k] {
                        break 'image;
                    }
                    below = word < best[k];
                }
                best[k] = word;
                k += 1;
                if k == n {
                    break 'image;
                }
            }
            row += dy;
        }
        if below {
            best_sym = sym;
        }
    }
    best_sym
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shape from a small picture: `.` empty, `!` marginal, `O` opponent,
    /// `o` either, anything else outside. No edges.
    fn pic(rows: &[&str]) -> Shape {
        let mut pts = Vec::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let (content, marginal) = match c {
                    '.' => (Content::Empty, false),
                    '!' => (Content::Empty, true),
                    'O' => (Content::Opponent, false),
                    'o' => (Content::Either, false),
                    _ => continue,
                };
                pts.push(ShapePoint {
                    x: x as i8,
                    y: y as i8,
                    content,
                    marginal,
                    off_board: 0,
                });
            }
        }
        Shape::new(pts)
    }

    fn value(rows: &[&str]) -> String {
        pic(rows)
            .to_space(0)
            .unwrap()
            .analyse(10_000_000)
            .unwrap()
            .value
            .to_string()
    }

    #[test]
    fn classical_shapes_in_the_centre() {
        assert_eq!(value(&["..", ". "]), "[2,1]", "bent three");
        assert_eq!(value(&["..", ".."]), "[1,1]", "square four");
        assert_eq!(value(&["...", " . "]), "[2,1]", "pyramid four");
        assert_eq!(value(&["...."]), "[2,2]", "straight four");
        assert_eq!(value(&["...", ".  "]), "[2,2]", "bent four");
        assert_eq!(value(&["..", "..", ". "]), "[2,1]", "bulky five");
        assert_eq!(value(&[" . ", "...", " . "]), "[2,1]", "crossed five");
        assert_eq!(value(&[" . ", "...", ".. "]), "[2,1]", "rabbity six");
        // Two opponent moves in a row cannot kill it: "two eyes, comfortably".
        assert_eq!(value(&["....."]), "[M,M]", "straight five");
    }

    #[test]
    fn killing_shapes_with_opponent_stones_inside() {
        // Bulky five with a square of four opponent stones: capturing them
        // leaves a square four, which is one eye.
        assert_eq!(value(&["OO", "OO", ". "]), "[1,1]");
        // With the four stones in an L instead, the capture leaves a bent
        // four, which lives: the attacker filled the wrong points.
        assert_eq!(value(&["OO", "O.", "O "]), "[2,1]");
        // Straight three with the opponent already on the vital point.
        assert_eq!(value(&[".O."]), "[1,1]");
    }

    /// The canonical key and symmetry are those found the plain way: each
    /// symmetry's image moved to the origin, its points' keys sorted, the
    /// first smallest list kept; for shapes of every size, edges and
    /// contents, anywhere on the grid.
    #[test]
    fn canonical_key_is_the_smallest_image_key() {
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n) as i8
        };
        for case in 0..400 {
            let n = 1 + next(if case % 4 == 0 { 30 } else { 6 }) as usize;
            let (dx, dy) = (next(40) - 20, next(40) - 20);
            // (Boxes of both sizes: within `GRID` and beyond it.)
            let span = if case % 3 == 0 { 20 } else { 7 };
            let mut points: Vec<ShapePoint> = Vec::new();
            while points.len() < n {
                let (x, y) = (dx + next(span), dy + next(span));
                if points.iter().any(|p| p.x == x && p.y == y) {
                    continue;
                }
                let content =
                    [Content::Empty, Content::Opponent, Content::Either][next(3) as usize];
                points.push(ShapePoint {
                    x,
                    y,
                    content,
                    marginal: next(2) == 1,
                    off_board: next(16) as u8,
                });
            }
            let shape = Shape::new(points);
            let mut plain: Option<(Vec<u32>, Symmetry)> = None;
            for sym in Symmetry::ALL {
                let image = shape.transformed(sym).normalized();
                let mut keys: Vec<u32> =
                    image.points.iter().map(|p| encode(p.x, p.y, *p)).collect();
                keys.sort_unstable();
                if plain.as_ref().is_none_or(|(best, _)| keys < *best) {
                    plain = Some((keys, sym));
                }
            }
            let (keys, sym) = plain.unwrap();
            assert_eq!(shape.canonical(), (ShapeKey(keys), sym), "case {case}");
        }
    }

    #[test]
    fn canonical_key_is_invariant_under_symmetry() {
        let s = pic(&["..!", ".  ", "O  "]);
        let (k, _) = s.canonical();
        for sym in Symmetry::ALL {
            assert_eq!(s.transformed(sym).canonical().0, k, "{sym:?}");
        }
        assert_ne!(
            pic(&["..."]).canonical().0,
            pic(&["..", ". "]).canonical().0
        );
    }
}
