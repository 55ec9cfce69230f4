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
use smallvec::SmallVec;

/// Options of the territory computation.
#[derive(Clone, Debug, PartialEq)]
pub struct TerritoryOptions {
    /// Links with at least this coefficient are walls (default 0.5: a link
    /// that holds if its owner plays first). Links read lean
    /// ([`connections_lean`](crate::connections_lean) and the lean reuse)
    /// may give a link to the edge 0.5 where it is 1, which only this
    /// default can take: above 0.5, use links from
    /// [`connections`](crate::connections).
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

/// An edge anchor: its stone, colour and border cell, its stone's wall
/// component (once the links are joined), and the next anchor at its
/// border cell.
struct Anchor {
    stone: Point,
    color: Color,
    cell: BorderCell,
    wall: usize,
    next: u32,
}

/// No further anchor at a border cell.
const NO_ANCHOR: u32 = u32::MAX;

/// Edge anchors, each border cell's in a list through [`Anchor::next`]
/// from `first[cell]`, and the cells with anchors of each colour.
struct AnchorLists {
    anchors: SmallVec<[Anchor; 64]>,
    first: [u32; MAX_RING],
    /// Each colour's cells a 64-bit half at a time: bit `k % 64` of half
    /// `k / 64` (cheaper to set than a bit of a `u128`).
    held_halves: [[u64; 2]; 2],
}

impl AnchorLists {
    fn new() -> AnchorLists {
        AnchorLists {
            anchors: SmallVec::new(),
            first: [NO_ANCHOR; MAX_RING],
            held_halves: [[0; 2]; 2],
        }
    }

    /// Adds an anchor of `color`'s `stone` at border cell `b`, of wall
    /// component `wall`.
    #[inline]
    fn add(&mut self, b: BorderCell, color: Color, stone: Point, wall: usize) {
        let cell = usize::from(b.0);
        self.anchors.push(Anchor {
            stone,
            color,
            cell: b,
            wall,
            next: self.first[cell],
        });
        self.first[cell] = (self.anchors.len() - 1) as u32;
        self.held_halves[color.index()][cell / 64] |= 1 << (cell % 64);
    }
}

/// Union–find over point indices (chain heads): `up[a]` is 0 for a root,
/// else the index of `a`'s parent plus one (so that a new forest is all
/// zeros).
struct Walls {
    up: [u16; NUM_CELLS],
}

impl Walls {
    fn new() -> Walls {
        Walls { up: [0; NUM_CELLS] }
    }
    fn find(&mut self, a: usize) -> usize {
        let mut a = a;
        loop {
            let parent = match self.up[a] {
                0 => return a,
                up => usize::from(up) - 1,
            };
            let grandparent = self.up[parent];
            if grandparent == 0 {
                return parent;
            }
            // Path halving: `a` skips its parent.
            self.up[a] = grandparent;
            a = usize::from(grandparent) - 1;
        }
    }
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.up[ra] = rb as u16 + 1;
        }
    }
}

/// The number of border cells of the largest board ([`ring_len`]).
const MAX_RING: usize = 4 * MAX_SIZE as usize;

/// Border cells as bits of a `u128`, bit `k` for cell `k`.
type Cells = u128;
const _: () = assert!(
    MAX_RING <= Cells::BITS as usize,
    "a ring's cells must fit in `Cells`"
);

/// The cells from `a` to `b` clockwise, `b` excluded, round a ring of
/// `ring` cells (`a != b`).
fn arc(a: u8, b: u8, ring: usize) -> Cells {
    let below = |k: u8| BELOW[usize::from(k)];
    if a < b {
        below(b) & !below(a)
    } else {
        (below(ring as u8) & !below(a)) | below(b)
    }
}

/// `BELOW[k]`: the cells below cell `k` (all of them from 128 on), looked
/// up rather than shifted (a `u128` shift by a variable is several
/// instructions); indexed by a `u8`, so never out of bounds.
static BELOW: [Cells; 256] = {
    let mut below = [!0; 256];
    let mut k = 0;
    while k < Cells::BITS as usize {
        below[k] = (1 << k) - 1;
        k += 1;
    }
    below
};

/// The first-line points of a board of `size` next to the border cells
/// `cells` (corners next to either of theirs).
fn edge_points(cells: Cells, size: u8) -> PointSet {
    let n = usize::from(size);
    let last = size - 1;
    // The `n` cells of an edge from cell `k` on, as bits from bit 0.
    let edge = |k: usize| (cells >> k) as u32 & ((1 << n) - 1);
    let mut points = PointSet::new();
    // The top edge runs left to right, the bottom one right to left.
    points.insert_row_bits(0, edge(0));
    points.insert_row_bits(last, edge(2 * n).reverse_bits() >> (32 - n));
    // The right edge runs top to bottom, the left one bottom to top.
    for (k, x, down) in [(n, last, true), (3 * n, 0, false)] {
        let mut bits = edge(k);
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            points.insert(Point::new(x, if down { i } else { last - i }));
        }
    }
    points
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
    insides_of(board, links, options).territory()
}

/// Each colour's territory points before they are cut into regions: the
/// first part of [`territory_of`], which [`Insides::territory`] finishes.
/// A question about one region ([`Insides::region_at`]) needs no more.
#[derive(Clone, Debug)]
pub struct Insides {
    size: u8,
    /// Each colour's points inside its walls (its regions are their
    /// connected parts, less those not kept).
    inside: [PointSet; 2],
    /// Each colour's wall cells: the empty cells of its links that are
    /// walls (of no dead stone).
    wall_cells: [PointSet; 2],
    /// The empty points.
    empty: PointSet,
    /// The stones taken as dead.
    dead: PointSet,
    /// [`TerritoryOptions::max_region`], or its default for the board.
    max_region: usize,
}

/// [`Insides`] of a position's territory, links held as in
/// [`territory_of`].
pub fn insides_of<'a>(
    board: &Board,
    links: impl IntoIterator<Item = &'a Link>,
    options: &TerritoryOptions,
) -> Insides {
    insides_sharing(board, links, options, &mut SharedWalls::default())
}

/// The walls of each colour found by the insides of one position with
/// several sets of dead stones ([`insides_sharing`]), by the colour's dead
/// stones: a colour's walls (its edge anchors with their wall components,
/// and its wall cells) depend on its own dead stones alone (its links
/// join its own stones); and the border arcs they claim, which depend on
/// them and on the border cells of the other colour's anchors alone.
#[derive(Clone, Debug, Default)]
pub struct SharedWalls {
    /// Each colour's walls found, one for each set of its dead stones.
    colours: [Vec<ColourWalls>; 2],
    /// The anchors of every walls found, each's in one run: border cell,
    /// stone and wall component (a chain head's index, of a stone of the
    /// walls' colour).
    anchors: Vec<(BorderCell, Point, usize)>,
}

/// One colour's walls in [`SharedWalls`].
#[derive(Clone, Debug)]
struct ColourWalls {
    /// The colour's dead stones.
    dead: PointSet,
    /// Its anchors: `anchors[start..end]` of the [`SharedWalls`].
    anchors: (usize, usize),
    /// The border cells of its anchors.
    held: Cells,
    /// Its wall cells.
    wall_cells: PointSet,
    /// The border cells it claimed, each with the border cells of the
    /// other colour's anchors it was found against.
    claims: SmallVec<[(Cells, Cells); 2]>,
}

/// [`insides_of`], sharing between the insides of one position (board,
/// links and [`TerritoryOptions`] but the dead stones): the walls of a
/// colour whose dead stones were those of insides found before with
/// `shared` are taken from it rather than found again from its stones and
/// links, and so are the border cells they claim when the other colour's
/// anchors hold the same cells as then; those found here are kept there.
pub fn insides_sharing<'a>(
    board: &Board,
    links: impl IntoIterator<Item = &'a Link>,
    options: &TerritoryOptions,
    shared: &mut SharedWalls,
) -> Insides {
    let size = board.size();
    let ring = usize::from(ring_len(size));
    // Living stones of each colour, and the empty points.
    let sets = board.point_sets();
    let (mut living, empty) = (sets.stones, sets.empty);
    // (The first territory has no dead stones: no look-ups then.)
    let any_dead = !options.dead.is_empty();
    // Each colour's dead stones, and its walls among the shared ones.
    let dead_of = sets.stones.map(|mut s| {
        s.intersect_with(&options.dead);
        s
    });
    let known: [Option<usize>; 2] = Color::BOTH.map(|c| {
        let i = c.index();
        shared.colours[i].iter().position(|w| w.dead == dead_of[i])
    });
    let reuse = known.map(|k| k.is_some());
    if any_dead {
        for l in &mut living {
            l.subtract(&options.dead);
        }
    }
    // Wall components: stones joined by chains (a stone's component is its
    // chain head's) and links.
    let mut walls = Walls::new();
    let head = |p: Point| board.chain_head(p).index();
    // Edge anchors (first-line stones and edge links): first those of the
    // colours whose walls are found here; then, of the others, those whose
    // claims are to be found.
    let mut lists = AnchorLists::new();
    // Only first-line stones have border cells.
    let first_line = first_line(size);
    for c in Color::BOTH {
        if reuse[c.index()] {
            continue;
        }
        let mut edge_stones = living[c.index()];
        edge_stones.intersect_with(&first_line.points);
        for p in &edge_stones {
            for b in border_cells(p, size) {
                lists.add(b, c, p, 0);
            }
        }
    }
    let mut wall_cells = [PointSet::new(), PointSet::new()];
    // (No link to walk when both colours' walls are shared; a shared
    // colour's links are passed over before their coefficient is read, a
    // branch that follows the links' order by colour.)
    if !(reuse[0] && reuse[1]) {
        for l in links
            .into_iter()
            .filter(|l| !reuse[l.color.index()] && l.coefficient >= options.min_link)
        {
            if any_dead && options.dead.contains(l.from) {
                continue;
            }
            match l.to {
                LinkEnd::Stone(q) => {
                    if any_dead && options.dead.contains(q) {
                        continue;
                    }
                    walls.union(head(l.from), head(q));
                }
                LinkEnd::Edge(b) => lists.add(b, l.color, l.from, 0),
            }
            wall_cells[l.color.index()].extend(l.wall.iter().copied());
        }
    }
    for a in &mut lists.anchors {
        a.wall = walls.find(head(a.stone));
    }
    // The walls found here, kept (with no claims yet); each colour's
    // walls' index among the shared ones. (Room for the anchors of a few
    // sets of dead stones at once.)
    if shared.anchors.capacity() == 0 {
        shared.anchors.reserve(4 * lists.anchors.len().max(32));
    }
    let entry: [usize; 2] = Color::BOTH.map(|c| {
        let i = c.index();
        if let Some(k) = known[i] {
            wall_cells[i] = shared.colours[i][k].wall_cells;
            return k;
        }
        // Only empty link cells are wall cells.
        wall_cells[i].intersect_with(&empty);
        let start = shared.anchors.len();
        shared.anchors.extend(
            lists
                .anchors
                .iter()
                .filter(|a| a.color == c)
                .map(|a| (a.cell, a.stone, a.wall)),
        );
        let [lo, hi] = lists.held_halves[i];
        shared.colours[i].push(ColourWalls {
            dead: dead_of[i],
            anchors: (start, shared.anchors.len()),
            held: Cells::from(lo) | Cells::from(hi) << 64,
            wall_cells: wall_cells[i],
            claims: SmallVec::new(),
        });
        shared.colours[i].len() - 1
    });
    let held: [Cells; 2] = Color::BOTH.map(|c| shared.colours[c.index()][entry[c.index()]].held);
    // Each colour's claimed border cells, if found before against the
    // other colour's anchors as they are now.
    let mut claimed: [Option<Cells>; 2] = Color::BOTH.map(|c| {
        let (own, other) = (c.index(), c.opponent().index());
        shared.colours[own][entry[own]]
            .claims
            .iter()
            .find(|(against, _)| *against == held[other])
            .map(|&(_, claimed)| claimed)
    });
    let todo = claimed.map(|c| c.is_none());
    if todo[0] || todo[1] {
        // The shared anchors of the colours whose claims are to be found.
        for color in Color::BOTH {
            if let (Some(k), true) = (known[color.index()], todo[color.index()]) {
                let (start, end) = shared.colours[color.index()][k].anchors;
                for &(b, stone, wall) in &shared.anchors[start..end] {
                    lists.add(b, color, stone, wall);
                }
            }
        }
        let found = claims(ring, held, todo, &lists);
        for color in Color::BOTH {
            let (own, other) = (color.index(), color.opponent().index());
            if todo[own] {
                claimed[own] = Some(found[own]);
                shared.colours[own][entry[own]]
                    .claims
                    .push((held[other], found[own]));
            }
        }
    }
    // (Every colour's found by now.)
    let claimed = claimed.map(Option::unwrap_or_default);

    // Each colour's territory points.
    let inside = insides_within(size, &wall_cells, &living, &claimed);
    Insides {
        size,
        inside,
        wall_cells,
        empty,
        dead: options.dead,
        max_region: options.max_region.unwrap_or(board.area() / 4),
    }
}

/// Each colour's territory points on a board of `size`: inside its walls
/// (its wall cells `wall_cells` and its `living` stones) and the border
/// cells it `claimed`. (Out of line, as [`claims`]: fewer instructions in
/// all than inlined into [`insides_sharing`].)
#[inline(never)]
fn insides_within(
    size: u8,
    wall_cells: &[PointSet; 2],
    living: &[PointSet; 2],
    claimed: &[Cells; 2],
) -> [PointSet; 2] {
    let on_board = PointSet::board(size);
    let ring_cells: Cells = !(!0 << ring_len(size));
    Color::BOTH.map(|color| {
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
        seeds.union_with(&edge_points(ring_cells & !claimed[own], size));
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
    })
}

/// The border cells each colour claims, of the colours `todo` (the
/// others' are their anchors' cells alone), given each colour's anchors'
/// cells `held` and the anchors of the colours to do in `lists`, round a
/// ring of `ring` cells. (Out of line: fewer instructions in all.)
#[inline(never)]
fn claims(ring: usize, held: [Cells; 2], todo: [bool; 2], lists: &AnchorLists) -> [Cells; 2] {
    let (anchors, first) = (&lists.anchors[..], &lists.first);
    // Claimed border arcs. Between two cells with anchors that are
    // consecutive around the ring (no anchor between them), colour c claims
    // the arc if both cells hold only c's anchors, two of them are different
    // stones of one wall (or one stone, and the arcs on both sides are
    // claimed so), and the arc is the shorter way round (a wall encloses the
    // side it cuts off, not the rest of the board). Every cell with c's
    // anchors is c's.
    let mut claimed = held;
    // The cells with anchors, in ring order.
    // With each, the colour whose anchors alone it holds: 1 Black, 2
    // White, 0 both (a word of the cells at a time: shifts of a `u64`).
    let mut cells = [0u8; MAX_RING];
    let mut only = [0u8; MAX_RING];
    let mut n = 0;
    // (A colour not to do holds no cell alone here, so it takes no pair.)
    let to_do = todo.map(|t| if t { u64::MAX } else { 0 });
    for half in [0, 64] {
        let (black, white) = ((held[0] >> half) as u64, (held[1] >> half) as u64);
        let (black_only, white_only) = (black & !white & to_do[0], white & !black & to_do[1]);
        let mut bits = black | white;
        while bits != 0 {
            let k = bits.trailing_zeros();
            cells[n] = (k + half) as u8;
            only[n] = (black_only >> k & 1) as u8 | ((white_only >> k & 1) as u8) << 1;
            bits &= bits - 1;
            n += 1;
        }
    }
    let list = move |cell: u8| {
        let mut i = first[usize::from(cell)];
        std::iter::from_fn(move || {
            let a = anchors.get(i as usize)?;
            i = a.next;
            Some(a)
        })
    };
    // Per colour, the pairs of consecutive cells (i, i + 1), as bit i, that
    // two different stones of one wall join, and those only one stone joins
    // (its own two anchors, as a lone 3-3 stone's links to both edges).
    let mut two: [u128; 2] = [0; 2];
    let mut one: [u128; 2] = [0; 2];
    if n >= 2 {
        for i in 0..n {
            let next = if i + 1 == n { 0 } else { i + 1 };
            // Both cells one colour's alone.
            let color = match (only[i], only[next]) {
                (1, 1) => Color::Black,
                (2, 2) => Color::White,
                _ => continue,
            };
            let (a, b) = (cells[i], cells[next]);
            // (`b - a` round the ring.)
            let (a_k, b_k) = (usize::from(a), usize::from(b));
            let length = if b_k >= a_k {
                b_k - a_k
            } else {
                b_k + ring - a_k
            };
            if length == 0 || 2 * length > ring {
                continue;
            }
            let mut joined = 0;
            for x in list(a) {
                for y in list(b) {
                    if x.wall == y.wall {
                        joined = if x.stone == y.stone { joined.max(1) } else { 2 };
                    }
                }
                if joined == 2 {
                    break;
                }
            }
            match joined {
                2 => two[color.index()] |= 1 << i,
                1 => one[color.index()] |= 1 << i,
                _ => {}
            }
        }
    }
    for color in Color::BOTH {
        let (two, one) = (two[color.index()], one[color.index()]);
        // One stone's two anchors claim the arc between them only when the
        // arcs on both sides are claimed (the stone is part of a wall
        // running along the edge on both sides of it).
        // (All pairs at once: bit i of `before` is pair i - 1's, of
        // `after` pair i + 1's, round the `n` pairs.)
        let mut claims = two;
        if n >= 3 {
            let before = (two << 1 | two >> (n - 1)) & BELOW[n];
            let after = two >> 1 | (two & 1) << (n - 1);
            claims |= one & before & after;
        }
        while claims != 0 {
            let i = claims.trailing_zeros() as usize;
            claims &= claims - 1;
            let next = if i + 1 == n { 0 } else { i + 1 };
            claimed[color.index()] |= arc(cells[i], cells[next], ring);
        }
    }

    claimed
}

impl Insides {
    /// The wall cells of `color`: the empty cells of its links with at
    /// least [`TerritoryOptions::min_link`] that end at no dead stone.
    pub fn wall_cells(&self, color: Color) -> &PointSet {
        &self.wall_cells[color.index()]
    }

    /// Whether a connected part of a colour's inside is a region: it holds
    /// an empty point and is no vast open area. (Two kept regions of
    /// different colours that share a point are neither's, as
    /// [`Insides::territory`] says.)
    fn keeps(&self, part: &PointSet) -> bool {
        // (Its size counted on the words it spans alone.)
        part.intersects(&self.empty) && part.common_counts([part])[0] <= self.max_region
    }

    /// The region of `color` holding `p` in [`Insides::territory`], if
    /// any; found without the other regions (unless the colours' insides
    /// meet, then with the other colour's regions that meet it).
    pub fn region_at(&self, color: Color, p: Point) -> Option<PointSet> {
        let (own, other) = (
            &self.inside[color.index()],
            &self.inside[color.opponent().index()],
        );
        if !own.contains(p) {
            return None;
        }
        let mut start = PointSet::new();
        start.insert(p);
        let region = start.fill_within(own);
        if !self.keeps(&region) {
            return None;
        }
        // Dropped if a region of the other colour shares a point with it.
        let mut shared = region;
        shared.intersect_with(other);
        while let Some(q) = shared.first() {
            let mut start = PointSet::new();
            start.insert(q);
            let part = start.fill_within(other);
            if self.keeps(&part) {
                return None;
            }
            shared.subtract(&part);
        }
        Some(region)
    }

    /// The territory: [`territory_of`] of the same position and options.
    pub fn territory(&self) -> Territory {
        self.territory_reusing([])
    }

    /// Whether `self` and `other` are of one board and region size, and
    /// neither's two colours' insides meet: then a colour's regions are the
    /// kept connected parts of its inside, the same in both where that
    /// inside is.
    fn regions_comparable(&self, other: &Insides) -> bool {
        self.size == other.size
            && self.max_region == other.max_region
            && self.empty == other.empty
            && !self.inside[0].intersects(&self.inside[1])
            && !other.inside[0].intersects(&other.inside[1])
    }

    /// [`Insides::territory`], a colour's regions taken from the first of
    /// `known` (other insides, each with the territory it made) whose inside
    /// of that colour is this one's, when the two are comparable (of one
    /// board and options but the dead stones, and neither's colours'
    /// insides meet): those regions are the same. Both colours' from one
    /// territory: that territory.
    pub fn territory_reusing<'k, K>(&self, known: K) -> Territory
    where
        K: IntoIterator<Item = (&'k Insides, &'k Territory)>,
        K::IntoIter: Clone,
    {
        let known = known.into_iter();
        let from: [Option<&Territory>; 2] = [0, 1].map(|c| {
            known
                .clone()
                .find(|(k, _)| k.inside[c] == self.inside[c] && self.regions_comparable(k))
                .map(|(_, t)| t)
        });
        if let [Some(black), Some(white)] = from {
            if std::ptr::eq(black, white) {
                return black.clone();
            }
        }
        let (size, inside, empty) = (self.size, &self.inside, self.empty);
        let max_region = self.max_region;
        // Their regions, in point order of their first point: the next region
        // starts at the lowest point left of either colour (Black's first when
        // both start at one point, which then lies in both: neither keeps it).
        // A colour whose regions are known takes its next known region
        // instead (the insides do not meet then: no two regions share a
        // first point).
        let mut regions = Vec::with_capacity(16);
        let mut left = *inside;
        // The next known region of each colour whose regions are known, by
        // its index in its territory.
        let next_known = |c: usize, from_index: usize| {
            from[c].and_then(|t: &Territory| {
                let k = t.regions[from_index..]
                    .iter()
                    .position(|r| r.color.index() == c)?;
                Some(from_index + k)
            })
        };
        let mut known_at = [next_known(0, 0), next_known(1, 0)];
        // Each colour's lowest point left (or its next known region's
        // first point), found again only for the colour just taken.
        let lowest_of = |c: usize, left: &PointSet, known_at: Option<usize>| match from[c] {
            Some(t) => known_at.and_then(|k| t.regions[k].points.first()),
            None => left.first(),
        };
        let mut lowest = [
            lowest_of(0, &left[0], known_at[0]),
            lowest_of(1, &left[1], known_at[1]),
        ];
        // Whether each colour's inside is no larger than `max_region`: then
        // none of its parts is too large, and their sizes need no count.
        let small = inside.map(|points| points.len() <= max_region);
        loop {
            let (color, start) = match (lowest[0], lowest[1]) {
                (Some(b), Some(w)) if w < b => (Color::White, w),
                (Some(b), _) => (Color::Black, b),
                (None, Some(w)) => (Color::White, w),
                (None, None) => break,
            };
            let c = color.index();
            if let (Some(t), Some(k)) = (from[c], known_at[c]) {
                regions.push(t.regions[k].clone());
                known_at[c] = next_known(c, k + 1);
                lowest[c] = lowest_of(c, &left[c], known_at[c]);
                continue;
            }
            // The region of `start` taken out of its colour's points left,
            // and whether it is kept. (A function of the colour's set,
            // called with each colour's in its own arm: with the colour's
            // index fixed, the set's words are read and written in place,
            // not each chosen between the two colours' words.)
            let take = |inside: &mut PointSet, small: bool| {
                let mut region = PointSet::new();
                region.insert(start);
                // A point with no neighbour inside is a region of its own
                // (the points of eyes, mostly), found without a fill.
                let kept = if start.neighbors().iter().any(|&n| inside.contains(n)) {
                    region = region.fill_within(inside);
                    inside.subtract(&region);
                    if small {
                        region.intersects(&empty)
                    } else {
                        self.keeps(&region)
                    }
                } else {
                    inside.remove(start);
                    empty.contains(start) && 1 <= max_region
                };
                (region, kept)
            };
            let (region, kept) = match color {
                Color::Black => {
                    let taken = take(&mut left[0], small[0]);
                    lowest[0] = left[0].first();
                    taken
                }
                Color::White => {
                    let taken = take(&mut left[1], small[1]);
                    lowest[1] = left[1].first();
                    taken
                }
            };
            if kept {
                regions.push(Region {
                    color,
                    points: region,
                });
            }
        }
        // A point claimed by both colours (possible only in odd walls) is
        // neither's. (A colour's regions lie in its inside: none is claimed by
        // both when the insides do not meet.)
        if inside[0].intersects(&inside[1]) {
            let mut claimed_by = [PointSet::new(), PointSet::new()];
            for r in &regions {
                claimed_by[r.color.index()].union_with(&r.points);
            }
            let mut both = claimed_by[0];
            both.intersect_with(&claimed_by[1]);
            regions.retain(|r| !r.points.intersects(&both));
        }
        // Each colour's points.
        let mut owned = [PointSet::new(), PointSet::new()];
        for r in &regions {
            owned[r.color.index()].union_with(&r.points);
        }
        // The map, a row at a time, its values row by row in one vector;
        // each colour's points counted as they are written. (Of a colour's
        // points, empty points and dead stones count: all of them, as an
        // inside holds no living stone, the living opponent stones being
        // outside and the own ones subtracted.)
        let side = usize::from(size);
        let mut values = vec![Owner::None; side * side];
        let mut counts = [0; 2];
        for (y, row) in values.chunks_exact_mut(side).enumerate() {
            for ((points, owner), count) in owned
                .iter()
                .zip([Owner::Black, Owner::White])
                .zip(&mut counts)
            {
                let mut bits = points.row_bits(y as u8);
                while bits != 0 {
                    row[bits.trailing_zeros() as usize] = owner;
                    *count += 1;
                    bits &= bits - 1;
                }
            }
        }
        let [black, white] = counts;
        debug_assert!(owned.iter().zip(counts).all(|(points, count)| {
            let mut counted = empty;
            counted.union_with(&self.dead);
            counted.intersect_with(points);
            counted.len() == count
        }));
        Territory {
            map: BoardMap::from_vec(size, values),
            regions,
            black,
            white,
        }
    }
}
