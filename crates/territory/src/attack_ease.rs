//! The attack-ease of territory (seed 001 §3.1.2–3.1.3): how easily the
//! attacker reaches each point of the defender's territory, measured by the
//! kosuri-number distance.

use crate::blocks::Blocks;
use crate::enclosed::Territory;
use keisei_board::{Board, BoardMap, Cell, Color, NUM_CELLS, Point};
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
    let mut distance = BoardMap::new(size, None);
    let mut g = BoardMap::new(size, 0.0);
    let mut values = [0.0f64; 2];
    for defender in Color::BOTH {
        let owned: Vec<Point> = board
            .points()
            .filter(|&p| territory.owner(p) == Some(defender))
            .collect();
        if owned.is_empty() {
            continue;
        }
        let d = kosuri_distance(board, defender, blocks, params);
        for p in owned {
            distance[p] = d[p];
            let gv = match d[p] {
                None => 1.0,
                Some(v) => (f64::from(v) / f64::from(params.safe_distance.max(1))).min(1.0),
            };
            g[p] = gv;
            values[defender.index()] += params.c_ter * gv;
        }
    }
    AttackEase {
        distance,
        g,
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
    let size = board.size();
    let attacker = defender.opponent();
    let block = blocks.of(defender);
    // Flat arrays by point index; the cost of entering each empty point is
    // worked out once.
    let mut cost = vec![0u32; NUM_CELLS];
    for q in board.points().filter(|&q| board.is_empty(q)) {
        let kosuri = q
            .neighbors()
            .iter()
            .any(|&n| board.color(n) == Some(defender));
        cost[q.index()] = 1
            + if kosuri { params.kosuri_cost } else { 0 }
            + if block.contains(q) {
                params.block_cost
            } else {
                0
            };
    }
    let mut dist = vec![u32::MAX; NUM_CELLS];
    let mut heap = BinaryHeap::new();
    for s in board.points().filter(|&p| board.color(p) == Some(attacker)) {
        for n in s.neighbors() {
            if board.cell(n) == Cell::Empty {
                let c = cost[n.index()];
                if c < dist[n.index()] {
                    dist[n.index()] = c;
                    heap.push(Reverse((c, n)));
                }
            }
        }
    }
    while let Some(Reverse((d, p))) = heap.pop() {
        if dist[p.index()] != d {
            continue;
        }
        for n in p.neighbors() {
            if board.cell(n) != Cell::Empty {
                continue;
            }
            let nd = d.saturating_add(cost[n.index()]);
            if nd < dist[n.index()] {
                dist[n.index()] = nd;
                heap.push(Reverse((nd, n)));
            }
        }
    }
    BoardMap::from_fn(size, |p| {
        let d = dist[p.index()];
        (d != u32::MAX).then_some(d)
    })
}
