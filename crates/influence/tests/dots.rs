//! The dots model (seed 003): the stone influence function, a small fight
//! with every rule at work (dead and weakened stones, the non-linear sum,
//! the adjustment rules, a false eye) and block recognition.

use crate::{Inputs, diagram, position, pt, render_influence};
use keisei_board::{Board, BoardMap, Color};
use keisei_influence::{DotBlock, Dots, DotsAnalysis, dot_blocks, is_false_eye, stone_influence};
use std::fmt::Write as _;

/// Seed 003: 4 next to the stone, 3 on a diagonal, 2 at a one-space jump or
/// a knight's move, 1 beyond (our reading: the two-point diagonal, the
/// two-space jump and the large knight's move), nothing farther.
#[test]
fn stone_influence_function() {
    let rows: Vec<String> = (-4..=4)
        .map(|dy| {
            (-4..=4)
                .map(|dx| match stone_influence(dx, dy) {
                    0 if (dx, dy) == (0, 0) => "X".to_string(),
                    0 => ".".to_string(),
                    v => v.to_string(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(
        rows.join("\n"),
        ". . . . . . . . .
. . . 1 1 1 . . .
. . 1 2 2 2 1 . .
. 1 2 3 4 3 2 1 .
. 1 2 4 X 4 2 1 .
. 1 2 3 4 3 2 1 .
. . 1 2 2 2 1 . .
. . . 1 1 1 . . .
. . . . . . . . ."
    );
}

fn render_blocks(board: &Board, blocks: &[DotBlock]) -> String {
    let mut map: BoardMap<char> = BoardMap::new(board.size(), '.');
    let mut out = String::new();
    for (i, b) in blocks.iter().enumerate() {
        let label = (b'a' + (i % 26) as u8) as char;
        let label = if b.color == Color::Black {
            label
        } else {
            label.to_ascii_uppercase()
        };
        for p in &b.area {
            map[p] = label;
        }
        let _ = writeln!(
            out,
            "{label}: {} block, {} stones, {} captives, {} points",
            b.color,
            b.stones.len(),
            b.captives.len(),
            b.area.len()
        );
    }
    out + &map.render()
}

fn check(board: &Board, a: &DotsAnalysis) -> String {
    let weakened: Vec<String> = a
        .weakened
        .iter()
        .map(|(p, w)| {
            let mut why = Vec::new();
            if w.half_dead {
                why.push("half-dead");
            }
            if w.clumped {
                why.push("clumped");
            }
            format!("{} {}", p.to_gtp(board.size()), why.join("+"))
        })
        .collect();
    let eyes: Vec<String> = a
        .false_eyes
        .iter()
        .map(|p| p.to_gtp(board.size()))
        .collect();
    format!(
        "weakened: {}\nfalse eyes: {}\nraw sum (Black +)\n{}\nnon-linear combination\n{}\ndots after the adjustment rules\n{}\nblocks (lower case Black, upper case White)\n{}\n{}",
        weakened.join(", "),
        eyes.join(", "),
        a.raw.render_with_stones(board),
        a.combined.render_with_stones(board),
        a.dots.render_with_stones(board),
        render_blocks(board, &a.blocks),
        render_influence(board, &a.influence)
    )
}

/// A small fight: White's group can be attacked and is weak (strength
/// 0.2), so it is half-dead; it has a false eye at F1; the lone white stone
/// C8 is dead and counts for Black. Black's stones cannot be attacked.
#[test]
fn dots_of_a_small_fight() {
    let board = position("influence/dots-fight.sgf");
    let white_group = [
        "C6", "D6", "C5", "E5", "C4", "D4", "E4", "F4", "F3", "F2", "G2", "G1", "E1",
    ];
    let black = [
        "C7", "D7", "B6", "E6", "B5", "F5", "B4", "C3", "D3", "E3", "D2", "E2",
    ];
    let inputs = Inputs::new(board.clone())
        .strength(&white_group, 0.2)
        .unattackable(&black)
        .dead(&["C8"]);
    let a = Dots::new().analyse(&inputs.ctx());
    // The same weak group, if it could not be attacked, is not half-dead.
    let safe = Inputs::new(board.clone())
        .strength(&white_group, 0.2)
        .unattackable(&white_group)
        .dead(&["C8"]);
    assert!(
        Dots::new()
            .analyse(&safe.ctx())
            .weakened
            .iter()
            .all(|(_, w)| !w.half_dead)
    );
    // ±1 dot is a false eye.
    assert_eq!(a.dots[pt(&board, "F1")], -1);
    assert!(a.false_eyes.contains(pt(&board, "F1")));
    // The dead stone counts for Black: positive raw influence next to it,
    // and it is a captive in a black block.
    assert!(a.raw[pt(&board, "B8")] > 0);
    assert!(
        a.blocks
            .iter()
            .any(|b| b.color == Color::Black && b.captives.contains(pt(&board, "C8")))
    );
    // The eye D5 touches the black stone E6 diagonally: 0 (both colours).
    assert_eq!(a.combined[pt(&board, "D5")], 0);
    // Every dot is 0, ±1 (false eyes), ±3, ±5 or ±6.
    for (_, &d) in a.dots.iter() {
        assert!([0, 1, 3, 5, 6].contains(&d.abs()), "{d}");
    }
    // The half-dead white stones are weakened, and so are clumped ones.
    let weak = |name: &str| {
        a.weakened
            .iter()
            .find(|(p, _)| *p == pt(&board, name))
            .map(|(_, w)| *w)
            .unwrap_or_default()
    };
    assert!(weak("C6").half_dead);
    assert!(weak("E4").clumped); // three white neighbours
    assert!(weak("D3").clumped); // a 2×2 square of black stones
    assert!(!weak("B6").half_dead && !weak("B6").clumped);
    insta::assert_snapshot!(check(&board, &a));
}

/// The adjustment rules around a lone stone: every point of 2 raw or more
/// starts as the sphere (6 dots); a neighbour of 1 or 2 caps it at 5, a
/// neighbour of 0 or below at 3. Next to a lone stone every point has a
/// neighbour of 2 (the jump or knight points): 5 dots; the jump and knight
/// points border the 1-points beyond (combined to 0): 3 dots.
#[test]
fn adjustment_rules_around_a_lone_stone() {
    let board = diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . X . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let inputs = Inputs::new(board.clone());
    let a = Dots::new().analyse(&inputs.ctx());
    assert_eq!(a.raw[pt(&board, "E6")], 4);
    assert_eq!(a.combined[pt(&board, "E7")], 2);
    assert_eq!(a.combined[pt(&board, "E8")], 0);
    assert_eq!(a.dots[pt(&board, "E6")], 5);
    assert_eq!(a.dots[pt(&board, "F6")], 5);
    assert_eq!(a.dots[pt(&board, "E7")], 3);
    assert_eq!(a.dots[pt(&board, "F7")], 3);
    assert_eq!(a.dots[pt(&board, "E8")], 0);
    // Two stones a jump apart: the gap has strong neighbours all round.
    let pair = diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . X . X . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let inputs = Inputs::new(pair.clone());
    let b = Dots::new().analyse(&inputs.ctx());
    assert_eq!(b.dots[pt(&pair, "E5")], 6);
    insta::assert_snapshot!(format!(
        "{}
{}",
        check(&board, &a),
        check(&pair, &b)
    ));
}

/// A false eye: every neighbour an own stone, two diagonals the opponent's
/// (one on the edge). A real eye with one enemy diagonal is not false.
#[test]
fn false_eyes() {
    let board = diagram(
        ". . . . . . .
         . X O X . . .
         . O . O . . .
         . . O . . . .
         . . . . . . .
         X O . . . . .
         O . O X . . .",
    );
    let inputs = Inputs::new(board.clone());
    let ctx = inputs.ctx();
    assert!(is_false_eye(&ctx, pt(&board, "C5"), Color::White));
    assert!(!is_false_eye(&ctx, pt(&board, "C5"), Color::Black));
    assert!(is_false_eye(&ctx, pt(&board, "B1"), Color::White));
    let real = diagram(
        ". . . . . . .
         . X O . . . .
         . O . O . . .
         . . O . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    );
    let inputs = Inputs::new(real.clone());
    assert!(!is_false_eye(&inputs.ctx(), pt(&real, "C5"), Color::White));
}

/// Blocks: touching points of one colour, joined across a diagonal unless
/// an enemy stone stands beside it; blocks without a live stone dropped.
#[test]
fn block_recognition() {
    let board = diagram(
        ". . . . . . .
         . X . . . . .
         . . X . . . .
         . . . . . . .
         . . . . X . .
         . . . O . X .
         . . . . . . .",
    );
    // No dots at all: stones alone form the blocks. B6–C5 and E3–F2 are
    // clean diagonals (the points beside them are empty): two black blocks,
    // and White's D2 is a third.
    let none = BoardMap::new(board.size(), 0i8);
    let blocks = dot_blocks(&board, &keisei_board::PointSet::new(), &none);
    assert_eq!(blocks.len(), 3);
    assert_eq!(blocks[0].stones.len(), 2);
    // An enemy stone beside a diagonal cuts it.
    let cut = diagram(
        ". . . . . . .
         . X O . . . .
         . . X . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    );
    let blocks = dot_blocks(&cut, &keisei_board::PointSet::new(), &none);
    assert_eq!(blocks.iter().filter(|b| b.color == Color::Black).count(), 2);
    // With the model's own dots the blocks grow over the empty points.
    let inputs = Inputs::new(board.clone());
    let a = Dots::new().analyse(&inputs.ctx());
    let black: usize = a
        .blocks
        .iter()
        .filter(|b| b.color == Color::Black)
        .map(|b| b.area.len())
        .sum();
    assert!(black > 4);
    insta::assert_snapshot!(render_blocks(&board, &a.blocks));
}
