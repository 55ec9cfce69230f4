//! Tactical reading: can a chain be captured, can it be saved?
//!
//! Two questions are asked about a *target* chain:
//!
//! - [`attack`]: the target's opponent (the *attacker*) moves first. Can it
//!   capture the target, whatever the defender answers?
//! - [`defend`]: the target's owner (the *defender*) moves first. Can it make
//!   the target safe, whatever the attacker answers?
//!
//! Both answers combine into a [`Status`] ([`chain_status`]): `Safe`,
//! `Unsettled`, `Dead` or `Unknown`. [`Reader::status_map`] gives the status
//! of every chain as a [`BoardMap`].
//!
//! # What is read
//!
//! A depth-first AND/OR search on one working board: each move is played
//! with a journal of what it overwrote and taken back after its subtree (no
//! board copy per node; the journal's memory is reused across calls):
//!
//! - A chain with at least [`Limits::safe_liberties`] liberties (3 by
//!   default) is **safe**: the reader never attacks it. Chains with fewer
//!   liberties are read: with the default threshold, that is ataris, ladders,
//!   nets (geta), snapbacks, throw-ins and short fights where the target has
//!   one or two liberties.
//! - **Attacker candidates**: the target's liberties; before
//!   [`Limits::branch_depth`] plies, also the second-order liberties (empty
//!   points next to a liberty), which is where nets are found, and the
//!   liberty of each attacker chain next to the target that is itself in
//!   atari (saving a cutting stone). From `branch_depth` on, the attacker
//!   only plays on the target's liberties, which is exactly what a ladder
//!   needs and keeps long sequences linear.
//! - **Defender candidates**: capturing any adjacent attacker chain in atari,
//!   extending on each liberty, and (when the target has two or more
//!   liberties) counter-ataris on adjacent attacker chains with two liberties.
//!   A defender move that leaves the target in atari where the attacker may
//!   capture fails at once, without a search; this is what makes snapbacks
//!   come out right.
//! - Self-ataris of the attacker are never pruned (a throw-in is one); they
//!   are only ordered last.
//!
//! # Budget, depth and the answer "unknown"
//!
//! Every move played in the search is one node. When
//! [`Limits::node_budget`] nodes have been played, or a line reaches
//! [`Limits::max_depth`] plies, the answer is [`Outcome::Unknown`] unless it
//! was already proven. The defaults read a ladder across a 25×25 board to the
//! end.
//!
//! # Ko
//!
//! The board's simple-ko rule is respected and nothing more: there are no
//! ko threats, so the side that may take a ko first wins it. A target in
//! atari whose last liberty the attacker may not fill because of ko is not
//! captured at that node.

use crate::board::{Board, Journal, inner_index};
use crate::color::{Cell, Color};
use crate::footprint::Footprint;
use crate::map::{BoardMap, MapCell};
use crate::point::{Move, Point};
use crate::set::PointSet;

/// How far the reader may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The most moves one question may play (every move tried is one node).
    /// Default 20 000.
    pub node_budget: u32,
    /// The longest line read, in plies. Default 250, enough for a ladder from
    /// one corner of a 25×25 board to the other (about 100 plies).
    pub max_depth: u16,
    /// From this ply on, the attacker only plays on the target's liberties
    /// (no nets, no saving moves), which makes deep lines ladder-like and
    /// cheap. Default 12.
    pub branch_depth: u16,
    /// A chain with this many liberties is safe and never attacked
    /// (clamped to `2..=5`). Default 3: two-liberty chains are read, chains
    /// with three liberties are not.
    pub safe_liberties: u8,
}

impl Limits {
    /// The default limits, as a constant.
    pub const DEFAULT: Limits = Limits {
        node_budget: 20_000,
        max_depth: 250,
        branch_depth: 12,
        safe_liberties: 3,
    };

    /// These limits with another node budget.
    #[must_use]
    pub const fn with_budget(self, node_budget: u32) -> Limits {
        Limits {
            node_budget,
            ..self
        }
    }

    /// The liberty count from which a chain is safe, clamped to `2..=5`
    /// (a `const fn`: tables built at compile time use it).
    pub const fn threshold(&self) -> usize {
        match self.safe_liberties {
            t @ 2..=5 => t as usize,
            0..2 => 2,
            _ => 5,
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// The answer to one question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side that moves first gets its way by playing this move.
    /// [`defend`] answers `Success(Move::Pass)` when the target is safe
    /// without a move.
    Success(Move),
    /// The side that moves first cannot get its way (within what is read).
    Failure,
    /// The budget or the depth ran out before an answer was proven.
    Unknown,
}

impl Outcome {
    /// Whether this is [`Outcome::Success`].
    pub fn is_success(self) -> bool {
        matches!(self, Outcome::Success(_))
    }

    /// Whether this is [`Outcome::Failure`].
    pub fn is_failure(self) -> bool {
        self == Outcome::Failure
    }

    /// Whether this is [`Outcome::Unknown`].
    pub fn is_unknown(self) -> bool {
        self == Outcome::Unknown
    }

    /// The key move of a success, if it is a stone (not a pass).
    pub fn key_point(self) -> Option<Point> {
        match self {
            Outcome::Success(m) => m.point(),
            Outcome::Failure | Outcome::Unknown => None,
        }
    }
}

/// An [`Outcome`] with the number of nodes (moves played) it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    /// The answer.
    pub outcome: Outcome,
    /// Moves played by the search for this question.
    pub nodes: u32,
}

/// The tactical status of a chain, combining [`attack`] and [`defend`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Cannot be captured even if the attacker moves first.
    Safe,
    /// Captured if the attacker moves first (at `attack`), saved if the
    /// defender moves first (at `defence`).
    Unsettled {
        /// The attacker's key move.
        attack: Point,
        /// The defender's key move.
        defence: Point,
    },
    /// Captured even if the defender moves first.
    Dead,
    /// The budget or depth ran out, or the point holds no stone.
    Unknown,
}

impl Status {
    /// One letter for maps: `S` safe, `U` unsettled, `D` dead, `?` unknown.
    pub fn symbol(self) -> char {
        match self {
            Status::Safe => 'S',
            Status::Unsettled { .. } => 'U',
            Status::Dead => 'D',
            Status::Unknown => '?',
        }
    }
}

impl MapCell for Status {
    fn render_cell(&self) -> String {
        self.symbol().to_string()
    }
}

/// Can the target's opponent, moving first, capture the chain on `target`?
///
/// A point without a stone answers `Failure` with no nodes. Uses a fresh
/// [`Reader`] with a small cache; keep a [`Reader`] to ask many questions.
pub fn attack(board: &Board, target: Point, limits: &Limits) -> Reading {
    Reader::small().attack(board, target, limits)
}

/// Can the target's owner, moving first, make the chain on `target` safe?
///
/// A point without a stone answers `Failure` with no nodes.
pub fn defend(board: &Board, target: Point, limits: &Limits) -> Reading {
    Reader::small().defend(board, target, limits)
}

/// Can the chain on `target` be captured in a ladder (attacker moving first
/// and playing only ataris)? See [`Reader::ladder`].
pub fn ladder(board: &Board, target: Point, limits: &Limits) -> Reading {
    Reader::small().ladder(board, target, limits)
}

/// Whether [`ladder`] proves a capture with the default limits.
pub fn is_ladder_capture(board: &Board, target: Point) -> bool {
    ladder(board, target, &Limits::DEFAULT).outcome.is_success()
}

/// The [`Status`] of the chain on `target`; see [`Reader::chain_status`].
pub fn chain_status(board: &Board, target: Point, limits: &Limits) -> Status {
    Reader::small().chain_status(board, target, limits)
}

/// Cache size of [`Reader::small`], also used by the free functions.
const SMALL_CACHE_BITS: u32 = 8;
/// Cache size of [`Reader::new`].
const DEFAULT_CACHE_BITS: u32 = 16;
/// Largest cache a reader may ask for.
const MAX_CACHE_BITS: u32 = 24;
/// How many moves deep a new reader's journal goes before it grows: the
/// cut readings of an evaluation stay within it (a long ladder does not).
const JOURNAL_MOVES: usize = 32;

/// A reusable tactical reader: a working board on which the search plays
/// and takes back moves (a journal of what each move overwrote), and a
/// transposition cache of proven results
/// keyed by position, ko point, target, question and limits. Ask many
/// questions about one position through one reader: later answers reuse
/// earlier ones.
pub struct Reader {
    /// The board being read (none before the first question). Between
    /// questions, a copy of the last board asked about: each question takes
    /// back every move it played on it.
    board: Option<Board>,
    /// The [stamp](Board::stamp) of the board `board` is a copy of between
    /// questions (0 during one): a question about that board again reads
    /// it without copying it. (A copy but for the chain fields of empty
    /// points, which nothing reads: see [`Board::undo`].)
    copy_of: u64,
    journal: Journal,
    cache: Cache,
}

thread_local! {
    /// The journal and cache of the last reader with a small cache
    /// dropped on this thread, for the next [`Reader::small`].
    static SPARE: std::cell::Cell<Option<(Journal, Cache)>> =
        const { std::cell::Cell::new(None) };
}

impl Drop for Reader {
    /// A small cache and its journal are kept for the next
    /// [`Reader::small`] on this thread.
    fn drop(&mut self) {
        if self.cache.slots.len() == 1 << SMALL_CACHE_BITS {
            let parts = (
                std::mem::take(&mut self.journal),
                std::mem::replace(&mut self.cache, Cache::new(0)),
            );
            // At thread exit there is no next reader: the parts are
            // dropped.
            let _ = SPARE.try_with(|spare| spare.set(Some(parts)));
        }
    }
}

impl Default for Reader {
    fn default() -> Reader {
        Reader::new()
    }
}

impl std::fmt::Debug for Reader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reader")
            .field("journal_capacity", &self.journal.capacity())
            .field("cache_entries", &self.cache.slots.len())
            .finish_non_exhaustive()
    }
}

impl Reader {
    /// A reader with a cache of 65 536 entries (1 MiB).
    pub fn new() -> Reader {
        Reader::with_cache_bits(DEFAULT_CACHE_BITS)
    }

    /// A reader with a cache of 256 entries (4 KiB): for one position's
    /// questions, such as the cut readings of one evaluation (a few hundred
    /// nodes, few of them asked twice). Its cache is quicker to set up and
    /// stays in the processor's nearest cache beside the board, where
    /// [`Reader::new`]'s pays off only when a reader is kept for many
    /// positions.
    ///
    /// The journal and cache of the last small reader dropped on this
    /// thread are handed on to the next (a new cache's allocation and
    /// zeroing were half as much as a cut reading): the cache comes with
    /// a new [generation](Cache::renew), in which it holds nothing.
    pub fn small() -> Reader {
        match SPARE.try_with(std::cell::Cell::take).ok().flatten() {
            Some((mut journal, mut cache)) => {
                journal.clear();
                cache.renew();
                Reader {
                    board: None,
                    copy_of: 0,
                    journal,
                    cache,
                }
            }
            None => Reader::with_cache_bits(SMALL_CACHE_BITS),
        }
    }

    /// A reader with a cache of `2^bits` entries (16 bytes each); `0` turns
    /// the cache off. `bits` is capped at 24.
    pub fn with_cache_bits(bits: u32) -> Reader {
        Reader {
            board: None,
            copy_of: 0,
            journal: Journal::with_room(JOURNAL_MOVES),
            cache: Cache::new(bits.min(MAX_CACHE_BITS)),
        }
    }

    /// Forgets every cached result.
    pub fn clear_cache(&mut self) {
        self.cache.clear();
    }

    /// Can the target's opponent, moving first, capture the chain on
    /// `target`? A point without a stone answers `Failure` with no nodes.
    /// The board's side to move is ignored; its ko point is respected.
    pub fn attack(&mut self, board: &Board, target: Point, limits: &Limits) -> Reading {
        self.attack_recording(board, target, limits, None)
    }

    /// [`Reader::attack`], recording in `footprint` every point the answer
    /// depends on (see [`crate::footprint`]): on a board one move from
    /// `board` (a stone added, the chains it captures removed) that agrees
    /// with it there, the answer is the same. The attacker's chains are
    /// recorded as [counted chains](crate::footprint#counted-chains): the
    /// search compares their liberty counts with 1 and 2 only. The cache is
    /// not consulted while recording (it is still filled), so this is
    /// slower than [`Reader::attack`].
    pub fn attack_traced(
        &mut self,
        board: &Board,
        target: Point,
        limits: &Limits,
        footprint: &mut Footprint,
    ) -> Reading {
        self.attack_recording(board, target, limits, Some(footprint))
    }

    /// [`Reader::attack`] (recording in `footprint`, when given) of the
    /// stone `mover` plays on `p` of `board`: can the other side capture
    /// it? `None` when the move is illegal. The same answer as
    /// [`Reader::attack`] (or [`Reader::attack_traced`]) on a copy of
    /// `board` with the move played, without that copy: the move is played
    /// on the reader's working board.
    pub fn attack_after(
        &mut self,
        board: &Board,
        mover: Color,
        p: Point,
        limits: &Limits,
        mut footprint: Option<&mut Footprint>,
    ) -> Option<Reading> {
        let Reader {
            board: work,
            copy_of,
            journal,
            cache,
        } = self;
        let after = copy_into(work, copy_of, journal, board);
        if after.play_logged(mover, p, journal).is_err() {
            *copy_of = board.stamp();
            return None;
        }
        record_target(after, p, footprint.as_deref_mut());
        let reading = match needs_search(after, p, limits) {
            Ok(defender) => {
                let search =
                    Search::new(after, journal, cache, p, defender, limits, Question::Attack);
                search.attack_root(footprint)
            }
            Err(answer) => answer,
        };
        after.undo(journal);
        self.read_off(board);
        Some(reading)
    }

    fn attack_recording(
        &mut self,
        board: &Board,
        target: Point,
        limits: &Limits,
        mut footprint: Option<&mut Footprint>,
    ) -> Reading {
        record_target(board, target, footprint.as_deref_mut());
        match needs_search(board, target, limits) {
            Ok(defender) => {
                let reading = self
                    .search(board, target, defender, limits, Question::Attack)
                    .attack_root(footprint);
                self.read_off(board);
                reading
            }
            Err(answer) => answer,
        }
    }

    /// Can the target's owner, moving first, make the chain on `target` safe?
    /// `Success(Move::Pass)` means it is safe already (the attack fails
    /// without a defending move). A point without a stone answers `Failure`.
    pub fn defend(&mut self, board: &Board, target: Point, limits: &Limits) -> Reading {
        let Some(defender) = board.color(target) else {
            return Reading {
                outcome: Outcome::Failure,
                nodes: 0,
            };
        };
        if board.liberty_count(target) >= limits.threshold() {
            // What the search answers at its root, without copying a board.
            return Reading {
                outcome: Outcome::Success(Move::Pass),
                nodes: 0,
            };
        }
        let mut search = self.search(board, target, defender, limits, Question::Defend);
        let (mut val, mut mv) = search.defend_node(0);
        if val == Val::AttackerWins {
            // No move saves the chain; maybe none is needed (e.g. two
            // one-point eyes, or a seki-like shape where every defending move
            // is self-destructive).
            search.board.set_to_move(defender.opponent());
            let (attack, _) = search.attack_node(0);
            if attack != Val::AttackerWins {
                val = attack;
                mv = None;
            }
        }
        let nodes = search.nodes;
        self.read_off(board);
        Reading {
            outcome: val.outcome(Side::Defender, mv),
            nodes,
        }
    }

    /// Ladder reading: can the attacker, moving first, capture the chain on
    /// `target` playing only ataris (moves that leave it one liberty)? The
    /// defender answers with every defender candidate of the general reader
    /// (captures, extensions), so a ladder capture found here is also found
    /// by [`Reader::attack`]. A chain with three or more liberties is never a
    /// ladder. Much cheaper than [`Reader::attack`] on open positions.
    pub fn ladder(&mut self, board: &Board, target: Point, limits: &Limits) -> Reading {
        let Some(defender) = board.color(target) else {
            return Reading {
                outcome: Outcome::Failure,
                nodes: 0,
            };
        };
        if let Some(quick) = quick_attack(board, target, defender, 3) {
            return quick;
        }
        let mut search = self.search(board, target, defender, limits, Question::Ladder);
        let (val, mv) = search.attack_node(0);
        let nodes = search.nodes;
        self.read_off(board);
        Reading {
            outcome: val.outcome(Side::Attacker, mv),
            nodes,
        }
    }

    /// The [`Status`] of the chain on `target`: attack first; if it fails the
    /// chain is `Safe`, otherwise defend decides between `Unsettled` and
    /// `Dead`. Each question gets its own `limits.node_budget`. A point
    /// without a stone is `Unknown`.
    pub fn chain_status(&mut self, board: &Board, target: Point, limits: &Limits) -> Status {
        if board.color(target).is_none() {
            return Status::Unknown;
        }
        let attack = match self.attack(board, target, limits).outcome {
            Outcome::Failure => return Status::Safe,
            Outcome::Unknown => return Status::Unknown,
            Outcome::Success(m) => m.point(),
        };
        match (attack, self.defend(board, target, limits).outcome) {
            (_, Outcome::Failure) => Status::Dead,
            (Some(attack), Outcome::Success(Move::Play(defence))) => {
                Status::Unsettled { attack, defence }
            }
            // A pass cannot save a chain the attacker captures when moving
            // first; seeing one means the two searches disagreed (budget).
            _ => Status::Unknown,
        }
    }

    /// The [`Status`] of every chain, at each of its stones; empty points
    /// are `None`.
    pub fn status_map(&mut self, board: &Board, limits: &Limits) -> BoardMap<Option<Status>> {
        let mut map = BoardMap::new(board.size(), None);
        for head in board.chain_heads().collect::<Vec<_>>() {
            let status = self.chain_status(board, head, limits);
            for s in board.chain_stones(head) {
                map[s] = Some(status);
            }
        }
        map
    }

    fn search(
        &mut self,
        board: &Board,
        target: Point,
        defender: Color,
        limits: &Limits,
        question: Question,
    ) -> Search<'_> {
        let work = copy_into(&mut self.board, &mut self.copy_of, &mut self.journal, board);
        Search::new(
            work,
            &mut self.journal,
            &mut self.cache,
            target,
            defender,
            limits,
            question,
        )
    }
}

impl Reader {
    /// Marks the working board, once a question about `board` has taken
    /// back every move it played, as a copy of `board` again (the search
    /// changed its side to move only).
    fn read_off(&mut self, board: &Board) {
        if let Some(work) = &mut self.board {
            debug_assert!(self.journal.is_empty(), "a move left on the board");
            work.restore_to_move(board.to_move());
            debug_assert!(*work == *board);
            // A move left on the board (never, by the search's design)
            // would only cost a copy next time, not a wrong answer.
            if self.journal.is_empty() {
                self.copy_of = board.stamp();
            }
        }
    }
}

/// `slot`'s board made a copy of `board` (a new one the first time), with
/// an empty `journal`: copied only when it is not a copy of `board`
/// already (`copy_of`, which is 0 until the question is read off, see
/// [`Reader::read_off`]).
fn copy_into<'a>(
    slot: &'a mut Option<Board>,
    copy_of: &mut u64,
    journal: &mut Journal,
    board: &Board,
) -> &'a mut Board {
    let copied = std::mem::take(copy_of);
    journal.clear();
    match slot {
        Some(work) => {
            if copied == 0 || copied != board.stamp() {
                work.clone_from(board);
            }
            work
        }
        none => none.insert(board.clone()),
    }
}

// ----- the search ------------------------------------------------------------

/// What a search is asked: whether the attacker, moving first, captures the
/// target (with every attacker candidate, or ataris only), or whether the
/// defender, moving first, saves it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Question {
    Attack,
    Ladder,
    Defend,
}

/// Who moves at a node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Attacker,
    Defender,
}

/// The value of a node, independent of who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Val {
    AttackerWins,
    DefenderWins,
    Unknown,
}

impl Val {
    /// The outcome for the side that moved first at the root.
    fn outcome(self, side: Side, mv: Option<Point>) -> Outcome {
        let win = match (self, side) {
            (Val::Unknown, _) => return Outcome::Unknown,
            (Val::AttackerWins, Side::Attacker) | (Val::DefenderWins, Side::Defender) => true,
            (Val::AttackerWins, Side::Defender) | (Val::DefenderWins, Side::Attacker) => false,
        };
        if win {
            Outcome::Success(mv.map_or(Move::Pass, Move::Play))
        } else {
            Outcome::Failure
        }
    }
}

/// One question being read.
struct Search<'r> {
    /// The board at the node being read: moves are played on it and taken
    /// back.
    board: &'r mut Board,
    journal: &'r mut Journal,
    cache: &'r mut Cache,
    target: Point,
    attacker: Color,
    defender: Color,
    limits: Limits,
    threshold: usize,
    ladder: bool,
    nodes: u32,
    exhausted: bool,
    salt: u64,
    /// When recording a footprint: every point the search depends on. The
    /// transposition cache is not consulted then (a hit would hide what the
    /// cached subtree read).
    trace: Option<&'r mut Footprint>,
    /// What an attacker node knows of the defender node it calls next
    /// ([`Extension`]), taken by that node as it starts.
    extension: Option<Extension>,
    /// The one candidate of the defender node called next, when the
    /// attacker node knows it ([`Extensions::lone`]), taken by that node
    /// as it starts.
    lone: Option<Point>,
    /// The target's liberties and the attacker chains in atari next to
    /// it, when the defender node that calls the next attacker node knows
    /// them ([`Search::known_after`]), taken by that node as it starts.
    known: Option<Known>,
}

/// The target's liberties (their array and count, as
/// [`AtariHeads::with_liberties`] gives them, maybe in another order) and
/// the attacker chains in atari next to it.
type Known = ([Point; 4], usize, AtariHeads);

/// The liberties the target has once the defender extends on its last
/// liberty `at`, known to the attacker node whose move left it in atari:
/// that node counted them for its move's score
/// ([`Search::extension_liberties`], or the [`Escapes`] set counted whole),
/// with the move's point filled. A count of 1 is exact; one of the
/// threshold or more is at most the true count (a chain's liberties are
/// sampled). When the extension captures nothing (it then has those
/// liberties), either count decides the defender's move without playing
/// it: 1 is a self-atari, the threshold or more is safe.
#[derive(Clone, Copy, Debug)]
struct Extension {
    at: Point,
    liberties: i32,
}

impl<'r> Search<'r> {
    /// A search of one question on `board`, the reader's working board.
    fn new(
        board: &'r mut Board,
        journal: &'r mut Journal,
        cache: &'r mut Cache,
        target: Point,
        defender: Color,
        limits: &Limits,
        question: Question,
    ) -> Search<'r> {
        let attacker = defender.opponent();
        let ladder = question == Question::Ladder;
        board.restore_to_move(match question {
            Question::Attack | Question::Ladder => attacker,
            Question::Defend => defender,
        });
        let threshold = if ladder { 3 } else { limits.threshold() };
        let salt = mix((target.index() as u64)
            | (u64::from(ladder) << 16)
            | ((threshold as u64) << 17)
            | (u64::from(limits.branch_depth) << 24)
            | (u64::from(limits.max_depth) << 40));
        Search {
            board,
            journal,
            cache,
            target,
            attacker,
            defender,
            limits: *limits,
            threshold,
            ladder,
            nodes: 0,
            exhausted: false,
            salt,
            trace: None,
            extension: None,
            lone: None,
            known: None,
        }
    }

    /// The attack question at the root, recording in `footprint` (when
    /// given).
    fn attack_root(mut self, footprint: Option<&'r mut Footprint>) -> Reading {
        self.trace = footprint;
        let (val, mv) = self.attack_node(0);
        Reading {
            outcome: val.outcome(Side::Attacker, mv),
            nodes: self.nodes,
        }
    }

    /// Plays `p` for `color` on the board, one ply deeper until
    /// [`Search::take_back`]. Returns `false`
    /// (and plays nothing) if the move is illegal or the budget is spent
    /// (then `exhausted` is set).
    #[inline(never)]
    fn play(&mut self, color: Color, p: Point) -> bool {
        if self.nodes >= self.limits.node_budget {
            // Only a legal move spends the budget.
            if self.board.is_legal(color, p) {
                self.exhausted = true;
            }
            return false;
        }
        // `play_logged` checks legality and plays nothing if the move is
        // illegal.
        if self.board.play_logged(color, p, self.journal).is_err() {
            return false;
        }
        self.nodes += 1;
        // The checks made on the new board before (or instead of) a node's
        // own reading.
        self.trace_node(false);
        true
    }

    /// Takes back the last move [`Search::play`] played.
    #[expect(
        clippy::inline_always,
        reason = "once a move played; left to the compiler it stayed a call (-0.1 M refs inline)"
    )]
    #[inline(always)]
    fn take_back(&mut self) {
        self.board.undo(self.journal);
    }

    /// Records in the footprint (when there is one) everything a node on
    /// the board may read: the target chain and every chain next to it;
    /// every liberty of the target, as a move (its neighbours' chains:
    /// legality, self-atari, the extension estimate, the move itself); the
    /// liberties of adjacent chains with one or two liberties, as moves
    /// (captures, counter-ataris, saving a cutting stone); and, with
    /// `second_order` (an attacker node that may try nets), the empty points
    /// next to the liberties, as moves.
    #[inline]
    fn trace_node(&mut self, second_order: bool) {
        if self.trace.is_some() {
            self.trace_node_recording(second_order);
        }
    }

    /// [`Search::trace_node`] when there is a footprint (kept out of the
    /// plain search's way: it runs at every node).
    #[cold]
    #[inline(never)]
    fn trace_node_recording(&mut self, second_order: bool) {
        let Some(fp) = self.trace.as_deref_mut() else {
            return;
        };
        let b = &*self.board;
        let (t, a) = (self.target, self.attacker);
        // The chains and the moves read, each recorded once
        // ([`Footprint::moves_counted`]).
        let mut chains = PointSet::new();
        let mut moves = PointSet::new();
        chains.insert(t);
        for s in b.chain_stones(t) {
            for n in s.neighbors() {
                if b.color(n).is_some() {
                    chains.insert(n);
                    if b.liberty_count(n) <= 2 {
                        // (The board has logged moves on it: not
                        // [`Board::liberties`], which reads its sets.)
                        moves.union_with(&b.liberties_from_cells(n));
                    }
                } else if b.is_empty(n) {
                    moves.insert(n);
                    if second_order {
                        for q in n.neighbors() {
                            if b.is_empty(q) {
                                moves.insert(q);
                            }
                        }
                    }
                }
            }
        }
        fp.moves_counted(b, &moves, &chains, a);
    }

    fn key(&self, side: Side) -> u64 {
        let b = &*self.board;
        let mut k = self.key_without_ko(b.hash(), side);
        // (One colour at most has a ko point.)
        if let Some((p, c)) = b.ko() {
            k ^= mix(p.index() as u64 + 1 + (c.index() as u64) * 0x1_0000);
        }
        k | 1
    }

    /// [`Search::key`] of a board whose [hash](Board::hash) is `hash`, before
    /// its ko point is mixed in.
    #[inline]
    fn key_without_ko(&self, hash: u64, side: Side) -> u64 {
        let k = hash ^ self.salt;
        if side == Side::Defender {
            k ^ 0x5DEE_CE66_D1CE_4E5B
        } else {
            k
        }
    }

    /// The attacker moves on the board, `d` plies from the root. A node
    /// whose every candidate an extension refutes ([`Escapes`]) is won by
    /// the defender before its list is scored, and one whose saving moves
    /// and nets are all refuted plays its liberties without scoring them:
    /// the same moves in the same order, the same answer.
    fn attack_node(&mut self, d: usize) -> (Val, Option<Point>) {
        // For this node only (taken before any return).
        let known = self.known.take();
        // Nets (second-order liberties) are tried only here.
        self.trace_node(!self.ladder && d < usize::from(self.limits.branch_depth));
        let t = self.target;
        let libs = self.board.liberty_count(t);
        if libs >= self.threshold {
            return (Val::DefenderWins, None);
        }
        if libs <= 1 {
            let (l, n) = self.board.first_liberties::<1>(t);
            if n == 0 {
                return (Val::AttackerWins, None);
            }
            if self.board.is_legal(self.attacker, l[0]) {
                return (Val::AttackerWins, Some(l[0]));
            }
            // Ko: the attacker may not fill the last liberty now.
            return (Val::DefenderWins, None);
        }
        if d >= usize::from(self.limits.max_depth) {
            return (Val::Unknown, None);
        }
        let key = self.key(Side::Attacker);
        if self.trace.is_none() {
            if let Some(hit) = self.cache.probe(key, d) {
                return hit;
            }
        }
        // The target's liberties (fewer than the threshold, so all of them),
        // and the attacker chains in atari next to it, in one walk (unless
        // the defender's node knew them).
        let (lib_pts, n, ataris) = match known {
            Some(known) => {
                debug_assert!(self.known_agrees(libs, &known));
                known
            }
            None => AtariHeads::with_liberties(self.board, t, libs, self.attacker.cell()),
        };
        let lib_pts = &lib_pts[..n];
        // What the defender's extensions reach: the candidates they refute
        // are kept out of play (and not scored).
        // (Made at the last ply too, where the defender has no node left
        // to extend in: the node reads no set, and the set is built in its
        // place, not moved into an option.)
        let escapes = Escapes::new(self.board, t, lib_pts, self.defender, self.threshold);
        let escapes = (d + 1 < usize::from(self.limits.max_depth)).then_some(&escapes);
        let nets = !self.ladder && d < usize::from(self.limits.branch_depth);
        // Every candidate refuted (no move played): what the staged list
        // below comes to, without scoring it.
        if let Some(e) = escapes {
            if lib_pts
                .iter()
                .enumerate()
                .all(|(i, &a)| e.refute_liberty(i, a, self.threshold))
                && (!nets || self.later_stages_refuted(e, lib_pts, &ataris))
            {
                for &a in lib_pts {
                    debug_assert!(self.refuted_by_extension(a), "{a:?} refuted wrongly");
                }
                self.cache.store(key, d, Val::DefenderWins, None);
                return (Val::DefenderWins, None);
            }
        }
        // The candidates, best first, scored in stages: the liberties;
        // with nets, then the saving moves (each [`SAVING`]), then the nets
        // (at most [`net_max`]). The moves that score above all those not
        // scored yet are played before the next stage is scored: they come
        // first in the whole list too (the moves are played in the same
        // order), and one that wins leaves the later stages unscored.
        let mut cands = Candidates::new();
        let extensions = self.liberty_candidates(lib_pts, escapes, &mut cands);
        cands.sort();
        let mut left = if nets { Stage::Saving } else { Stage::Done };
        let mut live = cands.len_above(left.max_score(lib_pts));
        let mut next = 0;
        let mut unknown = false;
        loop {
            if next == live {
                match left {
                    Stage::Done => break,
                    Stage::Saving
                        if escapes
                            .is_some_and(|e| self.later_stages_refuted(e, lib_pts, &ataris)) =>
                    {
                        // Both stages would add refuted moves only, sorted
                        // after every move to play: the liberties left are
                        // played in the same order without them.
                        left = Stage::Done;
                        live = cands.len_above(REFUTED);
                        continue;
                    }
                    Stage::Saving => {
                        self.saving_candidates(escapes, &ataris, &mut cands);
                        left = Stage::Nets;
                        if cands.len + 4 * lib_pts.len() > MAX_CANDIDATES {
                            // The list may run out of room: the candidates
                            // in the order that decides which are dropped
                            // (the liberties first: those played so far
                            // keep their places).
                            cands = Candidates::new();
                            self.liberty_candidates(lib_pts, escapes, &mut cands);
                            self.net_candidates(lib_pts, escapes, &mut cands);
                            self.saving_candidates(escapes, &ataris, &mut cands);
                            left = Stage::Done;
                        }
                    }
                    Stage::Nets => {
                        self.net_candidates(lib_pts, escapes, &mut cands);
                        left = Stage::Done;
                    }
                }
                cands.sort();
                live = cands.len_above(left.max_score(lib_pts));
                continue;
            }
            let p = cands.point(next);
            next += 1;
            // Which of two liberties `p` is, and the defender's one move
            // after it, if known (on this board).
            let at = Extensions::index(lib_pts, p);
            let lone = at
                .and_then(|i| extensions.lone(lib_pts, i))
                .filter(|_| self.ataris_join(&ataris, p));
            if let Some(val) = lone.and_then(|_| self.atari_won(d, p, lib_pts, at?, &extensions)) {
                match val {
                    Val::AttackerWins => {
                        self.cache.store(key, d, Val::AttackerWins, Some(p));
                        return (Val::AttackerWins, Some(p));
                    }
                    // (Never: the defender's node was either read here
                    // or proven in the cache.)
                    Val::Unknown => unknown = true,
                    Val::DefenderWins => {}
                }
                continue;
            }
            let captured = self.board.captures(self.attacker);
            if !self.play(self.attacker, p) {
                if self.exhausted {
                    return (Val::Unknown, None);
                }
                continue;
            }
            // (The target, with two liberties or more, outlives one move.)
            debug_assert_eq!(self.board.color(t), Some(self.defender));
            // A move on one of two liberties that captured nothing: the
            // defender's extension on the other was counted for its score
            // (on this board, with `p` filled: the board now).
            if self.board.captures(self.attacker) == captured {
                self.extension = at.and_then(|i| extensions.after(lib_pts, i, self.threshold));
                self.lone = lone;
            }
            let val = self.defend_node(d + 1).0;
            self.take_back();
            match val {
                Val::AttackerWins => {
                    self.cache.store(key, d, Val::AttackerWins, Some(p));
                    return (Val::AttackerWins, Some(p));
                }
                Val::Unknown => {
                    if self.exhausted {
                        return (Val::Unknown, None);
                    }
                    unknown = true;
                }
                Val::DefenderWins => {}
            }
        }
        // Read to the end, the list is whole.
        for i in live..cands.len {
            let p = cands.point(i);
            debug_assert!(self.refuted_by_extension(p), "{p:?} refuted wrongly");
        }
        if unknown {
            (Val::Unknown, None)
        } else {
            self.cache.store(key, d, Val::DefenderWins, None);
            (Val::DefenderWins, None)
        }
    }

    /// What [`Escapes::refute`] claims, checked by playing: after the
    /// attacker's `p`, some liberty of the target is a legal extension to
    /// at least the threshold. Plays outside the node count and the trace
    /// (called by a debug assertion only).
    fn refuted_by_extension(&mut self, p: Point) -> bool {
        let t = self.target;
        if self
            .board
            .play_logged(self.attacker, p, self.journal)
            .is_err()
        {
            return true;
        }
        let (libs, n) = self.board.first_liberties::<5>(t);
        let mut holds = false;
        for &l in &libs[..n] {
            if self
                .board
                .play_logged(self.defender, l, self.journal)
                .is_ok()
            {
                holds |= self.board.liberty_count(t) >= self.threshold;
                self.board.undo(self.journal);
            }
        }
        self.board.undo(self.journal);
        holds
    }

    /// The attacker's atari `p`, on one of the target's two liberties, and
    /// the defender's node after it, answered without playing when the
    /// atari wins at once: the defender's one move is the extension on the
    /// other liberty, counted to a self-atari ([`Extension`]). That is when
    /// `p` captures nothing and is no self-atari, no attacker chain next to
    /// the target is left in atari (the caller has seen to that,
    /// [`Search::ataris_join`]), and the extension captures nothing. The nodes, the cache's entries and the
    /// answer are [`Search::defend_node`]'s after playing `p` (one node for
    /// `p`, one for the extension; the defender's node may be answered by
    /// the cache); `None` (nothing counted) when `p` is to be played: no
    /// such atari, a budget's last nodes, the last ply, or a footprint
    /// recording what each node reads.
    fn atari_won(
        &mut self,
        d: usize,
        p: Point,
        lib_pts: &[Point],
        i: usize,
        extensions: &Extensions,
    ) -> Option<Val> {
        let ext = extensions.atari(lib_pts, i)?;
        if self.trace.is_some()
            || d + 1 >= usize::from(self.limits.max_depth)
            || self.nodes + 1 >= self.limits.node_budget
        {
            return None;
        }
        let b = &*self.board;
        let (attacker, defender) = (self.attacker.cell(), self.defender.cell());
        // Legal (not the ko point; no self-atari has a liberty), and it
        // captures nothing (so it leaves no ko).
        let in_atari = |q: Point, cell: Cell| b.cell(q) == cell && b.liberty_count(q) == 1;
        if b.ko_point(self.attacker) == Some(p)
            || p.neighbors().iter().any(|&q| in_atari(q, defender))
            || ext.at.neighbors().iter().any(|&q| in_atari(q, attacker))
        {
            return None;
        }
        debug_assert!(self.atari_played(p, ext.at), "{p:?} {ext:?}");
        // The defender's node, on the board after `p` (no ko point).
        let b = &*self.board;
        let key = self.key_without_ko(b.hash_after(self.attacker, p), Side::Defender) | 1;
        if let Some((val, _)) = self.cache.probe(key, d + 1) {
            self.nodes += 1;
            return Some(val);
        }
        self.nodes += 2;
        self.cache.store(key, d + 1, Val::AttackerWins, None);
        Some(Val::AttackerWins)
    }

    /// What [`Search::atari_won`] claims, found by playing: after the
    /// attacker's `p`, the defender's one candidate is its extension on
    /// `at`, a self-atari the attacker may capture. Plays outside the node
    /// count (called by a debug assertion only).
    fn atari_played(&mut self, p: Point, at: Point) -> bool {
        if self
            .board
            .play_logged(self.attacker, p, self.journal)
            .is_err()
        {
            return false;
        }
        let mut cands = Candidates::new();
        self.defence_candidates(1, &mut cands);
        let alone = self.board.liberty_count(self.target) == 1
            && cands.len == 1
            && cands.point(0) == at
            && self.played_extension(at) == Some(false);
        self.board.undo(self.journal);
        alone
    }

    /// Whether every attacker chain in atari next to the target has its
    /// liberty on `p` (is next to it): none is left in atari by the
    /// attacker's `p` when it is no self-atari. `ataris` are those chains
    /// ([`AtariHeads`], found once by the node for all its moves).
    fn ataris_join(&self, ataris: &AtariHeads, p: Point) -> bool {
        let b = &*self.board;
        let cell = self.attacker.cell();
        let joined = match ataris.len {
            0 => true,
            // Five chains or more: `p` touches four at most.
            len if len > 4 => false,
            len => ataris.heads[..len].iter().all(|&h| {
                p.neighbors()
                    .iter()
                    .any(|&q| b.cell(q) == cell && b.chain_head(q) == h)
            }),
        };
        debug_assert_eq!(joined, {
            let mut next_to_p = [NO_POINT; 4];
            for (head, q) in next_to_p.iter_mut().zip(p.neighbors()) {
                if b.cell(q) == cell {
                    *head = b.chain_head(q);
                }
            }
            b.chain_stones(self.target).all(|s| {
                s.neighbors().iter().all(|&n| {
                    b.cell(n) != cell
                        || b.liberty_count(n) != 1
                        || next_to_p.contains(&b.chain_head(n))
                })
            })
        });
        joined
    }

    /// The defender moves on the board, `d` plies from the root.
    fn defend_node(&mut self, d: usize) -> (Val, Option<Point>) {
        // For this node only (taken before any return).
        let extension = self.extension.take();
        let lone = self.lone.take();
        self.trace_node(false);
        let t = self.target;
        let libs = self.board.liberty_count(t);
        if libs >= self.threshold {
            return (Val::DefenderWins, None);
        }
        if d >= usize::from(self.limits.max_depth) {
            return (Val::Unknown, None);
        }
        let key = self.key(Side::Defender);
        if self.trace.is_none() {
            if let Some(hit) = self.cache.probe(key, d) {
                return hit;
            }
        }
        let mut cands = Candidates::new();
        // Bit `i % 64` of the index `i` of each capture among the
        // candidates (a lone candidate is not looked at for one).
        let captures = match lone {
            // (Its score orders nothing.)
            Some(p) => {
                cands.push(p, 0);
                debug_assert!({
                    let mut all = Candidates::new();
                    self.defence_candidates(libs, &mut all);
                    all.len == 1 && all.point(0) == p
                });
                0
            }
            None => self.defence_candidates(libs, &mut cands),
        };
        // With a lone extension: the target's length and the defender's
        // prisoners before it ([`Search::known_after`]).
        let before = lone.map(|_| (self.board.chain_len(t), self.board.captures(self.defender)));
        let mut unknown = false;
        for i in 0..cands.len {
            let p = cands.point(i);
            if let Some(ext) = extension.filter(|e| e.at == p) {
                match self.count_extension(ext) {
                    Some(true) => {
                        self.cache.store(key, d, Val::DefenderWins, Some(p));
                        return (Val::DefenderWins, Some(p));
                    }
                    Some(false) => continue,
                    None => {}
                }
            }
            if captures & (1 << (p.index() % 64)) != 0 && self.capture_saves(p) {
                self.cache.store(key, d, Val::DefenderWins, Some(p));
                return (Val::DefenderWins, Some(p));
            }
            if !self.play(self.defender, p) {
                if self.exhausted {
                    return (Val::Unknown, None);
                }
                continue;
            }
            let after = &*self.board;
            let new_libs = after.liberty_count(t);
            if new_libs >= self.threshold {
                self.take_back();
                self.cache.store(key, d, Val::DefenderWins, Some(p));
                return (Val::DefenderWins, Some(p));
            }
            if new_libs == 1 {
                let (l, _) = after.first_liberties::<1>(t);
                if after.is_legal(self.attacker, l[0]) {
                    // Self-atari: captured at once.
                    self.take_back();
                    continue;
                }
            }
            if let Some(before) = before {
                self.known = self.known_after(p, before);
            }
            let val = self.attack_node(d + 1).0;
            self.take_back();
            match val {
                Val::DefenderWins => {
                    self.cache.store(key, d, Val::DefenderWins, Some(p));
                    return (Val::DefenderWins, Some(p));
                }
                Val::Unknown => {
                    if self.exhausted {
                        return (Val::Unknown, None);
                    }
                    unknown = true;
                }
                Val::AttackerWins => {}
            }
        }
        if unknown {
            (Val::Unknown, None)
        } else {
            self.cache.store(key, d, Val::AttackerWins, None);
            (Val::AttackerWins, None)
        }
    }

    /// What the attacker node after the defender's lone extension `e`
    /// (just played on the target's last liberty, leaving it fewer
    /// liberties than the threshold) needs to know of the target, without
    /// walking it: when `e` joined no other chain and captured nothing
    /// (`before`: the target's length and the defender's prisoners before
    /// `e`), the target's liberties are `e`'s empty neighbours, and the
    /// attacker chains in atari next to it are those next to `e`: none was
    /// before `e` (the attacker's move that left the target in atari left
    /// none, [`Extensions::lone`]), and `e` took a liberty from those next
    /// to it only. `None` when `e` joined or captured.
    #[inline]
    fn known_after(&self, e: Point, before: (usize, u32)) -> Option<Known> {
        let b = &*self.board;
        if b.chain_len(self.target) != before.0 + 1 || b.captures(self.defender) != before.1 {
            return None;
        }
        let attacker = self.attacker.cell();
        let mut libs = [e; 4];
        let mut n = 0;
        let mut ataris = AtariHeads {
            heads: [NO_POINT; 4],
            len: 0,
        };
        inner_index(e);
        for q in e.neighbors() {
            let c = b.cell(q);
            if c == Cell::Empty {
                libs[n] = q;
                n += 1;
            } else if c == attacker && b.liberty_count(q) == 1 {
                // (Three at most: one neighbour is the target's.)
                let h = b.chain_head(q);
                if !ataris.heads[..ataris.len].contains(&h) {
                    ataris.heads[ataris.len] = h;
                    ataris.len += 1;
                }
            }
        }
        debug_assert_eq!(n, b.liberty_count(self.target));
        Some((libs, n, ataris))
    }

    /// Whether `known` holds what [`AtariHeads::with_liberties`] finds on
    /// the target, which has `libs` liberties, liberties and heads in any
    /// order (called by a debug assertion only).
    fn known_agrees(&self, libs: usize, known: &Known) -> bool {
        let (walked, n, ataris) =
            AtariHeads::with_liberties(self.board, self.target, libs, self.attacker.cell());
        let sorted = |points: &[Point]| {
            let mut v = points.to_vec();
            v.sort_unstable();
            v
        };
        n == known.1
            && sorted(&walked[..n]) == sorted(&known.0[..known.1])
            && ataris.len == known.2.len
            && sorted(&ataris.heads[..ataris.len]) == sorted(&known.2.heads[..known.2.len])
    }

    /// The defender's extension `ext` (its move on the target's last
    /// liberty) counted as a node without playing it, when what it gives
    /// is known: `Some(true)` when it makes the target safe (the threshold
    /// of liberties), `Some(false)` when it is a self-atari the attacker
    /// captures at once (what [`Search::defend_node`] finds by playing it);
    /// `None` (nothing counted) when it must be played: it captures (then
    /// it has more liberties than counted), it is a budget's last node,
    /// or a footprint records what each node reads.
    #[inline]
    fn count_extension(&mut self, ext: Extension) -> Option<bool> {
        let b = &*self.board;
        inner_index(ext.at);
        let captures = ext
            .at
            .neighbors()
            .iter()
            .any(|&q| b.cell(q) == self.attacker.cell() && b.liberty_count(q) == 1);
        if captures || self.trace.is_some() || self.nodes >= self.limits.node_budget {
            return None;
        }
        // A legal move (it has a liberty; nothing was captured by the
        // attacker's move, so there is no ko), one node. With one liberty
        // left, the attacker's capture there is legal too (it captures,
        // and the extension made no ko).
        self.nodes += 1;
        let safe = ext.liberties >= self.threshold as i32;
        debug_assert_eq!(self.played_extension(ext.at), Some(safe), "{ext:?}");
        Some(safe)
    }

    /// The defender's capture `p` counted as a node without playing it,
    /// when it surely makes the target safe: `true` (one node counted)
    /// when the liberties the target is sure to have after it reach the
    /// threshold, what [`Search::defend_node`] finds by playing it. Those
    /// are its liberties other than `p`, the captured stones next to it
    /// (or, when `p` joins it, next to `p`), and `p`'s empty neighbours
    /// when `p` joins it: distinct points, each a liberty after the
    /// capture (a chain the move joins besides adds some more). `false`
    /// (nothing counted) when `p` captures nothing, is the ko point, when
    /// that count is short of the threshold, on a budget's last node, or
    /// when a footprint records what each node reads.
    #[inline]
    fn capture_saves(&mut self, p: Point) -> bool {
        let b = &*self.board;
        let att = self.attacker.cell();
        // The captured chains' heads (a chain may touch `p` twice).
        let mut heads = [NO_POINT; 4];
        let mut n = 0;
        inner_index(p);
        for q in p.neighbors() {
            if b.cell(q) == att && b.liberty_count(q) == 1 {
                let h = b.chain_head(q);
                if !heads[..n].contains(&h) {
                    heads[n] = h;
                    n += 1;
                }
            }
        }
        if n == 0
            || self.trace.is_some()
            || self.nodes >= self.limits.node_budget
            || b.ko_point(self.defender) == Some(p)
        {
            return false;
        }
        let (own, head) = (self.defender.cell(), b.chain_head(self.target));
        let next_to_target = |q: Point| {
            inner_index(q);
            q.neighbors()
                .iter()
                .any(|&r| b.cell(r) == own && b.chain_head(r) == head)
        };
        let joins = next_to_target(p);
        let mut count = b.liberty_count(self.target) - usize::from(joins);
        if joins {
            count += p
                .neighbors()
                .iter()
                .filter(|&&q| b.cell(q) == Cell::Empty && !next_to_target(q))
                .count();
        }
        let safe = heads[..n].iter().any(|&h| {
            b.chain_stones(h).any(|s| {
                if (joins && s.neighbors().contains(&p)) || next_to_target(s) {
                    count += 1;
                }
                count >= self.threshold
            })
        }) || count >= self.threshold;
        if safe {
            // A legal move (a capture, not on the ko point): one node.
            debug_assert_eq!(self.played_extension(p), Some(true), "{p:?}");
            self.nodes += 1;
        }
        safe
    }

    /// What [`Search::count_extension`] claims, found by playing the
    /// defender's move `at` as [`Search::defend_node`] does: `Some(true)`
    /// when it reaches the threshold, `Some(false)` for a self-atari the
    /// attacker may capture, else `None`. Plays outside the node count
    /// (called by a debug assertion only).
    fn played_extension(&mut self, at: Point) -> Option<bool> {
        self.board
            .play_logged(self.defender, at, self.journal)
            .ok()?;
        let b = &*self.board;
        let libs = b.liberty_count(self.target);
        let found = if libs >= self.threshold {
            Some(true)
        } else if libs == 1 && b.is_legal(self.attacker, b.first_liberties::<1>(self.target).0[0]) {
            Some(false)
        } else {
            None
        };
        self.board.undo(self.journal);
        found
    }

    /// Whether the attacker's `p` is refuted by an extension ([`Escapes`]).
    /// A refuted move keeps its place in the candidate list (the list's
    /// room is spent as before) with the score that sorts it last.
    #[inline]
    fn refuted(&self, escapes: Option<&Escapes>, p: Point) -> bool {
        escapes.is_some_and(|e| e.refute(self.board, p, self.defender, self.threshold))
    }

    /// The attacker's moves on the liberties `lib_pts` (2 or more) of the
    /// target, into `cands` (filled in place: a returned list was copied);
    /// returns the defender's extensions counted for their scores.
    fn liberty_candidates(
        &self,
        lib_pts: &[Point],
        escapes: Option<&Escapes>,
        cands: &mut Candidates,
    ) -> Extensions {
        let board = &*self.board;
        let libs = lib_pts.len();
        let mut extensions = Extensions {
            liberties: [-1; 2],
            self_atari: [false; 2],
        };
        for (i, &a) in lib_pts.iter().enumerate() {
            let score = if escapes.is_some_and(|e| e.refute_liberty(i, a, self.threshold)) {
                REFUTED
            } else if libs == 2 {
                // Atari from the side that leaves the defender the fewest
                // liberties when it extends on the other liberty: the
                // other liberty's extension set less `a` when the set was
                // counted whole (it holds `a`, the other liberties and
                // what [`Search::extension_liberties`] counts, each once).
                let other = lib_pts[1 - i];
                let escape = match escapes.and_then(|e| e.whole_size(1 - i, self.threshold)) {
                    Some(size) => size - 1,
                    None => self.extension_liberties(board, other, lib_pts, a),
                };
                debug_assert_eq!(escape, self.extension_liberties(board, other, lib_pts, a));
                extensions.liberties[i] = escape;
                let mut s = 200 - 20 * escape;
                // (A move that captures is no self-atari.)
                let self_atari = match escapes {
                    Some(e) => e.self_atari[i],
                    None => is_self_atari(board, self.attacker, a),
                };
                debug_assert_eq!(self_atari, is_self_atari(board, self.attacker, a));
                if self_atari {
                    extensions.self_atari[i] = true;
                    s -= 100;
                }
                s
            } else {
                100 + 10 * empty_neighbours(board, a)
            };
            cands.push(a, score);
        }
        extensions
    }

    /// Nets: the attacker's moves on the second-order liberties of the
    /// target (empty points next to its liberties `lib_pts`), into `cands`.
    /// None scores above [`net_max`].
    fn net_candidates(&self, lib_pts: &[Point], escapes: Option<&Escapes>, cands: &mut Candidates) {
        let board = &*self.board;
        let refuted = |p: Point| self.refuted(escapes, p);
        for &a in lib_pts {
            for n in a.neighbors() {
                if board.is_empty(n) && !lib_pts.contains(&n) {
                    if refuted(n) {
                        cands.push(n, REFUTED);
                        continue;
                    }
                    let touching = n.neighbors().iter().filter(|q| lib_pts.contains(q)).count();
                    let mut s = 40 + 10 * touching as i32;
                    if is_self_atari(board, self.attacker, n) {
                        s -= 100;
                    }
                    cands.push(n, s);
                }
            }
        }
    }

    /// Whether every move [`Search::saving_candidates`] and
    /// [`Search::net_candidates`] would add is refuted by an extension
    /// ([`Escapes`]): then those stages play nothing. `false` (not looked
    /// at) when five or more attacker chains next to the target are in
    /// atari, and when no extension reaches the threshold (nothing is
    /// refuted).
    fn later_stages_refuted(
        &self,
        escapes: &Escapes,
        lib_pts: &[Point],
        ataris: &AtariHeads,
    ) -> bool {
        if ataris.len > 4 || escapes.len == 0 {
            return false;
        }
        let board = &*self.board;
        let refuted = |p: Point| escapes.refute(board, p, self.defender, self.threshold);
        ataris.heads[..ataris.len]
            .iter()
            .all(|&h| refuted(board.first_liberties::<1>(h).0[0]))
            && lib_pts.iter().all(|&a| {
                a.neighbors()
                    .iter()
                    .all(|&n| !board.is_empty(n) || lib_pts.contains(&n) || refuted(n))
            })
    }

    /// Moves saving the attacker chains next to the target that are in
    /// atari (`ataris`), into `cands`, in the point order of their heads.
    fn saving_candidates(
        &self,
        escapes: Option<&Escapes>,
        ataris: &AtariHeads,
        cands: &mut Candidates,
    ) {
        let board = &*self.board;
        let mut save = |h: Point| {
            let (l, _) = board.first_liberties::<1>(h);
            let refuted = self.refuted(escapes, l[0]);
            cands.push(l[0], if refuted { REFUTED } else { SAVING });
        };
        if ataris.len > 4 {
            for &h in weak_adjacent_heads(board, self.target, self.attacker, 1).points() {
                save(h);
            }
        } else {
            let mut heads = ataris.heads;
            let heads = &mut heads[..ataris.len];
            heads.sort_unstable();
            for &h in &*heads {
                save(h);
            }
        }
    }

    /// Defender moves for a target with `libs` (1 or more) liberties, best
    /// first, into `cands` (empty). Returns the captures among them, bit
    /// `i % 64` for the point of index `i` (a point whose bit is clear
    /// captures nothing).
    fn defence_candidates(&self, libs: usize, cands: &mut Candidates) -> u64 {
        let board = &*self.board;
        let target = self.target;
        let (lib_pts, n) = board.first_liberties::<5>(target);
        let lib_pts = &lib_pts[..n];
        // Counter-ataris only against a target with two liberties or more.
        let max_libs = if libs >= 2 { 2 } else { 1 };
        let mut captures = 0;
        for &h in weak_adjacent_heads(board, target, self.attacker, max_libs).points() {
            match board.liberty_count(h) {
                1 => {
                    let (l, _) = board.first_liberties::<1>(h);
                    cands.push(l[0], 300 + board.chain_len(h).min(50) as i32);
                    captures |= 1 << (l[0].index() % 64);
                }
                2 if libs >= 2 => {
                    let (l, _) = board.first_liberties::<2>(h);
                    for &p in &l {
                        cands.push(p, 50 + 5 * empty_neighbours(board, p));
                    }
                }
                _ => {}
            }
        }
        for &a in lib_pts {
            // Scores only order the candidates: a lone one needs none.
            let gain = if lib_pts.len() == 1 && cands.len == 0 {
                0
            } else {
                self.extension_liberties(board, a, lib_pts, a)
            };
            cands.push(a, 100 + 20 * gain);
        }
        cands.sort();
        captures
    }

    /// An estimate of the target's liberties after the defender plays on
    /// its liberty `at`, with the point `filled` (possibly `at` itself)
    /// occupied by the attacker and the other current liberties kept.
    #[expect(
        clippy::inline_always,
        reason = "asked for every liberty at a defender node; as a call its entry and exit were a good part of it"
    )]
    #[inline(always)]
    fn extension_liberties(&self, b: &Board, at: Point, libs: &[Point], filled: Point) -> i32 {
        // At most 5 + 4 + 3 × 4 points are counted, each once: a bit set
        // takes a point in one step where a list compared it with every
        // point already in.
        let mut set = PointSet::new();
        let mut count = 0;
        let mut insert = |p: Point| count += i32::from(set.insert(p));
        for &l in libs {
            if l != at && l != filled {
                insert(l);
            }
        }
        let (own, head) = (self.defender.cell(), b.chain_head(self.target));
        inner_index(at);
        for n in at.neighbors() {
            if n == filled {
                continue;
            }
            let c = b.cell(n);
            if c == Cell::Empty {
                insert(n);
            } else if c == own && b.chain_head(n) != head {
                // Joining another chain: count (a sample of) its liberties.
                let (ls, k) = b.first_liberties::<4>(n);
                for &l in &ls[..k] {
                    if l != at && l != filled {
                        insert(l);
                    }
                }
            }
        }
        count
    }
}

/// Records in `footprint` (when given) what an attack on the chain on
/// `target` reads before its search: the chain, and its liberties as moves.
fn record_target(board: &Board, target: Point, footprint: Option<&mut Footprint>) {
    if let Some(fp) = footprint {
        let attacker = board.color(target).map_or(Color::Black, Color::opponent);
        let mut chain = PointSet::new();
        chain.insert(target);
        // (From the cells: [`Reader::attack_after`] asks with its move
        // logged on the board, whose point sets are not kept.)
        fp.moves_counted(board, &board.liberties_from_cells(target), &chain, attacker);
    }
}

/// What [`Reader::attack`] answers without a search (a point without a
/// stone; a target with `limits`' threshold of liberties or more, or with
/// one), read off `board` alone; `None` when the reader would search.
#[inline]
pub fn attack_at_root(board: &Board, target: Point, limits: &Limits) -> Option<Reading> {
    needs_search(board, target, limits).err()
}

/// Whether an attack on `target` needs a search: the defender if so, else
/// the answer (`Failure` on a point without a stone, or [`quick_attack`]'s).
fn needs_search(board: &Board, target: Point, limits: &Limits) -> Result<Color, Reading> {
    let Some(defender) = board.color(target) else {
        return Err(Reading {
            outcome: Outcome::Failure,
            nodes: 0,
        });
    };
    match quick_attack(board, target, defender, limits.threshold()) {
        Some(answer) => Err(answer),
        None => Ok(defender),
    }
}

/// The answer [`Search::attack_node`] gives at the root without playing a
/// move (a target with `threshold` or more liberties, or with one), read
/// off `board` without copying it into the search; `None` when a search is
/// needed.
fn quick_attack(
    board: &Board,
    target: Point,
    defender: Color,
    threshold: usize,
) -> Option<Reading> {
    let libs = board.liberty_count(target);
    let outcome = if libs >= threshold {
        Outcome::Failure
    } else if libs <= 1 {
        let (l, n) = board.first_liberties::<1>(target);
        if n == 0 {
            Outcome::Success(Move::Pass)
        } else if board.is_legal(defender.opponent(), l[0]) {
            Outcome::Success(Move::Play(l[0]))
        } else {
            Outcome::Failure
        }
    } else {
        return None;
    };
    Some(Reading { outcome, nodes: 0 })
}

/// Whether a stone of `color` on `p` would be left in atari (roughly: it
/// captures nothing and ends with one liberty).
#[expect(
    clippy::inline_always,
    reason = "asked for every net candidate (and liberty candidate of a node without Escapes); as a call its entry and exit were a good part of it"
)]
#[inline(always)]
fn is_self_atari(b: &Board, color: Color, p: Point) -> bool {
    // Two distinct liberties settle it: the first two found are kept.
    let mut libs = Distinct::<2>::new();
    let own = color.cell();
    inner_index(p);
    for n in p.neighbors() {
        let cell = b.cell(n);
        if cell == Cell::Empty {
            libs.insert(n);
        } else if cell == own {
            // Joining a chain: its liberties other than `p`. Three or
            // more settle it without a walk; one (`p`) adds none. (Two
            // compares, not a match: a match was a jump table, an
            // indirect branch the predictor missed.)
            let k = b.liberty_count(n);
            if k > 2 {
                return false;
            }
            if k == 2 {
                let (ls, _) = b.first_liberties::<2>(n);
                libs.insert(if ls[0] == p { ls[1] } else { ls[0] });
            }
        } else if cell != Cell::Off && b.liberty_count(n) == 1 {
            return false; // captures
        }
        if libs.len() >= 2 {
            return false;
        }
    }
    true
}

/// Whether a stone of `cell` on `p`, with at most one empty neighbour,
/// would have two liberties or more once joined to the chains of two
/// liberties next to it (the look [`is_self_atari`] ends with).
#[cold]
fn two_liberties_joining(b: &Board, p: Point, cell: Cell) -> bool {
    let mut libs = Distinct::<2>::new();
    for q in p.neighbors() {
        if b.cell(q) == Cell::Empty {
            libs.insert(q);
        } else if b.cell(q) == cell && b.liberty_count(q) == 2 {
            let (ls, _) = b.first_liberties::<2>(q);
            libs.insert(if ls[0] == p { ls[1] } else { ls[0] });
        }
    }
    libs.len() >= 2
}

/// What the defender's extensions give a target at an attacker node: for
/// each liberty `l` of the target, the liberties its chain would have after
/// the defender plays `l` (the target's, `l`'s empty neighbours, those of
/// the defender's chains next to `l`; `l` itself not), captures left out.
/// An attacker move that captures nothing takes at most one point of such a
/// set (a liberty the move fills is no longer an extension), so where
/// another extension keeps the threshold the defender's node is won: every
/// liberty is among its candidates, and a candidate that reaches the
/// threshold wins at once (one tried before it can only win sooner). Such
/// a move, an atari included, is refuted without playing it: the same
/// answer, short of a node budget spent on the way (and of a defender node
/// with more than [`MAX_CANDIDATES`] candidates, whose list would drop its
/// extensions: a target touching some twenty short attacker chains).
///
/// Only the comparison with the threshold matters, so a set stops growing
/// soon after it has `threshold + 1` points (no chain is walked for it
/// then; an empty neighbour of the liberty may still go in, up to
/// [`ESCAPE_POINTS`]): a set past the threshold keeps it whatever one
/// point the move takes; one of exactly `threshold` points keeps it unless
/// the move is among them; a smaller one never does and is not kept.
/// While it looks at each liberty's neighbours, it notes whether the
/// attacker's move there captures, and whether it is a self-atari.
struct Escapes {
    /// The target's liberties whose extension sets reach the threshold,
    /// each with (the first points of) its set.
    sets: [(Point, Distinct<{ ESCAPE_POINTS }>); 4],
    len: usize,
    /// The size of every liberty's set, kept or not, by the liberty's
    /// index in `libs`: a set of at most `threshold` points was counted
    /// whole ([`Escapes::whole_size`]).
    sizes: [u8; 4],
    /// Whether a set counted whole is what
    /// [`Search::extension_liberties`] counts: every chain walked for it
    /// had at most four liberties, the sample that estimate takes.
    exact: bool,
    /// Whether the attacker's move on the liberty `libs[i]` captures: a
    /// defender chain next to it (not the target) has that one liberty.
    captures: [bool; 4],
    /// Whether the attacker's move on the liberty `libs[i]` is a self-atari
    /// ([`is_self_atari`]), seen from the same neighbours.
    self_atari: [bool; 4],
}

/// The most points an [`Escapes`] set keeps: one more than the largest
/// threshold ([`Limits::threshold`]).
const ESCAPE_POINTS: usize = 6;

impl Escapes {
    /// The extensions of the target on `target`, whose liberties are `libs`
    /// (two or more, fewer than `threshold`); none is kept when none
    /// reaches the threshold (nothing is refuted).
    fn new(b: &Board, target: Point, libs: &[Point], defender: Color, threshold: usize) -> Escapes {
        // Fewer liberties than the largest threshold, 5.
        debug_assert!(threshold < ESCAPE_POINTS && libs.len() <= 4);
        let head = b.chain_head(target);
        let cell = defender.cell();
        // Unused places hold [`NO_POINT`]: the whole array starts zeroed.
        let mut sets = [(NO_POINT, Distinct::new()); 4];
        let mut sizes = [0; 4];
        let mut captures = [false; 4];
        let mut self_atari = [false; 4];
        let attacker = defender.opponent().cell();
        let mut len = 0;
        for (((&l, size), captures), self_atari) in libs
            .iter()
            .zip(&mut sizes)
            .zip(&mut captures)
            .zip(&mut self_atari)
        {
            let mut set = Distinct::new();
            // For [`is_self_atari`] of an attacker stone on `l`: its empty
            // neighbours (distinct points), and whether a chain it joins
            // has more than two liberties, or two.
            let mut empties = 0;
            let mut joins_long = false;
            let mut joins_two = false;
            // The other liberties: distinct points (`libs` are), none of
            // them in yet.
            for &o in libs {
                if o != l {
                    set.insert_new(o);
                }
            }
            // Every neighbour is looked at for a capture; a set past the
            // threshold walks no more chains (an empty neighbour may still
            // go in: past the threshold, its size says nothing more).
            for q in l.neighbors() {
                let c = b.cell(q);
                if c == Cell::Empty {
                    set.insert(q);
                    empties += 1;
                } else if c == attacker {
                    let k = b.liberty_count(q);
                    joins_long |= k > 2;
                    joins_two |= k == 2;
                } else if c == cell && b.chain_head(q) != head {
                    // Another chain of the defender (the target, with two
                    // liberties or more, neither is captured nor adds any):
                    // its liberties other than `l`. Enough of them fill
                    // the set at once; one (`l`) adds none, and the
                    // attacker's `l` captures it.
                    let k = b.liberty_count(q);
                    if k == 1 {
                        *captures = true;
                    } else if set.len() > threshold {
                    } else if k > threshold + 1 {
                        set.fill();
                    } else {
                        'walk: for s in b.chain_stones(q) {
                            for r in s.neighbors() {
                                if r != l && b.is_empty(r) {
                                    set.insert(r);
                                    if set.len() > threshold {
                                        break 'walk;
                                    }
                                }
                            }
                        }
                    }
                }
            }
            *self_atari = !(*captures
                || joins_long
                || empties >= 2
                || (joins_two && two_liberties_joining(b, l, attacker)));
            *size = set.len() as u8;
            if set.len() >= threshold {
                sets[len] = (l, set);
                len += 1;
            }
        }
        Escapes {
            sets,
            len,
            sizes,
            // Chains of up to `threshold + 1` liberties are walked.
            exact: threshold < 4,
            captures,
            self_atari,
        }
    }

    /// The size of the set of the target's liberty `libs[i]` when it was
    /// counted whole (at most `threshold` points: no walk was cut short,
    /// no chain's liberties were taken as many), and the count is what
    /// [`Search::extension_liberties`] makes of the same points.
    #[inline]
    fn whole_size(&self, i: usize, threshold: usize) -> Option<i32> {
        let size = usize::from(self.sizes[i]);
        (self.exact && size <= threshold).then_some(size as i32)
    }

    /// Whether the attacker's move `p` (an empty point) is refuted by an
    /// extension: `p` captures nothing (the target has two liberties or
    /// more) and leaves an extension on another liberty at least
    /// `threshold` liberties.
    #[expect(
        clippy::inline_always,
        reason = "asked for every candidate of an attacker node; as a call its entry and exit were a third of its cost"
    )]
    #[inline(always)]
    fn refute(&self, b: &Board, p: Point, defender: Color, threshold: usize) -> bool {
        // The kept sets first: they are few, and none may keep the
        // threshold against `p`.
        let cell = defender.cell();
        self.kept(p, threshold)
            && !p
                .neighbors()
                .iter()
                .any(|&q| b.cell(q) == cell && b.liberty_count(q) == 1)
    }

    /// [`Escapes::refute`] of the attacker's move on the target's liberty
    /// `libs[i]` (`p`), whose captures were noted when the sets were made.
    #[inline]
    fn refute_liberty(&self, i: usize, p: Point, threshold: usize) -> bool {
        !self.captures[i] && self.kept(p, threshold)
    }

    /// Whether a kept set keeps the threshold against the attacker's `p`.
    #[inline]
    fn kept(&self, p: Point, threshold: usize) -> bool {
        self.sets[..self.len]
            .iter()
            .any(|(l, set)| *l != p && (set.len() > threshold || !set.contains(p)))
    }
}

/// The defender's extensions counted by [`Search::liberty_candidates`]
/// for a target with two liberties: `liberties[i]` is what the extension on
/// the other liberty gives once the attacker has played on liberty `i`
/// (-1 when not counted: the move was refuted, or the target has more
/// liberties).
struct Extensions {
    liberties: [i32; 2],
    /// Whether the attacker's move on liberty `i` is a self-atari (when
    /// its extension was counted).
    self_atari: [bool; 2],
}

impl Extensions {
    /// Which of the target's two liberties `lib_pts` the attacker's `p` is
    /// (the index the other methods take, found once a move); `None` when
    /// the target has more liberties or `p` is not one of them.
    #[inline]
    fn index(lib_pts: &[Point], p: Point) -> Option<usize> {
        if lib_pts.len() != 2 {
            return None;
        }
        lib_pts.iter().position(|&l| l == p)
    }

    /// What the attacker's move on the liberty `lib_pts[i]` (one of two,
    /// [`Extensions::index`]) tells of the defender's extension on the
    /// other, when its count decides that move ([`Extension`]).
    #[inline]
    fn after(&self, lib_pts: &[Point], i: usize, threshold: usize) -> Option<Extension> {
        let liberties = self.liberties[i];
        (liberties == 1 || liberties >= threshold as i32).then(|| Extension {
            at: lib_pts[1 - i],
            liberties,
        })
    }

    /// The defender's one candidate after the attacker's `p` on
    /// `lib_pts[i]`, one of the target's two liberties, the extension on
    /// the other, when `p` captures nothing (the caller sees to it, and
    /// that no attacker chain in atari next to the target is left so:
    /// those in atari have their liberty on `p`) and is no self-atari: the
    /// target is left in atari, with no counter-atari, and no attacker
    /// chain next to it in atari.
    #[inline]
    fn lone(&self, lib_pts: &[Point], i: usize) -> Option<Point> {
        (self.liberties[i] >= 0 && !self.self_atari[i]).then(|| lib_pts[1 - i])
    }

    /// [`Extensions::after`] when the attacker's move on `lib_pts[i]` is no
    /// self-atari and the defender's extension after it is one
    /// ([`Search::atari_won`]).
    #[inline]
    fn atari(&self, lib_pts: &[Point], i: usize) -> Option<Extension> {
        (self.liberties[i] == 1 && !self.self_atari[i]).then(|| Extension {
            at: lib_pts[1 - i],
            liberties: 1,
        })
    }
}

/// The heads of the attacker chains in atari next to the target, found
/// once at an attacker node for [`Search::ataris_join`] and
/// [`Search::saving_candidates`]: up to four, in the order found, and a
/// count of five for more (no move touches five chains).
struct AtariHeads {
    heads: [Point; 4],
    len: usize,
}

impl AtariHeads {
    /// The liberties of the chain on `target`, which has `libs` of them
    /// (two to four), in the order [`Board::first_liberties`] gives them,
    /// and the chains of `cell` with one liberty next to it: both in one
    /// walk of the chain (an attacker node needs both).
    fn with_liberties(
        b: &Board,
        target: Point,
        libs: usize,
        cell: Cell,
    ) -> ([Point; 4], usize, AtariHeads) {
        debug_assert!((2..=4).contains(&libs) && libs == b.liberty_count(target));
        let mut out = [target; 4];
        let mut n = 0;
        let mut ataris = AtariHeads {
            heads: [NO_POINT; 4],
            len: 0,
        };
        for s in b.chain_stones(target) {
            for q in s.neighbors() {
                let c = b.cell(q);
                if c == Cell::Empty {
                    if n < libs && !out[..n].contains(&q) {
                        out[n] = q;
                        n += 1;
                    }
                } else if c == cell && b.liberty_count(q) == 1 && ataris.len <= 4 {
                    let h = b.chain_head(q);
                    if !ataris.heads[..ataris.len].contains(&h) {
                        if ataris.len < 4 {
                            ataris.heads[ataris.len] = h;
                        }
                        // Five: too many to keep (no move touches them all).
                        ataris.len += 1;
                    }
                }
            }
        }
        debug_assert!({
            let (first, k) = b.first_liberties::<5>(target);
            first[..k] == out[..n]
        });
        (out, n, ataris)
    }
}

/// Up to `N` distinct points, in the order found (further ones are
/// dropped): a set for the few points a node counts, cheaper than a
/// [`PointSet`] to clear and to count.
#[derive(Clone, Copy)]
struct Distinct<const N: usize> {
    /// The points in, then [`NO_POINT`] (a border cell, never a point
    /// inserted): a point is looked for among all eight at once, without
    /// a loop over those in.
    points: [Point; 8],
    /// How many points are in (a byte: sets of a node's liberties are
    /// small, and so is a copy of them).
    len: u8,
}

/// What the unused places of a [`Distinct`] hold: the padded layout's
/// first cell, a border cell.
const NO_POINT: Point = Point::from_index(0);

impl<const N: usize> Distinct<N> {
    fn new() -> Self {
        const { assert!(N <= 8, "a Distinct holds at most eight points") };
        Distinct {
            points: [NO_POINT; 8],
            len: 0,
        }
    }

    /// Adds `p`, a point on the board, unless it is in or the set is full.
    fn insert(&mut self, p: Point) {
        debug_assert!(p != NO_POINT);
        let len = self.len();
        if len < N && !self.contains(p) {
            self.points[len] = p;
            self.len += 1;
        }
    }

    /// Adds `p`, a point on the board known not to be in, unless the set
    /// is full: [`Distinct::insert`] without the look for it.
    fn insert_new(&mut self, p: Point) {
        debug_assert!(p != NO_POINT && !self.contains(p));
        let len = self.len();
        if len < N {
            self.points[len] = p;
            self.len += 1;
        }
    }

    /// Makes the set full without naming its points (only its length
    /// means anything after this).
    fn fill(&mut self) {
        self.len = N as u8;
    }

    #[expect(
        clippy::needless_bitwise_bool,
        reason = "no branch per place: the compares become one vector compare"
    )]
    fn contains(&self, p: Point) -> bool {
        // Every place compared, none skipped: a few lanes of one vector
        // compare.
        self.points.iter().fold(false, |found, &q| found | (q == p))
    }

    fn len(&self) -> usize {
        usize::from(self.len)
    }
}

/// Number of empty orthogonal neighbours of `p`.
fn empty_neighbours(b: &Board, p: Point) -> i32 {
    inner_index(p);
    p.neighbors().iter().filter(|&&n| b.is_empty(n)).count() as i32
}

/// Heads of the chains of `color` with at most `max_libs` liberties next to
/// the chain on `t`, in point order (the candidates a node adds for them).
/// Few chains next to a target are that short of liberties: they are kept
/// in a small list, and only a target touching more of them builds a set.
#[expect(
    clippy::inline_always,
    reason = "asked at every defender node; as a call its entry and exit were a good part of it"
)]
#[inline(always)]
fn weak_adjacent_heads(b: &Board, t: Point, color: Color, max_libs: usize) -> Heads {
    let mut heads = Heads {
        // Zeroed: the places past `len` are never read.
        points: [NO_POINT; HEADS],
        len: 0,
        spilled: Vec::new(),
    };
    let cell = color.cell();
    for s in b.chain_stones(t) {
        inner_index(s);
        for n in s.neighbors() {
            if b.cell(n) == cell && b.liberty_count(n) <= max_libs {
                let h = b.chain_head(n);
                if heads.points[..heads.len].contains(&h) {
                    continue;
                }
                if heads.len == HEADS {
                    return weak_adjacent_heads_set(b, t, color, max_libs);
                }
                heads.points[heads.len] = h;
                heads.len += 1;
            }
        }
    }
    heads.points[..heads.len].sort_unstable();
    heads
}

/// [`weak_adjacent_heads`] through a set, however many there are.
#[cold]
fn weak_adjacent_heads_set(b: &Board, t: Point, color: Color, max_libs: usize) -> Heads {
    let mut set = PointSet::new();
    for s in b.chain_stones(t) {
        for n in s.neighbors() {
            if b.color(n) == Some(color) && b.liberty_count(n) <= max_libs {
                set.insert(b.chain_head(n));
            }
        }
    }
    Heads {
        points: [t; HEADS],
        len: 0,
        spilled: set.iter().collect(),
    }
}

/// How many chain heads [`Heads`] keeps without allocating.
const HEADS: usize = 16;

/// Distinct chain heads in point order: up to [`HEADS`] inline, more in a
/// vector.
struct Heads {
    points: [Point; HEADS],
    len: usize,
    /// Every head, when there were more than [`HEADS`] (else empty).
    spilled: Vec<Point>,
}

impl Heads {
    fn points(&self) -> &[Point] {
        if self.spilled.is_empty() {
            &self.points[..self.len]
        } else {
            &self.spilled
        }
    }
}

/// The most candidate moves kept at one node; further ones are dropped.
const MAX_CANDIDATES: usize = 48;

/// A small fixed-capacity list of candidate moves with scores.
struct Candidates {
    /// Each candidate as one word that sorts as the list does: its score
    /// (every score is within a few hundred of zero, [`REFUTED`] aside)
    /// in the high half, offset to sort as an unsigned number, and its
    /// point's index complemented in the low half (of two equal scores
    /// the smaller point comes first). One compare and one swap a step
    /// of the sort, and a list small enough to set up without a call.
    keys: [u32; MAX_CANDIDATES],
    len: usize,
    /// Bit `i % 64` set for each point of index `i` in the list: a point
    /// whose bit is clear is new without a look at the list.
    seen: u64,
}

/// The low half of a candidate's key: its point.
const KEY_POINT: u32 = 0xFFFF;

impl Candidates {
    fn new() -> Candidates {
        Candidates {
            keys: [0; MAX_CANDIDATES],
            len: 0,
            seen: 0,
        }
    }

    /// The high half of the keys of candidates scoring `score`.
    fn score_key(score: i32) -> u32 {
        debug_assert!(i16::try_from(score).is_ok(), "score {score}");
        u32::from((score as i16 as u16) ^ 0x8000) << 16
    }

    /// Adds `p`, or raises its score if it is already there.
    fn push(&mut self, p: Point, score: i32) {
        let low = KEY_POINT - p.index() as u32;
        let key = Candidates::score_key(score) | low;
        let bit = 1 << (p.index() % 64);
        if self.seen & bit != 0 {
            if let Some(i) = self.keys[..self.len]
                .iter()
                .position(|&k| k & KEY_POINT == low)
            {
                // The same point: the larger key has the larger score.
                self.keys[i] = self.keys[i].max(key);
                return;
            }
        }
        if self.len < MAX_CANDIDATES {
            self.keys[self.len] = key;
            self.len += 1;
            self.seen |= bit;
        }
    }

    /// Best score first; ties in point order (deterministic).
    fn sort(&mut self) {
        for i in 1..self.len {
            let mut j = i;
            while j > 0 && self.keys[j] > self.keys[j - 1] {
                self.keys.swap(j, j - 1);
                j -= 1;
            }
        }
    }

    /// The point of the candidate at `i`.
    fn point(&self, i: usize) -> Point {
        Point::from_own_index((KEY_POINT - (self.keys[i] & KEY_POINT)) as usize)
    }

    /// The candidates' points, in the list's order.
    #[cfg(test)]
    fn points(&self) -> Vec<Point> {
        (0..self.len).map(|i| self.point(i)).collect()
    }

    /// How many candidates (sorted) score above `score`: the first ones
    /// (found from the end: the others are few).
    fn len_above(&self, score: i32) -> usize {
        let above = Candidates::score_key(score) | KEY_POINT;
        self.keys[..self.len]
            .iter()
            .rposition(|&k| k > above)
            .map_or(0, |i| i + 1)
    }
}

/// The attacker candidates an attacker node has still to score, in the order
/// they are scored: no candidate of a later stage scores more.
#[derive(Clone, Copy)]
enum Stage {
    /// The saving moves ([`Search::saving_candidates`]), then the nets.
    Saving,
    /// The nets ([`Search::net_candidates`]).
    Nets,
    /// None.
    Done,
}

impl Stage {
    /// The highest score a candidate still to score may have, against a
    /// target whose liberties are `lib_pts`.
    fn max_score(self, lib_pts: &[Point]) -> i32 {
        match self {
            Stage::Saving => SAVING,
            Stage::Nets => net_max(lib_pts),
            Stage::Done => REFUTED,
        }
    }
}

/// The score of a move saving an attacker chain in atari next to the
/// target: above every net.
const SAVING: i32 = 120;

// The staged scoring plays a stage's moves before scoring the next, which
// needs every saving move to score above every net.
const _: () = assert!(
    SAVING > 40 + 10 * 4,
    "a saving move must score above every net"
);

/// The highest score a net ([`Search::net_candidates`]) may have against a
/// target whose liberties are `lib_pts`: one next to all of them (at most
/// four). A candidate that scores more is sorted before every net.
fn net_max(lib_pts: &[Point]) -> i32 {
    40 + 10 * lib_pts.len().min(4) as i32
}

/// The score of an attacker candidate refuted without playing
/// ([`Escapes`]): below every score a move is given.
const REFUTED: i32 = i16::MIN as i32;

// ----- transposition cache ---------------------------------------------------

/// A direct-mapped table of proven results. A result proven at ply `d` is
/// reused only where a fresh search would prove the same: "attacker wins" at
/// plies `<= d` (where the attacker has at least the same moves and depth),
/// "defender wins" at plies `>= d`.
///
/// A table handed from one reader to the next ([`Reader::small`]) is
/// emptied by a new generation, not by zeroing it: an entry is found only
/// in the generation that stored it.
struct Cache {
    /// `[key, data]` side by side: a probe touches one cache line (the
    /// table is as large as a core's L2 cache, and two arrays made every
    /// probe two misses). A slot never stored holds key 0, which no key
    /// is (keys are odd).
    slots: Vec<[u64; 2]>,
    mask: usize,
    /// The generation: the entries of others are not found. It is kept
    /// in bits [`GENERATION_SHIFT`].. of an entry's data.
    generation: u64,
}

/// Where an entry's data keeps its [generation](Cache::generation): above
/// the point (16 bits) and who wins (bit 16), below the depth (bits 32..).
const GENERATION_SHIFT: u32 = 17;
/// The largest generation; the next one clears the table and starts again
/// at 0.
const LAST_GENERATION: u64 = (1 << (32 - GENERATION_SHIFT)) - 1;

impl Cache {
    fn new(bits: u32) -> Cache {
        let n = if bits == 0 { 0 } else { 1usize << bits };
        Cache {
            slots: vec![[0; 2]; n],
            mask: n.saturating_sub(1),
            generation: 0,
        }
    }

    fn clear(&mut self) {
        self.slots.fill([0; 2]);
    }

    /// Empties the table for a new reader: a new generation, or, when they
    /// are used up, zeroed slots and the first again.
    fn renew(&mut self) {
        if self.generation == LAST_GENERATION {
            self.clear();
            self.generation = 0;
        } else {
            self.generation += 1;
        }
    }

    #[expect(
        clippy::inline_always,
        reason = "asked at every node; as a call (which the compiler chose once the generation was compared) it cost more than it saved"
    )]
    #[inline(always)]
    fn probe(&self, key: u64, depth: usize) -> Option<(Val, Option<Point>)> {
        if self.slots.is_empty() {
            return None;
        }
        let [stored, data] = self.slots[(key as usize) & self.mask];
        if stored != key || (data >> GENERATION_SHIFT) & LAST_GENERATION != self.generation {
            return None;
        }
        let stored_depth = (data >> 32) as usize;
        let attacker_wins = data & (1 << 16) != 0;
        let usable = if attacker_wins {
            depth <= stored_depth
        } else {
            depth >= stored_depth
        };
        if !usable {
            return None;
        }
        let point = (data & 0xFFFF) as usize;
        let mv = (point != 0).then(|| Point::from_own_index(point));
        let val = if attacker_wins {
            Val::AttackerWins
        } else {
            Val::DefenderWins
        };
        Some((val, mv))
    }

    /// Stores a proven result (an unknown one is not kept).
    #[expect(
        clippy::inline_always,
        reason = "stored at most nodes, each call with a known result; as a call its entry and exit were most of it"
    )]
    #[inline(always)]
    fn store(&mut self, key: u64, depth: usize, val: Val, mv: Option<Point>) {
        if self.slots.is_empty() || val == Val::Unknown {
            return;
        }
        let i = (key as usize) & self.mask;
        let point = mv.map_or(0, |p| p.index() as u64);
        let win = u64::from(val == Val::AttackerWins) << 16;
        let generation = self.generation << GENERATION_SHIFT;
        self.slots[i] = [key, point | win | generation | ((depth as u64) << 32)];
    }
}

/// A 64-bit mixer (splitmix64's finaliser).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_sort_best_first_then_point_order() {
        let mut c = Candidates::new();
        c.push(Point::new(3, 3), 10);
        c.push(Point::new(1, 1), 20);
        c.push(Point::new(0, 0), 10);
        c.push(Point::new(3, 3), 30);
        c.sort();
        assert_eq!(
            c.points(),
            [Point::new(3, 3), Point::new(1, 1), Point::new(0, 0)]
        );
    }

    #[test]
    fn weak_adjacent_heads_are_the_sets_in_point_order() {
        // Random games on 9×9 (a splitmix sequence picks the moves).
        let mut seed = 0x1234_5678_u64;
        let mut checked = 0;
        for _ in 0..40 {
            let mut b = Board::new(9).unwrap();
            for turn in 0..70 {
                seed = mix(seed);
                let color = if turn % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let moves: Vec<Point> = b.legal_moves(color).collect();
                if let Some(&p) = moves.get((seed % 97) as usize % moves.len().max(1)) {
                    b.play(color, p).unwrap();
                }
                for t in b.points().filter(|&t| b.color(t).is_some()) {
                    let attacker = b.color(t).unwrap().opponent();
                    for max_libs in [1, 2] {
                        // The inline list against the set walk it falls
                        // back to.
                        let heads = weak_adjacent_heads(&b, t, attacker, max_libs);
                        let by_set = weak_adjacent_heads_set(&b, t, attacker, max_libs);
                        assert_eq!(heads.points(), by_set.points());
                        checked += usize::from(!heads.points().is_empty());
                    }
                }
            }
        }
        assert!(
            checked > 100,
            "too few targets with weak neighbours: {checked}"
        );
        // Eighteen black stones of two liberties each next to one white
        // chain: more heads than are kept inline.
        let b = Board::from_diagram(
            "
            . . . . . . . . . . . . . . . . . . .
            . O . O . O . O . O . O . O . O . O .
            . X . X . X . X . X . X . X . X . X .
            O O O O O O O O O O O O O O O O O O O
            . X . X . X . X . X . X . X . X . X .
            . O . O . O . O . O . O . O . O . O .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            ",
        )
        .unwrap();
        let heads = weak_adjacent_heads(&b, Point::new(0, 3), Color::Black, 2);
        assert!(HEADS < 18 && !heads.spilled.is_empty());
        let mut want: Vec<Point> = (1..18).step_by(2).map(|x| Point::new(x, 2)).collect();
        want.extend((1..18).step_by(2).map(|x| Point::new(x, 4)));
        assert_eq!(heads.points(), want.as_slice());
    }

    #[test]
    fn cache_reuses_results_only_where_they_hold() {
        let mut cache = Cache::new(4);
        cache.store(17, 5, Val::AttackerWins, Some(Point::new(2, 2)));
        assert_eq!(
            cache.probe(17, 3),
            Some((Val::AttackerWins, Some(Point::new(2, 2))))
        );
        assert_eq!(cache.probe(17, 6), None);
        cache.store(17, 5, Val::DefenderWins, None);
        assert_eq!(cache.probe(17, 6), Some((Val::DefenderWins, None)));
        assert_eq!(cache.probe(17, 4), None);
        assert_eq!(cache.probe(33, 6), None);
    }

    #[test]
    fn a_renewed_cache_finds_nothing_stored_before() {
        let mut cache = Cache::new(4);
        let hit = Some((Val::AttackerWins, Some(Point::new(2, 2))));
        cache.store(17, 5, Val::AttackerWins, Some(Point::new(2, 2)));
        assert_eq!(cache.probe(17, 3), hit);
        cache.renew();
        assert_eq!(cache.probe(17, 3), None);
        cache.store(17, 5, Val::AttackerWins, Some(Point::new(2, 2)));
        assert_eq!(cache.probe(17, 3), hit);
        // Every generation, the wrap to the first included.
        for _ in 0..=LAST_GENERATION {
            cache.renew();
            assert_eq!(cache.probe(17, 3), None);
        }
        assert_eq!(cache.generation, 1);
        cache.store(17, 5, Val::AttackerWins, Some(Point::new(2, 2)));
        assert_eq!(cache.probe(17, 3), hit);
    }

    #[test]
    fn a_small_reader_reads_as_a_new_one_after_another() {
        let board = Board::from_diagram(
            "
            . . . . . . .
            . . X X . . .
            . X O O X . .
            . . X O . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
        )
        .unwrap();
        let target = Point::new(2, 2);
        let fresh =
            Reader::with_cache_bits(SMALL_CACHE_BITS).attack(&board, target, &Limits::DEFAULT);
        for _ in 0..3 {
            let mut reader = Reader::small();
            assert_eq!(reader.attack(&board, target, &Limits::DEFAULT), fresh);
            assert_eq!(
                reader.attack(&board, target, &Limits::DEFAULT).outcome,
                fresh.outcome
            );
        }
    }
}
