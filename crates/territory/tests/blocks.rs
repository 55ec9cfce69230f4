//! Restriction blocks (seed 000 fig. 10) and zone control blocks (seed 001
//! figs. 9–16) on composed positions; every stone counts as unattackable.

use crate::diagram;
use keisei_board::{Board, PointSet};
use keisei_territory::patterns::RemovalRules;
use keisei_territory::{BlockModel, blocks};
use std::fmt::Write as _;

fn all_stones(board: &Board) -> PointSet {
    board
        .points()
        .filter(|&p| board.color(p).is_some())
        .collect()
}

fn check(board: &Board, model: BlockModel) -> String {
    let b = blocks(board, &all_stones(board), model, RemovalRules::builtin());
    format!(
        "{model:?} blocks (x black, o white, * both)\n{}",
        b.map(board.size()).render_with_stones(board)
    )
}

/// Seed 000 fig. 10: a lone stone; an enemy stone next to it; one on a diagonal.
#[test]
fn seed000_fig10_restriction_blocks() {
    let lone = diagram(
        ". . . . . . .
         . . . . . . .
         . . . . . . .
         . . . X . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    );
    let adjacent = diagram(
        ". . . . . . .
         . . . . . . .
         . . . . . . .
         . . X O . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    );
    let diagonal = diagram(
        ". . . . . . .
         . . . . . . .
         . . . . . . .
         . . X . . . .
         . . . O . . .
         . . . . . . .
         . . . . . . .",
    );
    insta::assert_snapshot!(
        "seed000_fig10",
        [&lone, &adjacent, &diagonal]
            .iter()
            .map(|b| check(b, BlockModel::Restriction))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Seed 001 figs. 10–12: 3×3 in the centre, 3×4 on the edge, 4×4 in the
/// corner (larger towards the edge).
#[test]
fn seed001_figs10_to_12_zone_blocks() {
    let b = diagram(
        ". . . . . . . . . . . . .
         . . X . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . X . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . X . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .",
    );
    insta::assert_snapshot!("seed001_figs10_12", check(&b, BlockModel::Zone));
}

/// Seed 001 figs. 13–16 (the removal rules) with 3×3 centre blocks and
/// seed 000's 5×5 blocks: an enemy stone adjacent, diagonal, a one-space
/// jump away and a knight's move away.
#[test]
fn seed001_figs13_to_16_removal_rules() {
    let boards = [
        (
            "fig. 13: adjacent",
            ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . X O . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .",
        ),
        (
            "fig. 14: diagonal",
            ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . X . . . .\n. . . . O . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .",
        ),
        (
            "fig. 15: one-space jump",
            ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . X . O . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .",
        ),
        (
            "fig. 16: knight's move",
            ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . X . . . .\n. . . . . O . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .",
        ),
    ];
    let mut out = String::new();
    for (name, d) in boards {
        let b = diagram(d);
        let _ = writeln!(
            out,
            "== {name}\n{}{}",
            check(&b, BlockModel::Zone),
            check(&b, BlockModel::Restriction)
        );
    }
    insta::assert_snapshot!("seed001_figs13_16", out);
}
