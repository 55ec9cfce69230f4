//! The local game of an eye space, and the search that values it from first
//! principles: the verifier behind `keisei db verify`.
//!
//! # The model
//! An eye space is a small graph of points (at most [`MAX_POINTS`]), each empty
//! or holding an opponent stone. Around it stands the owner's **wall**, assumed
//! safe: one virtual chain that touches every *wall-adjacent* point and whose
//! only liberties are the empty wall-adjacent points of the space, the empty
//! points next to owner stones connected to it, and any **external eyes** the
//! question grants. **Marginal** points touch the opponent's outside: an
//! opponent stone there is connected out and can never be captured, so the
//! opponent can always occupy a marginal point safely.
//!
//! Both players move inside the space or pass; captures, suicide and simple
//! ko follow the rules of Go, and no move may repeat a position already on
//! the current line (positional superko), so every line ends. The owner
//! *survives* if the wall is never captured: two passes in a row end the game
//! with the wall standing (which makes seki count as survival).
//!
//! Results are cached by position. A move not played because it repeats a
//! position of the line makes the answer of its node depend on the line
//! (the graph-history interaction problem): the search tracks the depth of
//! the repeated position and keeps such an answer only at nodes no deeper
//! than it, where every line has it. Tracking costs little in most spaces
//! and much in a few with long cycles of captures, so it runs within
//! [`TRACKED_BUDGET`] nodes and [`REFUSED_LIMIT`] answers refused; a space
//! it cannot settle there is searched again keeping every answer (from the
//! answers already kept), the cheaper search that can be wrong in rare
//! spaces. Of 39,894 random spaces of 5 to 9 points with marginal
//! points and opponent stones, the search that keeps every answer gave 3
//! of them another value than a reference that keeps nothing a repetition
//! decided (5 with the killers below), the tracked search none
//! (`docs/results.md`, 2026-11-25).
//!
//! Each side tries first the move that last settled a node at the same
//! depth of the line (the *killer*: a killing move of the opponent, a
//! saving move of the owner, which tries it even before passing), then
//! its other moves in point order.
//!
//! # From survival to eyes
//! The space gives **2** eyes if the owner survives with no external eye,
//! **1** if it survives only with one external eye, **0** otherwise. The value
//! `[a,b]` is that count with the owner to move (`a`) and with the opponent to
//! move (`b`); it is `[M,M]` when the space still gives two eyes after the
//! opponent plays twice in a row. These are the second and third digits of
//! GNU Go's four-digit eye values (our `a` is its third digit, our `b` its
//! second), computed here by our own search.

use crate::hash::{NO_KO, Results, result_key};
use crate::value::{EyeValue, Eyes};

/// The largest eye space the local game handles.
pub const MAX_POINTS: usize = 16;
/// Plies after which an unfinished line counts as survival (an endless cycle).
/// A result cut off there is not cached, nor is anything above it on the
/// line, so the bound must lie beyond the lines real spaces play: in a
/// 9-point space filling, capturing and filling again runs past 64 plies,
/// and with 64 such spaces went past millions of nodes uncached (see the
/// test `a_nine_point_space_with_long_lines_is_searched_to_the_end`).
pub const MAX_DEPTH: u32 = 256;

/// Why an eye space cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpaceError {
    /// More than [`MAX_POINTS`] points.
    TooLarge(usize),
    /// No point of the space touches the owner's wall.
    NoWall,
    /// The search ran out of its node budget.
    Budget,
}

impl std::fmt::Display for SpaceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpaceError::TooLarge(n) => {
                write!(
                    f,
                    "eye space of {n} points is larger than the {MAX_POINTS} the search handles"
                )
            }
            SpaceError::NoWall => f.write_str("no point of the eye space touches the owner's wall"),
            SpaceError::Budget => f.write_str("the search ran out of its node budget"),
        }
    }
}

impl std::error::Error for SpaceError {}

/// An eye space as a graph: points `0..n`, adjacency, and which points touch
/// the wall or the opponent's outside. Sets of points are bitmasks.
#[derive(Clone, PartialEq, Eq)]
pub struct EyeSpace {
    n: usize,
    adj: [u16; MAX_POINTS],
    /// The neighbours of each set of points among the first eight
    /// (`[0]`) and the last eight (`[1]`), by the set's byte: the union of
    /// their `adj`.
    adj_bytes: Box<[[u16; 256]; 2]>,
    wall: u16,
    marginal: u16,
    opponent: u16,
}

impl std::fmt::Debug for EyeSpace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // `adj_bytes` is `adj` tabulated.
        f.debug_struct("EyeSpace")
            .field("n", &self.n)
            .field("adj", &self.adj)
            .field("wall", &self.wall)
            .field("marginal", &self.marginal)
            .field("opponent", &self.opponent)
            .finish_non_exhaustive()
    }
}

impl EyeSpace {
    /// A space of `n` points with the given adjacency lists (symmetric; only
    /// indices below `n`), wall-adjacent points, marginal points and opponent
    /// stones (as bitmasks).
    pub fn new(
        n: usize,
        neighbours: &[Vec<usize>],
        wall: u16,
        marginal: u16,
        opponent: u16,
    ) -> Result<EyeSpace, SpaceError> {
        if n > MAX_POINTS {
            return Err(SpaceError::TooLarge(n));
        }
        let all = if n == MAX_POINTS {
            u16::MAX
        } else {
            (1u16 << n) - 1
        };
        if wall & all == 0 {
            return Err(SpaceError::NoWall);
        }
        let mut adj = [0u16; MAX_POINTS];
        for (i, ns) in neighbours.iter().enumerate().take(n) {
            for &j in ns {
                if j < n && j != i {
                    adj[i] |= 1 << j;
                    adj[j] |= 1 << i;
                }
            }
        }
        let mut adj_bytes = Box::new([[0u16; 256]; 2]);
        for (half, table) in adj_bytes.iter_mut().enumerate() {
            for b in 1..256usize {
                // The set without its lowest point, plus that point's.
                let low = b.trailing_zeros() as usize;
                table[b] = table[b & (b - 1)] | adj[8 * half + low];
            }
        }
        Ok(EyeSpace {
            n,
            adj,
            adj_bytes,
            wall: wall & all,
            marginal: marginal & all,
            opponent: opponent & all,
        })
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the space has no point.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    #[inline]
    fn all(&self) -> u16 {
        // `n` is at most 16: the mask fits in 16 bits.
        ((1u32 << self.n) - 1) as u16
    }

    #[inline]
    fn neighbours(&self, set: u16) -> u16 {
        let [low, high] = set.to_le_bytes();
        (self.adj_bytes[0][usize::from(low)] | self.adj_bytes[1][usize::from(high)]) & !set
    }

    #[inline]
    fn chain(&self, stones: u16, start: usize) -> u16 {
        let mut c = 1u16 << start;
        loop {
            let grown = c | (self.neighbours(c) & stones);
            if grown == c {
                return c;
            }
            c = grown;
        }
    }

    /// The value `[a,b]` of the space and its vital points, by search.
    pub fn analyse(&self, budget: u64) -> Result<Analysis, SpaceError> {
        self.search(budget, true)
    }

    /// The value `[a,b]` of the space alone, by search, and the nodes used:
    /// what [`EyeSpace::analyse`] finds without the vital points, whose
    /// search (every first move of each side, settled) is about a third of
    /// the work.
    pub fn value(&self, budget: u64) -> Result<(EyeValue, u64), SpaceError> {
        self.search(budget, false).map(|a| (a.value, a.nodes))
    }

    /// The search with repetitions tracked, within [`TRACKED_BUDGET`] nodes
    /// (or `budget`, if smaller) and [`REFUSED_LIMIT`] answers refused;
    /// past either, the search that keeps every answer, within `budget`
    /// more nodes, starting from the answers the first kept. The nodes
    /// reported are both searches'.
    fn search(&self, budget: u64, vitals: bool) -> Result<Analysis, SpaceError> {
        let tracked = budget.min(TRACKED_BUDGET);
        let mut g0 = Game::new(self, 0, tracked, Order::Killers, Repetitions::Tracked);
        let mut g1 = Game::new(self, 1, tracked, Order::Killers, Repetitions::Tracked);
        match self.settle(&mut g0, &mut g1, vitals) {
            Err(SpaceError::Budget) => {
                // The answers the tracked search kept hold on every line:
                // the search that keeps every answer starts from them.
                for g in [&mut g0, &mut g1] {
                    g.repetitions = Repetitions::Ignored;
                    g.budget = g.nodes + budget;
                }
                self.settle(&mut g0, &mut g1, vitals)
            }
            found => found,
        }
    }

    /// One search with the given order and treatment of repetitions, its
    /// nodes added to `used` (also when it fails): what the tests compare.
    #[cfg(test)]
    fn search_with(
        &self,
        budget: u64,
        vitals: bool,
        order: Order,
        repetitions: Repetitions,
        used: &mut u64,
    ) -> Result<Analysis, SpaceError> {
        let mut g0 = Game::new(self, 0, budget, order, repetitions);
        let mut g1 = Game::new(self, 1, budget, order, repetitions);
        let found = self.settle(&mut g0, &mut g1, vitals);
        *used += g0.nodes + g1.nodes;
        found
    }

    /// The value (and, with `vitals`, the vital points) from the two
    /// survival games, without and with an external eye.
    fn settle(
        &self,
        g0: &mut Game<'_>,
        g1: &mut Game<'_>,
        vitals: bool,
    ) -> Result<Analysis, SpaceError> {
        let start = State {
            own: 0,
            opp: self.opponent,
            ko: NO_KO,
        };
        let def1 = eyes(g0, g1, start, Side::Owner)?;
        let att1 = eyes(g0, g1, start, Side::Opponent)?;
        // `[M,M]`: two eyes even when the opponent plays twice in a row (its
        // first move anywhere, then again). Only two eyes or fewer matters,
        // so the game without an external eye answers, and the first move
        // that brings the space below two settles it.
        let mut many = att1 >= 2;
        if many {
            for m in g0.moves(start, Side::Opponent) {
                let two = match g0.play(start, Side::Opponent, m) {
                    Some(Outcome::Continue(s)) => {
                        g0.survives(s, Side::Opponent, false, 0)?.survives
                    }
                    Some(Outcome::WallCaptured) => false,
                    None => continue,
                };
                if !two {
                    many = false;
                    break;
                }
            }
        }
        let mut defence = Vec::new();
        let mut attack = Vec::new();
        if vitals && def1 > att1 {
            for m in g0.moves(start, Side::Owner) {
                if let Some(Outcome::Continue(s)) = g0.play(start, Side::Owner, m) {
                    if eyes(g0, g1, s, Side::Opponent)? == def1 {
                        defence.push(m);
                    }
                }
            }
            for m in g0.moves(start, Side::Opponent) {
                let e = match g0.play(start, Side::Opponent, m) {
                    Some(Outcome::Continue(s)) => eyes(g0, g1, s, Side::Owner)?,
                    Some(Outcome::WallCaptured) => 0,
                    None => continue,
                };
                if e == att1 {
                    attack.push(m);
                }
            }
        }
        let to_eyes = |n: u8| {
            if many {
                Eyes::Many
            } else {
                Eyes::from_count(n)
            }
        };
        Ok(Analysis {
            value: EyeValue::new(to_eyes(def1), to_eyes(att1)),
            defence,
            attack,
            // Both games', the fallback's included (it goes on counting).
            nodes: g0.nodes + g1.nodes,
        })
    }
}

/// What [`EyeSpace::analyse`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// `[a,b]`.
    pub value: EyeValue,
    /// The owner's moves (point indices) that secure `a` when `a > b`.
    pub defence: Vec<usize>,
    /// The opponent's moves that hold the owner to `b` when `a > b`.
    pub attack: Vec<usize>,
    /// Search nodes used.
    pub nodes: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Owner,
    Opponent,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    own: u16,
    opp: u16,
    /// The point the side to move may not play (simple ko), or `NO_KO`.
    ko: u8,
}

enum Outcome {
    Continue(State),
    WallCaptured,
}

/// Number of eyes (0, 1, 2) of `s` with `side` to move.
fn eyes(g0: &mut Game<'_>, g1: &mut Game<'_>, s: State, side: Side) -> Result<u8, SpaceError> {
    if g0.survives(s, side, false, 0)?.survives {
        Ok(2)
    } else if g1.survives(s, side, false, 0)?.survives {
        Ok(1)
    } else {
        Ok(0)
    }
}

/// Whether `set` holds exactly one point (`u16::is_power_of_two` without the
/// population count it compiles to, which baseline x86-64 lacks).
#[inline]
#[expect(
    clippy::manual_is_power_of_two,
    reason = "`is_power_of_two` counts the bits, without a popcnt instruction on baseline x86-64"
)]
fn single(set: u16) -> bool {
    set != 0 && set & (set - 1) == 0
}

/// The indices of the set bits of a point set, lowest first.
struct Bits(u16);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            i
        })
    }
}

/// The moves a node tries ([`Game::tries`]): the point of `first` (at
/// most one), a pass if `pass`, then the points of `rest` in index order;
/// `None` is the pass.
struct Tries {
    first: u16,
    pass: bool,
    rest: Bits,
}

impl Iterator for Tries {
    type Item = Option<usize>;

    #[inline]
    fn next(&mut self) -> Option<Option<usize>> {
        if self.first != 0 {
            let m = self.first.trailing_zeros() as usize;
            self.first = 0;
            Some(Some(m))
        } else if self.pass {
            self.pass = false;
            Some(None)
        } else {
            self.rest.next().map(Some)
        }
    }
}

/// The positions on the current line of a search, with a filter that
/// answers most "not on the line" questions without reading the line: a
/// count of the positions on it per 256 buckets of their hash.
struct Line {
    keys: Vec<u64>,
    counts: [u16; 256],
}

impl Default for Line {
    fn default() -> Line {
        Line {
            keys: Vec::new(),
            counts: [0; 256],
        }
    }
}

impl Line {
    #[inline]
    fn bucket(key: u64) -> usize {
        // Fibonacci hashing: the top byte of the key times 2^64 / φ.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize
    }

    fn push(&mut self, key: u64) {
        self.counts[Line::bucket(key)] += 1;
        self.keys.push(key);
    }

    fn pop(&mut self) {
        if let Some(key) = self.keys.pop() {
            self.counts[Line::bucket(key)] -= 1;
        }
    }

    /// Where on the line `key` stands (its depth), if it does.
    #[inline]
    fn find(&self, key: u64) -> Option<u32> {
        if self.counts[Line::bucket(key)] == 0 {
            return None;
        }
        self.keys.iter().position(|&k| k == key).map(|i| i as u32)
    }
}

/// The node budget of the search with repetitions tracked (see the
/// module's documentation); a space it cannot settle within it, or whose
/// answers it refuses to keep more than [`REFUSED_LIMIT`] times, is
/// searched on keeping every answer (`docs/results.md`, 2026-11-25).
pub const TRACKED_BUDGET: u64 = 20_000;

/// How many answers the search with repetitions tracked may refuse to
/// keep (a repetition above their node decided them) before it gives up:
/// in spaces with long cycles of captures almost every answer depends on
/// the line, and tracking runs past millions of nodes.
pub const REFUSED_LIMIT: u64 = 3_000;

/// What the cache of results makes of an answer that a repetition decided
/// (a move not played because it would repeat a position of the line).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Repetitions {
    /// The answer is kept at a node no deeper than the repeated position:
    /// every line to that node holds the position, so every line gets the
    /// same answer there. Answers that depend on a position further up are
    /// found again on each line.
    Tracked,
    /// Every answer is kept, wherever the repeated position lies: cheaper,
    /// and wrong on another line in rare spaces with cycles of captures
    /// (the graph-history interaction problem).
    Ignored,
    /// No answer above a repetition is kept: the reference the tests
    /// compare with (far slower).
    #[cfg(test)]
    Refused,
}

/// The order in which the search tries moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// Point order, after the killer move of the side at the depth
    /// ([`Game::tries`]).
    Killers,
    /// Point order alone (tests compare the two).
    #[cfg(test)]
    Points,
}

/// The survival game with a fixed number of external eyes.
struct Game<'a> {
    space: &'a EyeSpace,
    external: u8,
    /// Results by position, side to move and pass flag.
    table: Results,
    /// Positions (stones and side to move) on the current line.
    path: Line,
    /// The last move of each side (owner, opponent) that settled a node at
    /// each depth, tried first at its depth.
    killers: [[u8; 2]; MAX_DEPTH as usize],
    order: Order,
    repetitions: Repetitions,
    /// Answers not kept because a repetition above their node decided them.
    refused: u64,
    nodes: u64,
    budget: u64,
}

impl<'a> Game<'a> {
    fn new(
        space: &'a EyeSpace,
        external: u8,
        budget: u64,
        order: Order,
        repetitions: Repetitions,
    ) -> Game<'a> {
        Game {
            space,
            external,
            table: Results::new(space.n),
            path: Line::default(),
            killers: [[NO_KO; 2]; MAX_DEPTH as usize],
            order,
            repetitions,
            refused: 0,
            nodes: 0,
            budget,
        }
    }

    /// Empty points where `side` may try to play (legality checked by
    /// `play`), in index order.
    fn moves(&self, s: State, _side: Side) -> Bits {
        let mut empty = self.space.all() & !(s.own | s.opp);
        if usize::from(s.ko) < self.space.n {
            empty &= !(1 << s.ko);
        }
        Bits(empty)
    }

    /// The moves of `side` in `s` in the order the search tries them: the
    /// move of `side` that last settled a node at `depth` (a killing move
    /// of the opponent, a saving move of the owner) first, if `side` may
    /// try it, then the others in point order; with `pass`, a pass right
    /// after that first move. Positions at one depth of a line are often
    /// alike, and the vital point of one is often the vital point of the
    /// next.
    #[inline]
    fn tries(&self, s: State, side: Side, depth: u32, pass: bool) -> Tries {
        let moves = self.moves(s, side).0;
        let k = self.killers[depth as usize][usize::from(side == Side::Opponent)];
        let first = if self.order == Order::Killers && usize::from(k) < self.space.n {
            moves & (1 << k)
        } else {
            0
        };
        Tries {
            first,
            pass,
            rest: Bits(moves & !first),
        }
    }

    /// Own stones connected to the wall, and the wall's liberty count up
    /// to 2 (the search asks only whether it is 0 or 1), external eyes
    /// included.
    fn wall_group(&self, own: u16, opp: u16) -> (u16, u32) {
        let sp = self.space;
        let empty = sp.all() & !(own | opp);
        let mut w = own & sp.wall;
        loop {
            let grown = w | (sp.neighbours(w) & own);
            if grown == w {
                break;
            }
            w = grown;
        }
        let libs = empty & (sp.wall | sp.neighbours(w));
        // Counted without a population count, which baseline x86-64 lacks.
        let counted = if libs == 0 {
            0
        } else if single(libs) {
            1
        } else {
            2
        };
        (w, counted + u32::from(self.external))
    }

    /// Plays `m` for `side`. `None` if illegal (suicide); `WallCaptured` if
    /// the opponent's move captures the wall.
    fn play(&self, s: State, side: Side, m: usize) -> Option<Outcome> {
        let sp = self.space;
        let bit = 1u16 << m;
        if (s.own | s.opp) & bit != 0 || s.ko as usize == m {
            return None;
        }
        let (mut own, mut opp) = (s.own, s.opp);
        let mut captured: u16 = 0;
        match side {
            Side::Opponent => {
                opp |= bit;
                let empty = sp.all() & !(own | opp);
                // The wall (with the own stones joined to it) is captured first.
                let (w, wall_libs) = self.wall_group(own, opp);
                if wall_libs == 0 {
                    return Some(Outcome::WallCaptured);
                }
                let mut rest = own & !w;
                while rest != 0 {
                    let c = sp.chain(own, rest.trailing_zeros() as usize);
                    rest &= !c;
                    if sp.neighbours(c) & empty == 0 {
                        captured |= c;
                    }
                }
                own &= !captured;
                let mine = sp.chain(opp, m);
                let empty = sp.all() & !(own | opp);
                if mine & sp.marginal == 0 && sp.neighbours(mine) & empty == 0 {
                    return None; // suicide
                }
            }
            Side::Owner => {
                own |= bit;
                let empty = sp.all() & !(own | opp);
                let mut rest = opp;
                while rest != 0 {
                    let c = sp.chain(opp, rest.trailing_zeros() as usize);
                    rest &= !c;
                    if c & sp.marginal == 0 && sp.neighbours(c) & empty == 0 {
                        captured |= c;
                    }
                }
                opp &= !captured;
                let (w, wall_libs) = self.wall_group(own, opp);
                let mine = sp.chain(own, m);
                let empty = sp.all() & !(own | opp);
                if mine & w != 0 {
                    if wall_libs == 0 {
                        return None;
                    }
                } else if sp.neighbours(mine) & empty == 0 {
                    return None;
                }
            }
        }
        // Simple ko: a lone stone that captured exactly one stone and has one liberty.
        let ko = if single(captured) {
            let (stones, empty) = match side {
                Side::Owner => (own, sp.all() & !(own | opp)),
                Side::Opponent => (opp, sp.all() & !(own | opp)),
            };
            let mine = sp.chain(stones, m);
            let libs = sp.neighbours(mine) & empty;
            let connected_out = match side {
                Side::Owner => mine & sp.wall != 0,
                Side::Opponent => mine & sp.marginal != 0,
            };
            if single(mine) && single(libs) && !connected_out {
                captured.trailing_zeros() as u8
            } else {
                NO_KO
            }
        } else {
            NO_KO
        };
        Some(Outcome::Continue(State { own, opp, ko }))
    }

    fn position_key(s: State, side: Side) -> u64 {
        u64::from(s.own) | u64::from(s.opp) << 16 | u64::from(side == Side::Owner) << 32
    }

    /// The depth on the line of the position that moving to `s` (with
    /// `side` to move next) would repeat, if any.
    fn repeats(&self, s: State, side: Side) -> Option<u32> {
        self.path.find(Self::position_key(s, side))
    }

    /// Whether the owner survives from `s` with `side` to move, at `depth`
    /// on the current line, and what the answer depends on besides the
    /// position ([`Found`]).
    fn survives(
        &mut self,
        s: State,
        side: Side,
        passed: bool,
        depth: u32,
    ) -> Result<Found, SpaceError> {
        if depth >= MAX_DEPTH {
            return Ok(Found {
                survives: true,
                cut: true,
                line: NOT_ON_LINE,
            });
        }
        let slot = self
            .table
            .locate(result_key(s.own, s.opp, s.ko, side == Side::Owner, passed));
        if let Some(r) = self.table.get(slot) {
            return Ok(Found::kept(r));
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(SpaceError::Budget);
        }
        self.path.push(Self::position_key(s, side));
        let found = self.search(s, side, passed, depth);
        self.path.pop();
        let found = found?;
        // Kept unless a line below was cut by the depth bound, or the
        // answer depends on a repetition of a position above this one
        // (another line to this position need not hold that position).
        if !found.cut && found.line >= depth {
            self.table.insert(slot, found.survives);
        } else if !found.cut {
            // Tracking gives up on a space whose cycles keep it from
            // keeping answers (the search is asked again keeping them all).
            self.refused += 1;
            if self.refused > REFUSED_LIMIT {
                return Err(SpaceError::Budget);
            }
        }
        Ok(found)
    }

    /// A move not played because it repeats the position at depth `at` of
    /// the line: the answer of the node that skips it depends on that
    /// position being on the line.
    fn repetition(&self, all: &mut Found, at: u32) {
        match self.repetitions {
            Repetitions::Tracked => all.line = all.line.min(at),
            Repetitions::Ignored => {}
            #[cfg(test)]
            Repetitions::Refused => all.cut = true,
        }
    }

    fn search(
        &mut self,
        s: State,
        side: Side,
        passed: bool,
        depth: u32,
    ) -> Result<Found, SpaceError> {
        // What the answer depends on: the one child that decides it (a
        // kill for the opponent, a saving move for the owner), or else
        // every child tried and every repetition skipped.
        let mut all = Found::kept(side == Side::Opponent);
        match side {
            Side::Opponent => {
                // The wall's last liberty is the external eye: fill it and capture.
                if self.external == 1 && self.wall_group(s.own, s.opp).1 == 1 {
                    return Ok(Found::kept(false));
                }
                for m in self.tries(s, side, depth, false).flatten() {
                    match self.play(s, side, m) {
                        Some(Outcome::WallCaptured) => return Ok(Found::kept(false)),
                        Some(Outcome::Continue(next)) => {
                            if let Some(at) = self.repeats(next, Side::Owner) {
                                self.repetition(&mut all, at);
                                continue;
                            }
                            let f = self.survives(next, Side::Owner, false, depth + 1)?;
                            if !f.survives {
                                self.killers[depth as usize][1] = m as u8;
                                return Ok(f);
                            }
                            all.join(f);
                        }
                        // Illegal.
                        None => {}
                    }
                }
                if !passed {
                    let next = State { ko: NO_KO, ..s };
                    let f = self.survives(next, Side::Owner, true, depth + 1)?;
                    if !f.survives {
                        return Ok(f);
                    }
                    all.join(f);
                }
            }
            Side::Owner => {
                // A pass answered by a pass ends the game: the wall stands.
                if passed {
                    return Ok(Found::kept(true));
                }
                // The move that last saved the wall at this depth, a pass,
                // then the other moves in point order.
                for t in self.tries(s, side, depth, true) {
                    let (next, pass) = match t {
                        None => (State { ko: NO_KO, ..s }, true),
                        Some(m) => match self.play(s, side, m) {
                            Some(Outcome::Continue(next)) => {
                                if let Some(at) = self.repeats(next, Side::Opponent) {
                                    self.repetition(&mut all, at);
                                    continue;
                                }
                                (next, false)
                            }
                            // Illegal (the owner's moves never capture the wall).
                            _ => continue,
                        },
                    };
                    let f = self.survives(next, Side::Opponent, pass, depth + 1)?;
                    if f.survives {
                        if let Some(m) = t {
                            self.killers[depth as usize][0] = m as u8;
                        }
                        return Ok(f);
                    }
                    all.join(f);
                }
            }
        }
        Ok(all)
    }
}

/// What [`Found::line`] holds for an answer no repetition decided.
const NOT_ON_LINE: u32 = u32::MAX;

/// An answer of the search, and what it depends on besides the position.
#[derive(Clone, Copy, Debug)]
struct Found {
    /// Whether the owner survives.
    survives: bool,
    /// Whether a line below was cut by the depth bound (or, in the tests'
    /// reference search, a repetition was met): the answer is kept nowhere
    /// above.
    cut: bool,
    /// The least depth of a position of the line that a move below would
    /// have repeated (and so was not played), or [`NOT_ON_LINE`].
    line: u32,
}

impl Found {
    /// An answer that depends on the position alone.
    fn kept(survives: bool) -> Found {
        Found {
            survives,
            cut: false,
            line: NOT_ON_LINE,
        }
    }

    /// `self`, depending also on what `other` depends on.
    fn join(&mut self, other: Found) {
        self.cut |= other.cut;
        self.line = self.line.min(other.line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A straight line of `n` points, every point touching the wall.
    fn line(n: usize) -> EyeSpace {
        let nb: Vec<Vec<usize>> = (0..n)
            .map(|i| {
                [i.wrapping_sub(1), i + 1]
                    .into_iter()
                    .filter(|&j| j < n)
                    .collect()
            })
            .collect();
        EyeSpace::new(n, &nb, (1 << n) - 1, 0, 0).unwrap()
    }

    fn value(s: &EyeSpace) -> String {
        s.analyse(1_000_000).unwrap().value.to_string()
    }

    #[test]
    fn straight_lines() {
        assert_eq!(value(&line(1)), "[1,1]");
        assert_eq!(value(&line(2)), "[1,1]");
        assert_eq!(value(&line(3)), "[2,1]");
        assert_eq!(value(&line(4)), "[2,2]");
    }

    #[test]
    fn straight_three_is_settled_by_its_middle_point() {
        let a = line(3).analyse(1_000_000).unwrap();
        assert_eq!(a.defence, vec![1]);
        assert_eq!(a.attack, vec![1]);
    }

    /// Two squares of four joined by a one-point path, one point marginal:
    /// its lines of play run past 64 plies. Searched to the end it takes
    /// some 47 000 nodes; with lines cut at 64 plies (and so nothing above
    /// a cut cached) it ran past 20 million and was valued as unknown.
    #[test]
    fn a_nine_point_space_with_long_lines_is_searched_to_the_end() {
        // Squares 0-1-3-2 and 5-6-8-7, joined by 3-4-6; points 3, 6 and 8
        // do not touch the wall; 7 is marginal.
        let adj: [u16; 9] = [6, 9, 9, 22, 72, 192, 304, 288, 192];
        let nb: Vec<Vec<usize>> = adj
            .iter()
            .map(|&m| (0..9).filter(|&j| m & (1 << j) != 0).collect())
            .collect();
        let s = EyeSpace::new(9, &nb, 0b1011_0111, 0b1000_0000, 0).unwrap();
        let a = s.analyse(crate::region::SEARCH_BUDGET).unwrap();
        assert!(a.nodes < 100_000, "{} nodes", a.nodes);
        assert_eq!(a.value.to_string(), "[2,1]");
    }

    /// The value alone is the analysed value, found with no more nodes;
    /// the lines cover `[1,1]` to `[M,M]`, the others marginal points and
    /// opponent stones.
    #[test]
    fn the_value_alone_is_the_analysed_value() {
        let mut spaces: Vec<EyeSpace> = (1..=8).map(line).collect();
        let nb: Vec<Vec<usize>> = (0..6usize)
            .map(|i| {
                [i.wrapping_sub(1), i + 1]
                    .into_iter()
                    .filter(|&j| j < 6)
                    .collect()
            })
            .collect();
        for (wall, marginal, opponent) in [(0b11_1111, 0b10_0000, 0b100), (0b01_1110, 0, 0b1_0010)]
        {
            spaces.push(EyeSpace::new(6, &nb, wall, marginal, opponent).unwrap());
        }
        let mut seen = std::collections::BTreeSet::new();
        for s in &spaces {
            let full = s.analyse(1_000_000).unwrap();
            let (value, nodes) = s.value(1_000_000).unwrap();
            assert_eq!(value, full.value, "{s:?}");
            assert!(nodes <= full.nodes, "{s:?}: {nodes} > {}", full.nodes);
            seen.insert(value.to_string());
        }
        for v in ["[1,1]", "[2,1]", "[2,2]", "[M,M]"] {
            assert!(seen.contains(v), "no space valued {v}: {seen:?}");
        }
    }

    /// One search of `space` with the given order and treatment of
    /// repetitions.
    fn searched(space: &EyeSpace, order: Order, repetitions: Repetitions) -> Analysis {
        space
            .search_with(1_000_000, true, order, repetitions, &mut 0)
            .unwrap()
    }

    /// With repetitions tracked, the answers do not depend on the order of
    /// the moves, and they are those of the reference search that keeps
    /// nothing a repetition decided: every shape of up to 6 points in each
    /// placement, all empty, with its first point marginal, and with its
    /// last point an opponent stone, searched with killers and in point
    /// order, agrees with the reference.
    #[test]
    fn tracked_repetitions_give_the_reference_values_in_any_order() {
        use crate::enumerate::{Placement, shapes};
        use crate::shape::{Content, Shape};
        let mut compared = 0;
        for n in 1..=6 {
            for placement in Placement::ALL {
                for shape in shapes(n, placement) {
                    let mut marginal = shape.points().to_vec();
                    marginal[0].marginal = true;
                    let mut opponent = shape.points().to_vec();
                    opponent[n - 1].content = Content::Opponent;
                    for s in [shape, Shape::new(marginal), Shape::new(opponent)] {
                        let Ok(space) = s.to_space(0) else { continue };
                        let reference = searched(&space, Order::Points, Repetitions::Refused);
                        for order in [Order::Killers, Order::Points] {
                            let a = searched(&space, order, Repetitions::Tracked);
                            assert_eq!(a.value, reference.value, "{space:?}");
                            assert_eq!(a.defence, reference.defence, "{space:?}");
                            assert_eq!(a.attack, reference.attack, "{space:?}");
                        }
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 1_000, "{compared} spaces compared");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 256,
            ..proptest::prelude::ProptestConfig::default()
        })]

        /// Random spaces of 5 to 7 points (a polyomino in the centre, on
        /// the edge or in the corner, with random marginal points and
        /// opponent stones): the search's value is the reference's.
        #[test]
        fn random_spaces_get_the_reference_values(
            n in 5usize..=7,
            pick in proptest::prelude::any::<proptest::sample::Index>(),
            placement in proptest::sample::select(crate::enumerate::Placement::ALL.to_vec()),
            marginal in proptest::prelude::any::<u16>(),
            opponent in proptest::prelude::any::<u16>(),
            sparse in proptest::prelude::any::<u16>(),
        ) {
            use crate::enumerate::{fixed_polyominoes, place};
            use crate::shape::{Content, Shape};
            let all = fixed_polyominoes(n);
            let cells: &Vec<(i8, i8)> = pick.get(&all);
            let mut points = place(cells, placement).points().to_vec();
            for (i, p) in points.iter_mut().enumerate() {
                p.marginal = marginal & sparse & (1 << i) != 0;
                if opponent & !sparse & (1 << i) != 0 {
                    p.content = Content::Opponent;
                }
            }
            let Ok(space) = Shape::new(points).to_space(0) else {
                return Ok(());
            };
            let reference = space.search_with(
                200_000,
                false,
                Order::Killers,
                Repetitions::Refused,
                &mut 0,
            );
            if let Ok(reference) = reference {
                let (value, _) = space.value(crate::region::SEARCH_BUDGET).unwrap();
                proptest::prop_assert_eq!(value, reference.value, "{:?}", space);
            }
        }
    }

    /// Two spaces of real games where keeping every answer went wrong, and
    /// the values the reference search finds:
    /// - the 3×3 corner with a dead opponent stone on its centre gives two
    ///   eyes whoever moves first; in point order, every answer kept, it
    ///   was `[2,1]` (the fixture `groups/dead-inside.sgf`);
    /// - an 8-point corner of a record (the top right of
    ///   `tom-9d-counted/107661022.sgf` at move 206, Black's) is `[1,0]`;
    ///   with killers, every answer kept, it was `[1,1]`.
    #[test]
    fn spaces_with_cycles_get_the_reference_values() {
        use crate::enumerate::{Placement, place};
        use crate::shape::{Content, Shape};
        let cells: Vec<(i8, i8)> = (0..3).flat_map(|y| (0..3).map(move |x| (x, y))).collect();
        let mut points = place(&cells, Placement::Corner).points().to_vec();
        for p in &mut points {
            if (p.x, p.y) == (1, 1) {
                p.content = Content::Opponent;
            }
        }
        let square = Shape::new(points).to_space(0).unwrap();
        let adj: [u16; 8] = [2, 13, 18, 50, 76, 72, 176, 64];
        let nb: Vec<Vec<usize>> = adj
            .iter()
            .map(|&m| (0..8).filter(|&j| m & (1 << j) != 0).collect())
            .collect();
        let corner = EyeSpace::new(8, &nb, 169, 129, 0).unwrap();
        for (space, value) in [(square, "[2,2]"), (corner, "[1,0]")] {
            let reference = searched(&space, Order::Killers, Repetitions::Refused);
            assert_eq!(reference.value.to_string(), value);
            let budget = crate::region::SEARCH_BUDGET;
            assert_eq!(space.analyse(budget).unwrap().value.to_string(), value);
            assert_eq!(space.value(budget).unwrap().0.to_string(), value);
        }
    }

    #[test]
    fn half_eye_and_false_eye() {
        // (!.) : a marginal point next to an eye point: a half eye.
        let s = EyeSpace::new(2, &[vec![1], vec![0]], 0b11, 0b01, 0).unwrap();
        assert_eq!(value(&s), "[1,0]");
        // (!) : a lone marginal point: a false eye.
        let s = EyeSpace::new(1, &[vec![]], 0b1, 0b1, 0).unwrap();
        assert_eq!(value(&s), "[0,0]");
    }
}
