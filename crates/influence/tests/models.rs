//! The three models behind one interface, on a real middle-game position
//! (with the stand-in inputs) and on edge cases.

use crate::{Inputs, diagram, position, render_influence};
use keisei_board::{Board, BoardMap, Color, PointSet};
use keisei_influence::{
    Context, Dots, Ellipse, Given, Model, ModelKind, Projection, StandaloneInputs, Under, model,
};
use keisei_territory::{Territory, TerritoryOptions, connections, patterns::ConnectionPatterns};

/// Every model on `fixtures/positions/midgame-19.sgf` (80 moves), for
/// review: the under map and the values.
#[test]
fn midgame_19_every_model() {
    let board = position("positions/midgame-19.sgf");
    let inputs = Inputs::new(board.clone());
    let ctx = inputs.ctx();
    let mut out = String::new();
    for kind in ModelKind::ALL {
        let m = model(kind);
        assert_eq!(m.kind(), kind);
        let inf = m.influence(&ctx);
        assert_eq!(inf.model, kind);
        assert!(inf.black > 0.0 && inf.white > 0.0, "{kind}");
        out.push_str(&render_influence(&board, &inf));
        out.push('\n');
    }
    insta::assert_snapshot!(out);
}

/// The models are interchangeable as trait objects, and `analyse` and
/// `influence` agree.
#[test]
fn one_interface() {
    let board = position("influence/seed001-fig28.sgf");
    let inputs = Inputs::new(board.clone());
    let ctx = inputs.ctx();
    let models: Vec<Box<dyn Model>> = vec![
        Box::new(Ellipse::new()),
        Box::new(Projection::new()),
        Box::new(Dots::new()),
    ];
    for m in &models {
        let inf = m.influence(&ctx);
        assert_eq!(inf.net(), inf.black - inf.white);
        assert_eq!(inf.score(Color::Black), inf.black);
        // Only open points are under influence.
        for (p, u) in inf.under.iter() {
            if board.color(p).is_some() {
                assert_eq!(*u, Under::None);
                assert_eq!(inf.value[p], 0.0);
            }
        }
    }
    assert_eq!(
        Ellipse::new().analyse(&ctx).influence,
        Ellipse::new().influence(&ctx)
    );
    assert_eq!(
        Projection::new().analyse(&ctx).influence,
        Projection::new().influence(&ctx)
    );
}

/// An empty board: no influence anywhere, in every model and every size.
#[test]
fn empty_boards() {
    for size in [5u32, 9, 19, 25] {
        let board = Board::new(size).unwrap();
        let inputs = StandaloneInputs::new(&board);
        for kind in ModelKind::ALL {
            let inf = model(kind).influence(&inputs.context(&board));
            assert_eq!((inf.black, inf.white), (0.0, 0.0));
            assert!(inf.under.iter().all(|(_, u)| *u == Under::None));
        }
    }
}

/// Inputs that do not fit the board (maps of another size, strengths out
/// of range or NaN, sets naming empty points) are read as "no
/// information", never a panic.
#[test]
fn inputs_that_do_not_fit_are_harmless() {
    let board = diagram(
        ". . . . . . .
         . X . . . O .
         . . . . . . .
         . . . X . . .
         . . . . . . .
         . O . . . X .
         . . . . . . .",
    );
    let small = Board::new(5).unwrap();
    let links = connections(
        &small,
        ConnectionPatterns::builtin(),
        &mut keisei_board::reading::Reader::default(),
    );
    let territory: Territory =
        keisei_territory::territory(&small, &links, &TerritoryOptions::default());
    let mut strength = BoardMap::new(5, f64::NAN);
    strength[keisei_board::Point::new(1, 1)] = 7.0;
    let everything: PointSet = keisei_board::Point::all(7).collect();
    let ctx = Context {
        board: &board,
        strength: &strength,
        unattackable: &everything,
        dead: &PointSet::new(),
        territory: &territory,
        given: Given::default(),
    };
    for kind in ModelKind::ALL {
        let inf = model(kind).influence(&ctx);
        assert!(inf.black.is_finite() && inf.white.is_finite());
    }
    assert_eq!(ctx.strength_at(keisei_board::Point::new(1, 1)), 1.0);
    assert_eq!(ctx.strength_at(keisei_board::Point::new(0, 0)), 0.0);
    assert_eq!(ctx.strength_at(keisei_board::Point::new(6, 6)), 0.0);
}
