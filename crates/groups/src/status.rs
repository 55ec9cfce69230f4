//! Per-stone life status (seed 001 §3.3, 「石ごとの生死」): unconditionally
//! alive, alive if its side plays first, alive even if the opponent plays
//! first, dead.

use crate::benson::unconditionally_alive;
use crate::group::Groups;
use keisei_board::reading::{Limits, Reader, Status};
use keisei_board::{Board, BoardMap, Color, MapCell};
use serde::Serialize;

/// The life status of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LifeStatus {
    /// 無条件生存: alive whatever happens (Benson's pass-alive, exact).
    UnconditionallyAlive,
    /// 後手生存: alive even if the opponent plays first.
    AliveEvenIfSecond,
    /// 先手生存: alive if its side plays first.
    AliveIfFirst,
    /// 無条件死: dead even if its side plays first.
    Dead,
}

impl LifeStatus {
    /// `U`, `A`, `F`, `D` in maps.
    pub fn symbol(self) -> char {
        match self {
            LifeStatus::UnconditionallyAlive => 'U',
            LifeStatus::AliveEvenIfSecond => 'A',
            LifeStatus::AliveIfFirst => 'F',
            LifeStatus::Dead => 'D',
        }
    }
}

impl MapCell for LifeStatus {
    fn render_cell(&self) -> String {
        self.symbol().to_string()
    }
}

/// An encirclement at or above this counts as enclosed for life status.
pub const ENCLOSED: f64 = 0.5;

/// The status of every stone, by search:
///
/// 1. Benson's algorithm: pass-alive stones are unconditionally alive.
/// 2. The tactical reader on the stone's chain: captured even if it moves
///    first → dead; captured only if the opponent moves first (or unknown)
///    → alive if first.
/// 3. Otherwise the group: not enclosed (encirclement below
///    [`ENCLOSED`]) → alive even if second; enclosed → by its eyes: `b >= 2`
///    alive even if second, `a >= 2` alive if first, else dead.
pub fn life_status(
    board: &Board,
    groups: &Groups,
    reader: &mut Reader,
) -> BoardMap<Option<LifeStatus>> {
    let size = board.size();
    let limits = Limits::DEFAULT;
    let mut alive = unconditionally_alive(board, Color::Black);
    alive.union_with(&unconditionally_alive(board, Color::White));
    let mut out = BoardMap::new(size, None);
    for head in board.chain_heads().collect::<Vec<_>>() {
        let status = if alive.contains(head) {
            LifeStatus::UnconditionallyAlive
        } else {
            match reader.chain_status(board, head, &limits) {
                Status::Dead => LifeStatus::Dead,
                Status::Unsettled { .. } | Status::Unknown => LifeStatus::AliveIfFirst,
                Status::Safe => match groups.at(head) {
                    Some(g) if g.encirclement >= ENCLOSED => {
                        if g.eyes.b.count() >= 2 {
                            LifeStatus::AliveEvenIfSecond
                        } else if g.eyes.a.count() >= 2 {
                            LifeStatus::AliveIfFirst
                        } else {
                            LifeStatus::Dead
                        }
                    }
                    _ => LifeStatus::AliveEvenIfSecond,
                },
            }
        };
        for s in board.chain_stones(head) {
            out[s] = Some(status);
        }
    }
    out
}
