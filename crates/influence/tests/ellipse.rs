//! The ellipse model (seed 000 §3.2) on composed positions: the worked
//! example of figs. 14–18 (sources 5, reinforcement, truncation, the final
//! map), the ellipse itself, shadows behind blocks, and own territory.

use crate::{Inputs, describe, diagram, position, pt, render_influence, render_sources};
use keisei_board::{Board, Color};
use keisei_influence::{Ellipse, EllipseAnalysis, Model, Sources, Under, in_ellipse};
use std::fmt::Write as _;

fn sources(board: &Board, a: &EllipseAnalysis) -> String {
    let rules = Ellipse::new().rules;
    render_sources(
        board,
        a.stones
            .iter()
            .map(|s| {
                let note = s
                    .reinforcements
                    .iter()
                    .map(|r| describe(rules, r, board.size()))
                    .collect::<Vec<_>>()
                    .join(", ");
                (
                    s.stone,
                    s.color.letter(),
                    vec![
                        ("initial", s.initial),
                        ("reinforced", s.reinforced),
                        ("truncated", s.truncated),
                    ],
                    note,
                )
            })
            .collect::<Vec<_>>(),
    )
}

fn check(board: &Board, a: &EllipseAnalysis) -> String {
    format!(
        "sources per stone (figs. 14-16)\n{}\nrestriction blocks (x black, o white, * both)\n{}\nblack ellipses per point\n{}\nwhite ellipses per point\n{}\n{}",
        sources(board, a),
        a.blocks.map(board.size()).render_with_stones(board),
        a.black_cover.render_with_stones(board),
        a.white_cover.render_with_stones(board),
        render_influence(board, &a.influence)
    )
}

/// Seed 000 figs. 14–18. A black group of strength 1 (its stones start at
/// 5, fig. 14), reinforced by nobi and kosumi (fig. 15), truncated by the
/// restriction block of the unattackable white stone K6 (fig. 16), then
/// spread (figs. 17–18). The attackable white stone E9 truncates nothing.
#[test]
fn seed000_figs14_to_18_worked_example() {
    let board = position("influence/seed000-figs14-18.sgf");
    let inputs = Inputs::new(board.clone())
        .strength(&["E5", "F5", "G6", "E4", "K6"], 1.0)
        .strength(&["E9"], 0.0)
        .unattackable(&["E5", "F5", "G6", "E4", "K6"]);
    let a = Ellipse::new().analyse(&inputs.ctx());
    let stone = |name: &str| {
        a.stones
            .iter()
            .find(|s| s.stone == pt(&board, name))
            .unwrap()
            .clone()
    };
    for name in ["E5", "F5", "G6", "E4"] {
        assert_eq!(stone(name).initial, Sources::uniform(5), "{name}");
    }
    // F5's eastward source (5, +1 from the kosumi with G6) stops before its
    // third block point K5; G6's stops before the white stone K6.
    assert_eq!(stone("F5").reinforced.0[1], 6);
    assert_eq!(stone("F5").truncated.0[1], 3);
    assert_eq!(stone("G6").truncated.0[1], 2);
    // E9 can be attacked: E5's northward source runs past it.
    assert_eq!(stone("E5").truncated.0[0], stone("E5").reinforced.0[0]);
    assert_eq!(stone("E9").initial, Sources::uniform(1));
    // Behind the block, on F5's row, nothing of Black's.
    assert!(!a.influence.under[pt(&board, "M5")].includes(Color::Black));
    insta::assert_snapshot!(check(&board, &a));
}

/// The quarter ellipse with semi-axes a (across) and b (up or down),
/// boundary included; a zero semi-axis leaves the segment on the other axis.
#[test]
fn the_ellipse() {
    assert!(in_ellipse(5, 0, 5, 3));
    assert!(in_ellipse(0, 3, 5, 3));
    assert!(in_ellipse(3, 2, 5, 3)); // 9/25 + 4/9 <= 1
    assert!(!in_ellipse(4, 2, 5, 3)); // 16/25 + 4/9 > 1
    assert!(!in_ellipse(6, 0, 5, 3));
    assert!(in_ellipse(0, 4, 0, 4));
    assert!(!in_ellipse(1, 1, 0, 4));
    assert!(in_ellipse(3, 4, 5, 5)); // on the circle
    assert!(!in_ellipse(4, 4, 5, 5));
}

/// A block stops the area behind it (§3.2.3: "no influence beyond a
/// restriction block"): the segment from the stone to a point must not
/// cross the enemy's block or an unattackable enemy stone.
#[test]
fn blocks_cast_shadows() {
    let board = diagram(
        ". . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . X . . . . O . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .",
    );
    let inputs = Inputs::new(board.clone())
        .strength(&["D7", "J7"], 1.0)
        .unattackable(&["J7"]);
    let a = Ellipse::new().analyse(&inputs.ctx());
    // Black reaches the edge of White's block (F7) but not into it (G7) nor
    // beyond; White's influence reaches everywhere around its stone.
    assert!(a.influence.under[pt(&board, "F7")].includes(Color::Black));
    assert!(!a.influence.under[pt(&board, "G7")].includes(Color::Black));
    assert!(a.influence.under[pt(&board, "G7")].includes(Color::White));
    insta::assert_snapshot!(check(&board, &a));
}

/// "Never into the owner's own territory" (§3.2.3): Black's closed corner is
/// not under Black's influence. (White's could be; here Black's restriction
/// blocks keep it out.)
#[test]
fn never_into_own_territory() {
    let board = diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         X X X X . . . . .
         . . . X . . . . .
         . . . X . . . O .
         . . . X . . . . .",
    );
    let inputs = Inputs::new(board.clone())
        .strength(&["A4", "B4", "C4", "D4", "D3", "D2", "D1"], 1.0)
        .strength(&["H2"], 1.0);
    let t = &inputs.inputs.territory;
    assert_eq!(t.owner(pt(&board, "B2")), Some(Color::Black));
    let inf = Ellipse::new().influence(&inputs.ctx());
    for name in ["A1", "B2", "C3", "C1"] {
        assert!(
            !inf.under[pt(&board, name)].includes(Color::Black),
            "{name}"
        );
    }
    insta::assert_snapshot!(render_influence(&board, &inf));
}

/// Both colours reach the points between two facing stones (fig. 18's grey
/// squares); such a point counts for both scores and cancels in `net`.
#[test]
fn points_under_both() {
    let board = diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . X . . . O . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let inputs = Inputs::new(board.clone()).unattackable(&[]);
    let inf = Ellipse::new().influence(&inputs.ctx());
    assert_eq!(inf.under[pt(&board, "E5")], Under::Both);
    assert_eq!(inf.value[pt(&board, "E5")], 0.0);
    assert_eq!(inf.black, inf.white);
    let both = inf.under.iter().filter(|(_, u)| **u == Under::Both).count();
    assert!(both > 0);
    assert_eq!(inf.points_under(Color::Black) as f64, inf.black);
    let mut text = String::new();
    let _ = write!(text, "{}", render_influence(&board, &inf));
    insta::assert_snapshot!(text);
}
