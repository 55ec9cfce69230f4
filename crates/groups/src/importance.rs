//! Importance and danger-minus (seed 000 §3.3.5, §3.3).

use crate::group::{Group, Groups};
use keisei_board::{Board, Color, PointSet};
use keisei_territory::Territory;
use serde::Serialize;

/// The points under each colour's influence, as the influence crate computed
/// them (a point under both is in both sets). Passed in as values: this crate
/// does not know how influence is computed.
#[derive(Clone, Copy, Debug)]
pub struct Spheres<'a> {
    /// Points under Black's influence.
    pub black: &'a PointSet,
    /// Points under White's influence.
    pub white: &'a PointSet,
}

impl Spheres<'_> {
    fn of(&self, color: Color) -> &PointSet {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

/// The counts behind a group's importance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Importance {
    /// C1: stones of the group.
    pub stones: usize,
    /// C2: the group's colour's territory in the check range.
    pub own_territory: usize,
    /// C3: empty points in range that are neither territory nor under influence.
    pub neutral: usize,
    /// C4: points in range under the group's colour's influence.
    pub own_influence: usize,
    /// C5: points in range under the other colour's influence.
    pub enemy_influence: usize,
    /// 2·C1 + 2·C2 + C3 + w·C4 + (1 − w)·C5.
    pub value: f64,
}

/// The check range of a group (fig. 24; BRIEF.md): the points within
/// Manhattan distance 2 of each stone, each counted once, without the stones.
pub fn check_range(board: &Board, group: &Group) -> PointSet {
    let size = board.size();
    let mut out = PointSet::new();
    for s in &group.stones {
        for dy in -2i32..=2 {
            for dx in -2i32..=2 {
                if dx.abs() + dy.abs() <= 2 {
                    if let Some(q) = s.offset(dx, dy, size) {
                        out.insert(q);
                    }
                }
            }
        }
    }
    out.subtract(&group.stones);
    out
}

/// A group's importance (§3.3.5): what its death would change in the check
/// range. `w_i` is the influence weight of eq. 1 (0.8 in §4.2). A point under
/// both colours' influence counts in C4 and C5 (so it weighs 1, like a
/// neutral point); the opponent's territory and stones count nothing.
pub fn importance(
    board: &Board,
    group: &Group,
    territory: &Territory,
    spheres: Spheres<'_>,
    w_i: f64,
) -> Importance {
    let own = group.color;
    let mut imp = Importance {
        stones: group.stones.len(),
        ..Importance::default()
    };
    for p in &check_range(board, group) {
        if !board.is_empty(p) {
            continue;
        }
        match territory.owner(p) {
            Some(c) if c == own => imp.own_territory += 1,
            Some(_) => {}
            None => {
                let (mine, theirs) = (
                    spheres.of(own).contains(p),
                    spheres.of(own.opponent()).contains(p),
                );
                if mine {
                    imp.own_influence += 1;
                }
                if theirs {
                    imp.enemy_influence += 1;
                }
                if !mine && !theirs {
                    imp.neutral += 1;
                }
            }
        }
    }
    imp.value = 2.0 * imp.stones as f64
        + 2.0 * imp.own_territory as f64
        + imp.neutral as f64
        + w_i * imp.own_influence as f64
        + (1.0 - w_i) * imp.enemy_influence as f64;
    imp
}

/// Danger-minus (§3.3): danger × importance per group, summed per colour.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DangerMinus {
    /// Each group's importance, in group order.
    pub importance: Vec<Importance>,
    /// Each group's danger × importance.
    pub per_group: Vec<f64>,
    /// Black's total.
    pub black: f64,
    /// White's total.
    pub white: f64,
}

/// Importance and danger-minus of every group.
pub fn danger_minus(
    board: &Board,
    groups: &Groups,
    territory: &Territory,
    spheres: Spheres<'_>,
    w_i: f64,
) -> DangerMinus {
    let mut out = DangerMinus {
        importance: Vec::new(),
        per_group: Vec::new(),
        black: 0.0,
        white: 0.0,
    };
    for g in &groups.groups {
        let imp = importance(board, g, territory, spheres, w_i);
        let dm = g.danger * imp.value;
        match g.color {
            Color::Black => out.black += dm,
            Color::White => out.white += dm,
        }
        out.importance.push(imp);
        out.per_group.push(dm);
    }
    out
}
