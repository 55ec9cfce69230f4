//! The group table and the strength, danger and life-status maps of
//! composed positions.

use crate::{analysed, position};
use keisei_board::reading::Reader;
use keisei_board::{Board, PointSet};
use keisei_groups::{
    BlockDangerParams, BlockInput, Spheres, block_danger, danger_minus, danger_minus_totals,
    life_status,
};
use std::fmt::Write as _;

fn table(board: &Board) -> String {
    let (_, t, groups) = analysed(board);
    let size = board.size();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "id colour stones   eyes  regions        cert  room  own   linked  str   L4    enc   danger"
    );
    for g in &groups.groups {
        let first = g.stones.first().map(|p| p.to_gtp(size)).unwrap_or_default();
        let regions: Vec<String> = g
            .eye_regions
            .iter()
            .map(|r| format!("{}{}", r.points.len(), r.value))
            .collect();
        let _ = writeln!(
            out,
            "{:<2} {:<6} {:<3} {:<4} {}  {:<14} {:.2}  {:.3} {:.2}  {:<7} {:.2}  {:<5} {:.2}  {:.3}",
            g.id,
            g.color,
            g.stones.len(),
            first,
            g.eyes,
            regions.join(" "),
            g.certainty,
            g.room,
            g.own_strength,
            format!("{:?}", g.linked),
            g.strength,
            format!("{}", g.l4_total),
            g.encirclement,
            g.danger
        );
    }
    let _ = writeln!(out, "\nstrength of each stone's group");
    out += &groups.strength_map(size).render_with_stones(board);
    let _ = writeln!(out, "danger of each stone's group");
    out += &groups.danger_map(size).render_with_stones(board);
    let status = life_status(board, &groups, &mut Reader::new());
    let _ = writeln!(
        out,
        "life status (U unconditional, A alive even if second, F alive if first, D dead)"
    );
    out += &status.render();
    // Importance with an empty influence: every non-territory point is neutral.
    let none = PointSet::new();
    let spheres = Spheres {
        black: &none,
        white: &none,
    };
    let dm = danger_minus(board, &groups, &t, spheres, 0.8);
    // The totals alone (what move ranking asks for) are the same sums.
    let totals = danger_minus_totals(board, &groups, &t, spheres, 0.8);
    assert_eq!(totals, (dm.black, dm.white), "danger-minus totals");
    let _ = writeln!(
        out,
        "importance (no influence map): {:?}",
        groups
            .groups
            .iter()
            .map(|g| dm.importance(g).value)
            .collect::<Vec<_>>()
    );
    let _ = writeln!(
        out,
        "danger-minus: black {:.2} white {:.2}",
        dm.black, dm.white
    );
    // Block danger with each group as a block and its territory as the area.
    let blocks: Vec<BlockInput> = groups
        .groups
        .iter()
        .map(|g| {
            let mut area = PointSet::new();
            for r in &g.eye_regions {
                area.union_with(&r.points);
            }
            BlockInput {
                color: g.color,
                stones: g.stones,
                area,
            }
        })
        .collect();
    let bd = block_danger(board, &blocks, &groups, &BlockDangerParams::default());
    let _ = writeln!(
        out,
        "block danger (moku, stage 1): {:?}",
        bd.iter()
            .map(|b| format!("{:.2}", b.danger))
            .collect::<Vec<_>>()
    );
    out
}

#[test]
fn five_groups() {
    insta::assert_snapshot!(table(&position("groups/five-groups.sgf")));
}

#[test]
fn middle_game() {
    insta::assert_snapshot!(table(&position("positions/midgame-19.sgf")));
}
