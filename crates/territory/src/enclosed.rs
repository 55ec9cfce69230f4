//! Enclosed territory (seed 000 §3.1, after Yen & Hsu): regions closed by
//! one colour's stones, links and the board edge.
//!
//! The edge is not a wall by itself: an edge segment belongs to a colour's
//! wall only between two of its edge anchors (first-line stones and edge
//! links) of two different stones joined by the same wall, with no anchor of
//! the other colour between them. So a few stones on an empty board enclose
//! nothing (not even a lone 3-3 stone its corner), and a wall cut open leaks.

use crate::border::{BorderCell, border_cells, ring_len};
use crate::links::{Connections, LinkEnd};
use keisei_board::{Board, BoardMap, Color, MapCell, Point, PointSet};
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

/// Union–find over point indices.
struct Walls {
    parent: Vec<usize>,
}

impl Walls {
    fn new(n: usize) -> Walls {
        Walls {
            parent: (0..n).collect(),
        }
    }
    fn find(&mut self, a: usize) -> usize {
        let mut a = a;
        while self.parent[a] != a {
            self.parent[a] = self.parent[self.parent[a]];
            a = self.parent[a];
        }
        a
    }
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra] = rb;
        }
    }
}

/// The territory of both colours given the links of the position.
pub fn territory(
    board: &Board,
    connections: &Connections,
    options: &TerritoryOptions,
) -> Territory {
    let size = board.size();
    let ring = usize::from(ring_len(size));
    // Wall components: stones joined by chains and links.
    let mut walls = Walls::new(keisei_board::NUM_CELLS);
    for p in board.points() {
        if board.color(p).is_some() {
            walls.union(p.index(), board.chain_head(p).index());
        }
    }
    let mut anchors: Vec<(BorderCell, Color, Point)> = Vec::new();
    for p in board.points() {
        if let Some(c) = board.color(p) {
            if !options.dead.contains(p) {
                anchors.extend(border_cells(p, size).map(|b| (b, c, p)));
            }
        }
    }
    let mut wall_cells = [PointSet::new(), PointSet::new()];
    for l in connections
        .links
        .iter()
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
                walls.union(l.from.index(), q.index());
            }
            LinkEnd::Edge(b) => anchors.push((b, l.color, l.from)),
        }
        wall_cells[l.color.index()].extend(l.wall.iter().copied().filter(|&w| board.is_empty(w)));
    }

    // Claimed border arcs. Anchors are grouped by border cell; between two
    // cells that are consecutive around the ring (no anchor between them),
    // colour c claims the arc if both cells hold only c's anchors, two of
    // them are different stones of one wall, and the arc is the shorter way
    // round (a wall encloses the side it cuts off, not the rest of the board).
    let mut cells: Vec<(BorderCell, Vec<Anchor>)> = Vec::new();
    anchors.sort_by_key(|a| (a.0, a.1, a.2));
    for (b, c, p) in anchors {
        let comp = walls.find(p.index());
        match cells.last_mut() {
            Some((last, list)) if *last == b => list.push((c, comp, p)),
            _ => cells.push((b, vec![(c, comp, p)])),
        }
    }
    let mut claimed = [vec![false; ring], vec![false; ring]];
    for (b, list) in &cells {
        for &(c, _, _) in list {
            claimed[c.index()][usize::from(b.0)] = true;
        }
    }
    let n = cells.len();
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
            let only = |list: &Vec<Anchor>| list.iter().all(|x| x.0 == color);
            let joined =
                a.1.iter()
                    .any(|&(_, ca, pa)| b.1.iter().any(|&(_, cb, pb)| ca == cb && pa != pb));
            if only(&a.1) && only(&b.1) && joined {
                let mut k = usize::from(a.0.0);
                while k != usize::from(b.0.0) {
                    claimed[color.index()][k] = true;
                    k = (k + 1) % ring;
                }
            }
        }
    }

    let max_region = options.max_region.unwrap_or(board.area() / 4);
    let mut map = BoardMap::new(size, Owner::None);
    let mut regions = Vec::new();
    for color in Color::BOTH {
        let own = color.index();
        // The wall, once per point (the fills below ask again and again).
        let wall_set: PointSet = board
            .points()
            .filter(|&p| is_wall(board, p, color, &wall_cells[own], options))
            .collect();
        let wall = |p: Point| wall_set.contains(p);
        // The outside: everything reachable, without crossing the wall, from
        // a point that touches an unclaimed stretch of the edge or holds a
        // living opponent stone.
        let mut outside = PointSet::new();
        let mut stack: Vec<Point> = board
            .points()
            .filter(|&p| !wall(p))
            .filter(|&p| {
                let opponent_stone =
                    board.color(p) == Some(color.opponent()) && !options.dead.contains(p);
                opponent_stone || border_cells(p, size).any(|b| !claimed[own][usize::from(b.0)])
            })
            .collect();
        outside.extend(stack.iter().copied());
        while let Some(p) = stack.pop() {
            for q in p.neighbors() {
                if board.on_board(q) && !wall(q) && outside.insert(q) {
                    stack.push(q);
                }
            }
        }
        // Territory: neither wall stone nor outside; a wall cell counts only
        // when it does not face the outside (an edge link running inside).
        let inside_set: PointSet = board
            .points()
            .filter(|&p| {
                let living_own_stone = board.color(p) == Some(color) && !options.dead.contains(p);
                let boundary_cell = wall_cells[own].contains(p)
                    && p.neighbors().iter().any(|&q| outside.contains(q));
                !outside.contains(p) && !living_own_stone && !boundary_cell
            })
            .collect();
        let inside = |p: Point| inside_set.contains(p);
        let mut seen = PointSet::new();
        for start in board.points() {
            if seen.contains(start) || !inside(start) {
                continue;
            }
            let mut region = PointSet::new();
            let mut stack = vec![start];
            seen.insert(start);
            let mut has_empty = false;
            while let Some(p) = stack.pop() {
                region.insert(p);
                has_empty |= board.is_empty(p);
                for q in p.neighbors() {
                    if board.on_board(q) && !seen.contains(q) && inside(q) {
                        seen.insert(q);
                        stack.push(q);
                    }
                }
            }
            if has_empty && region.len() <= max_region {
                regions.push(Region {
                    color,
                    points: region,
                });
            }
        }
    }
    // A point claimed by both colours (possible only in odd walls) is neither's.
    let mut counts = BoardMap::new(size, 0u8);
    for r in &regions {
        for p in &r.points {
            counts[p] += 1;
        }
    }
    regions.retain(|r| r.points.iter().all(|p| counts[p] == 1));
    regions.sort_by_key(|r| r.points.first());
    let (mut black, mut white) = (0, 0);
    for r in &regions {
        for p in &r.points {
            // Empty points and dead stones count; nothing else is in a region.
            if board.is_empty(p) || options.dead.contains(p) {
                match r.color {
                    Color::Black => black += 1,
                    Color::White => white += 1,
                }
            }
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

/// Whether `p` is part of `color`'s wall: its living stone, or a cell a link
/// walls off that no living opponent stone touches (the opponent can step
/// into a link cell next to its stone).
fn is_wall(
    board: &Board,
    p: Point,
    color: Color,
    cells: &PointSet,
    options: &TerritoryOptions,
) -> bool {
    let alive = |q: Point, c: Color| board.color(q) == Some(c) && !options.dead.contains(q);
    alive(p, color)
        || (cells.contains(p) && !p.neighbors().iter().any(|&q| alive(q, color.opponent())))
}
