//! Eye room (seed 000 §3.3.2, fig. 22): patterns for group stones on the 2nd
//! and 3rd lines that still have space to make an eye towards the edge.

use keisei_board::diag::{SourceError, SourceErrors};
use keisei_board::pattern::{Pattern, PatternFile, PatternSet, Symbol};
use keisei_board::{
    Board, Color, MAX_SIZE, MIN_SIZE, NUM_CELLS, Point, PointSet, STRIDE, Symmetry,
};
use std::sync::OnceLock;

/// The built-in room patterns: (name in diagnostics, text).
pub const ROOM: (&str, &str) = (
    "crates/groups/patterns/room.pat",
    include_str!("../patterns/room.pat"),
);

/// A pattern's cells turned by a symmetry, as offsets from the anchor.
#[derive(Clone, Debug, PartialEq)]
struct Turn {
    /// The cells that must be off the board (`|`, `-`, `+`).
    off: Vec<(i32, i32)>,
    /// The labelled cells, each with the offset of its index
    /// ([`Point::index`]).
    open: Vec<(i32, i32, isize)>,
}

impl Turn {
    /// Whether the two turns have the same cells, in whatever order.
    fn same_cells(&self, other: &Turn) -> bool {
        fn sorted<T: Ord + Copy>(v: &[T]) -> Vec<T> {
            let mut v = v.to_vec();
            v.sort_unstable();
            v
        }
        sorted(&self.off) == sorted(&other.off) && sorted(&self.open) == sorted(&other.open)
    }
}

/// The number of board sizes.
const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;

/// On a board of one size, the points where each turn (of
/// [`RoomPatterns::turned`]) has its off-board cells off the board and its
/// labelled cells on it, within the patterns' edge reach; and all of them.
#[derive(Clone, Debug)]
struct Anchors {
    per_turn: Vec<PointSet>,
    any: PointSet,
    /// By point index, the turns anchored there as bits (bit `t` for turn
    /// `t`; empty when there are more than 64 turns).
    by_point: Vec<u64>,
}

/// The room patterns, compiled, with their `check:` and `area:` labels.
#[derive(Clone, Debug)]
pub struct RoomPatterns {
    set: PatternSet,
    /// Per pattern, the cells of its `check:` labels then its `area:`
    /// labels, as offsets from the anchor in the diagram's frame.
    cells: Vec<Vec<(i32, i32)>>,
    /// The cells of each pattern that a match needs off the board and its
    /// labelled cells (`cells`), turned by every symmetry, each distinct
    /// turn (set of cells) once: a stone at which no turn has its
    /// off-board cells off the board and its labelled cells open has no
    /// room, and is not matched.
    turned: Vec<Turn>,
    /// Per board size from [`MIN_SIZE`], made at first use: see
    /// [`Anchors`].
    anchors: [OnceLock<Anchors>; SIZES],
    /// See [`RoomPatterns::reach`].
    reach: i32,
    /// Whether every pattern is *plain*: its cells are `?`, the `@`
    /// anchor, off-board cells and upper-case labels its `check:` or
    /// `area:` lists. A plain pattern matches an own stone in every turn
    /// whose off-board cells are off the board and labelled cells on it:
    /// its rooms are the turns' labelled cells, found without matching.
    plain: bool,
}

fn labels(file: &PatternFile, p: &Pattern, key: &str) -> Result<Vec<(i32, i32)>, SourceError> {
    let Some(attr) = p.attribute(key) else {
        return Err(file.error_at(
            p.location(),
            format!("room pattern {:?} has no `{key}:` attribute", p.name()),
        ));
    };
    let mut out = Vec::new();
    for token in attr.value.split_whitespace() {
        let mut chars = token.chars();
        let offset = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => p.diagram().label_offset(c),
            _ => None,
        };
        match offset {
            Some(offset) => out.push(offset),
            None => {
                return Err(file.error_at(
                    attr.value_location,
                    format!("`{key}:` lists {token:?}; expected upper-case labels of this diagram"),
                ));
            }
        }
    }
    Ok(out)
}

impl RoomPatterns {
    /// Parses and checks a room-pattern file.
    pub fn parse(name: &str, text: &str) -> Result<RoomPatterns, SourceErrors> {
        let file = PatternFile::parse(name, text)?;
        let mut errors = SourceErrors::new();
        let mut cells = Vec::new();
        for p in file.patterns() {
            // Both attributes' errors are reported.
            match (labels(&file, p, "check"), labels(&file, p, "area")) {
                (Ok(mut c), Ok(a)) => {
                    c.extend(a);
                    cells.push(c);
                }
                (c, a) => {
                    errors.extend(c.err());
                    errors.extend(a.err());
                }
            }
        }
        let set = PatternSet::compile(&file)?;
        // The farthest cell a match reads: a constrained cell, or a labelled
        // check or area point (read for emptiness and eye space).
        let reach = file
            .patterns()
            .iter()
            .flat_map(|p| {
                p.diagram()
                    .labels()
                    .map(|(_, (dx, dy))| dx.abs().max(dy.abs()))
            })
            .fold(set.reach(), i32::max);
        let plain = file.patterns().iter().zip(&cells).all(|(p, labelled)| {
            let d = p.diagram();
            d.cells().all(|c| match c.symbol {
                Symbol::Any | Symbol::AnchorOwn => true,
                Symbol::AnyLabel(_) => labelled.contains(&(c.dx, c.dy)),
                s => s.is_off_board(),
            }) && d.cells().any(|c| c.symbol == Symbol::AnchorOwn)
        });
        let mut turned: Vec<Turn> = Vec::new();
        for (p, labelled) in file.patterns().iter().zip(&cells) {
            let off: Vec<(i32, i32)> = p
                .diagram()
                .cells()
                .filter(|c| c.symbol.is_off_board())
                .map(|c| (c.dx, c.dy))
                .collect();
            for symmetry in Symmetry::ALL {
                let turn = Turn {
                    off: off
                        .iter()
                        .map(|&(dx, dy)| symmetry.apply_offset(dx, dy))
                        .collect(),
                    open: labelled
                        .iter()
                        .map(|&(dx, dy)| {
                            let (dx, dy) = symmetry.apply_offset(dx, dy);
                            (dx, dy, dy as isize * STRIDE as isize + dx as isize)
                        })
                        .collect(),
                };
                // (A turn with the cells of one kept, in another order —
                // a pattern mirrored onto itself — is the same turn: it
                // would only be tried again.)
                if !turned.iter().any(|t| t.same_cells(&turn)) {
                    turned.push(turn);
                }
            }
        }
        errors.into_result(RoomPatterns {
            set,
            cells,
            turned,
            anchors: std::array::from_fn(|_| OnceLock::new()),
            reach,
            plain,
        })
    }

    /// The [`Anchors`] of a board of `size`.
    fn anchors(&self, size: u8) -> &Anchors {
        let i = usize::from(size.clamp(MIN_SIZE, MAX_SIZE) - MIN_SIZE);
        self.anchors[i].get_or_init(|| {
            // Room patterns stand on an edge: stones farther in match
            // nothing.
            let edge_reach = self.set.edge_reach().unwrap_or(i32::MAX);
            let n = i32::from(size);
            let mut any = PointSet::new();
            let per_turn: Vec<PointSet> = self
                .turned
                .iter()
                .map(|t| {
                    let mut points = PointSet::new();
                    for p in Point::all(size).filter(|p| p.edge_distance(size) < edge_reach) {
                        let on_board = |dx: i32, dy: i32| {
                            (0..n).contains(&(p.x() + dx)) && (0..n).contains(&(p.y() + dy))
                        };
                        if t.off.iter().all(|&(dx, dy)| !on_board(dx, dy))
                            && t.open.iter().all(|&(dx, dy, _)| on_board(dx, dy))
                        {
                            points.insert(p);
                        }
                    }
                    any.union_with(&points);
                    points
                })
                .collect();
            let mut by_point = Vec::new();
            if per_turn.len() <= 64 {
                by_point = vec![0u64; NUM_CELLS];
                for (t, points) in per_turn.iter().enumerate() {
                    for p in points {
                        by_point[p.index()] |= 1 << t;
                    }
                }
            }
            Anchors {
                per_turn,
                any,
                by_point,
            }
        })
    }

    /// How far (in columns or rows) from a stone its rooms look: the rooms
    /// of a set of stones depend only on the board and the eye space within
    /// this distance of them.
    pub fn reach(&self) -> i32 {
        self.reach
    }

    /// The built-in room patterns.
    ///
    /// # Panics
    /// If the embedded file is broken, which the crate's tests rule out.
    pub fn builtin() -> &'static RoomPatterns {
        static SET: OnceLock<RoomPatterns> = OnceLock::new();
        SET.get_or_init(|| RoomPatterns::parse(ROOM.0, ROOM.1).unwrap_or_else(|e| panic!("{e}")))
    }

    /// The rooms of the stones `stones` of `color`: for every match anchored on
    /// one of them whose check points and area are empty and outside
    /// `eye_space`, the area's points (plus the check points). Overlapping
    /// rooms share space, so the rooms returned are a largest set of pairwise
    /// disjoint ones ([`disjoint_rooms`]): their number does not depend on
    /// the order stones and matches are visited, so it follows the board's
    /// symmetries.
    pub fn rooms(
        &self,
        board: &Board,
        stones: &PointSet,
        color: Color,
        eye_space: &PointSet,
    ) -> Vec<PointSet> {
        let near = self.room_stones(board, stones, eye_space);
        self.rooms_at(board, &near, color, eye_space)
    }

    /// The stones of `stones` that may have a room with eye space
    /// `eye_space`: those at which some turn of a pattern has its
    /// off-board cells off the board and its labelled cells empty and
    /// outside `eye_space`. A stone left out has no room; whether a stone
    /// kept has one depends on the stones' colour too. Each stone is judged
    /// on its own: the stones of all groups of a colour may be judged at
    /// once, each group then taking its own ([`RoomPatterns::rooms_at`]).
    pub fn room_stones(&self, board: &Board, stones: &PointSet, eye_space: &PointSet) -> PointSet {
        let anchors = self.anchors(board.size());
        let mut near = *stones;
        near.intersect_with(&anchors.any);
        if near.is_empty() {
            return near;
        }
        // The points a room may hold: empty, outside the eye space.
        let mut open = board.point_sets().empty;
        open.subtract(eye_space);
        let mut out = PointSet::new();
        for s in &near {
            // A match makes a room only if its off-board cells are off the
            // board and its labelled cells open: a stone where no turn of a
            // pattern has them so has none (the anchors of a turn have its
            // cells on the board where they must be).
            if self.any_turn_at(anchors, s, |t| opens(t, s, &open)) {
                out.insert(s);
            }
        }
        out
    }

    /// Whether `f` holds for a turn anchored at `s` (each tried in turn
    /// order until one does).
    fn any_turn_at(&self, anchors: &Anchors, s: Point, mut f: impl FnMut(&Turn) -> bool) -> bool {
        if anchors.by_point.is_empty() {
            return self
                .turned
                .iter()
                .zip(&anchors.per_turn)
                .any(|(t, a)| a.contains(s) && f(t));
        }
        // Only the turns anchored at the stone.
        let mut turns = anchors.by_point[s.index()];
        while turns != 0 {
            if f(&self.turned[turns.trailing_zeros() as usize]) {
                return true;
            }
            turns &= turns - 1;
        }
        false
    }

    /// [`RoomPatterns::rooms`] of stones of `color` whose
    /// [`RoomPatterns::room_stones`] with this eye space are `near` (the
    /// other stones have no room: only these are matched).
    pub fn rooms_at(
        &self,
        board: &Board,
        near: &PointSet,
        color: Color,
        eye_space: &PointSet,
    ) -> Vec<PointSet> {
        let mut candidates = Vec::new();
        self.candidates_at(board, near, color, eye_space, &mut candidates);
        disjoint_rooms(&candidates)
    }

    /// The number of [`RoomPatterns::rooms_at`], with `buf` to work in
    /// (whatever it holds is dropped): a caller counting the rooms of many
    /// groups allocates once.
    pub fn room_count_at(
        &self,
        board: &Board,
        near: &PointSet,
        color: Color,
        eye_space: &PointSet,
        buf: &mut Vec<PointSet>,
    ) -> usize {
        buf.clear();
        self.candidates_at(board, near, color, eye_space, buf);
        match buf.len() {
            0 | 1 => buf.len(),
            _ => disjoint_rooms(buf).len(),
        }
    }

    /// The rooms of the matches anchored on `near` (stones of `color`),
    /// each once, pushed onto `candidates`.
    fn candidates_at(
        &self,
        board: &Board,
        near: &PointSet,
        color: Color,
        eye_space: &PointSet,
        candidates: &mut Vec<PointSet>,
    ) {
        let size = board.size();
        if self.plain {
            // Every turn anchored at a stone of `near` whose labelled
            // cells are open is a match's room.
            let anchors = self.anchors(size);
            let mut open = board.point_sets().empty;
            open.subtract(eye_space);
            for s in near {
                self.any_turn_at(anchors, s, |t| {
                    if opens(t, s, &open) {
                        let at = s.index() as isize;
                        let room: PointSet = t
                            .open
                            .iter()
                            .map(|&(.., delta)| Point::from_index((at + delta) as usize))
                            .collect();
                        if !candidates.contains(&room) {
                            candidates.push(room);
                        }
                    }
                    false
                });
            }
            return;
        }
        for s in near {
            for m in self.set.matches_at(board, s, color) {
                // The check points and the area, all on the board, empty
                // and outside the eye space.
                let free = |p: Point| board.is_empty(p) && !eye_space.contains(p);
                let mut room = PointSet::new();
                let all_free = self.cells[m.pattern].iter().all(|&(dx, dy)| {
                    let (dx, dy) = m.symmetry.apply_offset(dx, dy);
                    match Point::checked(m.anchor.x() + dx, m.anchor.y() + dy, size) {
                        Some(p) if free(p) => {
                            room.insert(p);
                            true
                        }
                        _ => false,
                    }
                });
                if all_free && !candidates.contains(&room) {
                    candidates.push(room);
                }
            }
        }
    }
}

/// Whether the labelled cells of turn `t` anchored at `s` are all in
/// `open` (the turn anchored there: its cells on the board).
fn opens(t: &Turn, s: Point, open: &PointSet) -> bool {
    let at = s.index() as isize;
    t.open
        .iter()
        .all(|&(.., delta)| open.contains(Point::from_index((at + delta) as usize)))
}

/// Search nodes allowed per group of overlapping rooms before the best set
/// found so far is taken (never reached by real shapes: rooms overlap only
/// their neighbours along one edge).
const SEARCH_BUDGET: usize = 100_000;

/// A largest set of pairwise disjoint rooms among `candidates`: each group of
/// rooms linked by overlaps is solved on its own, exactly, by branch and
/// bound. The size is a property of the candidates, not of their order (up to
/// [`SEARCH_BUDGET`]); which rooms are returned among equally large sets may
/// depend on it.
pub fn disjoint_rooms(candidates: &[PointSet]) -> Vec<PointSet> {
    if candidates.len() < 2 {
        return candidates.to_vec();
    }
    let n = candidates.len();
    let mut component = vec![usize::MAX; n];
    let mut out = Vec::new();
    for start in 0..n {
        if component[start] != usize::MAX {
            continue;
        }
        // The rooms linked to `start` by chains of overlaps.
        let mut members = vec![start];
        component[start] = start;
        let mut i = 0;
        while i < members.len() {
            let a = members[i];
            for b in 0..n {
                if component[b] == usize::MAX && candidates[a].intersects(&candidates[b]) {
                    component[b] = start;
                    members.push(b);
                }
            }
            i += 1;
        }
        let rooms: Vec<PointSet> = members.iter().map(|&m| candidates[m]).collect();
        let mut search = Search {
            rooms: &rooms,
            chosen: Vec::new(),
            best: Vec::new(),
            nodes: 0,
        };
        search.run(0, PointSet::new());
        out.extend(search.best.iter().map(|&k| rooms[k]));
    }
    out
}

struct Search<'a> {
    rooms: &'a [PointSet],
    chosen: Vec<usize>,
    best: Vec<usize>,
    nodes: usize,
}

impl Search<'_> {
    fn run(&mut self, i: usize, used: PointSet) {
        self.nodes += 1;
        if self.chosen.len() + (self.rooms.len() - i) <= self.best.len()
            || self.nodes > SEARCH_BUDGET
        {
            return;
        }
        if i == self.rooms.len() {
            self.best.clone_from(&self.chosen);
            return;
        }
        if !self.rooms[i].intersects(&used) {
            let mut with = used;
            with.union_with(&self.rooms[i]);
            self.chosen.push(i);
            self.run(i + 1, with);
            self.chosen.pop();
        }
        self.run(i + 1, used);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in patterns are plain, and their rooms found from the
    /// turns are as many as the matcher's, for single stones and whole
    /// colours, on random boards with random eye space.
    #[test]
    fn plain_patterns_have_the_rooms_matching_finds() {
        let plain = RoomPatterns::builtin();
        assert!(plain.plain);
        let matched = RoomPatterns {
            plain: false,
            ..plain.clone()
        };
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u32| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) % u64::from(n)) as u32
        };
        let mut rooms_seen = 0;
        for size in [7u32, 9, 13, 19] {
            for round in 0..12 {
                let mut b = Board::new(size).unwrap();
                let n = size as u8;
                for i in 0..(size * size * (2 + round % 4) / 8) {
                    let p = Point::new(next(size) as u8, next(size) as u8);
                    let c = if i % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let _ = b.play(c, p);
                }
                let mut eye_space = PointSet::new();
                for p in Point::all(n).filter(|&p| b.is_empty(p)) {
                    if next(6) == 0 {
                        eye_space.insert(p);
                    }
                }
                for c in Color::BOTH {
                    let stones = b.point_sets().stones[c.index()];
                    let count =
                        |r: &RoomPatterns, s: &PointSet| r.rooms(&b, s, c, &eye_space).len();
                    assert_eq!(count(plain, &stones), count(&matched, &stones));
                    for s in &stones {
                        let one: PointSet = [s].into_iter().collect();
                        let found = count(plain, &one);
                        assert_eq!(found, count(&matched, &one), "{s:?} on {b:?}");
                        rooms_seen += found;
                    }
                }
            }
        }
        assert!(rooms_seen > 20, "{rooms_seen} rooms");
    }
}
