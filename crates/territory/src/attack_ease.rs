//! The attack-ease of territory (seed 001 §3.1.2–3.1.3): how easily the
//! attacker reaches each point of the defender's territory, measured by the
//! kosuri-number distance.

use crate::blocks::Blocks;
use crate::enclosed::{Owner, Territory};
use keisei_board::{Board, BoardMap, Color, MAX_SIZE, NUM_CELLS, Point, PointSet, PointSets};
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
    let size = board.size();
    let n = usize::from(size);
    let sets = board.point_sets();
    // Each colour's territory, read off the map a row at a time.
    let owners = territory.map.row_major();
    let mut owned = [PointSet::new(), PointSet::new()];
    for (y, row) in owners.chunks_exact(n).enumerate() {
        let mut bits = [0u32; 2];
        for (x, owner) in row.iter().enumerate() {
            bits[0] |= u32::from(*owner == Owner::Black) << x;
            bits[1] |= u32::from(*owner == Owner::White) << x;
        }
        for (set, bits) in owned.iter_mut().zip(bits) {
            set.insert_row_bits(y as u8, bits);
        }
    }
    // The distance of each territory point reached, plus one (0: not
    // reached), by point index, written as the search reaches them; the
    // distances past what a `u16` holds (none with costs this small, but
    // the costs are parameters) are marked `u16::MAX` and kept aside.
    let mut reached_at = [0u16; NUM_CELLS];
    let mut far: Vec<(usize, u32)> = Vec::new();
    for defender in Color::BOTH {
        let owned = &owned[defender.index()];
        if owned.is_empty() {
            continue;
        }
        // The territory points not reached yet: once there are none, the
        // search has found every distance the territory needs.
        let mut left = *owned;
        distances(&sets, defender, blocks, params, |reached, d| {
            let mut points = *reached;
            points.intersect_with(owned);
            let mark = match d.checked_add(1).map(u16::try_from) {
                Some(Ok(v)) if v != u16::MAX => v,
                _ => u16::MAX,
            };
            for p in &points {
                reached_at[p.index()] = mark;
                if mark == u16::MAX {
                    far.push((p.index(), d));
                }
            }
            left.subtract(&points);
            !left.is_empty()
        });
    }
    let distance_at = |i: usize| match reached_at[i] {
        0 => None,
        u16::MAX => far.iter().find(|&&(j, _)| j == i).map(|&(_, d)| d),
        v => Some(u32::from(v) - 1),
    };
    // The distances and G row by row as the maps hold them, and G's sums
    // in board order, as they have always been taken.
    let safe = f64::from(params.safe_distance.max(1));
    let mut values = [0.0f64; 2];
    let mut distance = Vec::with_capacity(n * n);
    let mut g = Vec::with_capacity(n * n);
    // A row of each, copied out for the board's columns.
    let mut row_distances = [None; MAX_SIZE as usize];
    let mut row_g = [0.0f64; MAX_SIZE as usize];
    for (y, row) in owners.chunks_exact(n).enumerate() {
        let first = Point::new(0, y as u8).index();
        let cells = row_distances.iter_mut().zip(&mut row_g).zip(row);
        for (x, ((d, gv), owner)) in cells.enumerate() {
            let i = match owner {
                Owner::Black => 0,
                Owner::White => 1,
                Owner::None => {
                    *d = None;
                    *gv = 0.0;
                    continue;
                }
            };
            *d = distance_at(first + x);
            *gv = match *d {
                Some(d) => (f64::from(d) / safe).min(1.0),
                None => 1.0,
            };
            values[i] += params.c_ter * *gv;
        }
        distance.extend_from_slice(&row_distances[..n]);
        g.extend_from_slice(&row_g[..n]);
    }
    AttackEase {
        distance: BoardMap::from_vec(size, distance),
        g: BoardMap::from_vec(size, g),
        black: values[0],
        white: values[1],
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
