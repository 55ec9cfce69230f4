//! The attack-ease of territory (seed 001 §3.1.2–3.1.3): how easily the
//! attacker reaches each point of the defender's territory, measured by the
//! kosuri-number distance.

use crate::blocks::Blocks;
use crate::enclosed::{Owner, Territory};
use keisei_board::{Board, BoardMap, Color, MAX_SIZE, NUM_CELLS, PointSet, PointSets};
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Parameters of the distance and its normalisation.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct AttackEaseParams {
    /// Extra cost of stepping onto a kosuri point (an empty point next to a
    /// defender stone; seed 001 footnote 1).
    pub kosuri_cost: u32,
    /// Extra cost of stepping onto a point of a defender control block
    /// (seed 001 §3.1.2: "passing each point of a block counts as kosuri").
    pub block_cost: u32,
    /// The distance from which a territory point is safe: `G = min(1, d / safe)`.
    pub safe_distance: u32,
    /// `C_ter` of seed 001 eq. 1.
    pub c_ter: f64,
}

impl Default for AttackEaseParams {
    fn default() -> AttackEaseParams {
        AttackEaseParams {
            kosuri_cost: 1,
            block_cost: 1,
            safe_distance: 16,
            c_ter: 1.0,
        }
    }
}

/// The attack-ease of both colours' territory.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AttackEase {
    /// The kosuri-number distance from the nearest attacker stone to each
    /// territory point (`None` off territory or unreachable).
    pub distance: BoardMap<Option<u32>>,
    /// `G`: the distance normalised to [0, 1] (1 = safe), on territory
    /// points only; 0 elsewhere.
    pub g: BoardMap<f64>,
    /// `Σ C_ter · G · δ_ter` over Black's territory (seed 001 eq. 1).
    pub black: f64,
    /// The same over White's territory.
    pub white: f64,
}

impl AttackEase {
    /// Black's value minus White's.
    pub fn net(&self) -> f64 {
        self.black - self.white
    }
}

/// Computes the attack-ease of the territory given the defender control
/// blocks: for each colour's territory the attacker is the other colour.
pub fn attack_ease(
    board: &Board,
    territory: &Territory,
    blocks: &Blocks,
    params: &AttackEaseParams,
) -> AttackEase {
    let owners = territory.map.row_major();
    let owned = owner_rows(&owners, usize::from(board.size()));
    attack_ease_of_rows(board, territory, &owned, blocks, params)
}

/// [`attack_ease`] given each colour's territory a row at a time: `owned`
/// is [`owner_rows`] of `territory`'s map on the board's size (when the
/// caller has them already; debug builds check).
pub fn attack_ease_of_rows(
    board: &Board,
    territory: &Territory,
    owned: &OwnerRows,
    blocks: &Blocks,
    params: &AttackEaseParams,
) -> AttackEase {
    attack_ease_below(board, territory, owned, blocks, params, u32::MAX)
}

/// [`attack_ease_of_rows`] with the distances found only below the safe
/// distance ([`AttackEaseParams::safe_distance`], at least 1): the same
/// `G` and sums (a point at the safe distance or farther has `G` = 1, as
/// one not reached), but a territory point that far has distance `None`
/// (the search stops there: about a fifth fewer levels in middle games).
pub fn safe_attack_ease_of_rows(
    board: &Board,
    territory: &Territory,
    owned: &OwnerRows,
    blocks: &Blocks,
    params: &AttackEaseParams,
) -> AttackEase {
    let limit = params.safe_distance.max(1);
    attack_ease_below(board, territory, owned, blocks, params, limit)
}

/// [`attack_ease_of_rows`] with the distances found below `limit` alone
/// (the others `None`).
fn attack_ease_below(
    board: &Board,
    territory: &Territory,
    owned: &OwnerRows,
    blocks: &Blocks,
    params: &AttackEaseParams,
    limit: u32,
) -> AttackEase {
    let size = board.size();
    let n = usize::from(size);
    let sets = board.point_sets();
    debug_assert!(
        *owned == owner_rows(&territory.map.row_major(), n),
        "the owner rows given"
    );
    // The distance of each territory point reached, row-major; `None`
    // elsewhere (written as the searches reach the points). Filled, not
    // allocated zeroed: the allocator's zeroing costs more.
    let mut distance: Vec<Option<u32>> = std::iter::repeat_n(None, n * n).collect();
    let top = 1u32
        .saturating_add(params.kosuri_cost)
        .saturating_add(params.block_cost);
    if (top as usize) < RING {
        both_searches(n, &sets, blocks, params, owned, &mut distance, limit);
    } else {
        for defender in Color::BOTH {
            let mut territory = PointSet::new();
            for (y, &bits) in owned[defender.index()].iter().enumerate().take(n) {
                territory.insert_row_bits(y as u8, bits);
            }
            if territory.is_empty() {
                continue;
            }
            // The territory points not reached yet: once there are none, the
            // search has found every distance the territory needs.
            let mut left = territory;
            let owned = territory;
            distances(&sets, defender, blocks, params, |reached, d| {
                // (Reached in point order for large costs: the search
                // goes on past the limit.)
                if d >= limit {
                    return !left.is_empty();
                }
                let mut points = *reached;
                points.intersect_with(&owned);
                for p in &points {
                    distance[p.y() as usize * n + p.x() as usize] = Some(d);
                }
                left.subtract(&points);
                !left.is_empty()
            });
        }
    }
    // G on each colour's territory, and its sums in board order (each
    // colour's own points in the order they have always been taken).
    let safe = f64::from(params.safe_distance.max(1));
    let mut values = [0.0f64; 2];
    // A row at a time (no zero-filled map): its territory points' G
    // written in a row of zeros, the row copied out, those points zero again.
    let mut g = Vec::with_capacity(n * n);
    let mut row_g = [0.0f64; 32];
    for (y, (&black, &white)) in owned[0].iter().zip(&owned[1]).enumerate().take(n) {
        let mut bits = black | white;
        while bits != 0 {
            let x = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let gv = match distance[y * n + x] {
                Some(d) => (f64::from(d) / safe).min(1.0),
                None => 1.0,
            };
            row_g[x & 31] = gv;
            values[usize::from(black >> x & 1 == 0)] += params.c_ter * gv;
        }
        g.extend_from_slice(&row_g[..n]);
        let mut bits = black | white;
        while bits != 0 {
            row_g[bits.trailing_zeros() as usize & 31] = 0.0;
            bits &= bits - 1;
        }
    }
    AttackEase {
        distance: BoardMap::from_vec(size, distance),
        g: BoardMap::from_vec(size, g),
        black: values[0],
        white: values[1],
    }
}

/// Rows of a board, a word each.
const ROWS: usize = MAX_SIZE as usize;

/// Each colour's points of a territory map a row at a time, by
/// [`Color::index`], as [`owner_rows`] makes them.
pub type OwnerRows = [[u32; ROWS]; 2];

/// Each colour's points of a territory map laid out row by row (`n` by
/// `n`, as [`keisei_board::BoardMap::row_major`] gives them), by
/// [`Color::index`], a row at a time (bit `x` for column `x`; rows past
/// `n` are 0): eight points a word (one byte each, their [`Owner`] codes),
/// Black's bit of each byte and White's gathered by a product.
pub fn owner_rows(owners: &[Owner], n: usize) -> OwnerRows {
    // The codes the bits are read from.
    const _: () = assert!(Owner::None as u8 == 0 && Owner::Black as u8 == 1);
    const _: () = assert!(Owner::White as u8 == 2);
    const LOW: u64 = 0x0101_0101_0101_0101;
    // Bit `8k` moves to bit `56 + k` (no two partial products meet).
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let gather = |w: u64| ((w & LOW).wrapping_mul(GATHER) >> 56) as u32;
    let mut rows = [[0u32; ROWS]; 2];
    if n == 0 {
        return rows;
    }
    // Up to eight codes as the bytes of a word (a whole chunk: one load).
    let word = |codes: &[Owner]| {
        codes
            .iter()
            .enumerate()
            .fold(0u64, |w, (j, &o)| w | u64::from(o as u8) << (8 * j))
    };
    for (y, row) in owners.chunks_exact(n).take(ROWS).enumerate() {
        let (mut black, mut white) = (0u32, 0u32);
        let mut chunks = row.chunks_exact(8);
        let mut k = 0;
        for eight in &mut chunks {
            let codes = word(eight);
            black |= gather(codes) << k;
            white |= gather(codes >> 1) << k;
            k += 8;
        }
        let codes = word(chunks.remainder());
        black |= gather(codes).checked_shl(k).unwrap_or(0);
        white |= gather(codes >> 1).checked_shl(k).unwrap_or(0);
        rows[0][y] = black;
        rows[1][y] = white;
    }
    rows
}

/// Levels whose neighbours [`both_searches`] keeps (the level being found
/// and the three before it): step costs up to `RING - 1`.
const RING: usize = 4;

/// The kosuri-number distances of both colours' territory ([`distances`]
/// with Black defending and with White defending), found together: each
/// row of points a word, the search with Black defending in its low 32
/// bits and White's in its high ones, Dial's algorithm over sets as in
/// [`dial_sets`] (every step cost below [`RING`]), each distance's bucket
/// gathered when its turn comes from the neighbours of the levels a step
/// cost before it instead of filled by them. Each territory point reached
/// is written in `distance` (row-major, `n` by `n`) at its distance below
/// `limit`; the searches stop once every empty territory point is
/// reached, or nothing is left to reach, or at `limit`. The same
/// distances as the searches one colour at a time: each is Dijkstra's,
/// exact.
fn both_searches(
    n: usize,
    sets: &PointSets,
    blocks: &Blocks,
    params: &AttackEaseParams,
    owned: &OwnerRows,
    distance: &mut [Option<u32>],
    limit: u32,
) {
    let limit = limit as usize;
    let n = n.min(ROWS);
    let pack = |low: u32, high: u32| u64::from(low) | u64::from(high) << 32;
    let empty = sets.empty.rows(n as u8);
    let stones = sets.stones.map(|s| s.rows(n as u8));
    let block = [blocks.black.rows(n as u8), blocks.white.rows(n as u8)];
    // The empty points next to each colour's stones.
    let next_to = stones.map(|rows| {
        let mut out = [0u32; ROWS];
        for y in 0..n {
            let above = if y > 0 { rows[y - 1] } else { 0 };
            let below = if y + 1 < n { rows[y + 1] } else { 0 };
            out[y] = (rows[y] << 1 | rows[y] >> 1 | above | below) & empty[y];
        }
        out
    });
    let [black, white] = [0, 1];
    // Kosuri points (next to a defender stone), block points, starts (next
    // to an attacker stone), empty points and territory, by lane.
    let mut kosuri = [0u64; ROWS];
    let mut in_block = [0u64; ROWS];
    let mut starts = [0u64; ROWS];
    let mut open = [0u64; ROWS];
    let mut targets = [0u64; ROWS];
    let mut left = 0u32;
    for y in 0..n {
        kosuri[y] = pack(next_to[black][y], next_to[white][y]);
        in_block[y] = pack(block[black][y], block[white][y]);
        starts[y] = pack(next_to[white][y], next_to[black][y]);
        open[y] = pack(empty[y], empty[y]);
        // Only empty points are ever reached.
        targets[y] = pack(owned[black][y], owned[white][y]) & open[y];
        left += targets[y].count_ones();
    }
    if left == 0 {
        return;
    }
    // The empty points by the cost of entering them, 1 to 3 (the classes
    // of one cost together, as in `distances`).
    let mut by_cost = [[0u64; ROWS]; RING];
    for i in 0..4 {
        let (on_kosuri, on_block) = (i & 1 != 0, i & 2 != 0);
        let cost = 1
            + if on_kosuri { params.kosuri_cost } else { 0 }
            + if on_block { params.block_cost } else { 0 };
        let class = &mut by_cost[cost as usize % RING];
        for y in 0..n {
            let k = if on_kosuri { kosuri[y] } else { !kosuri[y] };
            let b = if on_block { in_block[y] } else { !in_block[y] };
            class[y] |= open[y] & k & b;
        }
    }
    // The points at distance `d` are those entered from a point at
    // distance `d - c` for a cost `c` of 1 to 3 (taken from that level's
    // neighbours, not reached then, and of class `c`) not reached before:
    // each level's neighbours are kept for the three levels after it
    // (`nexts[k % RING]` for level `k`; level 0's are the starts, next to
    // the attacker's stones), and a level gathers what it needs from them
    // (no bucket written three times a level and emptied once).
    let mut nexts = [[0u64; ROWS]; RING];
    nexts[0] = starts;
    let mut reached = [0u64; ROWS];
    // The points at the distance being found, row `y` at `y + 1`
    // (a row of nothing above and below the board).
    let mut level = [0u64; ROWS + 2];
    let mut d = 1usize;
    while d < limit {
        let [near, mid, far] = [1, 2, 3].map(|c| &nexts[(d + RING - c) % RING]);
        let (mut any, mut hit) = (0u64, 0u64);
        for y in 0..n {
            let entered =
                (near[y] & by_cost[1][y]) | (mid[y] & by_cost[2][y]) | (far[y] & by_cost[3][y]);
            let l = entered & !reached[y];
            reached[y] |= l;
            level[y + 1] = l;
            any |= l;
            hit |= l & targets[y];
        }
        if hit != 0 {
            // The territory points at this distance (each colour's own in
            // its lane: one point is in one colour's territory at most).
            for (y, (&l, &target)) in level[1..=n].iter().zip(&targets[..n]).enumerate() {
                let hits = l & target;
                if hits != 0 {
                    left -= hits.count_ones();
                    let mut columns = hits as u32 | (hits >> 32) as u32;
                    while columns != 0 {
                        let x = columns.trailing_zeros() as usize;
                        columns &= columns - 1;
                        distance[y * n + x] = Some(d as u32);
                    }
                }
            }
            if left == 0 {
                return;
            }
        }
        // This level's neighbours not reached yet (the classes keep each
        // lane's empty points: the bits shifted across lanes or off the
        // board fall off when a level takes them); none from an empty
        // level.
        let next = &mut nexts[d % RING];
        if any == 0 {
            *next = [0; ROWS];
            // Nothing left for the levels to come: done.
            let [near, mid] = [&nexts[(d + RING - 1) % RING], &nexts[(d + RING - 2) % RING]];
            let pending = (0..n).fold(0, |p, y| {
                p | (near[y] & (by_cost[2][y] | by_cost[3][y])) | (mid[y] & by_cost[3][y])
            });
            if pending == 0 {
                return;
            }
        } else {
            let around = level[..n].iter().zip(&level[1..=n]).zip(&level[2..n + 2]);
            for ((next, ((&above, &here), &below)), &reached) in
                next[..n].iter_mut().zip(around).zip(&reached[..n])
            {
                *next = (here << 1 | here >> 1 | above | below) & !reached;
            }
        }
        d += 1;
    }
}

/// Dijkstra from every stone of the attacker (the defender's opponent)
/// through empty points: entering an empty point costs 1, plus
/// `kosuri_cost` if it touches a defender stone, plus `block_cost` if it is in
/// a defender block. Points not reachable are `None`; stones are `None`.
pub fn kosuri_distance(
    board: &Board,
    defender: Color,
    blocks: &Blocks,
    params: &AttackEaseParams,
) -> BoardMap<Option<u32>> {
    distance_from_sets(board.size(), &board.point_sets(), defender, blocks, params)
}

/// [`kosuri_distance`] on a board of `size` given as its point sets
/// ([`Board::point_sets`]).
fn distance_from_sets(
    size: u8,
    sets: &PointSets,
    defender: Color,
    blocks: &Blocks,
    params: &AttackEaseParams,
) -> BoardMap<Option<u32>> {
    let mut dist = [u32::MAX; NUM_CELLS];
    distances(sets, defender, blocks, params, |reached, d| {
        for p in reached {
            dist[p.index()] = d;
        }
        true
    });
    BoardMap::from_fn(size, |p| {
        let d = dist[p.index()];
        (d != u32::MAX).then_some(d)
    })
}

/// The kosuri-number distances of [`kosuri_distance`], for a board given
/// as its point sets: `reached(points, d)` for the empty points at distance
/// `d`, once for each point reached (the points not given are not reached,
/// or not empty), in increasing `d` with the costs the bucket queue takes
/// (else in point order). The search may stop once `reached` returns false
/// (it need not).
fn distances(
    sets: &PointSets,
    defender: Color,
    blocks: &Blocks,
    params: &AttackEaseParams,
    mut reached: impl FnMut(&PointSet, u32) -> bool,
) {
    let empty = sets.empty;
    let mut kosuri = sets.stones[defender.index()].adjacent();
    kosuri.intersect_with(&empty);
    let block = blocks.of(defender);
    // The empty points next to an attacker stone start at their cost.
    let mut starts = sets.stones[defender.opponent().index()].adjacent();
    starts.intersect_with(&empty);
    let top = 1u32
        .saturating_add(params.kosuri_cost)
        .saturating_add(params.block_cost);
    if top <= BUCKETS_UP_TO {
        // The empty points by the cost of entering them (a kosuri point,
        // a block point, both, neither).
        let mut classes = [(empty, 1u32); 4];
        for (i, (set, cost)) in classes.iter_mut().enumerate() {
            let (on_kosuri, in_block) = (i & 1 != 0, i & 2 != 0);
            if on_kosuri {
                set.intersect_with(&kosuri);
                *cost += params.kosuri_cost;
            } else {
                set.subtract(&kosuri);
            }
            if in_block {
                set.intersect_with(block);
                *cost += params.block_cost;
            } else {
                set.subtract(block);
            }
        }
        // Classes of one cost are entered alike: one set each.
        let mut by_cost = [(PointSet::new(), 0u32); 4];
        let mut costs = 0;
        for (set, cost) in classes {
            if let Some((same, _)) = by_cost[..costs].iter_mut().find(|(_, c)| *c == cost) {
                same.union_with(&set);
            } else {
                by_cost[costs] = (set, cost);
                costs += 1;
            }
        }
        dial_sets(&starts, &by_cost[..costs], top, reached);
    } else {
        // Flat arrays by point index; the cost of entering each empty
        // point is worked out once (0 off the empty points: never
        // entered).
        let mut cost = [0u32; NUM_CELLS];
        for q in &empty {
            cost[q.index()] = 1u32
                .saturating_add(if kosuri.contains(q) {
                    params.kosuri_cost
                } else {
                    0
                })
                .saturating_add(if block.contains(q) {
                    params.block_cost
                } else {
                    0
                });
        }
        let mut dist = [u32::MAX; NUM_CELLS];
        heap_dijkstra(&empty, &starts, &cost, &mut dist);
        for p in &empty {
            let d = dist[p.index()];
            if d != u32::MAX {
                let mut point = PointSet::new();
                point.insert(p);
                let _ = reached(&point, d);
            }
        }
    }
}

/// The largest step cost for which [`kosuri_distance`] keeps its queue in
/// buckets (one per distance modulo `top + 1`) rather than in a heap.
const BUCKETS_UP_TO: u32 = 16;

/// Dijkstra with a bucket queue (Dial's algorithm) for step costs in
/// `1..=top`, a bucket being a set of points: the points whose tentative
/// distance is `d` wait in bucket `d mod (top + 1)`; when its turn comes,
/// those not reached before are at distance exactly `d` (every cost is at
/// least 1), and their empty neighbours not yet reached go, class by
/// class of entering cost `c`, to the bucket of `d + c`, which is never
/// the one being emptied. A few word operations a distance instead of a
/// queue entry a point. `classes` are the empty points by their entering
/// cost (each at most `top`; together the empty points, the only points
/// entered). `on_level(points, d)` for the points at distance `d`, in
/// increasing `d`, until it returns false.
fn dial_sets(
    starts: &PointSet,
    classes: &[(PointSet, u32)],
    top: u32,
    mut on_level: impl FnMut(&PointSet, u32) -> bool,
) {
    let n = top as usize + 1;
    let mut buckets = [PointSet::new(); BUCKETS_UP_TO as usize + 1];
    let add = |buckets: &mut [PointSet], from: &PointSet, d: u32| {
        for (set, cost) in classes {
            let mut entered = *from;
            entered.intersect_with(set);
            buckets[(d + cost) as usize % n].union_with(&entered);
        }
    };
    add(&mut buckets, starts, 0);
    let mut reached = PointSet::new();
    let mut d = 0u32;
    loop {
        let at = d as usize % n;
        let mut level = std::mem::take(&mut buckets[at]);
        level.subtract(&reached);
        if level.is_empty() {
            if buckets[..n].iter().all(PointSet::is_empty) {
                return;
            }
        } else {
            reached.union_with(&level);
            if !on_level(&level, d) {
                return;
            }
            // Their neighbours not reached yet (the classes keep the
            // empty ones).
            let mut next = level.adjacent();
            next.subtract(&reached);
            add(&mut buckets, &next, d);
        }
        d += 1;
    }
}

/// Dijkstra with a binary heap, for any step costs.
fn heap_dijkstra(
    empty: &PointSet,
    starts: &PointSet,
    cost: &[u32; NUM_CELLS],
    dist: &mut [u32; NUM_CELLS],
) {
    let mut heap = BinaryHeap::new();
    for p in starts {
        let c = cost[p.index()];
        dist[p.index()] = c;
        heap.push(Reverse((c, p)));
    }
    while let Some(Reverse((d, p))) = heap.pop() {
        if dist[p.index()] != d {
            continue;
        }
        for q in p.neighbors() {
            if !empty.contains(q) {
                continue;
            }
            let nd = d.saturating_add(cost[q.index()]);
            if nd < dist[q.index()] {
                dist[q.index()] = nd;
                heap.push(Reverse((nd, q)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blocks::BlockModel;
    use keisei_board::Point;

    /// The attack-ease as it was made: each colour's distances from
    /// [`kosuri_distance`] (one search a colour), G and its sums in board
    /// order.
    fn reference(
        board: &Board,
        territory: &Territory,
        blocks: &Blocks,
        params: &AttackEaseParams,
    ) -> AttackEase {
        let size = board.size();
        let by_defender = Color::BOTH.map(|c| kosuri_distance(board, c, blocks, params));
        let safe = f64::from(params.safe_distance.max(1));
        let mut values = [0.0f64; 2];
        let mut distance = Vec::new();
        let mut g = Vec::new();
        for p in Point::all(size) {
            let i = match territory.map[p] {
                Owner::Black => 0,
                Owner::White => 1,
                Owner::None => {
                    distance.push(None);
                    g.push(0.0);
                    continue;
                }
            };
            let d = by_defender[i][p];
            let gv = match d {
                Some(d) => (f64::from(d) / safe).min(1.0),
                None => 1.0,
            };
            values[i] += params.c_ter * gv;
            distance.push(d);
            g.push(gv);
        }
        AttackEase {
            distance: BoardMap::from_vec(size, distance),
            g: BoardMap::from_vec(size, g),
            black: values[0],
            white: values[1],
        }
    }

    /// Both colours searched together are the searches one colour at a
    /// time, on random boards with random territory (stones included)
    /// and blocks, for step costs of both searches (below the ring and
    /// above it).
    #[test]
    fn both_searches_are_the_searches_by_colour() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..120u32 {
            let size = [5u8, 9, 13, 19, 25][round as usize % 5];
            let choices: Vec<u16> = (0..(random() % 300)).map(|_| random() as u16).collect();
            let board = Board::from_choices(u32::from(size), &choices).unwrap();
            let (a, b, c) = (random(), random(), random());
            let pick = |p: Point, bits: u64| (bits.rotate_left(p.index() as u32 % 64) & 1) == 1;
            let map = BoardMap::from_fn(size, |p| match (pick(p, a), pick(p, b)) {
                (true, _) => Owner::None,
                (false, true) => Owner::Black,
                (false, false) => Owner::White,
            });
            let territory = Territory {
                map,
                regions: Vec::new(),
                black: 0,
                white: 0,
            };
            let some: PointSet = board.points().filter(|&p| pick(p, c)).collect();
            let mut other = some;
            other.subtract(&board.points().filter(|&p| pick(p, a ^ c)).collect());
            let blocks = Blocks {
                model: BlockModel::Zone,
                black: some,
                white: other,
            };
            let costs = [(1, 1), (0, 0), (2, 0), (0, 1), (1, 2), (3, 5)];
            let (kosuri_cost, block_cost) = costs[round as usize % costs.len()];
            let params = AttackEaseParams {
                kosuri_cost,
                block_cost,
                safe_distance: 1 + round % 17,
                ..AttackEaseParams::default()
            };
            let ease = attack_ease(&board, &territory, &blocks, &params);
            assert_eq!(
                ease,
                reference(&board, &territory, &blocks, &params),
                "round {round}"
            );
            // Below the safe distance: the same but the distances from it on.
            let owned = owner_rows(&territory.map.row_major(), usize::from(size));
            let safe = safe_attack_ease_of_rows(&board, &territory, &owned, &blocks, &params);
            let limit = params.safe_distance.max(1);
            let capped = ease.distance.map(|d| (*d).filter(|&d| d < limit));
            assert_eq!(safe.distance, capped, "round {round}");
            assert_eq!(
                (safe.g, safe.black, safe.white),
                (ease.g, ease.black, ease.white)
            );
        }
    }
}
