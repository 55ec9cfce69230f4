//! Recognising connections (seed 000 §3.1): pattern matching against the
//! connection file, tactical reading on the cutting points (a cut that gets
//! captured does not cut, §4.3), and the coefficient 1 / 0.5 / 0 of §3.3.4.

use crate::border::{BorderTable, border_table};
use crate::links::{Cells, Connections, CutState, Link, LinkEnd};
use crate::patterns::{ConnectionPatterns, ConnectionShape, Needs, ShapeSteps};
use keisei_board::footprint::Footprint;
use keisei_board::pattern::{Match, Matches, PatternSet};
use keisei_board::reading::{Limits, Outcome, Reader, attack_at_root};
use keisei_board::{Board, Cell, Color, NUM_CELLS, Point, PointSet, STRIDE, Symmetry};
use std::sync::Arc;

/// The reading used on cutting points: small budget, ladders and nets.
pub const CUT_LIMITS: Limits = Limits {
    node_budget: 2_000,
    ..Limits::DEFAULT
};

/// What [`connections`] found on one board, kept so that a board a move
/// away can reuse what its move leaves alone ([`connections_reusing`]):
/// the board, its candidate links (pattern matches that link two chains or
/// a stone and the edge; a match depends only on the points within the
/// pattern set's [`reach`](keisei_board::pattern::PatternSet::reach) of its
/// anchor), its cut states, each with its footprint (the points its
/// answer depends on, [`keisei_board::footprint`]), and its links, each
/// with the union of the footprints of the cut states it was made from (a
/// pair whose candidates and cut states a move leaves alone keeps its
/// link). Move ranking evaluates hundreds of such boards; most of their
/// candidates and cutting points are far from the move.
#[derive(Clone, Debug)]
pub struct LinkMemo {
    /// The recorded board (none for an empty memo).
    board: Option<Board>,
    /// Every candidate link of the recorded board, sorted.
    candidates: Vec<Candidate>,
    /// For each cell and colour, the index in `entries` plus one (0: none).
    index: Vec<[u32; 2]>,
    entries: Vec<(CutState, Footprint)>,
    /// Every link, in its pair's key order.
    links: Vec<MemoLink>,
    /// For each point, the links whose footprint holds it, whose pair has a
    /// candidate anchored on it, and which end on it (a stone): the links a
    /// change there may concern. A board a move away walks only these
    /// and keeps the rest as they are.
    by_footprint: PointIndex,
    by_anchor: PointIndex,
    by_end: PointIndex,
}

/// Lists of numbers by point: `items[start[p]..start[p + 1]]` for point
/// index `p`.
#[derive(Clone, Debug)]
struct PointIndex {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl PointIndex {
    /// The index of the `(point, number)` pairs, given in order of their
    /// numbers and each once (each point's list is then sorted). A
    /// counting sort: two passes, no comparisons.
    fn new<I>(pairs: impl Fn() -> I) -> PointIndex
    where
        I: Iterator<Item = (Point, u32)>,
    {
        let mut start = vec![0u32; NUM_CELLS + 1];
        for (p, _) in pairs() {
            start[p.index() + 1] += 1;
        }
        for i in 0..NUM_CELLS {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut items = vec![0u32; start[NUM_CELLS] as usize];
        for (p, i) in pairs() {
            let slot = &mut next[p.index()];
            items[*slot as usize] = i;
            *slot += 1;
        }
        debug_assert!(
            (0..NUM_CELLS).all(|p| items[start[p] as usize..start[p + 1] as usize]
                .is_sorted_by(|a, b| a < b))
        );
        PointIndex { start, items }
    }

    /// The numbers listed for `p`.
    fn at(&self, p: Point) -> &[u32] {
        let i = p.index();
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// One link of a [`LinkMemo`].
#[derive(Clone, Debug)]
struct MemoLink {
    /// Its pair's key.
    key: u64,
    link: Link,
    /// The union of the footprints of the cut states its pattern's
    /// matches read.
    footprint: Footprint,
    /// Its pair's candidates: `candidates[start..end]` of the memo (every
    /// pair with candidates has a link).
    candidates: (u32, u32),
    /// Where those candidates are anchored.
    anchors: PointSet,
}

impl Default for LinkMemo {
    fn default() -> LinkMemo {
        LinkMemo {
            board: None,
            candidates: Vec::new(),
            index: vec![[0; 2]; NUM_CELLS],
            entries: Vec::new(),
            links: Vec::new(),
            by_footprint: PointIndex::new(std::iter::empty),
            by_anchor: PointIndex::new(std::iter::empty),
            by_end: PointIndex::new(std::iter::empty),
        }
    }
}

impl LinkMemo {
    /// The state of cutting point `p` for a link of `color`, if it was read
    /// and nothing in `changed` touches its footprint. `changed` must be
    /// the differences from a board one move from the recorded one (a
    /// stone added, the chains it captured removed): footprints record
    /// [counted chains](keisei_board::footprint#counted-chains).
    pub fn get(&self, p: Point, color: Color, changed: &PointSet) -> Option<CutState> {
        let i = self.index[p.index()][color.index()];
        let (state, fp) = self.entries.get((i as usize).checked_sub(1)?)?;
        fp.unchanged_by(changed).then_some(*state)
    }

    /// How many of the cut states held still hold after the changes
    /// `changed` (of a board one move from the recorded one).
    pub fn reusable(&self, changed: &PointSet) -> usize {
        self.entries
            .iter()
            .filter(|(_, fp)| fp.unchanged_by(changed))
            .count()
    }

    /// The number of cut states held.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no cut state is held.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The footprint of the cut state of `p` for `color`, if one was read.
    fn footprint(&self, p: Point, color: Color) -> Option<&Footprint> {
        let i = self.index[p.index()][color.index()];
        self.entries.get((i as usize).checked_sub(1)?).map(|e| &e.1)
    }

    fn insert(&mut self, p: Point, color: Color, state: CutState, fp: Footprint) {
        self.entries.push((state, fp));
        self.index[p.index()][color.index()] = self.entries.len() as u32;
    }

    /// Keeps `link`, made from the candidates `group` (`candidates` of the
    /// memo's list), whose matches read the cutting points `read`.
    fn record_link(
        &mut self,
        link: &Link,
        group: &[Candidate],
        candidates: std::ops::Range<usize>,
        read: &[Point],
    ) {
        let mut fp = Footprint::new();
        for &p in read {
            if let Some(f) = self.footprint(p, link.color) {
                fp.extend(f);
            }
        }
        self.links.push(MemoLink {
            key: group[0].key >> PATTERN_BITS,
            link: link.clone(),
            footprint: fp,
            candidates: (candidates.start as u32, candidates.end as u32),
            anchors: group.iter().map(|c| c.anchor).collect(),
        });
    }

    /// Indexes the links by the points a change may concern them through.
    fn index_links(&mut self) {
        let links = &self.links;
        let numbered = || links.iter().zip(0u32..);
        self.by_footprint = PointIndex::new(|| {
            numbered().flat_map(|(l, i)| l.footprint.points().iter().map(move |p| (p, i)))
        });
        self.by_anchor =
            PointIndex::new(|| numbered().flat_map(|(l, i)| l.anchors.iter().map(move |p| (p, i))));
        // A link's two ends are two stones.
        self.by_end = PointIndex::new(|| {
            numbered().flat_map(|(l, i)| {
                let to = match l.link.to {
                    LinkEnd::Stone(q) => Some((q, i)),
                    LinkEnd::Edge(_) => None,
                };
                std::iter::once((l.link.from, i)).chain(to)
            })
        });
    }
}

/// How [`connections`] reads its cutting points.
enum Cuts<'a> {
    /// Read every one; with `lean`, only while its state can still change
    /// its match's coefficient.
    Read { lean: bool },
    /// Read every one and keep it, with its footprint.
    Record(&'a mut LinkMemo),
    /// Reuse what the memo holds where `changed` does not touch it; with
    /// `lean`, read a cutting point only while its state can still change
    /// its match's coefficient.
    Reuse {
        memo: &'a LinkMemo,
        changed: &'a PointSet,
        lean: bool,
    },
}

/// Every link of the position, by the given patterns, reading with `reader`.
pub fn connections(
    board: &Board,
    patterns: &ConnectionPatterns,
    reader: &mut Reader,
) -> Connections {
    links_of(board, patterns, reader, Cuts::Read { lean: false }).into_connections(None)
}

/// [`connections`] for what a link is worth to an evaluation: the same
/// links with the same ends and wall cells and, but for links to the edge,
/// the same coefficients; a link's `cuts` hold only the cutting points
/// whose state was known without reading or was read. A point that needs
/// reading is read only while its answer can still change its match's
/// coefficient, as in [`connections_reusing_lean`]; a link to the edge
/// made by one match is read only as far as 0.5 (a coefficient of 0.5 may
/// stand for 1: of a link to the edge, the territory asks only whether it
/// reaches 0.5, `TerritoryOptions::min_link`, and groups and the
/// connection term read only links between stones). An evaluation needs
/// no more (about one reading in seven, and then two in five of the rest,
/// nearly all second-line stones' links to the edge, are left out).
pub fn connections_lean(
    board: &Board,
    patterns: &ConnectionPatterns,
    reader: &mut Reader,
) -> Connections {
    links_of(board, patterns, reader, Cuts::Read { lean: true }).into_connections(None)
}

/// [`connections`], also giving the memo of its candidates and cut states
/// for [`connections_reusing`]. Reading while recording footprints is slower
/// (the reader's cache is not consulted); the links are the same.
pub fn connections_recorded(
    board: &Board,
    patterns: &ConnectionPatterns,
    reader: &mut Reader,
) -> (Connections, LinkMemo) {
    let mut memo = LinkMemo {
        board: Some(board.clone()),
        ..LinkMemo::default()
    };
    let links = links_of(board, patterns, reader, Cuts::Record(&mut memo)).into_connections(None);
    (links, memo)
}

/// [`connections`] of `board`, a board one move away from the one `memo`
/// was recorded on (the move played, its captures taken): the memo's
/// candidate links, cut states and links are taken where the move leaves
/// them alone ([`Board::changed_points`] against the recorded board), the
/// rest is found afresh. The links are those [`connections`] finds, up to what
/// the reader's cache and budget make of positions read in another order.
/// Any other `board` (another size, a setup change, several moves) is read
/// afresh in full: the reuse rests on the board having changed by one move.
pub fn connections_reusing(
    board: &Board,
    patterns: &ConnectionPatterns,
    reader: &mut Reader,
    memo: &LinkMemo,
) -> Connections {
    reusing(board, patterns, reader, memo, false).into_connections(Some(memo))
}

/// [`connections_reusing`] for what a link is worth: the same links with the
/// same ends and wall cells and, but for a link to the edge made by one
/// match (read only as far as 0.5, as [`connections_lean`] reads it), the
/// same coefficients; a link's `cuts` hold only the cutting points whose
/// state was known or read. A point that needs reading
/// is read only while its answer can still change its match's coefficient
/// (the coefficient grows with each point's state, and a reading answers
/// open or lost on an opponent chain, safe or open where an opponent stone
/// would be played: so the states known and the readings left may already
/// fix it, or put the match below a better one of its pair).
/// A board that is not one move from the memo's is read afresh as
/// [`connections_lean`] reads it.
pub fn connections_reusing_lean(
    board: &Board,
    patterns: &ConnectionPatterns,
    reader: &mut Reader,
    memo: &LinkMemo,
) -> Connections {
    reusing(board, patterns, reader, memo, true).into_connections(Some(memo))
}

/// [`connections_reusing_lean`] without copying the memo's links the move
/// leaves alone: the links are the memo's where they are kept, by
/// reference, and the ones made afresh, in the same order. Move ranking
/// values hundreds of children of one position, each keeping most of its
/// parent's links.
pub fn connections_reusing_shared<'m>(
    board: &Board,
    patterns: &ConnectionPatterns,
    reader: &mut Reader,
    memo: &'m LinkMemo,
) -> SharedLinks<'m> {
    let Made { mut order, own } = reusing(board, patterns, reader, memo, true);
    // Read afresh (no memo to reuse): every link its own, in order
    // (`Made::order` left empty).
    if order.is_empty() {
        order = (0..own.len() as u32).map(Slot::Own).collect();
    }
    SharedLinks { memo, order, own }
}

/// The links of a board a move from a [`LinkMemo`]'s
/// ([`connections_reusing_shared`]): what [`connections_reusing_lean`]
/// gives, holding the memo's links by reference.
#[derive(Debug)]
pub struct SharedLinks<'m> {
    memo: &'m LinkMemo,
    order: Vec<Slot>,
    own: Vec<Link>,
}

impl SharedLinks<'_> {
    /// The links, in [`Connections`]' order.
    pub fn iter(&self) -> impl Iterator<Item = &Link> + Clone + '_ {
        self.order.iter().map(|&slot| match slot {
            Slot::Memo(i) => &self.memo.links[i as usize].link,
            Slot::Own(j) => &self.own[j as usize],
        })
    }

    /// The number of links.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether there is no link.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The links as [`Connections`] (copies of the memo's).
    pub fn to_connections(&self) -> Connections {
        Connections {
            links: self.iter().cloned().collect(),
        }
    }
}

/// Where one link of [`links_of`]'s result is.
#[derive(Clone, Copy, Debug)]
enum Slot {
    /// The memo's link of this index.
    Memo(u32),
    /// The link made afresh of this index (they come in order).
    Own(u32),
}

/// The links [`links_of`] made, in order: the memo's it kept and its own.
struct Made {
    /// Where each link is; left empty by a walk without a memo, whose
    /// links are all its own, in order.
    order: Vec<Slot>,
    own: Vec<Link>,
}

impl Made {
    /// The links as [`Connections`]: its own moved, the memo's (`memo`
    /// must be the one they were kept from) copied.
    fn into_connections(self, memo: Option<&LinkMemo>) -> Connections {
        // Made afresh, every link its own and in order: they are the list.
        if self.order.is_empty() || self.order.len() == self.own.len() {
            debug_assert!(
                self.order
                    .iter()
                    .enumerate()
                    .all(|(i, &slot)| matches!(slot, Slot::Own(j) if j as usize == i))
            );
            return Connections { links: self.own };
        }
        let mut own = self.own.into_iter();
        let links: Vec<Link> = self
            .order
            .iter()
            .map(|&slot| match slot {
                Slot::Memo(i) => memo.expect("kept links come from a memo").links[i as usize]
                    .link
                    .clone(),
                Slot::Own(_) => own.next().expect("one own link a slot, in order"),
            })
            .collect();
        // Candidates sort by colour, then pair: the links are in order.
        debug_assert!(links.is_sorted_by_key(|l| (l.color, l.from, link_end_key(l.to))));
        Connections { links }
    }
}

fn reusing(
    board: &Board,
    patterns: &ConnectionPatterns,
    reader: &mut Reader,
    memo: &LinkMemo,
    lean: bool,
) -> Made {
    let changed = match &memo.board {
        Some(recorded) if recorded.size() == board.size() => {
            let changed = recorded.changed_points(board);
            one_move_apart(recorded, board, &changed).then_some(changed)
        }
        _ => None,
    };
    match changed {
        Some(changed) => links_of(
            board,
            patterns,
            reader,
            Cuts::Reuse {
                memo,
                changed: &changed,
                lean,
            },
        ),
        None => links_of(board, patterns, reader, Cuts::Read { lean }),
    }
}

/// Whether `after` is `before` with one stone added and only whole chains
/// of the other colour taken away (a move and its captures); `changed` are
/// the points where they differ (ko points may differ without a stone
/// changing).
fn one_move_apart(before: &Board, after: &Board, changed: &PointSet) -> bool {
    let mut added = None;
    for p in changed {
        match (before.color(p), after.color(p)) {
            (None, Some(c)) if added.is_none() => added = Some(c),
            (_, None) => {}
            _ => return false,
        }
    }
    let Some(mover) = added else { return false };
    changed
        .iter()
        .all(|p| match (before.color(p), after.color(p)) {
            (Some(c), None) => c != mover && before.chain_stones(p).all(|s| after.is_empty(s)),
            _ => true,
        })
}

/// The links of `board`, their cutting points read as `cut_source` says.
/// Inlined in each caller, whose `cut_source` is mostly a constant: the
/// walk is then specialised to its reading mode, without a test of the
/// mode at each cutting point.
#[expect(
    clippy::inline_always,
    reason = "specialised by each caller's constant reading mode (-0.25 M refs a 66-evaluation run)"
)]
#[inline(always)]
fn links_of(
    board: &Board,
    patterns: &ConnectionPatterns,
    reader: &mut Reader,
    mut cut_source: Cuts<'_>,
) -> Made {
    // One link per pair, by the pattern earliest in the file. That pattern
    // may match the pair more than once (anchored at either stone, in
    // several orientations: a bamboo joint on both sides); the link takes
    // the best coefficient among those matches and the union of the cutting
    // points and wall cells of the matches that reach it. Nothing depends on
    // the order in which matches were found, so colour swaps and board
    // symmetries give the same links.
    // Each cutting point is classified once per colour.
    let mut states: Vec<[Option<CutState>; 2]> = vec![[None; 2]; NUM_CELLS];
    // Scratch lists of [`pair_link`].
    let mut lists = PairScratch::default();
    // Candidates sort by colour, then pair: the links come in order.
    let (memo, changed) = match &cut_source {
        Cuts::Reuse { memo, changed, .. } => (*memo, *changed),
        Cuts::Read { .. } | Cuts::Record(_) => {
            // Every candidate link, pair by pair in key order (colour and
            // pair, then pattern): every link made afresh, in order
            // (`order` left empty, [`Made::order`]).
            let candidates = all_candidates(board, patterns);
            // One link per pair (a list that outgrows its room copies every
            // link made so far).
            let mut own: Vec<Link> = Vec::with_capacity(candidates.len());
            let mut start = 0;
            // Black's candidates first (the colour is the key's top bit):
            // what a colour's cut states share is worked out once for it.
            let black = candidates.partition_point(|c| c.color == Color::Black);
            let (blacks, whites) = candidates.split_at(black);
            for (color, candidates) in [(Color::Black, blacks), (Color::White, whites)] {
                let side = Side::new(board, color);
                for group in
                    candidates.chunk_by(|a, b| a.key >> PATTERN_BITS == b.key >> PATTERN_BITS)
                {
                    let end = start + group.len();
                    let made = pair_link(
                        board,
                        patterns,
                        reader,
                        &mut cut_source,
                        &mut states,
                        (group, &side),
                        &mut lists,
                        &mut own,
                    );
                    if let (true, Cuts::Record(memo)) = (made, &mut cut_source) {
                        let link = own.last().expect("the link just made");
                        memo.record_link(link, group, start..end, &lists.read);
                    }
                    start = end;
                }
            }
            if let Cuts::Record(memo) = &mut cut_source {
                memo.candidates = candidates;
                memo.index_links();
            }
            return Made {
                order: Vec::new(),
                own,
            };
        }
    };
    // Every candidate link, pair by pair in key order; whether a pair's
    // candidates differ from the memo's.
    let mut groups = Groups::reuse(board, patterns, memo, changed);
    let mut made = Made {
        order: Vec::with_capacity(groups.pairs_at_most()),
        // With a memo, a few links are made afresh.
        own: Vec::with_capacity(16),
    };
    // One pair's candidates.
    let mut scratch: Vec<Candidate> = Vec::with_capacity(16);
    loop {
        // The memo's links no change concerns, up to the next that one
        // may, are kept as they are.
        made.order
            .extend(groups.clean_run().map(|i| Slot::Memo(i as u32)));
        let Some(step) = groups.advance() else {
            break;
        };
        // A pair whose candidates are the memo's, and whose cut states the
        // move left alone, has the memo's link.
        if let Some(i) = step.memo {
            let m = &memo.links[i];
            if !step.touched && m.footprint.unchanged_by(changed) {
                made.order.push(Slot::Memo(i as u32));
                continue;
            }
        }
        let group = groups.candidates(&step, &mut scratch);
        debug_assert!(group.iter().all(|c| c.key >> PATTERN_BITS == step.key));
        // A pair whose every candidate was dropped has no link.
        let own = made.own.len() as u32;
        let Some(first) = group.first() else {
            continue;
        };
        let side = Side::new(board, first.color);
        if pair_link(
            board,
            patterns,
            reader,
            &mut cut_source,
            &mut states,
            (group, &side),
            &mut lists,
            &mut made.own,
        ) {
            made.order.push(Slot::Own(own));
        }
    }
    made
}

/// Scratch lists of [`pair_link`], kept from pair to pair: one match's
/// cutting points left to read, the best matches' cutting points and wall
/// cells, and the cutting points the pair's matches read (for a memo's
/// footprints, kept when recording).
#[derive(Default)]
struct PairScratch {
    pending: Vec<(Point, ToRead)>,
    best_cuts: Cells<(Point, CutState)>,
    best_wall: Vec<Point>,
    read: Vec<Point>,
}

/// The link of one pair from its candidates `group` (in key order: the
/// first's pattern, the earliest in the file, makes it), its cutting points
/// classified through `states` (by [`state_index`] and colour) and
/// `cut_source`, pushed on `out` (written there as it is made, not copied
/// in); whether there is one (`group` not empty).
#[expect(
    clippy::inline_always,
    reason = "once a pair, about 170 times an evaluation; left to the compiler it became a call, with its link returned through memory (+0.07 M refs)"
)]
#[expect(
    clippy::too_many_arguments,
    reason = "links_of's state, lent for one pair"
)]
#[inline(always)]
fn pair_link(
    board: &Board,
    patterns: &ConnectionPatterns,
    reader: &mut Reader,
    cut_source: &mut Cuts<'_>,
    states: &mut [[Option<CutState>; 2]],
    (group, side): (&[Candidate], &Side),
    scratch: &mut PairScratch,
    out: &mut Vec<Link>,
) -> bool {
    let PairScratch {
        pending,
        best_cuts,
        best_wall,
        read,
    } = scratch;
    let Some(first) = group.first() else {
        return false;
    };
    debug_assert!(group.iter().all(|c| c.color == side.color));
    let pattern = first.key & PATTERN_MASK;
    read.clear();
    let shape = &patterns.shapes[pattern as usize];
    // One candidate (most pairs, twins being left out: [`candidate`]): its
    // match makes the link, without the bookkeeping of the best matches.
    if let [c] = group {
        let steps = patterns.steps(&c.m());
        // Reading lean, a lone link to the edge is read as far as 0.5 (see
        // [`connections_lean`]).
        let enough = if steps.to.is_none() { 1 } else { 2 };
        let (level, cuts) = match_coefficient(
            board,
            reader,
            cut_source,
            states,
            shape,
            (c.anchor, steps, side),
            (0, enough),
            pending,
            read,
        );
        let (from, to) = match c.to {
            LinkEnd::Stone(q) if q < c.anchor => (q, LinkEnd::Stone(c.anchor)),
            to => (c.anchor, to),
        };
        out.push(Link {
            color: c.color,
            from,
            to,
            kind: Arc::clone(&shape.name),
            coefficient: coefficient_value(level),
            cuts,
            wall: wall_of(c.anchor, steps),
        });
        return true;
    }
    // The best matches so far: coefficient and ends, and the union of
    // their cutting points (in a scratch list). Their wall cells: while
    // the best is one match (nearly always), its anchor and steps, the
    // union made (in `best_wall`) only when a second match ties it.
    let mut best: Option<(u8, Point, LinkEnd)> = None;
    let mut best_steps: Option<(Point, &ShapeSteps)> = None;
    best_cuts.clear();
    best_wall.clear();
    for (i, c) in group.iter().enumerate() {
        if c.key & PATTERN_MASK != pattern {
            break;
        }
        let (from, m, to) = (c.anchor, &c.m(), c.to);
        let steps = patterns.steps(m);
        // The twin of a match walked already (anchored on its far
        // stone, on the same cells) changes nothing: its cutting points'
        // states are known, its coefficient is the same, its cells are
        // in the union if that match's are.
        if let (Some(twin), LinkEnd::Stone(q)) = (steps.twin, to) {
            if group[..i]
                .iter()
                .any(|d| d.anchor == q && d.symmetry == twin)
            {
                continue;
            }
        }
        let (level, cuts) = match_coefficient(
            board,
            reader,
            cut_source,
            states,
            shape,
            (from, steps, side),
            (best.map_or(0, |b| b.0), 2),
            pending,
            read,
        );
        // A pair of stones is reported from the smaller point.
        let (from, to) = match to {
            LinkEnd::Stone(q) if q < from => (q, LinkEnd::Stone(from)),
            _ => (from, to),
        };
        match best.map(|b| b.0.cmp(&level)) {
            Some(std::cmp::Ordering::Greater) => {}
            Some(std::cmp::Ordering::Equal) => {
                for &c in &cuts {
                    if !best_cuts.iter().any(|&(q, _)| q == c.0) {
                        best_cuts.push(c);
                    }
                }
                // The first tie: the best match's wall cells.
                if let Some((a, s)) = best_steps.take() {
                    best_wall.extend(s.wall.iter().map(|&d| stepped(a, d)));
                }
                for w in steps.wall.iter().map(|&s| stepped(c.anchor, s)) {
                    if !best_wall.contains(&w) {
                        best_wall.push(w);
                    }
                }
            }
            _ => {
                best = Some((level, from, to));
                *best_cuts = cuts;
                best_steps = Some((c.anchor, steps));
                best_wall.clear();
            }
        }
    }
    let Some((level, from, to)) = best else {
        return false;
    };
    // One best match: its cutting points are in point order already; the
    // union of tied matches' is sorted.
    let wall = if let Some((a, s)) = best_steps {
        wall_of(a, s)
    } else {
        sort_by_point(best_cuts);
        best_wall.sort_unstable();
        Cells::from_slice(best_wall)
    };
    out.push(Link {
        color: first.color,
        from,
        to,
        kind: Arc::clone(&shape.name),
        coefficient: coefficient_value(level),
        // (The best matches' list itself; the scratch list starts afresh.)
        cuts: std::mem::take(best_cuts),
        wall,
    });
    true
}

/// Sorts a match's cutting points in point order (a handful, each point
/// once: by insertion, inline).
#[inline]
fn sort_by_point(cuts: &mut [(Point, CutState)]) {
    for i in 1..cuts.len() {
        let mut j = i;
        while j > 0 && cuts[j - 1].0 > cuts[j].0 {
            cuts.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The wall cells of one match anchored at `anchor`: its wall steps are
/// sorted, so are its cells. (Up to four are written in place, all four
/// steps of [`ShapeSteps::wall4`] whatever their number, and the length
/// set: `collect` was a call a link, and a loop over the steps ended at a
/// branch no predictor learns.)
#[expect(
    clippy::inline_always,
    reason = "once a link; left to the compiler it stayed a call"
)]
#[inline(always)]
fn wall_of(anchor: Point, steps: &ShapeSteps) -> Cells<Point> {
    if steps.wall.len() <= 4 {
        let cells = steps.wall4.map(|d| stepped(anchor, d));
        Cells::from_buf_and_len(cells, steps.wall.len())
    } else {
        steps.wall.iter().map(|&d| stepped(anchor, d)).collect()
    }
}

/// The coefficient of one match of a pair (anchored at `from`, its shape's
/// steps `steps`, for `side`'s colour), in halves ([`level_of`]), and its
/// cutting points classified through `states` and `cut_source` (a list
/// made afresh, in point order: not a scratch list emptied and moved out;
/// `pending` is scratch, `read` takes the points a recording reads).
/// `best` is the best coefficient (in halves) of the pair's matches so far,
/// 0 before the first: reading lean, a match that cannot reach it leaves
/// cutting points unread, and so does one sure to reach `enough` (2, or 1
/// for a lone link to the edge), which then takes the least coefficient it
/// is sure of.
#[expect(
    clippy::inline_always,
    reason = "once a match, in both of pair_link's paths; it should cost no call"
)]
#[expect(
    clippy::too_many_arguments,
    reason = "pair_link's state, lent for one match"
)]
#[inline(always)]
fn match_coefficient(
    board: &Board,
    reader: &mut Reader,
    cut_source: &mut Cuts<'_>,
    states: &mut [[Option<CutState>; 2]],
    shape: &ConnectionShape,
    (from, steps, side): (Point, &ShapeSteps, &Side),
    (best, enough): (u8, u8),
    pending: &mut Vec<(Point, ToRead)>,
    read: &mut Vec<Point>,
) -> (u8, Cells<(Point, CutState)>) {
    let color = side.color;
    let mut cuts = Cells::new();
    pending.clear();
    // The states of `cuts`, counted as they come ([`count_states`]).
    let mut counts = [0usize; 4];
    for p in steps.cuts.iter().map(|&s| stepped(from, s)) {
        let slot = &mut states[state_index(board, p, cut_source)][color.index()];
        let known = match (*slot, &mut *cut_source) {
            (Some(s), _) => Ok(s),
            (None, Cuts::Read { lean: false }) => {
                Ok(cut_state_traced(board, p, side, reader, None))
            }
            // Read lean, a point that needs reading waits in `pending`.
            (None, Cuts::Read { lean: true }) => cut_state_quick(board, p, side, None),
            (None, Cuts::Record(memo)) => {
                let mut fp = Footprint::new();
                let s = cut_state_traced(board, p, side, reader, Some(&mut fp));
                memo.insert(p, color, s, fp);
                Ok(s)
            }
            (None, Cuts::Reuse { memo, changed, .. }) => match memo.get(p, color, changed) {
                Some(s) => Ok(s),
                None => cut_state_quick(board, p, side, None),
            },
        };
        match known {
            Ok(s) => {
                *slot = Some(s);
                cuts.push((p, s));
                counts[s as usize] += 1;
            }
            Err(to_read) => pending.push((p, to_read)),
        }
        if matches!(cut_source, Cuts::Record(_)) {
            read.push(p);
        }
    }
    // The cutting points that need reading (lean: only while their
    // answers can still change the match's coefficient or lift it
    // to the best of its pair; then the coefficient is its bounds').
    let lean = matches!(
        cut_source,
        Cuts::Reuse { lean: true, .. } | Cuts::Read { lean: true }
    );
    // How many are left to read, by kind ([`ToRead`]'s order).
    let mut left = [0usize; 2];
    for &(_, to_read) in pending.iter() {
        left[to_read as usize] += 1;
    }
    // Lean, the kind whose one answer may fix the coefficient is read
    // first: where the opponent needs any point, an opponent chain (lost
    // cuts); where it needs all, an opponent stone played (safe holds).
    if lean && pending.len() > 1 {
        let first = match shape.needs {
            Needs::Any => ToRead::Capture,
            Needs::All => ToRead::Cut,
        };
        pending.sort_by_key(|&(_, t)| t as usize != first as usize);
    }
    let max = steps.max;
    let mut decided = None;
    for (p, to_read) in pending.drain(..) {
        if lean {
            let (lo, hi) = level_bounds(counts, shape.needs, left);
            let (lo, hi) = (lo.min(max), hi.min(max));
            // (No match is below 0: nothing is below a `best` of 0.)
            if lo == hi || hi < best || lo >= enough {
                decided = Some(lo);
                break;
            }
        }
        left[to_read as usize] -= 1;
        let s = cut_state_read(board, p, color, reader, to_read, None);
        states[state_index(board, p, cut_source)][color.index()] = Some(s);
        // (The points known at once came in point order, the shape's steps
        // being sorted: a point read goes in its place among them.)
        let at = cuts.partition_point(|&(q, _)| q < p);
        cuts.insert(at, (p, s));
        counts[s as usize] += 1;
    }
    debug_assert_eq!(counts, count_states(&cuts));
    debug_assert!(cuts.windows(2).all(|w| w[0].0 < w[1].0));
    if let Some(c) = decided {
        return (c, cuts);
    }
    (level_of(counts, shape.needs).min(max), cuts)
}

/// Where [`links_of`] keeps the cut state of point `p`: a stone's state is
/// its chain's (the reader's answers are the same from any stone of a
/// chain: it reads chains, and orders its candidate moves by score and
/// point, not by the stone asked about), so a chain that several cutting
/// points fall on is read once. Recording keeps one state per point: a
/// memo's entries, footprints included, are looked up by point.
fn state_index(board: &Board, p: Point, cut_source: &Cuts<'_>) -> usize {
    let by_chain = !matches!(cut_source, Cuts::Record(_)) && board.cell(p).is_stone();
    if by_chain {
        board.chain_head(p).index()
    } else {
        p.index()
    }
}

/// The point `step` from `anchor` in the board's point index: a labelled
/// cell of a match ([`ShapeSteps`](crate::patterns::ShapeSteps); always on
/// the board).
#[inline]
fn stepped(anchor: Point, step: i16) -> Point {
    Point::from_index(anchor.index().wrapping_add_signed(isize::from(step)))
}

/// A candidate link: its sort key (pair, then pattern), the match that
/// makes it (anchored on the stone it starts from), and its far end. Kept
/// in two words (the pattern is the key's low bits), so that the few
/// hundred of a position move as cheaply as integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Candidate {
    key: u64,
    anchor: Point,
    symmetry: Symmetry,
    color: Color,
    to: LinkEnd,
}

const _: () = assert!(size_of::<Candidate>() == 16);

impl Candidate {
    /// The match that makes the candidate.
    fn m(&self) -> Match {
        Match {
            pattern: (self.key & PATTERN_MASK) as usize,
            anchor: self.anchor,
            symmetry: self.symmetry,
            color: self.color,
        }
    }
}

/// The candidate link of a match, if the match makes one: the far end is
/// an own stone of another chain, or a border cell; between two stones, no
/// cutting point holds a stone of either end's chain.
#[expect(
    clippy::inline_always,
    reason = "once per pattern match, about 1 200 times an evaluation; left to the compiler it stayed a call"
)]
#[inline(always)]
fn candidate(
    board: &Board,
    patterns: &ConnectionPatterns,
    edges: &BorderTable,
    m: Match,
) -> Option<Candidate> {
    let from = m.anchor;
    let color = m.color;
    let steps = patterns.steps(&m);
    let to = if let Some(s) = steps.to {
        let q = stepped(from, s);
        // (The built-in matcher leaves out the orientations whose exact
        // twin is anchored on the far stone, a smaller point:
        // `ConnectionPatterns::parse`. A matcher that has them makes the
        // same links: [`pair_link`] passes over a match whose twin it
        // walked.)
        // The far end must be an own stone of another chain.
        if board.cell(q) != color.cell() {
            return None;
        }
        let (head_from, head_to) = (board.chain_head(from), board.chain_head(q));
        if head_to == head_from {
            return None;
        }
        // No cutting point may hold a stone of either end's chain: the two
        // chains would meet through that stone, by the shorter link from it
        // (a knight's move whose corner point is the far chain's stone is
        // the diagonal from that stone, cut if the diagonal is). Counted as
        // an owned cutting point, such a match made half a link of a pair
        // the shorter link calls cut. (An edge link through its own chain's
        // stones is kept: it anchors the edge for that stone, and
        // `enclosed`'s claimed edge arcs count anchors by stone.) Only the
        // cutting points the matcher lets hold an own stone can.
        for p in steps.own_cuts.iter().map(|&s| stepped(from, s)) {
            if board.cell(p) == color.cell() {
                let h = board.chain_head(p);
                if h == head_from || h == head_to {
                    return None;
                }
            }
        }
        LinkEnd::Stone(q)
    } else {
        // The edge: beyond the wall cell farthest from the stone, in the
        // direction the link runs (the wall cells lie in a line).
        let (far, direction) = steps.edge?;
        // (`edges` is the board's size's.)
        LinkEnd::Edge(edges.cell(stepped(from, far), direction)?)
    };
    // The same two stones (or stone and edge cell) in either order.
    let key = match to {
        LinkEnd::Stone(q) => (from.min(q), link_end_key(LinkEnd::Stone(from.max(q)))),
        LinkEnd::Edge(c) => (from, link_end_key(LinkEnd::Edge(c))),
    };
    Some(Candidate {
        key: sort_key(m.color, key, m.pattern),
        anchor: m.anchor,
        symmetry: m.symmetry,
        color: m.color,
        to,
    })
}

/// Every candidate link of the position (both colours), sorted.
/// (Kept out of [`links_of`]: inlined there, its scan shared the
/// registers of the walk over pairs and spilled them.)
#[inline(never)]
fn all_candidates(board: &Board, patterns: &ConnectionPatterns) -> Vec<Candidate> {
    // One scan a colour, each colour's candidates in the order found
    // (board order, then pattern and symmetry), each inserted into its
    // colour's sorted list as it is found: [`insertion_sorted`]'s order.
    // (A middle-game position has a few hundred.)
    let mut out: Vec<Candidate> = Vec::with_capacity(1024);
    let edges = border_table(board.size());
    // (The board's rows read once for both colours' scans.)
    for scan in patterns.matcher.matches_each(board) {
        let start = out.len();
        scan.for_each(|m| {
            if let Some(c) = candidate(board, patterns, edges, m) {
                // Behind the greater keys of its colour found before it.
                // Most come last (the matcher gives a point's matches in
                // their keys' order: `ConnectionPatterns::parse`), and
                // behind the other colour's, Black's keys being the
                // smaller: only the last is compared.
                let out_of_order = out.last().is_some_and(|l| l.key > c.key);
                out.push(c);
                if out_of_order {
                    // (In a slice of the colour's: no bounds test.)
                    let own = &mut out[start..];
                    let mut j = own.len() - 1;
                    while j > 0 && own[j - 1].key > c.key {
                        own[j] = own[j - 1];
                        j -= 1;
                    }
                    own[j] = c;
                }
            }
        });
    }
    if has_long_bucket(&out) {
        // The lists as found, for the sort that keeps a long bucket's
        // candidates in their order found.
        out.clear();
        for scan in patterns.matcher.matches_each(board) {
            scan_candidates(board, patterns, edges, scan, &mut out);
        }
        sort_by_key(&mut out);
    }
    out
}

/// Pushes the candidate links of one colour's `scan` onto `out`, in the
/// order found.
#[expect(
    clippy::inline_always,
    reason = "the scan of each colour, where its matches are made: it should cost no call"
)]
#[inline(always)]
fn scan_candidates(
    board: &Board,
    patterns: &ConnectionPatterns,
    edges: &BorderTable,
    scan: Matches<'_>,
    out: &mut Vec<Candidate>,
) {
    // (`for_each` runs the matcher's own loop, `fold`; `extend` would
    // call `next` once a match.)
    scan.for_each(|m| {
        if let Some(c) = candidate(board, patterns, edges, m) {
            out.push(c);
        }
    });
}

/// Sorts one colour's candidates in the order found by key, stably, by
/// insertion, as [`all_candidates`] inserts each as it is found:
/// [`sort_by_key`]'s order while no bucket holds more than
/// [`INSERTION_MAX`] candidates ([`has_long_bucket`]). A colour's
/// candidates come nearly sorted: a match is anchored on the pair's
/// smaller point, so its bucket (colour and smaller point) is its
/// anchor's, in scan order, but for the few whose twin is not exact (left
/// out when it is: [`candidate`]) and the order of one anchor's
/// candidates.
#[cfg(test)]
fn insertion_sorted(sorted: &mut [Candidate]) {
    for i in 1..sorted.len() {
        let c = sorted[i];
        let mut j = i;
        while j > 0 && sorted[j - 1].key > c.key {
            sorted[j] = sorted[j - 1];
            j -= 1;
        }
        sorted[j] = c;
    }
}

/// Whether a bucket (colour and smaller point) of the sorted candidates
/// holds more than [`INSERTION_MAX`]: its first and its
/// `INSERTION_MAX`-th next share the key's top bits. Looked for only when
/// two candidates half [`INSERTION_MAX`] apart, the first at a multiple of
/// that, share a bucket (as two such in a longer bucket do).
fn has_long_bucket(sorted: &[Candidate]) -> bool {
    const STEP: usize = INSERTION_MAX / 2;
    const _: () = assert!(2 * STEP == INSERTION_MAX, "a longer bucket holds two steps");
    let bucket = |c: &Candidate| c.key >> POINT_SHIFT;
    sorted
        .iter()
        .step_by(STEP)
        .zip(sorted.iter().skip(STEP).step_by(STEP))
        .any(|(a, b)| bucket(a) == bucket(b))
        && sorted
            .windows(INSERTION_MAX + 1)
            .any(|w| bucket(&w[0]) == bucket(&w[INSERTION_MAX]))
}

/// The candidates `found` of each colour (by colour index, the key's top
/// bit; each in the order found) in key order, as [`all_candidates`] puts
/// them: each colour insertion sorted, or the lists as found sorted by
/// [`sort_by_key`] when a bucket is long.
#[cfg(test)]
fn sorted_by_key(found: &[Vec<Candidate>; 2]) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::with_capacity(found[0].len() + found[1].len());
    for list in found {
        let start = out.len();
        out.extend_from_slice(list);
        insertion_sorted(&mut out[start..]);
    }
    if has_long_bucket(&out) {
        out.clear();
        out.extend(found.iter().flatten());
        sort_by_key(&mut out);
    }
    out
}

/// Where a sort key holds the pair's smaller point (10 bits: point indices
/// are below 1 024) and, above it, the colour.
const POINT_SHIFT: u32 = 40;
const COLOR_SHIFT: u32 = POINT_SHIFT + 10;

/// The longest slice `sort_unstable` sorts by insertion (stable); longer
/// ones it may leave equal keys in another order.
const INSERTION_MAX: usize = 20;

/// Sorts candidates by key: by colour and smaller point (the key's top 11
/// bits) with a stable radix sort of two digits, then each run of one
/// colour and point (a handful of candidates) sorted by the rest. Fewer
/// instructions than one comparison sort of the whole list (which was about
/// 3 % of an evaluation's), and than one counting pass over all 2 048
/// colour and point buckets.
///
/// The order is exactly that of `sort_unstable_by_key` on each run, as the
/// runs are found: a run of at most [`INSERTION_MAX`] is insertion sorted
/// by it, which keeps equal keys in the order given. When no pair of
/// digits holds more than that many candidates (a run is a handful), no
/// run can be longer, and each run is insertion sorted as the high digit's
/// pass writes it; otherwise the runs are sorted afterwards.
fn sort_by_key(candidates: &mut [Candidate]) {
    /// The low digit's bits; the high digit has the rest.
    const LOW: u32 = 6;
    const HIGH: u32 = COLOR_SHIFT + 1 - POINT_SHIFT - LOW;
    let bucket = |c: &Candidate| (c.key >> POINT_SHIFT) as usize;
    debug_assert!(candidates.iter().all(|c| bucket(c) < 1 << (LOW + HIGH)));
    let Some(&first) = candidates.first() else {
        return;
    };
    // Both digits' counts in one pass, then each digit's starts.
    let mut low = [0u32; 1 << LOW];
    let mut high = [0u32; 1 << HIGH];
    for c in candidates.iter() {
        let b = bucket(c);
        low[b & ((1 << LOW) - 1)] += 1;
        high[b >> LOW] += 1;
    }
    let starts = |counts: &mut [u32]| {
        let mut sum = 0;
        for n in counts {
            (*n, sum) = (sum, sum + *n);
        }
    };
    // The low digits whose candidates may hold a long run (a run's
    // candidates share its low digit): bit `l` for digit `l`.
    let crowded = low.iter().enumerate().fold(0u64, |set, (l, &n)| {
        set | u64::from(n as usize > INSERTION_MAX) << l
    });
    starts(&mut low);
    starts(&mut high);
    // Low digit into `by_low`, then high digit back: each pass keeps the
    // order of equal digits, so a run of one bucket keeps the order the
    // candidates were found in.
    let mut by_low = vec![first; candidates.len()];
    for &c in candidates.iter() {
        let slot = &mut low[bucket(&c) & ((1 << LOW) - 1)];
        by_low[*slot as usize] = c;
        *slot += 1;
    }
    // Whether every run is short: in a crowded low digit's candidates
    // (`by_low` holds them together), no high digit has too many.
    let short_runs = (0..1 << LOW).filter(|l| crowded >> l & 1 != 0).all(|l| {
        // (`low` now holds each digit's end.)
        let start = if l == 0 { 0 } else { low[l - 1] as usize };
        let mut per_high = [0u32; 1 << HIGH];
        by_low[start..low[l] as usize].iter().all(|c| {
            let n = &mut per_high[bucket(c) >> LOW];
            *n += 1;
            *n as usize <= INSERTION_MAX
        })
    });
    if short_runs {
        // A high digit's candidates come by low digit, a run's together
        // and in the order found: each is inserted behind the greater keys
        // written before it, which can only be of its own run (the key's
        // top bits are the bucket).
        let first_of = high;
        for &c in &by_low {
            let h = bucket(&c) >> LOW;
            let mut j = high[h] as usize;
            high[h] += 1;
            while j > first_of[h] as usize && candidates[j - 1].key > c.key {
                candidates[j] = candidates[j - 1];
                j -= 1;
            }
            candidates[j] = c;
        }
        return;
    }
    for &c in &by_low {
        let slot = &mut high[bucket(&c) >> LOW];
        candidates[*slot as usize] = c;
        *slot += 1;
    }
    let mut s = 0;
    while s < candidates.len() {
        let b = bucket(&candidates[s]);
        let mut e = s + 1;
        while candidates.get(e).is_some_and(|c| bucket(c) == b) {
            e += 1;
        }
        if e - s > 1 {
            candidates[s..e].sort_unstable_by_key(|c| c.key);
        }
        s = e;
    }
}

/// The candidate links of a board a move from a memo's, one pair's at a
/// time in key order: the memo's, except those whose match depends on a changed point
/// ([`PatternSet::depends_on`]: the point lies under a cell that reads
/// it) and those whose two stones the change joined into one chain (no
/// longer a link); and, found afresh at the anchors within the patterns'
/// reach of a change (`near`), the matches that depend on a changed
/// point (`fresh`, sorted). Nothing else can differ: a match that reads
/// no changed point is a match on both boards; a far end's colour is a
/// point it reads; chains only grow by the move (a capture empties
/// changed points, which every match that saw those stones reads). The
/// two sorted lists are merged pair by pair as they are walked.
struct Groups<'a> {
    memo: &'a LinkMemo,
    patterns: &'a ConnectionPatterns,
    matcher: &'a PatternSet,
    changes: Vec<Point>,
    near: PointSet,
    joined: PointSet,
    fresh: Vec<Candidate>,
    /// The memo's links the change may concern, sorted: its footprint
    /// holds a changed point, or a candidate of its pair is anchored
    /// `near`, or it ends on a `joined` stone. The others keep their
    /// candidates and their link.
    dirty: Vec<u32>,
    /// The next of the memo's links (pairs), of `fresh` and of `dirty`.
    next: (usize, usize, usize),
}

/// One pair of the walk ([`Groups::advance`]); its candidates come from
/// [`Groups::fill`].
struct Step {
    /// The pair's key.
    key: u64,
    /// Whether its candidates differ from the memo's (one dropped or one
    /// found afresh).
    touched: bool,
    /// The index of the memo's link of the pair, if it had one.
    memo: Option<usize>,
    /// Its candidates in the full list, or the memo's (reuse).
    own: std::ops::Range<usize>,
    /// Its fresh candidates (reuse).
    fresh: std::ops::Range<usize>,
}

impl<'a> Groups<'a> {
    fn reuse(
        board: &Board,
        patterns: &'a ConnectionPatterns,
        memo: &'a LinkMemo,
        changed: &PointSet,
    ) -> Groups<'a> {
        let size = board.size();
        let matcher = &patterns.matcher;
        let reach = matcher.reach();
        let changes: Vec<Point> = changed.iter().collect();
        let mut near = PointSet::new();
        let mut joined = PointSet::new();
        // The anchors whose matches may read a changed point (some
        // pattern reads that offset).
        for c in changed {
            for dy in -reach..=reach {
                for dx in -reach..=reach {
                    if let Some(a) = c.offset(dx, dy, size) {
                        if matcher.reads_offset(-dx, -dy) {
                            near.insert(a);
                        }
                    }
                }
            }
            if board.color(c).is_some() && !joined.contains(c) {
                joined.extend(board.chain_stones(c));
            }
        }
        // (A move typically finds a few dozen afresh: room for them at once.)
        let mut fresh: Vec<Candidate> = Vec::with_capacity(64);
        let edges = border_table(size);
        for a in &near {
            for color in Color::BOTH {
                // Connection patterns are anchored on an own stone (`@`; the
                // file is rejected otherwise): no match elsewhere.
                if board.color(a) != Some(color) {
                    continue;
                }
                fresh.extend(
                    matcher
                        .matches_at_depending_on(board, a, color, &changes)
                        .filter_map(|m| candidate(board, patterns, edges, m)),
                );
            }
        }
        fresh.sort_unstable_by_key(|c| c.key);
        let mut dirty: Vec<u32> = Vec::with_capacity(64);
        for c in changed {
            dirty.extend_from_slice(memo.by_footprint.at(c));
        }
        for a in &near {
            dirty.extend_from_slice(memo.by_anchor.at(a));
        }
        for j in &joined {
            dirty.extend_from_slice(memo.by_end.at(j));
        }
        dirty.sort_unstable();
        dirty.dedup();
        Groups {
            memo,
            patterns,
            matcher,
            changes,
            near,
            joined,
            fresh,
            dirty,
            next: (0, 0, 0),
        }
    }

    /// The memo's links from the next one on that no change concerns
    /// (not `dirty`, no fresh candidate of their pair): their pairs are
    /// passed over, each keeping the memo's link. Empty without a memo.
    fn clean_run(&mut self) -> std::ops::Range<usize> {
        let Groups {
            memo,
            fresh,
            dirty,
            next: (m, f, d),
            ..
        } = self;
        let start = *m;
        while dirty.get(*d).is_some_and(|&i| (i as usize) < start) {
            *d += 1;
        }
        let mut end = dirty.get(*d).map_or(memo.links.len(), |&i| i as usize);
        if let Some(c) = fresh.get(*f) {
            let key = c.key >> PATTERN_BITS;
            end = start + memo.links[start..end].partition_point(|l| l.key < key);
        }
        *m = end;
        start..end
    }

    /// At least as many as the pairs to come (each gives one link): a
    /// pair with a candidate of the memo's had a link there, and a new pair
    /// has a fresh candidate.
    fn pairs_at_most(&self) -> usize {
        self.memo.links.len() + self.fresh.len()
    }

    /// The next pair, in key order; `None` after the last. A pair all of
    /// whose memo candidates were dropped comes too (its candidates are
    /// none).
    fn advance(&mut self) -> Option<Step> {
        let Groups {
            memo,
            patterns,
            matcher,
            changes,
            near,
            joined,
            fresh,
            next: (m, f, _),
            ..
        } = self;
        let memo_key = memo.links.get(*m).map(|l| l.key);
        let fresh_key = fresh.get(*f).map(|c| c.key >> PATTERN_BITS);
        let key = match (memo_key, fresh_key) {
            (None, None) => return None,
            (Some(a), None) => a,
            (None, Some(b)) => b,
            (Some(a), Some(b)) => a.min(b),
        };
        let fresh_start = *f;
        while fresh.get(*f).is_some_and(|c| c.key >> PATTERN_BITS == key) {
            *f += 1;
        }
        let (index, own, dropped) = match memo.links.get(*m).filter(|l| l.key == key) {
            Some(l) => {
                *m += 1;
                // A candidate whose match depends on a changed
                // point is dropped (found afresh if it still
                // matches), and so is every candidate of a pair
                // whose two stones the change joined.
                let (start, end) = l.candidates;
                let candidates = &memo.candidates[start as usize..end as usize];
                let dropped = matches!(l.link.to, LinkEnd::Stone(q)
                        if joined.contains(l.link.from) && joined.contains(q))
                    || l.anchors.intersects(near)
                        && candidates
                            .iter()
                            .any(|c| reads_a_change(matcher, changes, near, c))
                    || candidates
                        .iter()
                        .any(|c| cut_joins_an_end(patterns, joined, c));
                (Some(*m - 1), start as usize..end as usize, dropped)
            }
            None => (None, 0..0, false),
        };
        Some(Step {
            key,
            touched: dropped || *f > fresh_start,
            memo: index,
            own,
            fresh: fresh_start..*f,
        })
    }

    /// The candidates of `step`'s pair, in key order: without a memo, a
    /// slice of the full list; with one, [`Groups::fill`] into `scratch`.
    fn candidates<'s>(&'s self, step: &Step, scratch: &'s mut Vec<Candidate>) -> &'s [Candidate] {
        self.fill(step, scratch);
        scratch
    }

    /// The candidates of `step`'s pair into `group` (emptied first), in key
    /// order: with a memo, its kept candidates and the fresh ones merged (a
    /// fresh one before a memo one of the same key).
    fn fill(&self, step: &Step, group: &mut Vec<Candidate>) {
        group.clear();
        let Groups {
            memo,
            patterns,
            matcher,
            changes,
            near,
            joined,
            fresh,
            ..
        } = self;
        let mut fresh = fresh[step.fresh.clone()].iter().peekable();
        for c in &memo.candidates[step.own.clone()] {
            while let Some(x) = fresh.next_if(|x| x.key <= c.key) {
                group.push(*x);
            }
            let (from, to) = (c.anchor, c.to);
            let keep = !reads_a_change(matcher, changes, near, c)
                && !matches!(to, LinkEnd::Stone(q) if joined.contains(from) && joined.contains(q))
                && !cut_joins_an_end(patterns, joined, c);
            if keep {
                group.push(*c);
            }
        }
        group.extend(fresh);
    }
}

/// Whether a memo's candidate has a cutting point on a stone that the
/// change joined to one of its ends (`joined`: the chain of the move), so
/// that [`candidate`] would not make it now.
fn cut_joins_an_end(patterns: &ConnectionPatterns, joined: &PointSet, c: &Candidate) -> bool {
    let end_joined =
        matches!(c.to, LinkEnd::Stone(q) if joined.contains(c.anchor) || joined.contains(q));
    end_joined
        && patterns
            .steps(&c.m())
            .cuts
            .iter()
            .any(|&s| joined.contains(stepped(c.anchor, s)))
}

/// Whether the match of a memo's candidate depends on one of the changed
/// points `changes` (its anchor is `near` them first: the quick test).
fn reads_a_change(matcher: &PatternSet, changes: &[Point], near: &PointSet, c: &Candidate) -> bool {
    near.contains(c.anchor) && {
        let m = c.m();
        changes.iter().any(|&p| matcher.depends_on(&m, p))
    }
}

/// Bits of a candidate's sort key that hold the pattern index.
const PATTERN_BITS: u32 = 20;
const PATTERN_MASK: u64 = (1 << PATTERN_BITS) - 1;

/// A candidate's sort key in one word: the pair (smaller end, other end),
/// then the pattern index, ordered as the tuple would be.
/// A candidate's sort key: colour, pair (the smaller point, then the far
/// end's [`link_end_key`]), pattern; so that the links, made pair by pair
/// in key order, come out in their reported order.
fn sort_key(color: Color, (from, (kind, end)): (Point, (u8, u16)), pattern: usize) -> u64 {
    debug_assert!(from.index() < 1 << (COLOR_SHIFT - POINT_SHIFT));
    ((color.index() as u64) << COLOR_SHIFT)
        | ((from.index() as u64) << POINT_SHIFT)
        | (u64::from(kind) << 36)
        | (u64::from(end) << PATTERN_BITS)
        | (pattern as u64 & PATTERN_MASK)
}

fn link_end_key(e: LinkEnd) -> (u8, u16) {
    match e {
        LinkEnd::Stone(p) => (0, p.index() as u16),
        LinkEnd::Edge(c) => (1, c.0),
    }
}

/// What cutting point `p` of a link of `color` holds.
pub fn cut_state(board: &Board, p: Point, color: Color, reader: &mut Reader) -> CutState {
    cut_state_traced(board, p, &Side::new(board, color), reader, None)
}

/// What the cut states of one colour's links on a board share, worked out
/// once for the colour (not at every cutting point): the colour, its and
/// its opponent's cells, the opponent's ko point and the colour's row of
/// [`NEIGHBOUR`].
#[derive(Clone, Copy)]
struct Side {
    color: Color,
    own: Cell,
    other: Cell,
    /// The point the opponent may not play (simple ko), if any.
    opponent_ko: Option<Point>,
    neighbour: &'static [[u16; 8]; 4],
}

impl Side {
    fn new(board: &Board, color: Color) -> Side {
        Side {
            color,
            own: color.cell(),
            other: color.opponent().cell(),
            opponent_ko: board.ko_point(color.opponent()),
            neighbour: &NEIGHBOUR[color.index()],
        }
    }
}

/// [`cut_state`], recording in `footprint` (when given) every point the
/// answer depends on: the quick answers inline in the caller, only the
/// reader ([`cut_state_read`]) out of line.
#[expect(
    clippy::inline_always,
    reason = "about 250 cut states an evaluation, most answered quickly; as a call its register saves were an eighth of it"
)]
#[inline(always)]
fn cut_state_traced(
    board: &Board,
    p: Point,
    side: &Side,
    reader: &mut Reader,
    mut footprint: Option<&mut Footprint>,
) -> CutState {
    match cut_state_quick(board, p, side, footprint.as_deref_mut()) {
        Ok(state) => state,
        Err(to_read) => cut_state_read(board, p, side.color, reader, to_read, footprint),
    }
}

/// The cut state [`cut_state_quick`] left to the reader.
fn cut_state_read(
    board: &Board,
    p: Point,
    color: Color,
    reader: &mut Reader,
    to_read: ToRead,
    footprint: Option<&mut Footprint>,
) -> CutState {
    match to_read {
        ToRead::Capture => capture_state(attack(reader, board, p, footprint).outcome),
        // The opponent's stone on the point: safe if it cannot be played or
        // the owner captures it.
        ToRead::Cut => match reader
            .attack_after(board, color.opponent(), p, &CUT_LIMITS, footprint)
            .map(|r| r.outcome)
        {
            None | Some(Outcome::Success(_)) => CutState::Safe,
            Some(Outcome::Failure | Outcome::Unknown) => CutState::Open,
        },
    }
}

/// The state of a cutting point held by an opponent chain, by the
/// reader's answer to whether the owner captures it: lost unless it can.
#[inline]
fn capture_state(outcome: Outcome) -> CutState {
    match outcome {
        Outcome::Failure => CutState::Lost,
        Outcome::Success(_) | Outcome::Unknown => CutState::Open,
    }
}

/// What [`cut_state_quick`] leaves to the reader (the order of
/// [`level_bounds`]' counts).
#[derive(Clone, Copy)]
enum ToRead {
    /// Whether the opponent stone on the point can be captured.
    Capture,
    /// Whether an opponent stone played on the point would be captured.
    Cut,
}

/// The cut state of `p` for `side`'s colour where it needs no reading (an own
/// stone; a point the opponent may not play; the quick answers below), or
/// what is left to read. Records in `footprint` what the answer depends on.
#[expect(
    clippy::inline_always,
    reason = "once a cut state found afresh, about 250 times an evaluation; left to the compiler it stayed a call"
)]
#[inline(always)]
fn cut_state_quick(
    board: &Board,
    p: Point,
    side: &Side,
    mut footprint: Option<&mut Footprint>,
) -> Result<CutState, ToRead> {
    let color = side.color;
    if let Some(fp) = footprint.as_deref_mut() {
        record_cut_point(fp, board, p, color);
    }
    // (The cell compared with the side's cells: no table of its colour.)
    match board.cell(p) {
        c if c == side.own => Ok(CutState::Owned),
        // The reader's answer at the root, where it needs no search (a
        // chain with the threshold's liberties or more, or with one): as
        // `cut_state_read` takes it, without a call into the reader.
        c if c == side.other => match footprint {
            None => match attack_at_root(board, p, &CUT_LIMITS) {
                Some(r) => Ok(capture_state(r.outcome)),
                None => Err(ToRead::Capture),
            },
            Some(_) => Err(ToRead::Capture),
        },
        _ => {
            // A cutting point is a cell of a match, on the board: its
            // neighbours' indices are in range. Checked once here, which
            // spares a check of each neighbour's index below (any other
            // point failed those checks anyway).
            assert!(
                (STRIDE..NUM_CELLS - STRIDE).contains(&p.index()),
                "{p:?} is not on the board"
            );
            let opponent = color.opponent();
            let threshold = CUT_LIMITS.threshold();
            // One look at each neighbour, by a table of its cell and its
            // liberty count, without a branch on them (what they hold is
            // the board's content, which no predictor learns).
            let mut sum = 0;
            for n in p.neighbors() {
                let libs = board.stone_liberty_count(n).min(7);
                sum += side.neighbour[board.cell(n) as usize][libs];
            }
            let field = |f: u32| (sum >> f) & 7;
            let empty = usize::from(field(EMPTY_FIELD));
            let (captures, joins, joins_free, joined_open) = (
                field(CAPTURES_FIELD) != 0,
                field(JOINS_FIELD) != 0,
                field(JOINS_FREE_FIELD) != 0,
                field(JOINED_OPEN_FIELD) != 0,
            );
            debug_assert_eq!(
                (empty, captures, joined_open),
                (
                    p.neighbors().iter().filter(|&&n| board.is_empty(n)).count(),
                    p.neighbors()
                        .iter()
                        .any(|&n| board.cell(n) == color.cell() && board.liberty_count(n) == 1),
                    p.neighbors()
                        .iter()
                        .any(|&n| board.cell(n) == opponent.cell()
                            && board.liberty_count(n) > threshold),
                )
            );
            // [`Board::is_legal`] for the opponent: not its ko point, and a
            // liberty after its captures.
            let legal = side.opponent_ko != Some(p) && (empty > 0 || joins_free || captures);
            debug_assert_eq!(legal, board.is_legal(opponent, p));
            if !legal {
                return Ok(CutState::Safe);
            }
            // Quick answers the reader would give anyway, without playing:
            // if the stone captures nothing, its liberties are its empty
            // neighbours and those of the opponent chains it joins. Three or
            // more are safe by the reader's definition (open); one, for a lone
            // stone, is an atari the owner fills at once (safe).
            if !captures {
                // Open at once when the empty neighbours alone, or the other
                // liberties of one chain the stone joins, reach the
                // threshold: the union below could only be larger.
                let neighbors = p.neighbors();
                if empty >= threshold || joined_open {
                    return Ok(CutState::Open);
                }
                if !joins {
                    // A lone stone: its liberties are its empty neighbours
                    // (fewer than the threshold); one is an atari the owner
                    // fills at once (safe).
                    if empty == 1 {
                        let lib = *neighbors
                            .iter()
                            .find(|&&n| board.is_empty(n))
                            .expect("one empty neighbour");
                        if let Some(fp) = footprint {
                            record_move(fp, board, lib, color);
                        }
                        if board.is_legal(color, lib) {
                            return Ok(CutState::Safe);
                        }
                    }
                    return Err(ToRead::Cut);
                }
                // The stone's liberties: its empty neighbours and the other
                // liberties of the chains it joins, counted in a short list
                // (each chain joined has at most `threshold`, at most 5,
                // liberties: all of them are found).
                debug_assert!(threshold <= 5);
                let mut libs = [p; 4 + 4 * 5];
                let mut n = 0;
                for nb in neighbors {
                    match board.cell(nb) {
                        Cell::Empty if !libs[..n].contains(&nb) => {
                            libs[n] = nb;
                            n += 1;
                        }
                        c if c == side.other => {
                            let (found, k) = board.first_liberties::<5>(nb);
                            for &l in &found[..k] {
                                if l != p && !libs[..n].contains(&l) {
                                    libs[n] = l;
                                    n += 1;
                                }
                            }
                        }
                        _ => {}
                    }
                }
                debug_assert_eq!(n, {
                    let mut all = PointSet::new();
                    for nb in neighbors {
                        match board.cell(nb) {
                            Cell::Empty => {
                                all.insert(nb);
                            }
                            c if c == opponent.cell() => all.union_with(&board.liberties(nb)),
                            _ => {}
                        }
                    }
                    all.remove(p);
                    all.len()
                });
                if n >= threshold {
                    return Ok(CutState::Open);
                }
            }
            Err(ToRead::Cut)
        }
    }
}

/// What one neighbour of an empty cutting point tells [`cut_state_quick`],
/// by the link's colour, the neighbour's cell and its chain's liberty count
/// (up to 7; any on an empty or off-board point): counts, in 3-bit fields
/// (four neighbours at most), of the empty neighbours, those where an
/// opponent stone played would capture (a chain of the colour in atari),
/// join a chain with another liberty, join one with more than the cutting
/// reading's threshold, and join one.
const NEIGHBOUR: [[[u16; 8]; 4]; 2] = {
    let threshold = CUT_LIMITS.threshold();
    let mut table = [[[0; 8]; 4]; 2];
    let mut color = 0;
    while color < 2 {
        // Black is 0 and its cell 1, White 1 and 2.
        let (own, other) = (color + 1, 2 - color);
        let mut libs = 0;
        while libs < 8 {
            table[color][Cell::Empty as usize][libs] = 1 << EMPTY_FIELD;
            table[color][own][libs] = ((libs == 1) as u16) << CAPTURES_FIELD;
            table[color][other][libs] = 1 << JOINS_FIELD
                | ((libs > 1) as u16) << JOINS_FREE_FIELD
                | ((libs > threshold) as u16) << JOINED_OPEN_FIELD;
            libs += 1;
        }
        color += 1;
    }
    table
};
const EMPTY_FIELD: u32 = 0;
const CAPTURES_FIELD: u32 = 3;
const JOINS_FREE_FIELD: u32 = 6;
const JOINED_OPEN_FIELD: u32 = 9;
const JOINS_FIELD: u32 = 12;

/// What [`cut_state_quick`] reads of `p` itself, recorded in `fp`: the
/// point, its chain, its neighbours' chains (their liberties, captures)
/// and whether either colour may play there. Chains of `color` are read by
/// their liberty count against 1 only (there) and 1 and 2 (in the reader,
/// where `color` attacks). Out of line: the plain reading records nothing,
/// and the calls inline kept more registers saved at every
/// [`cut_state_quick`].
#[cold]
#[inline(never)]
fn record_cut_point(fp: &mut Footprint, board: &Board, p: Point, color: Color) {
    fp.move_at_counted(board, p, color);
    fp.chain_counted(board, p, color);
}

/// [`Footprint::move_at_counted`] out of line, for [`cut_state_quick`]
/// (see [`record_cut_point`]).
#[cold]
#[inline(never)]
fn record_move(fp: &mut Footprint, board: &Board, p: Point, color: Color) {
    fp.move_at_counted(board, p, color);
}

fn attack(
    reader: &mut Reader,
    board: &Board,
    target: Point,
    footprint: Option<&mut Footprint>,
) -> keisei_board::reading::Reading {
    match footprint {
        Some(fp) => reader.attack_traced(board, target, &CUT_LIMITS, fp),
        None => reader.attack(board, target, &CUT_LIMITS),
    }
}

/// The coefficient from the cutting points (before the shape's maximum).
pub fn coefficient(cuts: &[(Point, CutState)], needs: Needs) -> f64 {
    coefficient_value(level_of(count_states(cuts), needs))
}

/// How many cutting points hold each state: owned, safe, open, lost.
fn count_states(cuts: &[(Point, CutState)]) -> [usize; 4] {
    let mut counts = [0; 4];
    for &(_, s) in cuts {
        counts[s as usize] += 1;
    }
    counts
}

/// The least and the greatest coefficient ([`level_of`]) of cutting points
/// holding `counts` (by state) and `left` more to read, by kind
/// ([`ToRead`]'s order): an opponent chain's point is lost or open (whether
/// its owner captures it), one where an opponent stone would be played is
/// safe or open (whether that stone is captured). The coefficient grows
/// with each point's state in the order lost, open, safe, owned.
fn level_bounds(counts: [usize; 4], needs: Needs, [captures, cuts]: [usize; 2]) -> (u8, u8) {
    let (mut worst, mut best) = (counts, counts);
    worst[CutState::Lost as usize] += captures;
    worst[CutState::Open as usize] += cuts;
    best[CutState::Open as usize] += captures;
    best[CutState::Safe as usize] += cuts;
    (level_of(worst, needs), level_of(best, needs))
}

/// The coefficient from the counts of cutting points by state, in halves:
/// 0, 1 or 2 for 0, 0.5 and 1 ([`coefficient_value`]). Where the opponent
/// needs any point, 0 with one lost, 1 with one open, else 2; where it
/// needs all, 2 with one owned or safe or two open, 1 with one open, else
/// 0. (Both worked out and one taken, without a branch: the states are
/// the board's content, which no predictor learns.)
#[inline]
fn level_of([owned, safe, open, lost]: [usize; 4], needs: Needs) -> u8 {
    let all = (open + 2 * (owned + safe)).min(2) as u8;
    let any = (2 - u8::from(open > 0)) * u8::from(lost == 0);
    if needs == Needs::All { all } else { any }
}

/// A coefficient in halves ([`level_of`]) as the coefficient itself
/// (exactly 0, 0.5 or 1).
#[inline]
fn coefficient_value(level: u8) -> f64 {
    f64::from(level) * 0.5
}

#[cfg(test)]
mod tests {
    use super::*;
    use keisei_board::Game;

    /// The candidate links a board a move away gets from the memo plus a
    /// local rescan are those of a full scan, in the same key order, after
    /// every legal move of either colour (the links alone cannot show this:
    /// a link is usually found from both of its stones).
    /// The final position of a fixture record, a reader, and the memo of
    /// its links (built-in patterns).
    /// The final position of fixture `rel`.
    fn final_board(rel: &str) -> Board {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures")
            .join(rel);
        let game = Game::load(path).unwrap();
        game.position(game.move_count()).unwrap().board
    }

    fn recorded(rel: &str) -> (Board, Reader, LinkMemo) {
        let board = final_board(rel);
        let mut reader = Reader::new();
        let (_, memo) = connections_recorded(&board, ConnectionPatterns::builtin(), &mut reader);
        (board, reader, memo)
    }

    /// Each colour's candidates insertion sorted as they are copied come in
    /// the order of the radix sort of both colours together, short buckets
    /// or long (a bucket of more than `INSERTION_MAX`), equal keys included.
    #[test]
    fn sorting_by_colour_is_the_radix_sort() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for round in 0..200 {
            let mut found: [Vec<Candidate>; 2] = [Vec::new(), Vec::new()];
            let mut scan = Vec::new();
            let long = round % 4 == 0;
            for i in 0..300 {
                let color = Color::BOTH[next(2) as usize];
                // Mostly ascending points, a few stepping back; one
                // crowded point in some rounds.
                let point = if long && i % 3 == 0 {
                    100
                } else if next(10) == 0 {
                    (i as u64 * 2).saturating_sub(next(40))
                } else {
                    i as u64 * 2
                };
                let anchor = Point::from_index(next(400) as usize + 30);
                let c = Candidate {
                    key: (color.index() as u64) << COLOR_SHIFT
                        | point << POINT_SHIFT
                        | next(4) << PATTERN_BITS
                        | next(3),
                    anchor,
                    symmetry: Symmetry::ALL[next(8) as usize],
                    color,
                    to: LinkEnd::Stone(anchor),
                };
                found[color.index()].push(c);
                scan.push(c);
            }
            sort_by_key(&mut scan);
            assert_eq!(sorted_by_key(&found), scan, "round {round}");
        }
    }

    /// A twin, anchored on the far stone, covers the same cutting points
    /// and walled cells and ends on the anchor; every two-stone shape of
    /// the built-in file that reads the same from either stone has one.
    #[test]
    fn twins_cover_the_same_cells() {
        let patterns = ConnectionPatterns::builtin();
        let a = Point::new(9, 9);
        let cells = |anchor: Point, list: &[i16]| {
            let mut out: Vec<Point> = list.iter().map(|&d| stepped(anchor, d)).collect();
            out.sort_unstable();
            out
        };
        let mut with_twins = Vec::new();
        for (shape, by_symmetry) in patterns.shapes.iter().zip(&patterns.steps) {
            for s in by_symmetry {
                let Some(twin) = s.twin else { continue };
                let b = stepped(a, s.to.unwrap());
                let t = &by_symmetry[twin as usize];
                assert_eq!(t.to.map(|d| stepped(b, d)), Some(a), "{}", shape.name);
                assert_eq!(cells(b, &t.cuts), cells(a, &s.cuts), "{}", shape.name);
                assert_eq!(cells(b, &t.wall), cells(a, &s.wall), "{}", shape.name);
                with_twins.push(&*shape.name);
            }
        }
        for name in ["diagonal", "bamboo-joint", "one-space-jump", "knights-move"] {
            assert!(with_twins.contains(&name), "{name}");
        }
    }

    /// A cutting point left out of a shape's `own_cuts` is never an own
    /// stone in a match of the matcher (so `candidate` need not look for an
    /// end's chain there), and the built-in two-stone shapes leave most out.
    #[test]
    fn own_cuts_are_the_only_cuts_an_own_stone_can_hold() {
        let patterns = ConnectionPatterns::builtin();
        let mut left_out = 0;
        for (by_symmetry, shape) in patterns.steps.iter().zip(&patterns.shapes) {
            for s in by_symmetry {
                assert!(s.own_cuts.iter().all(|d| s.cuts.contains(d)));
                if s.to.is_none() {
                    assert_eq!(s.own_cuts, s.cuts, "{}", shape.name);
                }
                left_out += s.cuts.len() - s.own_cuts.len();
            }
        }
        assert!(left_out > 0);
        for rel in [
            "positions/midgame-19.sgf",
            "positions/ko-9.sgf",
            "positions/handicap-9.sgf",
        ] {
            let board = final_board(rel);
            for color in Color::BOTH {
                for m in patterns.matcher.matches(&board, color) {
                    let s = patterns.steps(&m);
                    for &d in s.cuts.iter().filter(|d| !s.own_cuts.contains(d)) {
                        assert_ne!(board.cell(stepped(m.anchor, d)), color.cell(), "{m:?}");
                    }
                }
            }
        }
    }

    /// An exact twin is a twin; of the two, the matcher has only the
    /// orientation whose far stone lies at a positive step (the one a scan
    /// finds first).
    #[test]
    fn only_the_first_of_exact_twins_is_matched() {
        let patterns = ConnectionPatterns::builtin();
        let mut exact = 0;
        for (i, by_symmetry) in patterns.steps.iter().enumerate() {
            let compiled = patterns.matcher.symmetries(i);
            for (s, steps) in Symmetry::ALL.into_iter().zip(by_symmetry) {
                if !steps.exact_twin {
                    continue;
                }
                exact += 1;
                let twin = steps.twin.expect("an exact twin is a twin");
                let to = steps.to.expect("a twin ends on a stone");
                if to < 0 {
                    assert!(!compiled.contains(&s), "pattern {i}");
                    assert!(compiled.contains(&twin), "pattern {i}");
                }
            }
        }
        assert!(exact > 0);
    }

    /// A shape's steps place its cells where its offsets do, and its edge
    /// step is the farthest wall cell, straight from the anchor.
    #[test]
    fn steps_place_the_cells_of_the_offsets() {
        let patterns = ConnectionPatterns::builtin();
        let size = 19;
        // Every offset (at most 8 rows or columns) stays on the board.
        let anchor = Point::new(9, 9);
        for (shape, by_symmetry) in patterns.shapes.iter().zip(&patterns.steps) {
            for (sym, s) in Symmetry::ALL.into_iter().zip(by_symmetry) {
                let place = |&(dx, dy): &(i32, i32)| {
                    let (dx, dy) = sym.apply_offset(dx, dy);
                    anchor.offset(dx, dy, size).unwrap()
                };
                let steps = |list: &[i16]| -> Vec<Point> {
                    list.iter().map(|&d| stepped(anchor, d)).collect()
                };
                let o = &shape.offsets;
                assert_eq!(s.to.map(|d| stepped(anchor, d)), o.to.as_ref().map(place));
                let mut cuts: Vec<Point> = o.cuts.iter().map(place).collect();
                let wall: Vec<Point> = o.wall.iter().map(place).collect();
                // The cutting points in point order.
                cuts.sort_unstable();
                assert_eq!(steps(&s.cuts), cuts);
                // The wall cells in point order.
                let mut sorted = wall.clone();
                sorted.sort_unstable();
                assert_eq!(steps(&s.wall), sorted);
                // The edge: the last of the farthest wall cells, straight
                // from the anchor.
                let distance = |p: Point| (p.x() - 9).abs() + (p.y() - 9).abs();
                let far = wall.iter().copied().max_by_key(|&p| distance(p));
                let straight = far.filter(|p| p.x() == 9 || p.y() == 9);
                assert_eq!(s.edge.map(|(d, _)| stepped(anchor, d)), straight);
                if let Some((d, direction)) = s.edge {
                    let p = stepped(anchor, d);
                    let unit = [(0, -1), (1, 0), (0, 1), (-1, 0)][direction];
                    assert_eq!(((p.x() - 9).signum(), (p.y() - 9).signum()), unit);
                }
            }
        }
    }

    #[test]
    fn reused_candidates_are_a_full_scans_candidates() {
        let patterns = ConnectionPatterns::builtin();
        // The memo's links passed over in clean runs, of all walked.
        let (mut passed_over, mut walked) = (0, 0);
        for rel in ["positions/midgame-19.sgf", "positions/ko-9.sgf"] {
            let (board, _, memo) = recorded(rel);
            let full = |c: &Candidate| (c.key, c.anchor, c.color, c.m().pattern, c.symmetry);
            assert!(memo.candidates.is_sorted_by_key(|c| c.key));
            for color in Color::BOTH {
                for m in board.legal_moves(color).collect::<Vec<_>>() {
                    let mut child = board.clone();
                    child.play(color, m).unwrap();
                    let changed = board.changed_points(&child);
                    // The groups, one pair each, joined; the pairs reported
                    // as differing from the memo's.
                    let mut groups = Groups::reuse(&child, patterns, &memo, &changed);
                    let (mut reused, mut touched, mut group) = (Vec::new(), Vec::new(), Vec::new());
                    // The pairs passed over in clean runs: their link's
                    // cut states hold, their candidates are the memo's.
                    let mut clean = Vec::new();
                    // Each pair comes once, in key order.
                    let mut walk = Vec::new();
                    loop {
                        for i in groups.clean_run() {
                            let l = &memo.links[i];
                            assert!(l.footprint.unchanged_by(&changed));
                            let (a, b) = l.candidates;
                            reused.extend_from_slice(&memo.candidates[a as usize..b as usize]);
                            clean.push(l.key);
                            walk.push(l.key);
                        }
                        let Some(step) = groups.advance() else {
                            break;
                        };
                        walk.push(step.key);
                        groups.fill(&step, &mut group);
                        let key = step.key;
                        assert!(group.iter().all(|c| c.key >> PATTERN_BITS == key));
                        reused.extend_from_slice(&group);
                        if step.touched {
                            touched.push(key);
                        }
                    }
                    let pairs =
                        reused.chunk_by(|a, b| a.key >> PATTERN_BITS == b.key >> PATTERN_BITS);
                    assert!(pairs.count() <= groups.pairs_at_most());
                    let mut fresh = all_candidates(&child, patterns);
                    let at = format!("{rel}: {color:?} {}", m.to_gtp(board.size()));
                    assert!(reused.is_sorted_by_key(|c| c.key), "{at}");
                    let of = |list: &[Candidate], key: u64| {
                        let mut v: Vec<_> = list
                            .iter()
                            .filter(|c| c.key >> PATTERN_BITS == key)
                            .map(full)
                            .collect();
                        v.sort_unstable();
                        v
                    };
                    // Every pair whose candidates differ from the memo's is
                    // reported as differing (a pair that lost every
                    // candidate is given with none).
                    for c in &reused {
                        let key = c.key >> PATTERN_BITS;
                        if of(&memo.candidates, key) != of(&reused, key) {
                            assert!(touched.binary_search(&key).is_ok(), "{at}: pair {key:x}");
                            assert!(!clean.contains(&key), "{at}: pair {key:x}");
                        }
                    }
                    assert!(walk.is_sorted_by(|a, b| a < b), "{at}");
                    passed_over += clean.len();
                    walked += memo.links.len();
                    reused.sort_by_key(full);
                    fresh.sort_by_key(full);
                    assert_eq!(reused, fresh, "{at}");
                }
            }
        }
        // Most are.
        assert!(10 * passed_over > 8 * walked, "{passed_over} of {walked}");
    }

    /// The lean reuse gives the links the full one gives, but for cut
    /// states left unread: same ends, kinds, coefficients (but for a lone
    /// link to the edge, read as far as 0.5) and wall cells, and every cut
    /// state it lists is the full one's. Checked after every
    /// legal move of either colour on two positions; some states are left
    /// unread (else the test would not test the leaving out).
    #[test]
    fn lean_reuse_gives_the_same_links_with_fewer_cut_states() {
        let patterns = ConnectionPatterns::builtin();
        let mut omitted = 0;
        for rel in ["positions/midgame-19.sgf", "positions/ko-9.sgf"] {
            let (board, mut reader, memo) = recorded(rel);
            for color in Color::BOTH {
                for m in board.legal_moves(color).collect::<Vec<_>>() {
                    let mut child = board.clone();
                    child.play(color, m).unwrap();
                    let at = format!("{rel}: {color:?} {}", m.to_gtp(board.size()));
                    let full = connections_reusing(&child, patterns, &mut reader, &memo);
                    let lean = connections_reusing_lean(&child, patterns, &mut reader, &memo);
                    // Held by reference, the same links in the same order.
                    let shared = connections_reusing_shared(&child, patterns, &mut reader, &memo);
                    assert_eq!(shared.len(), lean.links.len(), "{at}");
                    assert!(shared.iter().eq(&lean.links), "{at}");
                    assert_eq!(shared.to_connections(), lean, "{at}");
                    omitted += cut_states_left_out(&full, &lean, &at);
                }
            }
        }
        assert!(omitted > 0);
    }

    /// Checks that `lean` has the links of `full` (ends, kinds,
    /// coefficients and wall cells, in order) with some of their cut
    /// states, but for a lone link to the edge whose coefficient 1 it may
    /// give as 0.5 (read only as far as 0.5), and returns how many cut
    /// states it leaves out.
    fn cut_states_left_out(full: &Connections, lean: &Connections, at: &str) -> usize {
        assert_eq!(full.links.len(), lean.links.len(), "{at}");
        let mut omitted = 0;
        for (f, l) in full.links.iter().zip(&lean.links) {
            assert_eq!(
                (f.color, f.from, f.to, &f.kind, &f.wall),
                (l.color, l.from, l.to, &l.kind, &l.wall),
                "{at}"
            );
            let edge_at_least_half =
                matches!(l.to, LinkEnd::Edge(_)) && (f.coefficient, l.coefficient) == (1.0, 0.5);
            assert!(
                f.coefficient.to_bits() == l.coefficient.to_bits() || edge_at_least_half,
                "{at}: {f:?} {l:?}"
            );
            assert!(l.cuts.iter().all(|c| f.cuts.contains(c)), "{at}");
            omitted += f.cuts.len() - l.cuts.len();
        }
        omitted
    }

    /// The lean reading of a position read afresh gives the links the full
    /// one gives, but for cut states left unread and a lone link to the
    /// edge read as far as 0.5 (as the lean reuse does; some are).
    /// Checked on the fixture positions and the boards after every legal
    /// move of either colour on two of them, each with a fresh reader;
    /// some states are left unread (else the test would not test the
    /// leaving out), and some reading is done.
    #[test]
    fn lean_reading_gives_the_same_links_with_fewer_cut_states() {
        let patterns = ConnectionPatterns::builtin();
        let (mut omitted, mut kept, mut halved) = (0, 0, 0);
        let mut check = |board: &Board, at: &str| {
            let full = connections(board, patterns, &mut Reader::small());
            let lean = connections_lean(board, patterns, &mut Reader::small());
            omitted += cut_states_left_out(&full, &lean, at);
            kept += lean.links.iter().map(|l| l.cuts.len()).sum::<usize>();
            halved += (full.links.iter().zip(&lean.links))
                .filter(|(f, l)| f.coefficient.to_bits() != l.coefficient.to_bits())
                .count();
        };
        // Each fixture, and for two of them every child.
        for (rel, children) in [
            ("positions/midgame-19.sgf", true),
            ("positions/ko-9.sgf", true),
            ("positions/handicap-9.sgf", false),
            ("positions/opening-13.sgf", false),
        ] {
            let board = final_board(rel);
            check(&board, rel);
            if !children {
                continue;
            }
            for color in Color::BOTH {
                for m in board.legal_moves(color).collect::<Vec<_>>() {
                    let mut child = board.clone();
                    child.play(color, m).unwrap();
                    check(
                        &child,
                        &format!("{rel}: {color:?} {}", m.to_gtp(board.size())),
                    );
                }
            }
        }
        assert!(omitted > 0 && kept > 0 && halved > 0);
    }

    /// A move far from a link's anchor can still end it: here Black H6
    /// joins the long chain of C5 to the chain of E5, so the one-space jump
    /// C5–E5 (anchored at C5, five columns from the move) joins one chain
    /// to itself and is no link any more.
    #[test]
    fn a_move_that_joins_a_links_stones_far_away_ends_the_link() {
        let board = Board::from_diagram(
            ". . . . . . . . .
             . . X X X X X X .
             . . X . . . . X .
             . . X . . . . . .
             . . X . X X X X .
             . . . . . . . . .
             . . . . . O . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        let patterns = ConnectionPatterns::builtin();
        let mut reader = Reader::new();
        let (links, memo) = connections_recorded(&board, patterns, &mut reader);
        let at = |v: &str| Point::from_gtp(v, 9).unwrap();
        let jump = |l: &Link| l.from == at("C5") && l.to == LinkEnd::Stone(at("E5"));
        assert!(links.links.iter().any(jump), "{links:?}");
        let mut child = board.clone();
        child.play(Color::Black, at("H6")).unwrap();
        assert!(one_move_apart(
            &board,
            &child,
            &board.changed_points(&child)
        ));
        let reused = connections_reusing(&child, patterns, &mut reader, &memo);
        assert!(!reused.links.iter().any(jump));
        assert_eq!(reused, connections(&child, patterns, &mut reader));
    }

    /// The walk finds a pair the move joined by its stones alone. The
    /// one-space jump C3–E3 joins two long chains that K10 makes one,
    /// farther from C3 and E3 than any pattern reads; with the memo's
    /// footprints emptied (nothing read would show the move), the pair is
    /// still walked after K10, and dropped.
    #[test]
    fn a_joined_pair_is_walked_whatever_its_footprint() {
        let board = Board::from_diagram(
            ". . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . X X X X X X X X . . .
             . . X . . . . . . . . . .
             . . X . . . . . . X . . .
             . . X . . . . . . X . . .
             . . X . . . . . . X . . .
             . . X . . . . . . X . . .
             . . X . . . . . . X . . .
             . . X . . . . . . X . . .
             . . X . X X X X X X . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .",
        )
        .unwrap();
        let patterns = ConnectionPatterns::builtin();
        let mut reader = Reader::new();
        let (_, mut memo) = connections_recorded(&board, patterns, &mut reader);
        for l in &mut memo.links {
            l.footprint = Footprint::new();
        }
        memo.index_links();
        let at = |v: &str| Point::from_gtp(v, 13).unwrap();
        let key = memo
            .links
            .iter()
            .find(|l| l.link.from == at("C3") && l.link.to == LinkEnd::Stone(at("E3")))
            .expect("the jump")
            .key;
        let mut child = board.clone();
        child.play(Color::Black, at("K10")).unwrap();
        let changed = board.changed_points(&child);
        let mut groups = Groups::reuse(&child, patterns, &memo, &changed);
        let mut group = Vec::new();
        let mut walked = false;
        loop {
            assert!(groups.clean_run().all(|i| memo.links[i].key != key));
            let Some(step) = groups.advance() else {
                break;
            };
            if step.key == key {
                walked = true;
                assert!(step.touched);
                groups.fill(&step, &mut group);
                assert!(group.is_empty());
            }
        }
        assert!(walked);
    }

    /// Boards that are not one move away are read afresh, whatever the
    /// memo holds: here a ring of stones is cut in two by taking a stone
    /// off (a setup change no move can make), far from C5 and E5, which
    /// become two chains and so a one-space jump; and a board of another
    /// size.
    #[test]
    fn a_board_more_than_a_move_away_is_read_afresh() {
        let joined = Board::from_diagram(
            ". . . . . . . . . . . . .
             . . X X X X X X X X X . .
             . . X . . . . . . . X . .
             . . X . . . . . . . X . .
             . . X . . . . . . . X . .
             . . X . . . . . . . X . .
             . . X . . . . . . . X . .
             . . X . . . . . . . X . .
             . . X . X X X X X X X . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . O . . . . . .
             . . . . . . . . . . . . .",
        )
        .unwrap();
        let patterns = ConnectionPatterns::builtin();
        let mut reader = Reader::new();
        let (_, memo) = connections_recorded(&joined, patterns, &mut reader);
        let at = |v: &str| Point::from_gtp(v, 13).unwrap();
        let mut cut = joined.clone();
        cut.clear_point(at("L9")).unwrap();
        assert!(!one_move_apart(&joined, &cut, &joined.changed_points(&cut)));
        let reused = connections_reusing(&cut, patterns, &mut reader, &memo);
        let fresh = connections(&cut, patterns, &mut reader);
        let jump = |l: &Link| l.from == at("C5") && l.to == LinkEnd::Stone(at("E5"));
        assert!(fresh.links.iter().any(jump));
        assert_eq!(reused, fresh);
        let small =
            Board::from_diagram(". . . . .\n. X . X .\n. . . . .\n. . O . .\n. . . . .").unwrap();
        assert_eq!(
            connections_reusing(&small, patterns, &mut reader, &memo),
            connections(&small, patterns, &mut reader)
        );
    }
    /// A move can change which pattern describes a pair without touching
    /// any cutting point's footprint: with a (made-up) pattern that asks for
    /// an own stone two rows below a two-space jump, a stone there turns
    /// the jump into a "guarded jump" although every cut state is reused.
    #[test]
    fn a_pair_whose_candidates_change_is_read_again() {
        let patterns = ConnectionPatterns::parse(
            "test.pat",
            "pattern guarded-jump\n  to: B\n  cut: C D\n  needs: any\n  max: 0.5\n  @ C D B\n  ? ? ? ?\n  ? X ? ?\n\n\
             pattern two-space-jump\n  to: B\n  cut: C D\n  needs: any\n  max: 0.5\n  @ C D B\n",
        )
        .unwrap();
        let board = Board::from_diagram(
            ". . . . . . .
             . . . . . . .
             . X . . X . .
             . . . . . . .
             . . . . . . .
             . . . . . O .
             . . . . . . .",
        )
        .unwrap();
        let (links, reused) =
            reused_after_a_move_outside_every_footprint(&patterns, &board, Color::Black, "C3");
        assert_eq!(links.links.len(), 1);
        assert_eq!(&*links.links[0].kind, "two-space-jump");
        assert_eq!(&*reused.links[0].kind, "guarded-jump");
    }

    /// The links of `board`, and those reused after `color` plays `at`
    /// (checked to be in no footprint of the memo, and checked to be the
    /// links read afresh).
    fn reused_after_a_move_outside_every_footprint(
        patterns: &ConnectionPatterns,
        board: &Board,
        color: Color,
        at: &str,
    ) -> (Connections, Connections) {
        let mut reader = Reader::new();
        let (links, memo) = connections_recorded(board, patterns, &mut reader);
        let mut child = board.clone();
        child
            .play(color, Point::from_gtp(at, board.size()).unwrap())
            .unwrap();
        let changed = board.changed_points(&child);
        assert_eq!(
            memo.reusable(&changed),
            memo.len(),
            "{at} is in a footprint"
        );
        let reused = connections_reusing(&child, patterns, &mut reader, &memo);
        assert_eq!(reused, connections(&child, patterns, &mut reader));
        (links, reused)
    }

    /// A move that breaks every match of a pair's pattern without touching
    /// the footprint of its cut states (here: on a cell that must be
    /// empty, far from the cutting points) ends the link: the pair's
    /// candidates are dropped, none is found afresh, and the memo's link is
    /// not kept.
    #[test]
    fn a_pair_that_loses_every_candidate_loses_its_link() {
        let patterns = ConnectionPatterns::parse(
            "test.pat",
            "pattern open-jump\n  to: B\n  cut: C D\n  needs: any\n  max: 0.5\n  \
             . ? ? .\n  ? ? ? ?\n  @ C D B\n  ? ? ? ?\n  . ? ? .\n",
        )
        .unwrap();
        let board = Board::from_diagram(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . X . . X . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        let (links, reused) =
            reused_after_a_move_outside_every_footprint(&patterns, &board, Color::White, "C3");
        assert_eq!(links.links.len(), 1);
        assert!(reused.links.is_empty(), "{reused:?}");
    }

    /// Matching with each `to:` cell required to hold an own stone finds the
    /// links the patterns as written find (the far end is checked anyway),
    /// on the fixture positions and after every legal move of one of them.
    #[test]
    fn the_constrained_matcher_finds_the_links_of_the_written_patterns() {
        let strict = ConnectionPatterns::builtin();
        let mut loose = strict.clone();
        loose.matcher = strict.set().clone();
        // (The written patterns let any cutting point hold an own stone.)
        for s in loose.steps.iter_mut().flatten() {
            s.own_cuts.clone_from(&s.cuts);
        }
        let mut reader = Reader::new();
        let mut boards = Vec::new();
        for rel in [
            "positions/midgame-19.sgf",
            "positions/opening-13.sgf",
            "positions/handicap-9.sgf",
            "territory/links.sgf",
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../fixtures")
                .join(rel);
            let game = Game::load(path).unwrap();
            boards.push(game.position(game.move_count()).unwrap().board);
        }
        let ko = {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../fixtures/positions/ko-9.sgf");
            let game = Game::load(path).unwrap();
            game.position(game.move_count()).unwrap().board
        };
        for color in Color::BOTH {
            for m in ko.legal_moves(color).collect::<Vec<_>>() {
                let mut child = ko.clone();
                child.play(color, m).unwrap();
                boards.push(child);
            }
        }
        for b in &boards {
            let n = strict.matcher.matches_both(b).count();
            assert!(n <= loose.matcher.matches_both(b).count());
            assert_eq!(
                connections(b, strict, &mut reader),
                connections(b, &loose, &mut reader),
                "{b:?}"
            );
        }
    }
}
