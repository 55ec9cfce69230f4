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
    // Two orthogonal steps from the stones, whatever stands in the way.
    let mut out = group.stones.grown(2);
    out.intersect_with(&PointSet::board(board.size()));
    out.subtract(&group.stones);
    out
}

/// What [`importance`] counts in, found once per position: of the empty
/// points, each colour's territory, the points of nobody's territory under
/// each colour's influence (a point under both is in both), and those under
/// neither.
#[derive(Clone, Debug, PartialEq)]
struct Areas {
    territory: [PointSet; 2],
    influence: [PointSet; 2],
    neutral: PointSet,
}

impl Areas {
    fn new(board: &Board, territory: &Territory, spheres: Spheres<'_>) -> Areas {
        let empty = board.point_sets().empty;
        // The territory map is made of the regions.
        let mut owned = [PointSet::new(), PointSet::new()];
        for r in &territory.regions {
            owned[r.color.index()].union_with(&r.points);
        }
        let mut open = empty;
        open.subtract(&owned[0]);
        open.subtract(&owned[1]);
        let [mut territory, mut influence] = [[empty; 2], [open; 2]];
        for c in Color::BOTH {
            territory[c.index()].intersect_with(&owned[c.index()]);
            influence[c.index()].intersect_with(spheres.of(c));
        }
        let mut neutral = open;
        neutral.subtract(spheres.black);
        neutral.subtract(spheres.white);
        Areas {
            territory,
            influence,
            neutral,
        }
    }
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
    importance_in(&Areas::new(board, territory, spheres), group, w_i)
}

fn importance_in(areas: &Areas, group: &Group, w_i: f64) -> Importance {
    let own = group.color;
    // The empty points of the check range: territory of the group's
    // colour, or nobody's territory under neither, one or both colours'
    // influence (the other colour's territory counts for nothing).
    // The range and the stones, counted together: the areas hold empty
    // points only, so the stones add nothing to their counts. (The stones
    // grown two steps are those points, and padding cells off the board,
    // which no set counted holds: no need to cut them at the board.)
    let [
        stones,
        own_territory,
        neutral,
        own_influence,
        enemy_influence,
    ] = group.stones.grown_common_counts(
        2,
        [
            &group.stones,
            &areas.territory[own.index()],
            &areas.neutral,
            &areas.influence[own.index()],
            &areas.influence[own.opponent().index()],
        ],
    );
    // The counts are at most the cells of a board: exact as `u32`, whose
    // conversion to `f64` is one instruction (a `usize`'s is several). The
    // whole-number terms are summed as integers: their sum as `f64` is the
    // same exact number as when summed in `f64`.
    let whole = f64::from((2 * stones + 2 * own_territory + neutral) as u32);
    let value = whole
        + w_i * f64::from(own_influence as u32)
        + (1.0 - w_i) * f64::from(enemy_influence as u32);
    Importance {
        stones,
        own_territory,
        neutral,
        own_influence,
        enemy_influence,
        value,
    }
}

/// Danger-minus (§3.3): danger × importance per group, summed per colour.
///
/// A group's importance is worked out when asked ([`DangerMinus::importance`]):
/// the sums need it only for the groups in danger, and most evaluations ask
/// for no other.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DangerMinus {
    /// Each group's danger × importance.
    pub per_group: Vec<f64>,
    /// Black's total.
    pub black: f64,
    /// White's total.
    pub white: f64,
    /// What the importance counts in.
    #[serde(skip)]
    areas: Areas,
    /// The influence weight of the importance.
    #[serde(skip)]
    w_i: f64,
}

impl DangerMinus {
    /// The importance of `group`, one of the groups this was worked out
    /// for: what [`importance`] gives it.
    pub fn importance(&self, group: &Group) -> Importance {
        importance_in(&self.areas, group, self.w_i)
    }
}

/// The danger-minus totals alone (Black's, White's), as [`danger_minus`]
/// sums them, without working out the importance of groups in no danger
/// (danger 0 adds exactly nothing to either total): what move ranking
/// needs for each of its hundreds of children.
pub fn danger_minus_totals(
    board: &Board,
    groups: &Groups,
    territory: &Territory,
    spheres: Spheres<'_>,
    w_i: f64,
) -> (f64, f64) {
    let areas = Areas::new(board, territory, spheres);
    let (mut black, mut white) = (0.0, 0.0);
    for g in groups.groups.iter().filter(|g| g.danger != 0.0) {
        let dm = g.danger * importance_in(&areas, g, w_i).value;
        match g.color {
            Color::Black => black += dm,
            Color::White => white += dm,
        }
    }
    (black, white)
}

/// Danger-minus of every group, and what their importance needs.
///
/// The importance of a group in no danger is not worked out: with `w_i`
/// in [0, 1] it is a finite number not below 0, so its product with a
/// danger of ±0 is that danger, and adding it changes no total (a total
/// starts at +0 and is never −0). With another `w_i` every group's is.
pub fn danger_minus(
    board: &Board,
    groups: &Groups,
    territory: &Territory,
    spheres: Spheres<'_>,
    w_i: f64,
) -> DangerMinus {
    let areas = Areas::new(board, territory, spheres);
    let all = !(0.0..=1.0).contains(&w_i);
    let (mut black, mut white) = (0.0, 0.0);
    let per_group = groups
        .groups
        .iter()
        .map(|g| {
            if g.danger == 0.0 && !all {
                return g.danger;
            }
            let dm = g.danger * importance_in(&areas, g, w_i).value;
            match g.color {
                Color::Black => black += dm,
                Color::White => white += dm,
            }
            dm
        })
        .collect();
    DangerMinus {
        per_group,
        black,
        white,
        areas,
        w_i,
    }
}
