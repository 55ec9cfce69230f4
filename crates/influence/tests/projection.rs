//! The projection model (seed 001 §3.2): the formulas, the worked example
//! of fig. 23, blocking (fig. 24), nearness (fig. 28), direction and
//! strength (figs. 2–5), the liberty limit and eq. 3.

use crate::{Inputs, describe, diagram, position, pt, render_influence, render_sources};
use keisei_board::{Board, Color};
use keisei_influence::{
    Ellipse, Model, Projection, ProjectionAnalysis, Sources, Under, axis_value, off_axis_value,
};
use keisei_territory::Zone;
use std::fmt::Write as _;

fn sources(board: &Board, a: &ProjectionAnalysis) -> String {
    let rules = Projection::new().rules;
    render_sources(
        board,
        a.stones
            .iter()
            .map(|s| {
                let mut note = format!("{:?}, {} liberties", s.zone, s.liberties);
                for r in &s.reinforcements {
                    let _ = write!(note, "; {}", describe(rules, r, board.size()));
                }
                (
                    s.stone,
                    s.color.letter(),
                    vec![
                        ("initial", s.initial),
                        ("reinforced", s.reinforced),
                        ("limited", s.limited),
                    ],
                    note,
                )
            })
            .collect::<Vec<_>>(),
    )
}

fn check(board: &Board, a: &ProjectionAnalysis) -> String {
    format!(
        "sources per stone\n{}\n{}",
        sources(board, a),
        render_influence(board, &a.influence)
    )
}

/// Eq. 2 and its worked example (fig. 23): max 4, min 3 give
/// floor((4·3 − 3)/4) = floor(9/4) = 2.
#[test]
fn off_axis_formula() {
    assert_eq!(off_axis_value(4, 3), 2);
    assert_eq!(off_axis_value(3, 4), 2);
    assert_eq!(off_axis_value(4, 4), 3);
    assert_eq!(off_axis_value(2, 2), 1);
    assert_eq!(off_axis_value(5, 1), 0);
    assert_eq!(off_axis_value(1, 1), 0);
    assert_eq!(off_axis_value(4, 0), 0);
    assert_eq!(off_axis_value(0, 0), 0);
    // Never more than the smaller projection.
    for a in 0..=12 {
        for b in 0..=12 {
            assert!(off_axis_value(a, b) <= a.min(b));
        }
    }
}

/// BRIEF.md: along an axis at distance d the influence is max(0, P − d + 1).
#[test]
fn axis_decay() {
    assert_eq!(axis_value(4, 1), 4);
    assert_eq!(axis_value(4, 2), 3);
    assert_eq!(axis_value(4, 4), 1);
    assert_eq!(axis_value(4, 5), 0);
    assert_eq!(axis_value(0, 1), 0);
}

/// Fig. 23. The corner stone D4 starts at 4 towards both edges and 3 away
/// from them; its nobi partner D3 below adds 1 to the right and to the left;
/// the one-space jump to B4 does not satisfy its rule (the jump is not bare:
/// D3 stands behind it). So the projections of E5 are 4 (to the right) and
/// 3 (upwards), and D4 gives E5 an influence of 2.
#[test]
fn seed001_fig23_worked_example() {
    let board = position("influence/seed001-fig23.sgf");
    let inputs = Inputs::new(board.clone());
    let ctx = inputs.ctx();
    let model = Projection::new();
    let d4 = model.stone(&ctx, pt(&board, "D4")).unwrap();
    assert_eq!(d4.zone, Zone::Corner);
    assert_eq!(d4.initial, Sources([3, 3, 4, 4]));
    assert_eq!(d4.reinforced, Sources([3, 4, 4, 5]));
    assert!(
        d4.reinforcements
            .iter()
            .all(|r| r.partner == pt(&board, "D3"))
    );
    let e = d4.limited.0[1];
    let n = d4.limited.0[0];
    assert_eq!((axis_value(e, 1), axis_value(n, 1)), (4, 3));
    let alone = model.stone_map(&ctx, pt(&board, "D4"));
    assert_eq!(alone[pt(&board, "E5")], 2);
    assert_eq!(alone[pt(&board, "E4")], 4);
    assert_eq!(alone[pt(&board, "D5")], 3);
    let a = model.analyse(&ctx);
    insta::assert_snapshot!(format!(
        "{}\nD4 alone\n{}",
        check(&board, &a),
        alone.render_with_stones(&board)
    ));
}

/// Fig. 24: no influence across an enemy stone on the straight line
/// between the stone and the point. White's shoulder hit E5 stands on the
/// line from D4 to F6 (and to every point behind E5).
#[test]
fn seed001_fig24_enemy_stone_on_the_line() {
    let board = position("influence/seed001-fig24.sgf");
    let inputs = Inputs::new(board.clone());
    let model = Projection::new();
    let d4 = pt(&board, "D4");
    let blocked = model.stone_map(&inputs.ctx(), d4);
    let open_board = diagram(&board.to_diagram().replace('O', "."));
    let open_inputs = Inputs::new(open_board.clone());
    let open = model.stone_map(&open_inputs.ctx(), d4);
    assert_eq!(open[pt(&board, "F6")], 1);
    assert_eq!(blocked[pt(&board, "F6")], 0);
    // The straight line from D4 to F5 (a knight's move) passes E4 and E5.
    assert!(open[pt(&board, "F5")] > 0);
    assert_eq!(blocked[pt(&board, "F5")], 0);
    // Points not behind E5 keep their influence.
    assert_eq!(blocked[pt(&board, "E4")], open[pt(&board, "E4")]);
    assert_eq!(blocked[pt(&board, "D6")], open[pt(&board, "D6")]);
    insta::assert_snapshot!(format!(
        "D4 with White's E5 on the line\n{}\nD4 without it\n{}",
        blocked.render_with_stones(&board),
        open.render_with_stones(&open_board)
    ));
}

/// Fig. 28: the point nearer to a black wall (F5) gets more influence than
/// the farther one (H5) — the projection model grades what the ellipse
/// model only marks as "under influence".
#[test]
fn seed001_fig28_nearer_points_get_more() {
    let board = position("influence/seed001-fig28.sgf");
    let inputs = Inputs::new(board.clone());
    let ctx = inputs.ctx();
    let p = Projection::new().analyse(&ctx);
    let (near, far) = (pt(&board, "F5"), pt(&board, "H5"));
    assert!(p.influence.value[near] > p.influence.value[far]);
    assert!(p.influence.value[far] > 0.0);
    let e = Ellipse::new().influence(&ctx);
    assert_eq!(e.under[near], Under::Black);
    assert_eq!(e.under[far], Under::Black);
    insta::assert_snapshot!(format!(
        "{}\n{}",
        check(&board, &p),
        render_influence(&board, &e)
    ));
}

/// Figs. 2–5: three stones in a row reach farther across the row than
/// along it (the middle stone is reinforced on both faces: fig. 3), and a
/// white stone beyond them (fig. 4) takes away the influence behind it
/// that the open position (fig. 5) keeps.
#[test]
fn seed001_figs2_to_5_direction_and_strength() {
    let open = position("influence/seed001-figs2-5-open.sgf");
    let blocked = position("influence/seed001-figs2-5-blocked.sgf");
    let model = Projection::new();
    let mut out = String::new();
    let mut results = Vec::new();
    for (name, board) in [
        ("fig. 5: nothing beyond", &open),
        ("fig. 4: a white stone beyond", &blocked),
    ] {
        let inputs = Inputs::new(board.clone());
        let ctx = inputs.ctx();
        let p = model.analyse(&ctx);
        let e = Ellipse::new().influence(&ctx);
        let _ = writeln!(
            out,
            "== {name}\n{}\n{}",
            check(board, &p),
            render_influence(board, &e)
        );
        results.push((p, e));
    }
    let (o, b) = (&results[0], &results[1]);
    // Fig. 3: the middle stone F7 reaches farther up than the end stones.
    let f7 =
        o.0.stones
            .iter()
            .find(|s| s.stone == pt(&open, "F7"))
            .unwrap();
    let e7 =
        o.0.stones
            .iter()
            .find(|s| s.stone == pt(&open, "E7"))
            .unwrap();
    assert!(f7.limited.0[0] > e7.limited.0[0]);
    assert!(f7.limited.0[0] > f7.limited.0[1]);
    // Figs. 4/5: above the row, Black has less with the white stone there.
    let above = pt(&open, "F9");
    assert!(o.0.influence.value[above] > b.0.influence.value[above]);
    assert!(o.0.influence.black > b.0.influence.black);
    assert!(o.1.black > b.1.black);
    // Behind the white stone nothing of Black's is left.
    assert_eq!(b.0.black_h[pt(&open, "F11")], 0);
    assert!(o.0.black_h[pt(&open, "F11")] > 0);
    insta::assert_snapshot!(out);
}

/// The liberty limit: a stone in atari projects at most 1 in any
/// direction, a chain with two liberties at most 2.
#[test]
fn liberty_limit() {
    let board = diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . O . . . .
         . . . O X O . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . X . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let inputs = Inputs::new(board.clone());
    let ctx = inputs.ctx();
    let model = Projection::new();
    let atari = model.stone(&ctx, pt(&board, "E6")).unwrap();
    assert_eq!(atari.liberties, 1);
    assert!(atari.limited.0.iter().all(|&v| v <= 1));
    let free = model.stone(&ctx, pt(&board, "G3")).unwrap();
    assert_eq!(free.limited, free.reinforced);
    let white = model.stone(&ctx, pt(&board, "D6")).unwrap();
    assert_eq!(white.liberties, 3);
    assert_eq!(white.limited, white.reinforced);
    assert_eq!(model.liberty_cap(2), 2);
    assert_eq!(model.liberty_cap(5), keisei_influence::MAX_REACH);
}

/// Eq. 3: each colour's value is `Σ C_inf · |H|` over the `δ_inf` points
/// where H has its sign; `δ_inf` leaves out stones and territory; `value`
/// is H.
#[test]
fn eq3_influence_value() {
    let board = position("positions/midgame-19.sgf");
    let inputs = Inputs::new(board.clone());
    let ctx = inputs.ctx();
    let a = Projection::new().analyse(&ctx);
    let (mut black, mut white) = (0.0, 0.0);
    for (p, &d) in a.delta.iter() {
        let h = f64::from(a.black_h[p] - a.white_h[p]);
        assert_eq!(
            a.influence.value[p],
            if board.color(p).is_some() { 0.0 } else { h }
        );
        if d {
            assert!(board.is_empty(p));
            assert!(inputs.inputs.territory.owner(p).is_none());
            if h > 0.0 {
                black += h;
            } else {
                white -= h;
            }
        } else {
            assert_eq!(a.influence.under[p], Under::None);
        }
    }
    assert_eq!((a.influence.black, a.influence.white), (black, white));
    let mut doubled = Projection::new();
    doubled.params.c_inf = 2.0;
    let d = doubled.influence(&ctx);
    assert_eq!(d.black, 2.0 * black);
    assert_eq!(d.value, a.influence.value);
    assert!(a.influence.points_under(Color::Black) > 0);
}
