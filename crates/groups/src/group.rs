//! Groups and their strength, encirclement and danger (seed 000 §3.3).

use crate::danger::{danger, encirclement};
use crate::liberties::liberty_count_through;
use crate::room::RoomPatterns;
use keisei_board::{Board, BoardMap, Color, NUM_CELLS, Point, PointSet};
use keisei_eyes::combine::combine_iter;
use keisei_eyes::db::EyeDb;
use keisei_eyes::region::{SearchCache, SourceRef};
use keisei_eyes::value::{EyeValue, Eyes};
use keisei_territory::{Connections, Link, LinkEnd, Region, Territory};
use serde::Serialize;
use std::cmp::Ordering;
use std::sync::{Arc, LazyLock};

/// Parameters of the group analysis.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct GroupParams {
    /// The order of the liberties that measure encirclement (4, §3.3.3).
    pub liberty_order: usize,
    /// A group with danger below this cannot be attacked: its stones get
    /// restriction blocks and stop enemy influence (§3.2).
    pub unattackable_below: f64,
    /// A group with danger at or above this is dead: its stones neither
    /// wall nor spoil territory ([`crate::analyse_settled`]).
    pub dead_above: f64,
    /// Thresholds by the group's number of stones, which replace
    /// `dead_above` where they are given (none by default).
    pub dead_by_size: DeadBySize,
    /// A group with danger at or above this that lies inside the other
    /// colour's territory, and cannot win the capturing race with the
    /// chains next to it, is dead as well ([`crate::analyse_settled`]).
    pub enclosed_dead_above: f64,
    /// Thresholds by the group's number of stones, which replace
    /// `enclosed_dead_above` where they are given (none by default).
    pub enclosed_by_size: DeadBySize,
    /// A group of at least this many stones judged dead lives if it wins a
    /// capturing race with an eyeless enemy chain next to it
    /// ([`crate::analyse_settled`] step 6); 0 (the default) turns the
    /// race guard off.
    pub race_min_stones: usize,
}

impl Default for GroupParams {
    fn default() -> GroupParams {
        GroupParams {
            liberty_order: 4,
            unattackable_below: 0.2,
            dead_above: 0.7,
            dead_by_size: DeadBySize::NONE,
            enclosed_dead_above: 0.5,
            enclosed_by_size: DeadBySize::NONE,
            race_min_stones: 0,
        }
    }
}

impl GroupParams {
    /// The danger at or above which a group of `stones` stones is dead:
    /// the last step of `dead_by_size` its size reaches, or `dead_above`.
    pub fn dead_threshold(&self, stones: usize) -> f64 {
        self.dead_by_size
            .threshold(stones)
            .unwrap_or(self.dead_above)
    }

    /// The danger at or above which a group of `stones` stones lying inside
    /// the other colour's territory is dead: the last step of
    /// `enclosed_by_size` its size reaches, or `enclosed_dead_above`.
    pub fn enclosed_threshold(&self, stones: usize) -> f64 {
        self.enclosed_by_size
            .threshold(stones)
            .unwrap_or(self.enclosed_dead_above)
    }

    /// Whether `g` is dead by its danger alone.
    pub fn is_dead(&self, g: &Group) -> bool {
        // Most groups are below every threshold: no need to count stones.
        g.danger >= self.lowest_dead_threshold() && self.is_dead_above(g)
    }

    /// The lowest danger of a dead group, whatever its size: found once, it
    /// spares [`GroupParams::is_dead_above`] most groups.
    pub(crate) fn lowest_dead_threshold(&self) -> f64 {
        self.dead_by_size.lowest().min(self.dead_above)
    }

    /// [`GroupParams::is_dead`] for a group whose danger reaches
    /// [`GroupParams::lowest_dead_threshold`].
    pub(crate) fn is_dead_above(&self, g: &Group) -> bool {
        g.danger >= self.dead_threshold(g.stones.len())
    }

    /// Whether `g` is a candidate for the enclosure test of
    /// [`crate::analyse_settled`]: danger at or above its enclosed
    /// threshold, or its dead threshold if that is lower.
    pub fn is_enclosure_candidate(&self, g: &Group) -> bool {
        g.danger >= self.lowest_enclosure_threshold() && self.is_enclosure_candidate_above(g)
    }

    /// The lowest danger of an enclosure candidate: found once, it spares
    /// [`GroupParams::is_enclosure_candidate_above`] most groups.
    pub(crate) fn lowest_enclosure_threshold(&self) -> f64 {
        self.lowest_dead_threshold()
            .min(self.enclosed_by_size.lowest())
            .min(self.enclosed_dead_above)
    }

    /// [`GroupParams::is_enclosure_candidate`] for a group whose danger
    /// reaches [`GroupParams::lowest_enclosure_threshold`].
    pub(crate) fn is_enclosure_candidate_above(&self, g: &Group) -> bool {
        let n = g.stones.len();
        g.danger >= self.enclosed_threshold(n).min(self.dead_threshold(n))
    }
}

/// Thresholds that depend on a group's size: steps of (fewest stones,
/// threshold), by increasing number of stones. A group takes the threshold
/// of the last step whose number of stones it reaches; a group smaller than
/// the first step, or any group when there are no steps, takes the scalar
/// threshold ([`GroupParams::dead_above`] or
/// [`GroupParams::enclosed_dead_above`]). At most [`DeadBySize::MAX_STEPS`] steps
/// (a fixed array, so that the parameters stay `Copy`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeadBySize {
    steps: [(u16, f64); DeadBySize::MAX_STEPS],
    len: u8,
}

impl DeadBySize {
    /// The most steps a table holds.
    pub const MAX_STEPS: usize = 8;

    /// No steps: every group takes `dead_above`.
    pub const NONE: DeadBySize = DeadBySize {
        steps: [(0, 0.0); DeadBySize::MAX_STEPS],
        len: 0,
    };

    /// A table of steps; an error (saying which step) unless there are at
    /// most [`DeadBySize::MAX_STEPS`], their numbers of stones are at least
    /// 1 and strictly increasing, and their thresholds are finite.
    pub fn new(steps: &[(u16, f64)]) -> Result<DeadBySize, String> {
        if steps.len() > DeadBySize::MAX_STEPS {
            return Err(format!(
                "{} steps; at most {} are allowed",
                steps.len(),
                DeadBySize::MAX_STEPS
            ));
        }
        let mut out = DeadBySize::NONE;
        for (i, &(stones, threshold)) in steps.iter().enumerate() {
            if stones == 0 {
                return Err(format!("step {}: a group has at least 1 stone", i + 1));
            }
            if i > 0 && stones <= steps[i - 1].0 {
                let noun = if stones == 1 { "stone" } else { "stones" };
                return Err(format!(
                    "step {} is for groups of {stones} {noun} or more, the step before it for {} or more; the numbers of stones must increase",
                    i + 1,
                    steps[i - 1].0
                ));
            }
            if !threshold.is_finite() {
                return Err(format!(
                    "step {}: threshold {threshold} is not a number",
                    i + 1
                ));
            }
            out.steps[i] = (stones, threshold);
        }
        out.len = steps.len() as u8;
        Ok(out)
    }

    /// The steps.
    pub fn steps(&self) -> &[(u16, f64)] {
        &self.steps[..usize::from(self.len)]
    }

    /// Whether there are no steps.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The lowest threshold of the steps (infinity without steps).
    pub fn lowest(&self) -> f64 {
        self.steps()
            .iter()
            .map(|&(_, t)| t)
            .fold(f64::INFINITY, f64::min)
    }

    /// The threshold of a group of `stones` stones, if a step applies.
    pub fn threshold(&self, stones: usize) -> Option<f64> {
        self.steps()
            .iter()
            .take_while(|&&(n, _)| usize::from(n) <= stones)
            .last()
            .map(|&(_, t)| t)
    }
}

impl Serialize for DeadBySize {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.steps())
    }
}

/// Read as a list of `[stones, threshold]` pairs, checked by
/// [`DeadBySize::new`].
impl<'de> serde::Deserialize<'de> for DeadBySize {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let steps = Vec::<(u16, f64)>::deserialize(deserializer)?;
        DeadBySize::new(&steps).map_err(serde::de::Error::custom)
    }
}

/// One eye region of a group and what the eye database says of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EyeRegion {
    /// The region's points.
    #[serde(serialize_with = "crate::serialize_points")]
    pub points: PointSet,
    /// `[a,b]` from the eye database (or search; `[M,M]` from 10 points).
    #[serde(serialize_with = "crate::serialize_display")]
    pub value: EyeValue,
    /// Where the value came from: a database entry id, `search`, `large`,
    /// `unknown` (the search ran out of budget) or `invalid` (not an eye
    /// region). Shared, not copied: move ranking builds every group's
    /// regions again for each of hundreds of positions.
    pub source: Arc<str>,
}

/// A group: chains of one colour joined by connections of coefficient 1.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Group {
    /// Its index in [`Groups::groups`].
    pub id: usize,
    /// The colour.
    pub color: Color,
    /// The stones.
    #[serde(serialize_with = "crate::serialize_points")]
    pub stones: PointSet,
    /// The eye regions: the group's colour's territory regions next to it.
    pub eye_regions: Vec<EyeRegion>,
    /// The regions combined (`keisei_eyes::combine`).
    #[serde(serialize_with = "crate::serialize_display")]
    pub eyes: EyeValue,
    /// `eyes` normalised (fig. 21; BRIEF.md): (a + b)/4 capped at 1.
    pub eye_count: f64,
    /// Eye certainty (eq. 3) from r = n/N over the regions' boundaries.
    pub certainty: f64,
    /// Eye room (fig. 22): the rooms found, each a half eye of certainty 0.
    pub rooms: usize,
    /// The room term of eq. 4.
    pub room: f64,
    /// Strength of the group alone (eq. 4), in [0, 1].
    pub own_strength: f64,
    /// The groups linked to this one by coefficient-0.5 connections (set A, §3.3.4).
    pub linked: Vec<usize>,
    /// Strength with the connection shares (half of each linked group's own
    /// strength), in [0, 1].
    pub strength: f64,
    /// 4th-order liberties of the group alone.
    pub l4: usize,
    /// With the connection shares (half of each linked group's).
    pub l4_total: f64,
    /// Encirclement: `max(0, 1 − l4_total/10)` (§3.3.3).
    pub encirclement: f64,
    /// Danger (eq. 2, BRIEF.md's reconstruction), in [0, 1].
    pub danger: f64,
}

/// All groups of a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Groups {
    /// The groups, ordered by their first stone.
    pub groups: Vec<Group>,
    /// The group of each stone.
    #[serde(skip)]
    pub group_of: BoardMap<Option<usize>>,
    /// The parameters used.
    pub params: GroupParams,
}

impl Groups {
    /// The group holding `p`, if any.
    pub fn at(&self, p: Point) -> Option<&Group> {
        self.group_of[p].map(|g| &self.groups[g])
    }

    /// A per-point map of `f` of each stone's group (0 on empty points).
    pub fn map(&self, size: u8, f: impl Fn(&Group) -> f64) -> BoardMap<f64> {
        if self.group_of.size() == size {
            // Each group's value once, then the map a point at a time in
            // row order from `group_of` (every stone is in exactly one
            // group, and `group_of` names it): no zeroed map filled after.
            let values: Vec<f64> = self.groups.iter().map(f).collect();
            let cells: Vec<f64> = self
                .group_of
                .row_major()
                .iter()
                .map(|g| g.map_or(0.0, |g| values[g]))
                .collect();
            return BoardMap::from_vec(size, cells);
        }
        // Zero everywhere, then each group's stones (every stone is in
        // exactly one group).
        let mut map = BoardMap::new(size, 0.0);
        for g in &self.groups {
            let v = f(g);
            for p in &g.stones {
                map[p] = v;
            }
        }
        map
    }

    /// Each stone's group strength (the input of the influence models).
    pub fn strength_map(&self, size: u8) -> BoardMap<f64> {
        self.map(size, |g| g.strength)
    }

    /// Each stone's group danger.
    pub fn danger_map(&self, size: u8) -> BoardMap<f64> {
        self.map(size, |g| g.danger)
    }

    /// The stones that cannot be attacked: groups with danger below the threshold.
    pub fn unattackable(&self) -> PointSet {
        let mut out = PointSet::new();
        for g in self
            .groups
            .iter()
            .filter(|g| g.danger < self.params.unattackable_below)
        {
            out.union_with(&g.stones);
        }
        out
    }

    /// The stones of the dead groups: danger at or above the threshold
    /// for their size ([`GroupParams::dead_threshold`]).
    pub fn dead(&self) -> PointSet {
        let mut out = PointSet::new();
        // [`GroupParams::is_dead`], its lowest threshold found once, not
        // for each group: most groups are below it.
        let lowest = self.params.lowest_dead_threshold();
        for g in self
            .groups
            .iter()
            .filter(|g| g.danger >= lowest && self.params.is_dead_above(g))
        {
            out.union_with(&g.stones);
        }
        out
    }
}

/// Union–find over indices (below [`NUM_CELLS`]).
fn find(parent: &mut [u16], a: usize) -> usize {
    let mut a = a;
    while usize::from(parent[a]) != a {
        parent[a] = parent[usize::from(parent[a])];
        a = usize::from(parent[a]);
    }
    a
}

/// Eye certainty, eq. 3: 0 below r = 1/3, 3r − 1 between, 1 above 2/3.
pub fn eye_certainty(r: f64) -> f64 {
    (3.0 * r - 1.0).clamp(0.0, 1.0)
}

/// Builds the groups of a position and computes their strength,
/// encirclement and danger.
pub fn analyse(
    board: &Board,
    connections: &Connections,
    territory: &Territory,
    eye_db: &EyeDb,
    cache: &SearchCache,
    rooms: &RoomPatterns,
    params: &GroupParams,
) -> Groups {
    let knowledge = (eye_db, cache, rooms);
    analyse_sharing(
        board,
        connections,
        territory,
        knowledge,
        params,
        Sharing::None,
    )
    .0
}

/// What [`analyse_sharing`] shares with analyses of other positions.
#[derive(Clone, Copy, Debug)]
pub enum Sharing<'a> {
    /// Nothing.
    None,
    /// Keep, for each group, what another position may reuse.
    Record,
    /// Reuse what a memo of another position holds where nothing it
    /// depended on changed.
    Reuse(&'a GroupsMemo),
}

/// What [`analyse_sharing`] kept of one position: each group's rooms and
/// 4th-order liberties, with the stones and eye space they were found on,
/// and each eye region's value.
/// Move ranking analyses hundreds of positions a move apart; most of their
/// groups are the same stones with nothing changed near them.
#[derive(Clone, Debug)]
pub struct GroupsMemo {
    /// The board size.
    size: u8,
    /// Stones of each colour.
    stones_of: [PointSet; 2],
    /// Each colour's eye space (its territory).
    eye_space: [PointSet; 2],
    /// The liberty order, and the eye database and room patterns (by
    /// address) used.
    order: usize,
    knowledge: (usize, usize),
    /// Per group: colour, stones, rooms found, liberties of the order.
    groups: Vec<(Color, PointSet, usize, usize)>,
    /// For each point, 1 + the index in `groups` of the group whose first
    /// stone it is (0: none).
    first: Vec<u16>,
    /// The eye regions looked up: owner, points, value and source.
    eyes: Vec<(Color, PointSet, EyeValue, Arc<str>)>,
    /// For each point, 1 + the index in `eyes` of the region whose first
    /// point it is (0: none).
    eye_first: Vec<u16>,
}

/// The value of `owner`'s eye region `points`, and where it came from.
fn eye_value(
    board: &Board,
    eye_db: &EyeDb,
    cache: &SearchCache,
    owner: Color,
    points: &PointSet,
) -> (EyeValue, Arc<str>) {
    // The fixed sources, allocated once and shared.
    static SEARCH: LazyLock<Arc<str>> = LazyLock::new(|| Arc::from("search"));
    static LARGE: LazyLock<Arc<str>> = LazyLock::new(|| Arc::from("large"));
    static UNKNOWN: LazyLock<Arc<str>> = LazyLock::new(|| Arc::from("unknown"));
    static INVALID: LazyLock<Arc<str>> = LazyLock::new(|| Arc::from("invalid"));
    let named = |name: &LazyLock<Arc<str>>| Arc::clone(name);
    match eye_db.lookup_value_ref(board, owner, points, cache) {
        Ok((value, source)) => (
            value,
            match source {
                SourceRef::Database(label) => Arc::clone(&label.id),
                SourceRef::Search => named(&SEARCH),
                SourceRef::Large => named(&LARGE),
                SourceRef::Unknown => named(&UNKNOWN),
            },
        ),
        // Not a valid eye region (e.g. holds own stones): no eye.
        Err(_) => (EyeValue::NONE, named(&INVALID)),
    }
}

impl GroupsMemo {
    /// The memo of an analysis: its groups' rooms and liberties, and the
    /// values of the eye regions they touch.
    fn of(
        board: &Board,
        eye_space: &[PointSet; 2],
        groups: &Groups,
        knowledge: (usize, usize),
    ) -> GroupsMemo {
        let mut first = vec![0u16; NUM_CELLS];
        let list: Vec<(Color, PointSet, usize, usize)> = groups
            .groups
            .iter()
            .map(|g| (g.color, g.stones, g.rooms, g.l4))
            .collect();
        for (i, (_, stones, _, _)) in list.iter().enumerate() {
            if let Some(p) = stones.first() {
                first[p.index()] = i as u16 + 1;
            }
        }
        // Each region once (a region touching two groups is in both
        // groups' lists); regions are disjoint, so a region is known by
        // its first point.
        let mut eye_first = vec![0u16; NUM_CELLS];
        let mut eyes: Vec<(Color, PointSet, EyeValue, Arc<str>)> = Vec::new();
        for g in &groups.groups {
            for r in &g.eye_regions {
                let Some(p) = r.points.first() else {
                    continue;
                };
                if eye_first[p.index()] == 0 {
                    eyes.push((g.color, r.points, r.value, Arc::clone(&r.source)));
                    eye_first[p.index()] = eyes.len() as u16;
                }
            }
        }
        let sets = board.point_sets();
        GroupsMemo {
            size: board.size(),
            stones_of: sets.stones,
            eye_space: *eye_space,
            order: groups.params.liberty_order,
            knowledge,
            groups: list,
            first,
            eyes,
            eye_first,
        }
    }

    /// [`GroupsMemo::of`] an analysis on `territory` with this knowledge.
    pub(crate) fn of_analysis(
        board: &Board,
        territory: &Territory,
        groups: &Groups,
        eye_db: &EyeDb,
        rooms: &RoomPatterns,
    ) -> GroupsMemo {
        let mut eye_space = [PointSet::new(), PointSet::new()];
        for r in &territory.regions {
            eye_space[r.color.index()].union_with(&r.points);
        }
        let knowledge = (
            std::ptr::from_ref(eye_db) as usize,
            std::ptr::from_ref(rooms) as usize,
        );
        GroupsMemo::of(board, &eye_space, groups, knowledge)
    }

    /// The eye value kept for exactly this region of `owner`.
    fn eye(&self, owner: Color, points: &PointSet) -> Option<(EyeValue, &Arc<str>)> {
        let i = usize::from(*self.eye_first.get(points.first()?.index())?).checked_sub(1)?;
        let (c, p, v, s) = self.eyes.get(i)?;
        (*c == owner && p == points).then_some((*v, s))
    }

    /// The rooms and liberties kept for exactly these stones of `color`.
    fn get(&self, color: Color, stones: &PointSet) -> Option<(usize, usize)> {
        let i = usize::from(*self.first.get(stones.first()?.index())?).checked_sub(1)?;
        let &(c, s, rooms, l4) = self.groups.get(i)?;
        (c == color && s == *stones).then_some((rooms, l4))
    }
}

/// [`analyse`], sharing work with the analyses of positions nearby: with
/// [`Sharing::Record`] it also returns a memo; with [`Sharing::Reuse`], a
/// group of the same stones as a group of the memo takes its rooms when
/// no stone or eye-space point changed within [`RoomPatterns::reach`] of
/// it, and its liberties of order n when no stone changed within n steps
/// of it; an eye region of the same owner and points takes its value when
/// no stone changed on it or next to it (diagonals included). The result
/// is that of [`analyse`]. `knowledge` is the eye database, its search
/// cache and the room patterns.
pub fn analyse_sharing(
    board: &Board,
    connections: &Connections,
    territory: &Territory,
    knowledge: (&EyeDb, &SearchCache, &RoomPatterns),
    params: &GroupParams,
    sharing: Sharing<'_>,
) -> (Groups, Option<GroupsMemo>) {
    analyse_sharing_links(
        board,
        &connections.links,
        territory,
        knowledge,
        params,
        sharing,
    )
}

/// No group at a point, in [`analyse_sharing_links`]'s table of the group
/// of each stone.
const NO_GROUP: u16 = u16::MAX;

/// Room made for a group's linked groups at its first (most groups with
/// links have at most this many).
const LINKED: usize = 8;

/// Adds group `g` to a group's linked groups `list` if it is not in yet,
/// with room for [`LINKED`] made at the first.
#[expect(
    clippy::inline_always,
    reason = "two calls in one loop over the links; as calls they cost more than the growth they save"
)]
#[inline(always)]
fn link(list: &mut Vec<usize>, g: usize) {
    if !list.contains(&g) {
        if list.capacity() == 0 {
            list.reserve_exact(LINKED);
        }
        list.push(g);
    }
}

/// [`analyse_sharing`] from the position's links however they are held
/// (the result does not depend on their order: chains join into groups by
/// a union–find whose roots are the smallest indices, and each group's
/// linked groups are sorted).
pub fn analyse_sharing_links<'a, L>(
    board: &Board,
    links: L,
    territory: &Territory,
    knowledge: (&EyeDb, &SearchCache, &RoomPatterns),
    params: &GroupParams,
    sharing: Sharing<'_>,
) -> (Groups, Option<GroupsMemo>)
where
    L: IntoIterator<Item = &'a Link>,
    L::IntoIter: Clone,
{
    let links = links.into_iter();
    let (eye_db, cache, rooms) = knowledge;
    let size = board.size();
    // Chains joined by coefficient-1 links.
    // (The chain heads in point order on the stack, not in a vector grown
    // a push at a time, and the position of each chain head in them.)
    let mut head_list = [Point::new(0, 0); NUM_CELLS];
    let mut slot = [u16::MAX; NUM_CELLS];
    let mut n_heads = 0;
    for h in board.chain_heads() {
        head_list[n_heads] = h;
        slot[h.index()] = n_heads as u16;
        n_heads += 1;
    }
    let heads = &head_list[..n_heads];
    let index_of = |p: Point| match slot[board.chain_head(p).index()] {
        u16::MAX => None,
        i => Some(usize::from(i)),
    };
    // (The union–find and the group of each root in arrays on the stack,
    // one entry a chain head: no allocations.)
    let mut parent = [0u16; NUM_CELLS];
    for (i, p) in parent.iter_mut().enumerate().take(heads.len()) {
        *p = i as u16;
    }
    for l in links.clone() {
        if let (LinkEnd::Stone(q), true) = (l.to, l.coefficient >= 1.0) {
            if let (Some(a), Some(b)) = (index_of(l.from), index_of(q)) {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                if ra != rb {
                    parent[ra.max(rb)] = ra.min(rb) as u16;
                }
            }
        }
    }
    let mut root_to_group = [NO_GROUP; NUM_CELLS];
    // The group of each stone by point index (`NO_GROUP`: none), made into
    // the map `group_of` at the end (a small array filled here, rather
    // than a zeroed map of words written a point at a time).
    let mut group_at = [NO_GROUP; NUM_CELLS];
    let mut groups: Vec<Group> = Vec::with_capacity(heads.len());
    // Heads come in point order, so groups are ordered by their first stone.
    for (i, &h) in heads.iter().enumerate() {
        let r = find(&mut parent, i);
        let Some(color) = board.color(h) else {
            continue;
        };
        let g = if root_to_group[r] == NO_GROUP {
            groups.push(empty_group(groups.len(), color));
            root_to_group[r] = (groups.len() - 1) as u16;
            groups.len() - 1
        } else {
            usize::from(root_to_group[r])
        };
        for s in board.chain_stones(h) {
            groups[g].stones.insert(s);
            group_at[s.index()] = g as u16;
        }
    }
    let group_of = |p: Point| match group_at[p.index()] {
        NO_GROUP => None,
        g => Some(usize::from(g)),
    };
    // Set A: groups linked by coefficient-0.5 connections (each list made
    // with room for [`LINKED`] at its first group, not grown from 4).
    for l in links {
        if let (LinkEnd::Stone(q), true) = (l.to, (l.coefficient - 0.5).abs() < 1e-9) {
            if let (Some(a), Some(b)) = (group_of(l.from), group_of(q)) {
                if a != b {
                    link(&mut groups[a].linked, b);
                    link(&mut groups[b].linked, a);
                }
            }
        }
    }
    // Eyes, certainty, room, own strength, 4th-order liberties.
    let mut eye_space = [PointSet::new(), PointSet::new()];
    for r in &territory.regions {
        eye_space[r.color.index()].union_with(&r.points);
    }
    let sets = board.point_sets();
    let (empty, stones_of) = (sets.empty, sets.stones);
    // The knowledge used, by address: a memo made with another eye
    // database or other room patterns is not reused.
    let knowledge_id = (
        std::ptr::from_ref(eye_db) as usize,
        std::ptr::from_ref(rooms) as usize,
    );
    // With a memo: where a change could alter a group's rooms (a stone or
    // eye-space point within the room patterns' reach) and its liberties
    // (a stone within the liberty order's steps).
    let reuse = match sharing {
        Sharing::Reuse(m)
            if m.size == size && m.order == params.liberty_order && m.knowledge == knowledge_id =>
        {
            let mut changed = stones_of[0];
            changed.symmetric_difference_with(&m.stones_of[0]);
            let mut d = stones_of[1];
            d.symmetric_difference_with(&m.stones_of[1]);
            changed.union_with(&d);
            let mut near_changes = changed;
            for _ in 0..params.liberty_order {
                let next = near_changes.adjacent();
                near_changes.union_with(&next);
            }
            let reach = rooms.reach().max(0) as u32;
            let room_changes = Color::BOTH.map(|c| {
                let mut d = eye_space[c.index()];
                d.symmetric_difference_with(&m.eye_space[c.index()]);
                d.union_with(&changed);
                d.squares_around(reach, size)
            });
            // An eye region's value depends on the points and the ring
            // around them (neighbours and diagonals).
            let eye_changes = changed.squares_around(1, size);
            Some((m, near_changes, room_changes, eye_changes))
        }
        _ => None,
    };
    let on_board = PointSet::board(size);
    // Each territory region's eye value, looked up once however many
    // groups it touches (or taken from the memo).
    let mut eyes: Vec<Option<(EyeValue, Arc<str>)>> = vec![None; territory.regions.len()];
    // Which groups each territory region touches (its colour's stones next
    // to it), as (group, region) pairs in that order: each group's regions
    // in region order.
    let mut touching: Vec<u64> = Vec::with_capacity(4 * territory.regions.len());
    for (i, r) in territory.regions.iter().enumerate() {
        let mut next_to = r.points.adjacent();
        next_to.intersect_with(&stones_of[r.color.index()]);
        // (A group's stones next to a region mostly come in a row: a pair
        // is pushed once for each run, not once for each stone.)
        for s in &next_to {
            if let Some(g) = group_of(s) {
                let pair = ((g as u64) << 32) | i as u64;
                if touching.last() != Some(&pair) {
                    touching.push(pair);
                }
            }
        }
    }
    touching.sort_unstable();
    touching.dedup();
    // (Each group's pairs counted first: its list of regions is made at its
    // size, not grown a push at a time.)
    let mut rest = &touching[..];
    // Each colour's stones that may have a room ([`RoomPatterns::room_stones`]),
    // found when a group first needs them.
    let mut room_stones: [Option<PointSet>; 2] = [None, None];
    let mut room_buf = Vec::new();
    for g in &mut groups {
        g.linked.sort_unstable();
        let n = rest
            .iter()
            .take_while(|&&k| (k >> 32) as usize == g.id)
            .count();
        let (own, after) = rest.split_at(n);
        rest = after;
        let mut regions = Vec::with_capacity(n);
        for &pair in own {
            let i = (pair & u64::from(u32::MAX)) as usize;
            let r = &territory.regions[i];
            let (value, source) = eyes[i]
                .get_or_insert_with(|| {
                    let reused = reuse.as_ref().and_then(|(m, _, _, changes)| {
                        let (v, s) = m.eye(r.color, &r.points)?;
                        (!changes.intersects(&r.points)).then(|| (v, Arc::clone(s)))
                    });
                    reused.unwrap_or_else(|| eye_value(board, eye_db, cache, r.color, &r.points))
                })
                .clone();
            regions.push(EyeRegion {
                points: r.points,
                value,
                source,
            });
        }
        let memo = reuse.as_ref().and_then(|(m, near, room, _)| {
            let (r, l) = m.get(g.color, &g.stones)?;
            let r = (!room[g.color.index()].intersects(&g.stones)).then_some(r);
            let l = (!near.intersects(&g.stones)).then_some(l);
            Some((r, l))
        });
        let room_count = memo.and_then(|(r, _)| r).unwrap_or_else(|| {
            // The stones of the group's colour that may have a room,
            // judged once for all its groups: most groups have none,
            // and are not looked at again.
            let c = g.color.index();
            let screened = room_stones[c]
                .get_or_insert_with(|| rooms.room_stones(board, &stones_of[c], &eye_space[c]));
            let mut near = g.stones;
            near.intersect_with(screened);
            if near.is_empty() {
                0
            } else {
                rooms.room_count_at(board, &near, g.color, &eye_space[c], &mut room_buf)
            }
        });
        read_own(g, regions, &stones_of, &on_board, room_count);
        g.l4 = match memo {
            Some((_, Some(l))) => l,
            _ => liberty_count_through(&empty, &g.stones, params.liberty_order),
        };
    }
    read_shares(&mut groups);
    let n = usize::from(size);
    let mut cells = Vec::with_capacity(n * n);
    for y in 0..size {
        let row = Point::new(0, y).index();
        cells.extend(
            group_at[row..row + n]
                .iter()
                .map(|&g| (g != NO_GROUP).then_some(usize::from(g))),
        );
    }
    let groups = Groups {
        groups,
        group_of: BoardMap::from_vec(size, cells),
        params: *params,
    };
    let memo = matches!(sharing, Sharing::Record)
        .then(|| GroupsMemo::of(board, &eye_space, &groups, knowledge_id));
    (groups, memo)
}

/// A group's own reading from its eye regions (in region order) and its
/// count of rooms: eye value and count, certainty (eq. 3), room and own
/// strength (eq. 4). Returns the regions it replaced.
fn read_own(
    g: &mut Group,
    regions: Vec<EyeRegion>,
    stones_of: &[PointSet; 2],
    on_board: &PointSet,
    rooms: usize,
) -> Vec<EyeRegion> {
    let mut all_regions = PointSet::new();
    for r in &regions {
        all_regions.union_with(&r.points);
    }
    // No region, no boundary (and no neighbours to find).
    g.certainty = if regions.is_empty() {
        0.0
    } else {
        // The boundary: the regions' neighbours, padding cells off the
        // board included, as it is only counted on the board (the own
        // stones are on it), over the words it spans alone.
        let mut boundary = all_regions.adjacent();
        boundary.subtract(&all_regions);
        match boundary.common_counts([&stones_of[g.color.index()], on_board]) {
            [_, 0] => 0.0,
            [own, all] => eye_certainty(own as f64 / all as f64),
        }
    };
    let old = std::mem::replace(&mut g.eye_regions, regions);
    g.eyes = combine_iter(g.eye_regions.iter().map(|r| r.value));
    g.eye_count = g.eyes.normalized();
    g.rooms = rooms;
    let half_eye = EyeValue::new(Eyes::One, Eyes::Zero);
    g.room = combine_iter(std::iter::repeat_n(half_eye, g.rooms)).normalized() * 0.5;
    g.own_strength = (g.eye_count * (1.0 + g.certainty) / 2.0 + g.room).clamp(0.0, 1.0);
    old
}

/// Connection shares (§3.3.4), encirclement and danger of every group
/// from the groups' own readings (their own strength, liberties and
/// links alone: running it again changes nothing).
pub(crate) fn read_shares(groups: &mut [Group]) {
    read_shares_where(groups, |_| true);
}

/// [`read_shares`] for the groups `changed` names (by index) and the groups
/// linked to one of them, the others left as they are: as `read_shares`
/// of every group when the others' shares were found from the own readings
/// they still have.
fn read_shares_where(groups: &mut [Group], changed: impl Fn(usize) -> bool) {
    // The linked groups' own strength and liberties are read from the
    // groups themselves (no copy of them): this sets neither.
    // (Liberties are at most the cells of a board: exact as `u32`, whose
    // conversion to `f64` is one instruction, a `usize`'s several.)
    let half_l4 = |g: &Group| f64::from(g.l4 as u32) / 2.0;
    for i in 0..groups.len() {
        let g = &groups[i];
        if !changed(i) && !g.linked.iter().any(|&b| changed(b)) {
            continue;
        }
        let share_s: f64 = g.linked.iter().map(|&b| groups[b].own_strength / 2.0).sum();
        let share_l: f64 = g.linked.iter().map(|&b| half_l4(&groups[b])).sum();
        let g = &mut groups[i];
        g.strength = (g.own_strength + share_s).clamp(0.0, 1.0);
        g.l4_total = f64::from(g.l4 as u32) + share_l;
        g.encirclement = encirclement(g.l4_total);
        g.danger = danger(g.strength, g.encirclement);
    }
}

/// The groups `groups` (read on territory `old`) read on territory `new` of
/// the same board and links, as [`analyse`] would read them: a group
/// touching a region that is not in both territories (same colour and
/// points) takes its eye regions again, and a group with an eye-space
/// change within [`RoomPatterns::reach`] its rooms; every other group keeps
/// its reading (its regions, rooms and liberties are the same). Shares,
/// encirclement and danger are found again for the groups read again and
/// the groups linked to them (`groups` come with theirs found, as every
/// reading leaves them: the others' stay right). `log`, when given,
/// receives each group read again with its own reading as it was, with its
/// index: those readings put back ([`OwnReading::put_back`]) and
/// [`read_shares`] run again give `groups` back as they came.
/// A group within `kept` that no group is linked to is not read again:
/// its caller puts its old reading back, and no other group's shares
/// depend on it.
pub(crate) fn reread(
    board: &Board,
    old: &Territory,
    new: &Territory,
    mut groups: Groups,
    knowledge: (&EyeDb, &SearchCache, &RoomPatterns),
    kept: &PointSet,
    mut log: Option<&mut Vec<(usize, OwnReading)>>,
) -> Groups {
    let (eye_db, cache, rooms) = knowledge;
    let size = board.size();
    let stones_of = board.point_sets().stones;
    let on_board = PointSet::board(size);
    let eye_space = |t: &Territory| {
        let mut space = [PointSet::new(), PointSet::new()];
        for r in &t.regions {
            space[r.color.index()].union_with(&r.points);
        }
        space
    };
    let (old_space, new_space) = (eye_space(old), eye_space(new));
    let reach = rooms.reach().max(0) as u32;
    // (A colour whose eye space is unchanged, often one of the two, has
    // no squares to grow.)
    let room_changes = Color::BOTH.map(|c| {
        let mut d = old_space[c.index()];
        d.symmetric_difference_with(&new_space[c.index()]);
        if d.is_empty() {
            d
        } else {
            d.squares_around(reach, size)
        }
    });
    // The regions in one territory and not the other, with the stones
    // they touch (their colour's stones next to them). A territory's
    // regions are disjoint and come in the order of their first points:
    // a region in both has the same first point in both, and the two lists
    // are walked together, each region compared with the one of its first
    // point alone.
    let mut changed: [PointSet; 2] = [PointSet::new(), PointSet::new()];
    let mut touch = |r: &Region| {
        let mut next_to = r.points.adjacent();
        next_to.intersect_with(&stones_of[r.color.index()]);
        changed[r.color.index()].union_with(&next_to);
    };
    let first = |regions: &[Region], i: usize| regions.get(i).map(|r| r.points.first());
    debug_assert!([old, new].iter().all(|t| {
        t.regions
            .windows(2)
            .all(|w| w[0].points.first() < w[1].points.first())
    }));
    let (mut i, mut j) = (0, 0);
    loop {
        let order = match (first(&old.regions, i), first(&new.regions, j)) {
            (None, None) => break,
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (Some(a), Some(b)) => a.cmp(&b),
        };
        match order {
            Ordering::Less => {
                touch(&old.regions[i]);
                i += 1;
            }
            Ordering::Greater => {
                touch(&new.regions[j]);
                j += 1;
            }
            Ordering::Equal => {
                let (o, n) = (&old.regions[i], &new.regions[j]);
                if o.color != n.color || o.points != n.points {
                    touch(o);
                    touch(n);
                }
                i += 1;
                j += 1;
            }
        }
    }
    let within = |stones: &PointSet, set: &PointSet| {
        let mut outside = *stones;
        outside.subtract(set);
        outside.is_empty()
    };
    // Eye values found here, each region once.
    let mut found: Vec<(PointSet, EyeValue, Arc<str>)> = Vec::new();
    // The groups read again, by index.
    let mut read = vec![false; groups.groups.len()];
    // Room candidates are worked on here ([`RoomPatterns::room_count_at`]).
    let mut room_buf = Vec::new();
    for (i, g) in groups.groups.iter_mut().enumerate() {
        let c = g.color.index();
        let touched = changed[c].intersects(&g.stones);
        let room_moved = room_changes[c].intersects(&g.stones);
        if (!touched && !room_moved) || (g.linked.is_empty() && within(&g.stones, kept)) {
            continue;
        }
        read[i] = true;
        let regions = if touched {
            let mut regions = Vec::new();
            // The regions next to the group: those holding a point next
            // to one of its stones (one set of neighbours a group, not one
            // a region of the territory).
            let next = g.stones.adjacent();
            for r in &new.regions {
                if r.color != g.color || !next.intersects(&r.points) {
                    continue;
                }
                let kept = g
                    .eye_regions
                    .iter()
                    .find(|e| e.points == r.points)
                    .map(|e| (e.value, Arc::clone(&e.source)));
                let (value, source) = kept.unwrap_or_else(|| {
                    if let Some((_, v, s)) = found.iter().find(|(p, _, _)| *p == r.points) {
                        return (*v, Arc::clone(s));
                    }
                    let (v, s) = eye_value(board, eye_db, cache, r.color, &r.points);
                    found.push((r.points, v, Arc::clone(&s)));
                    (v, s)
                });
                regions.push(EyeRegion {
                    points: r.points,
                    value,
                    source,
                });
            }
            regions
        } else {
            std::mem::take(&mut g.eye_regions)
        };
        let room_count = if room_moved {
            let near = rooms.room_stones(board, &g.stones, &new_space[c]);
            rooms.room_count_at(board, &near, g.color, &new_space[c], &mut room_buf)
        } else {
            g.rooms
        };
        // The reading as it was: its scalars, and its regions when new ones
        // replace them (moved, not copied; untouched, the group keeps its
        // regions).
        let was = log.is_some().then(|| OwnReading::of(g));
        let old_regions = read_own(g, regions, &stones_of, &on_board, room_count);
        if let (Some(log), Some(mut was)) = (log.as_deref_mut(), was) {
            was.eye_regions = touched.then_some(old_regions);
            log.push((i, was));
        }
    }
    read_shares_where(&mut groups.groups, |i| read[i]);
    groups
}

/// What [`read_own`] sets of a group, kept by [`reread`] to be put back;
/// the eye regions only when the rereading replaced them.
#[derive(Clone, Debug)]
pub(crate) struct OwnReading {
    eye_regions: Option<Vec<EyeRegion>>,
    eyes: EyeValue,
    eye_count: f64,
    certainty: f64,
    rooms: usize,
    room: f64,
    own_strength: f64,
}

impl OwnReading {
    /// The scalars of `g`'s own reading (no regions).
    fn of(g: &Group) -> OwnReading {
        OwnReading {
            eye_regions: None,
            eyes: g.eyes,
            eye_count: g.eye_count,
            certainty: g.certainty,
            rooms: g.rooms,
            room: g.room,
            own_strength: g.own_strength,
        }
    }

    /// Gives `g` this reading again (its shares, encirclement and danger
    /// are [`read_shares`]'s to find again).
    pub(crate) fn put_back(self, g: &mut Group) {
        if let Some(regions) = self.eye_regions {
            g.eye_regions = regions;
        }
        g.eyes = self.eyes;
        g.eye_count = self.eye_count;
        g.certainty = self.certainty;
        g.rooms = self.rooms;
        g.room = self.room;
        g.own_strength = self.own_strength;
    }
}

fn empty_group(id: usize, color: Color) -> Group {
    Group {
        id,
        color,
        stones: PointSet::new(),
        eye_regions: Vec::new(),
        eyes: EyeValue::NONE,
        eye_count: 0.0,
        certainty: 0.0,
        rooms: 0,
        room: 0.0,
        own_strength: 0.0,
        linked: Vec::new(),
        strength: 0.0,
        l4: 0,
        l4_total: 0.0,
        encirclement: 0.0,
        danger: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_takes_the_last_step_its_size_reaches() {
        let t = DeadBySize::new(&[(1, 0.4), (4, 0.6), (8, 0.85)]).unwrap();
        let params = GroupParams {
            dead_above: 0.7,
            dead_by_size: t,
            ..GroupParams::default()
        };
        let got: Vec<f64> = [1, 3, 4, 7, 8, 300]
            .iter()
            .map(|&n| params.dead_threshold(n))
            .collect();
        assert_eq!(got, [0.4, 0.4, 0.6, 0.6, 0.85, 0.85]);
        // The lowest step bounds every group's threshold from below.
        let lowest = [
            t.lowest(),
            DeadBySize::new(&[(1, 0.9), (5, 0.3)]).unwrap().lowest(),
            DeadBySize::NONE.lowest(),
        ];
        assert_eq!(
            lowest.map(f64::to_bits),
            [0.4, 0.3, f64::INFINITY].map(f64::to_bits)
        );
        // Below the first step, and without steps, the scalar threshold.
        let from_two = GroupParams {
            dead_by_size: DeadBySize::new(&[(2, 0.9)]).unwrap(),
            ..params
        };
        let enclosed = GroupParams {
            enclosed_by_size: DeadBySize::new(&[(8, 0.7)]).unwrap(),
            enclosed_dead_above: 0.1,
            ..GroupParams::default()
        };
        let scalar = vec![
            from_two.dead_threshold(1),
            GroupParams::default().dead_threshold(50),
            GroupParams::default().enclosed_threshold(50),
            enclosed.enclosed_threshold(7),
            enclosed.enclosed_threshold(8),
        ];
        assert_eq!(scalar, [0.7, 0.7, 0.5, 0.1, 0.7]);
    }

    #[test]
    fn bad_steps_are_refused_with_the_step_named() {
        let err = |steps: &[(u16, f64)]| DeadBySize::new(steps).unwrap_err();
        assert!(
            err(&[(0, 0.5)]).starts_with("step 1:"),
            "{}",
            err(&[(0, 0.5)])
        );
        let order = err(&[(1, 0.4), (4, 0.6), (4, 0.7)]);
        assert!(
            order.starts_with("step 3 is for groups of 4 stones"),
            "{order}"
        );
        let one = err(&[(8, 0.5), (1, 0.4)]);
        assert!(
            one.starts_with("step 2 is for groups of 1 stone or more"),
            "{one}"
        );
        assert!(err(&[(1, f64::NAN)]).contains("not a number"));
        let many: Vec<(u16, f64)> = (1..=9).map(|n| (n, 0.5)).collect();
        assert!(err(&many).contains("at most 8"));
        assert!(DeadBySize::new(&many[..8]).is_ok());
        assert!(DeadBySize::new(&[]).unwrap().is_empty());
    }
}
