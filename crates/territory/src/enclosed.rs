//! Enclosed territory (seed 000 §3.1, after Yen & Hsu): regions closed by
//! one colour's stones, links and the board edge.
//!
//! The edge is not a wall by itself: an edge segment belongs to a colour's
//! wall only between two of its edge anchors (first-line stones and edge
//! links) of two different stones joined by the same wall, with no anchor of
//! the other colour between them. So a few stones on an empty board enclose
//! nothing (not even a lone 3-3 stone its corner), and a wall cut open leaks.
//! Two anchors of one stone claim the segment between them only when the
//! segments on both sides are claimed (a wall bending round a corner
//! through its 3-3 point).

use crate::border::{BorderCell, border_cells, first_line, ring_len};
use crate::links::{Connections, Link, LinkEnd};
use keisei_board::{Board, BoardMap, Color, MAX_SIZE, MapCell, NUM_CELLS, Point, PointSet};
use serde::Serialize;

/// Options of the territory computation.
#[derive(Clone, Debug, PartialEq)]
pub struct TerritoryOptions {
    /// Links with at least this coefficient are walls (default 0.5: a link
    /// that holds if its owner plays first).
    pub min_link: f64,
    /// Stones known to be dead: they do not spoil the territory around them.
    pub dead: PointSet,
    /// A region of more points than this is a vast open area, not
    /// territory; `None`: a quarter of the board.
    pub max_region: Option<usize>,
}

impl Default for TerritoryOptions {
    /// Links of 0.5 and more are walls, no dead stones, regions up to a
    /// quarter of the board.
    fn default() -> TerritoryOptions {
        TerritoryOptions {
            min_link: 0.5,
            dead: PointSet::new(),
            max_region: None,
        }
    }
}

/// One point of a territory map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Owner {
    /// Nobody's territory.
    #[default]
    None,
    /// Black's territory.
    Black,
    /// White's territory.
    White,
}

impl MapCell for Owner {
    /// `x` Black's territory, `o` White's, `.` neither.
    fn render_cell(&self) -> String {
        match self {
            Owner::None => ".",
            Owner::Black => "x",
            Owner::White => "o",
        }
        .to_string()
    }
}

/// A region of territory.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Region {
    /// Whose territory.
    pub color: Color,
    /// Its points (empty points, and dead opponent stones inside).
    #[serde(serialize_with = "serialize_points")]
    pub points: PointSet,
}

fn serialize_points<S: serde::Serializer>(set: &PointSet, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(set.iter().map(|p| (p.x(), p.y())))
}

/// Territory of both colours.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Territory {
    /// The map: whose territory each point is.
    pub map: BoardMap<Owner>,
    /// The regions, in point order of their first point.
    pub regions: Vec<Region>,
    /// Points of Black's territory.
    pub black: usize,
    /// Points of White's territory.
    pub white: usize,
}

impl Territory {
    /// Whose territory `p` is.
    pub fn owner(&self, p: Point) -> Option<Color> {
        match self.map[p] {
            Owner::None => None,
            Owner::Black => Some(Color::Black),
            Owner::White => Some(Color::White),
        }
    }

    /// The territory of `color`, in points.
    pub fn count(&self, color: Color) -> usize {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

/// An edge anchor at a border cell: its colour, wall component and stone.
type Anchor = (Color, usize, Point);

/// Union–find over point indices (chain heads).
struct Walls {
    parent: [u16; NUM_CELLS],
}

impl Walls {
    fn new() -> Walls {
        Walls {
            parent: std::array::from_fn(|i| i as u16),
        }
    }
    fn find(&mut self, a: usize) -> usize {
        let mut a = a;
        while usize::from(self.parent[a]) != a {
            self.parent[a] = self.parent[usize::from(self.parent[a])];
            a = usize::from(self.parent[a]);
        }
        a
    }
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra] = rb as u16;
        }
    }
}

/// The number of border cells of the largest board ([`ring_len`]).
const MAX_RING: usize = 4 * MAX_SIZE as usize;

/// An anchor's border cell, colour and stone packed so that the order of
/// the keys is that of the triples.
fn anchor_key(b: BorderCell, c: Color, p: Point) -> u32 {
    (u32::from(b.0) << 16) | ((c.index() as u32) << 15) | p.index() as u32
}

/// The border cell, colour and stone of an [`anchor_key`].
fn anchor_of_key(key: u32) -> (BorderCell, Color, Point) {
    let c = if key & (1 << 15) == 0 {
        Color::Black
    } else {
        Color::White
    };
    (
        BorderCell((key >> 16) as u16),
        c,
        Point::from_index((key & 0x7fff) as usize),
    )
}

/// The territory of both colours given the links of the position.
pub fn territory(
    board: &Board,
    connections: &Connections,
    options: &TerritoryOptions,
) -> Territory {
    territory_of(board, &connections.links, options)
}

/// [`territory`] from the position's links however they are held (the
/// result does not depend on their order).
pub fn territory_of<'a>(
    board: &Board,
    links: impl IntoIterator<Item = &'a Link>,
    options: &TerritoryOptions,
) -> Territory {
    let size = board.size();
    let ring = usize::from(ring_len(size));
    let on_board = PointSet::board(size);
    // Living stones of each colour, and the empty points.
    let sets = board.point_sets();
    let (mut living, empty) = (sets.stones, sets.empty);
    for l in &mut living {
        l.subtract(&options.dead);
    }
    // Wall components: stones joined by chains (a stone's component is its
    // chain head's) and links.
    let mut walls = Walls::new();
    let head = |p: Point| board.chain_head(p).index();
    // Anchors as (border cell, colour, stone), packed into one integer
    // each in that order (see `anchor_key`), so that sorting them compares
    // integers.
    let mut anchors: Vec<u32> = Vec::with_capacity(64);
    // Only first-line stones have border cells.
    let first_line = first_line(size);
    for c in Color::BOTH {
        let mut edge_stones = living[c.index()];
        edge_stones.intersect_with(&first_line.points);
        for p in &edge_stones {
            anchors.extend(border_cells(p, size).map(|b| anchor_key(b, c, p)));
        }
    }
    let mut wall_cells = [PointSet::new(), PointSet::new()];
    for l in links
        .into_iter()
        .filter(|l| l.coefficient >= options.min_link)
    {
        if options.dead.contains(l.from) {
            continue;
        }
        match l.to {
            LinkEnd::Stone(q) => {
                if options.dead.contains(q) {
                    continue;
                }
                walls.union(head(l.from), head(q));
            }
            LinkEnd::Edge(b) => anchors.push(anchor_key(b, l.color, l.from)),
        }
        wall_cells[l.color.index()].extend(l.wall.iter().copied().filter(|&w| board.is_empty(w)));
    }

    // Claimed border arcs. Anchors are grouped by border cell; between two
    // cells that are consecutive around the ring (no anchor between them),
    // colour c claims the arc if both cells hold only c's anchors, two of
    // them are different stones of one wall (or one stone, and the arcs on
    // both sides are claimed so), and the arc is the shorter way round (a
    // wall encloses the side it cuts off, not the rest of the board).
    // (Equal keys are equal anchors: there is no order among them to keep.)
    anchors.sort_unstable();
    let anchors: Vec<(BorderCell, Anchor)> = anchors
        .into_iter()
        .map(|key| {
            let (b, c, p) = anchor_of_key(key);
            (b, (c, walls.find(head(p)), p))
        })
        .collect();
    // Each border cell with anchors: the cell and its anchors' range.
    let mut cells: Vec<(BorderCell, std::ops::Range<usize>)> = Vec::with_capacity(64);
    for (i, &(b, _)) in anchors.iter().enumerate() {
        match cells.last_mut() {
            Some((last, range)) if *last == b => range.end = i + 1,
            _ => cells.push((b, i..i + 1)),
        }
    }
    let list = |r: &std::ops::Range<usize>| anchors[r.clone()].iter().map(|a| a.1);
    // (Arrays as long as the longest ring: a board's ring is no longer.)
    let mut claimed = [[false; MAX_RING]; 2];
    for &(b, (c, _, _)) in &anchors {
        claimed[c.index()][usize::from(b.0)] = true;
    }
    let n = cells.len();
    // Per pair of consecutive cells (i, i + 1) and colour: 2 when two
    // different stones of one wall join them, 1 when only one stone does
    // (its own two links, as a lone 3-3 stone to both edges), else 0.
    // (There are at most as many cells as the ring has.)
    let mut joins = [[0u8; MAX_RING]; 2];
    for i in 0..n {
        if n < 2 {
            break;
        }
        let j = (i + 1) % n;
        let (a, b) = (&cells[i], &cells[j]);
        let length = (usize::from(b.0.0) + ring - usize::from(a.0.0)) % ring;
        if length == 0 || 2 * length > ring {
            continue;
        }
        for color in Color::BOTH {
            let only = |r: &std::ops::Range<usize>| list(r).all(|x| x.0 == color);
            if !(only(&a.1) && only(&b.1)) {
                continue;
            }
            let joined = |different: bool| {
                list(&a.1).any(|(_, ca, pa)| {
                    list(&b.1).any(|(_, cb, pb)| ca == cb && (pa != pb || !different))
                })
            };
            joins[color.index()][i] = if joined(true) {
                2
            } else {
                u8::from(joined(false))
            };
        }
    }
    for color in Color::BOTH {
        let joins = &joins[color.index()];
        for i in 0..n {
            // One stone's two anchors claim the arc between them only when
            // the arcs on both sides are claimed (the stone is part of a
            // wall running along the edge on both sides of it).
            let claim = match joins[i] {
                2 => true,
                1 => n >= 3 && joins[(i + n - 1) % n] == 2 && joins[(i + 1) % n] == 2,
                _ => false,
            };
            if claim {
                let (a, b) = (&cells[i], &cells[(i + 1) % n]);
                let mut k = usize::from(a.0.0);
                while k != usize::from(b.0.0) {
                    claimed[color.index()][k] = true;
                    k = (k + 1) % ring;
                }
            }
        }
    }

    // Each colour's territory points.
    let inside = Color::BOTH.map(|color| {
        let (own, other) = (color.index(), color.opponent().index());
        // The wall: living own stones, and link cells no living opponent
        // stone touches (the opponent can step into a link cell next to its
        // stone).
        let mut wall = wall_cells[own];
        wall.subtract(&living[other].adjacent());
        wall.union_with(&living[own]);
        let mut open = on_board;
        open.subtract(&wall);
        // The outside: everything reachable, without crossing the wall, from
        // a point that touches an unclaimed stretch of the edge or holds a
        // living opponent stone.
        let mut seeds = living[other];
        for &(p, cells) in &first_line.cells {
            if cells
                .iter()
                .flatten()
                .any(|b| !claimed[own][usize::from(b.0)])
            {
                seeds.insert(p);
            }
        }
        let outside = seeds.fill_within(&open);
        // Territory: neither wall stone nor outside; a wall cell counts only
        // when it does not face the outside (an edge link running inside).
        let mut inside = on_board;
        inside.subtract(&outside);
        inside.subtract(&living[own]);
        let mut facing = wall_cells[own];
        facing.intersect_with(&outside.adjacent());
        inside.subtract(&facing);
        inside
    });
    // Their regions, in point order of their first point: the next region
    // starts at the lowest point left of either colour (Black's first when
    // both start at one point, which then lies in both: neither keeps it).
    let max_region = options.max_region.unwrap_or(board.area() / 4);
    let mut regions = Vec::with_capacity(16);
    let mut left = inside;
    loop {
        let (color, start) = match (left[0].first(), left[1].first()) {
            (Some(b), Some(w)) if w < b => (Color::White, w),
            (Some(b), _) => (Color::Black, b),
            (None, Some(w)) => (Color::White, w),
            (None, None) => break,
        };
        let inside = &mut left[color.index()];
        let mut region = PointSet::new();
        region.insert(start);
        // A point with no neighbour inside is a region of its own (the
        // points of eyes, mostly), found without a fill.
        if start.neighbors().iter().any(|&n| inside.contains(n)) {
            region = region.fill_within(inside);
        }
        inside.subtract(&region);
        if region.intersects(&empty) && region.len() <= max_region {
            regions.push(Region {
                color,
                points: region,
            });
        }
    }
    // A point claimed by both colours (possible only in odd walls) is neither's.
    let mut claimed_by = [PointSet::new(), PointSet::new()];
    for r in &regions {
        claimed_by[r.color.index()].union_with(&r.points);
    }
    let mut both = claimed_by[0];
    both.intersect_with(&claimed_by[1]);
    regions.retain(|r| !r.points.intersects(&both));
    // Empty points and dead stones count; nothing else is in a region.
    let mut counted = empty;
    counted.union_with(&options.dead);
    let (mut black, mut white) = (0, 0);
    let mut map = BoardMap::new(size, Owner::None);
    for r in &regions {
        let mut points = r.points;
        points.intersect_with(&counted);
        match r.color {
            Color::Black => black += points.len(),
            Color::White => white += points.len(),
        }
        for p in &r.points {
            map[p] = match r.color {
                Color::Black => Owner::Black,
                Color::White => Owner::White,
            };
        }
    }
    Territory {
        map,
        regions,
        black,
        white,
    }
}
