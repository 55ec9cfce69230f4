//! Eye regions on a board: from a set of points to an eye shape, and the
//! lookup of its value and vital points (database first, then search).

use crate::db::{EyeDb, Indexed, Label};
use crate::shape::{Content, Shape, ShapeKey, ShapePoint};
use crate::space::MAX_POINTS;
use crate::value::EyeValue;
use keisei_board::{Board, Cell, Color, Point, PointSet, STRIDE, Symmetry};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::RwLock;

/// Regions of this many points or more are `[M,M]` without lookup
/// (seed 000 §3.3.2 step 2).
pub const LARGE_REGION: usize = 10;

/// Node budget of the search that values shapes missing from the database.
pub const SEARCH_BUDGET: u64 = 2_000_000;

/// An eye region of a board as a shape, with the board point of each shape point.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    /// The shape, in board coordinates.
    pub shape: Shape,
    /// `points[i]` is the board point of `shape.points()[i]`.
    pub points: Vec<Point>,
}

/// Why a set of points is not an eye region of `owner`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionError {
    /// The set is empty.
    Empty,
    /// A point is off the board.
    OffBoard(Point),
    /// A point holds one of the owner's own stones.
    OwnStone(Point),
    /// The points are not connected.
    NotConnected,
}

impl std::fmt::Display for RegionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RegionError::Empty => f.write_str("an eye region needs at least one point"),
            RegionError::OffBoard(p) => write!(f, "point ({},{}) is off the board", p.x(), p.y()),
            RegionError::OwnStone(p) => {
                write!(f, "point ({},{}) holds the owner's own stone", p.x(), p.y())
            }
            RegionError::NotConnected => {
                f.write_str("the points of an eye region must be connected")
            }
        }
    }
}

impl std::error::Error for RegionError {}

impl Region {
    /// The eye region of `owner` made of `points` (empty points and opponent
    /// stones inside the owner's enclosure).
    ///
    /// A point is **marginal** when the opponent's outside touches it: a
    /// neighbour outside the region that is empty or an opponent stone, or
    /// (the false-eye rule) opponent stones on two of its diagonals outside
    /// the region — one when the point is on the edge.
    pub fn from_board(
        board: &Board,
        owner: Color,
        points: &PointSet,
    ) -> Result<Region, RegionError> {
        if points.is_empty() {
            return Err(RegionError::Empty);
        }
        let mut shape_points = Vec::with_capacity(points.len());
        for p in points {
            shape_points.push(shape_point(board, owner, points, p)?);
        }
        let shape = Shape::new(shape_points);
        if !shape.is_connected() {
            return Err(RegionError::NotConnected);
        }
        let points = shape
            .points()
            .iter()
            .map(|s| Point::new(s.x as u8, s.y as u8))
            .collect();
        Ok(Region { shape, points })
    }
}

/// Whether the board points of indices `cells` (ascending, at most 16 of
/// them) are connected through orthogonal adjacency (as
/// [`Shape::is_connected`] finds their shape), with no branch on the
/// points: as bits over their indices, each point's neighbours among them,
/// and the points reached from the first grown until they grow no more.
fn cells_connected(cells: &[usize]) -> bool {
    let n = cells.len();
    debug_assert!(n <= 16 && cells.is_sorted());
    let mut next_to = [0u16; 16];
    for i in 0..n {
        for j in i + 1..n {
            // (A point's east neighbour is 1 cell on, its south one
            // `STRIDE`: never 1 cell on across rows, off the board.)
            let d = cells[j] - cells[i];
            let a = u16::from(d == 1 || d == STRIDE);
            next_to[i] |= a << j;
            next_to[j] |= a << i;
        }
    }
    let mut seen = 1u16;
    loop {
        let mut grown = seen;
        for (i, &a) in next_to[..n].iter().enumerate() {
            grown |= a & 0u16.wrapping_sub(seen >> i & 1);
        }
        if grown == seen {
            return seen.count_ones() as usize == n;
        }
        seen = grown;
    }
}

/// The point of `owner`'s region of `points` at `p`, as
/// [`Region::from_board`] makes it.
fn shape_point(
    board: &Board,
    owner: Color,
    points: &PointSet,
    p: Point,
) -> Result<ShapePoint, RegionError> {
    let opp = owner.opponent().cell();
    match board.cell(p) {
        Cell::Off => return Err(RegionError::OffBoard(p)),
        c if c == owner.cell() => return Err(RegionError::OwnStone(p)),
        _ => {}
    }
    let mut off = 0u8;
    let mut marginal = false;
    for (d, n) in p.neighbors().into_iter().enumerate() {
        let c = board.cell(n);
        if c == Cell::Off {
            off |= 1 << d;
        } else if !points.contains(n) && (c == Cell::Empty || c == opp) {
            marginal = true;
        }
    }
    let bad_diagonals = p
        .diagonals()
        .into_iter()
        .filter(|&d| board.cell(d) == opp && !points.contains(d))
        .count();
    let needed = if off != 0 { 1 } else { 2 };
    if bad_diagonals >= needed {
        marginal = true;
    }
    let content = if board.cell(p) == opp {
        Content::Opponent
    } else {
        Content::Empty
    };
    Ok(ShapePoint {
        x: p.x() as i8,
        y: p.y() as i8,
        content,
        marginal,
        off_board: off,
    })
}

/// Where a looked-up value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A database entry: its file and id.
    Database {
        /// The file.
        file: String,
        /// The entry id.
        id: String,
    },
    /// Not in the database: valued by the local search.
    Search,
    /// 10 points or more: `[M,M]` by definition.
    Large,
    /// The search could not value it within its budget: assumed `[M,M]`.
    Unknown,
}

/// [`Source`] with a database entry's label borrowed from the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceRef<'a> {
    /// A database entry: its label (file and id).
    Database(&'a Label),
    /// Not in the database: valued by the local search.
    Search,
    /// 10 points or more: `[M,M]` by definition.
    Large,
    /// The search could not value it within its budget: assumed `[M,M]`.
    Unknown,
}

impl From<SourceRef<'_>> for Source {
    /// The source with the database entry's label copied.
    fn from(source: SourceRef<'_>) -> Source {
        match source {
            SourceRef::Database(label) => Source::Database {
                file: label.file.clone(),
                id: label.id.to_string(),
            },
            SourceRef::Search => Source::Search,
            SourceRef::Large => Source::Large,
            SourceRef::Unknown => Source::Unknown,
        }
    }
}

/// A region's value and vital points on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct EyeLookup {
    /// `[a,b]`.
    pub value: EyeValue,
    /// Where the owner should play to get `a` (when `a > b`).
    pub defence: Vec<Point>,
    /// Where the opponent should play to hold the owner to `b`.
    pub attack: Vec<Point>,
    /// Database entry, search, or large region.
    pub source: Source,
}

/// A searched value, and (once asked for) its defence and attack points in
/// the canonical frame.
type Searched = (EyeValue, Option<Vitals>);
/// Defence and attack points in the canonical frame.
type Vitals = (Vec<(i8, i8)>, Vec<(i8, i8)>);

/// Values of shapes missing from the database, found by search once and
/// kept (value, and defence and attack points in the canonical frame when
/// a lookup asked for them).
#[derive(Default, Debug)]
pub struct SearchCache {
    map: RwLock<HashMap<ShapeKey, Option<Searched>, BuildHasherDefault<WordHasher>>>,
}

/// The hasher of [`SearchCache`]'s map: a multiply–rotate over the key's
/// words, eight bytes at a time, cheaper than the default `SipHash` (the map
/// is only looked into, never iterated, so nothing depends on its order;
/// its keys are the caller's shapes, not an adversary's).
#[derive(Clone, Copy, Debug, Default)]
struct WordHasher(u64);

impl WordHasher {
    /// One word more into the hash.
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        // The high bits folded into the low ones, which pick the bucket.
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

impl SearchCache {
    /// What [`EyeDb::lookup_value_ref`] answers for a shape missing from
    /// the database whose canonical key is `key`, if it is kept: its
    /// searched value, or `[M,M]` unknown when its search ran out of budget.
    fn known(&self, key: &[u32]) -> Option<(EyeValue, SourceRef<'static>)> {
        let map = self.map.read().ok()?;
        map.get(key).map(|v| match v {
            Some((value, _)) => (*value, SourceRef::Search),
            None => (EyeValue::MANY, SourceRef::Unknown),
        })
    }

    /// The shape's value, and its vital points when `vitals` (a value kept
    /// without them is searched again the first time they are asked for).
    /// `None`: the search ran out of its budget. `canonical` is the
    /// shape's [`Shape::canonical`], found by the caller.
    fn value(
        &self,
        shape: &Shape,
        canonical: (ShapeKey, Symmetry),
        vitals: bool,
    ) -> Option<Searched> {
        let (key, sym) = canonical;
        if let Some(v) = self.map.read().ok().and_then(|m| m.get(&key).cloned()) {
            match v {
                Some((_, None)) if vitals => {}
                v => return v,
            }
        }
        // Searched in the canonical frame, so that the answer is the key's
        // whichever way round the shape was met first (a search that falls
        // back to keeping every answer can depend on the order of its
        // points: `keisei_eyes::space`).
        let canonical = shape.transformed(sym).normalized();
        let space = canonical.to_space(0).ok();
        let result = if vitals {
            space.and_then(|s| s.analyse(SEARCH_BUDGET).ok()).map(|a| {
                let coords = |idx: &[usize]| -> Vec<(i8, i8)> {
                    idx.iter()
                        .map(|&i| {
                            let p = canonical.points()[i];
                            (p.x, p.y)
                        })
                        .collect()
                };
                (a.value, Some((coords(&a.defence), coords(&a.attack))))
            })
        } else {
            space
                .and_then(|s| s.value(SEARCH_BUDGET).ok())
                .map(|(value, _)| (value, None))
        };
        if let Ok(mut m) = self.map.write() {
            m.insert(key, result.clone());
        }
        result
    }
}

/// Where the value of an eye region comes from (both lookups ask in this
/// order), with the region as a shape and the symmetry to its canonical
/// form.
enum Found<'a> {
    /// 10 points or more (or more than the search handles): `[M,M]`.
    Large,
    /// The database entry of its shape.
    Database(Region, Symmetry, Indexed<'a>),
    /// Not in the database: for the search (with its canonical key).
    Missing(Region, ShapeKey, Symmetry),
}

impl EyeDb {
    /// [`EyeDb::lookup_value_ref`] of `owner`'s region of `points` when it
    /// has [`LARGE_REGION`] points or more (`[M,M]`, large), or fewer, is a
    /// region and its shape is in the database or already in `cache`, its
    /// shape and key made on the stack; `None` otherwise (nothing is
    /// searched). The points are counted as they are read: a large
    /// region's from its first [`LARGE_REGION`] alone.
    fn value_small(
        &self,
        board: &Board,
        owner: Color,
        points: &PointSet,
        cache: &SearchCache,
    ) -> Option<(EyeValue, SourceRef<'_>)> {
        const N: usize = LARGE_REGION - 1;
        let mut at = [Point::new(0, 0); N];
        let mut n = 0;
        // (A set gives its points row by row: in a shape's order.)
        for p in points {
            if n == N {
                return Some((EyeValue::MANY, SourceRef::Large));
            }
            at[n] = p;
            n += 1;
        }
        if n == 0 {
            return None;
        }
        let mut shape = [ShapePoint {
            x: 0,
            y: 0,
            content: Content::Empty,
            marginal: false,
            off_board: 0,
        }; N];
        let mut cells = [0; N];
        for ((s, c), &p) in shape.iter_mut().zip(&mut cells).zip(&at[..n]) {
            *s = shape_point(board, owner, points, p).ok()?;
            *c = p.index();
        }
        let shape = &shape[..n];
        if !cells_connected(&cells[..n]) {
            return None;
        }
        let (mut best, mut buf) = ([0; N], [0; N]);
        crate::shape::canonical_into(shape, &mut best[..n], &mut buf[..n]);
        let key = &best[..n];
        if let Some(ix) = self.get_key_slice(key) {
            return Some((ix.value, SourceRef::Database(self.label(ix.entry))));
        }
        cache.known(key)
    }

    /// Where the value of `owner`'s region of `points` comes from.
    fn find(
        &self,
        board: &Board,
        owner: Color,
        points: &PointSet,
    ) -> Result<Found<'_>, RegionError> {
        if points.len() >= LARGE_REGION {
            return Ok(Found::Large);
        }
        let region = Region::from_board(board, owner, points)?;
        let (key, sym) = region.shape.canonical();
        Ok(match self.get_key(&key) {
            Some(ix) => Found::Database(region, sym, ix),
            None if region.points.len() > MAX_POINTS => Found::Large,
            None => Found::Missing(region, key, sym),
        })
    }

    /// The value and vital points of `owner`'s eye region made of `points`:
    /// `[M,M]` for 10 points or more; otherwise the database entry of its
    /// shape, or (not in the database) the local search, cached in `cache`.
    pub fn lookup(
        &self,
        board: &Board,
        owner: Color,
        points: &PointSet,
        cache: &SearchCache,
    ) -> Result<EyeLookup, RegionError> {
        let large = EyeLookup {
            value: EyeValue::MANY,
            defence: vec![],
            attack: vec![],
            source: Source::Large,
        };
        // Vital points (defence, attack) from the canonical frame back to
        // the board.
        let to_board = |region: &Region, sym, lists: [&[(i8, i8)]; 2]| {
            let frame = region.shape.canonical_coords(sym);
            lists.map(|coords| {
                let mut v: Vec<Point> = coords
                    .iter()
                    .filter_map(|c| frame.iter().position(|f| f == c).map(|i| region.points[i]))
                    .collect();
                v.sort();
                v
            })
        };
        Ok(match self.find(board, owner, points)? {
            Found::Large => large,
            Found::Database(region, sym, ix) => {
                let [defence, attack] = to_board(&region, sym, [ix.defence, ix.attack]);
                EyeLookup {
                    value: ix.value,
                    defence,
                    attack,
                    source: SourceRef::Database(self.label(ix.entry)).into(),
                }
            }
            Found::Missing(region, key, sym) => {
                match cache.value(&region.shape, (key, sym), true) {
                    Some((value, vitals)) => {
                        let (d, a) = vitals.unwrap_or_default();
                        let [defence, attack] = to_board(&region, sym, [&d, &a]);
                        EyeLookup {
                            value,
                            defence,
                            attack,
                            source: Source::Search,
                        }
                    }
                    None => EyeLookup {
                        source: Source::Unknown,
                        ..large
                    },
                }
            }
        })
    }

    /// The value of `owner`'s eye region made of `points` and where it came
    /// from: [`EyeDb::lookup`] without the vital points (a shape missing
    /// from the database is searched for its value alone).
    pub fn lookup_value(
        &self,
        board: &Board,
        owner: Color,
        points: &PointSet,
        cache: &SearchCache,
    ) -> Result<(EyeValue, Source), RegionError> {
        let (value, source) = self.lookup_value_ref(board, owner, points, cache)?;
        Ok((value, source.into()))
    }

    /// [`EyeDb::lookup_value`] with the database entry's label borrowed,
    /// not copied (what a caller that keeps only the id needs).
    pub fn lookup_value_ref(
        &self,
        board: &Board,
        owner: Color,
        points: &PointSet,
        cache: &SearchCache,
    ) -> Result<(EyeValue, SourceRef<'_>), RegionError> {
        if let Some(found) = self.value_small(board, owner, points, cache) {
            return Ok(found);
        }
        Ok(match self.find(board, owner, points)? {
            Found::Large => (EyeValue::MANY, SourceRef::Large),
            Found::Database(_, _, ix) => (ix.value, SourceRef::Database(self.label(ix.entry))),
            Found::Missing(region, key, sym) => match cache.value(&region.shape, (key, sym), false)
            {
                Some((value, _)) => (value, SourceRef::Search),
                None => (EyeValue::MANY, SourceRef::Unknown),
            },
        })
    }
}
