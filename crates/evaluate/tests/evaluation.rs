//! Evaluations of fixture positions: the terms, the weights, the ownership
//! map; and the rankings.

use crate::position;
use keisei_board::{Board, Color, Move, Point};
use keisei_evaluate::{Config, Evaluator, Factor, Method, Prior};
use std::fmt::Write as _;

#[test]
fn five_groups_evaluation() {
    let pos = position("groups/five-groups.sgf", None);
    let e = Evaluator::new(Config::default()).evaluate(&pos.board, pos.komi);
    let mut out = String::new();
    let _ = writeln!(out, "to move {}, weights {:?}", e.to_move, e.weights);
    let _ = writeln!(out, "terms    {:?}", e.terms);
    let _ = writeln!(out, "weighted {:?}", e.weighted);
    let _ = writeln!(
        out,
        "total {:.3}, score {:.1} (komi {})",
        e.total, e.score, pos.komi
    );
    let _ = writeln!(
        out,
        "dead stones: {:?}",
        e.dead.iter().map(|p| p.to_gtp(19)).collect::<Vec<_>>()
    );
    let _ = writeln!(out, "ownership (Black +)");
    out += &e.ownership.render();
    insta::assert_snapshot!(out);
    // The dead groups' stones count for the other side.
    for p in &e.dead {
        let c = pos.board.color(p).unwrap();
        assert!((e.ownership[p] + f64::from(c.sign())).abs() < 1e-9);
    }
}

#[test]
fn ranking_covers_every_legal_move_and_is_deterministic() {
    let pos = position("positions/ko-9.sgf", Some(9));
    let ev = Evaluator::new(Config::default());
    for method in [Method::One, Method::Two] {
        let a = ev.rank(&pos.board, pos.komi, method, Factor::All, None, None);
        let b = ev.rank(&pos.board, pos.komi, method, Factor::All, None, None);
        assert_eq!(a, b, "{method:?}");
        let legal = pos.board.legal_moves(pos.board.to_move()).count();
        if method == Method::One {
            assert_eq!(a.len(), legal);
        } else {
            assert!(a.len() >= legal);
        }
        assert!(a.windows(2).all(|w| w[0].value >= w[1].value));
    }
    // White may not retake the ko at E5 at move 9: method 1 never lists it.
    let one = ev.rank(&pos.board, pos.komi, Method::One, Factor::All, None, None);
    assert!(one.iter().all(|m| m.point.to_gtp(9) != "E5"));
}

#[test]
fn the_chosen_move_is_the_best_that_gains_never_an_own_eye_else_a_pass() {
    let ev = Evaluator::new(Config::default());
    let pos = position("positions/ko-9.sgf", Some(9));
    for color in [Color::Black, Color::White] {
        let (mv, ranked) = ev.choose_move(&pos.board, pos.komi, color);
        let Move::Play(p) = mv else {
            panic!("{color:?} passes on an open board");
        };
        assert!(pos.board.is_legal(color, p));
        // The first legal move in method 2's order that raises the mover's
        // own evaluation (method 1).
        let mut board = pos.board.clone();
        board.set_to_move(color);
        let own = ev.rank(&board, pos.komi, Method::One, Factor::All, None, None);
        let gains = |q| own.iter().any(|m| m.point == q && m.value > 0.0);
        let first = ranked
            .iter()
            .map(|m| m.point)
            .find(|&q| board.is_legal(color, q) && gains(q));
        assert_eq!(first, Some(p), "{color:?}");
    }
    // Black fills the 5x5 board but for two one-point eyes, A5 and E1:
    // Black has only its eyes to play and passes; White has no legal move.
    let mut board = Board::new(5).unwrap();
    for p in Point::all(5) {
        if !["A5", "E1"].contains(&p.to_gtp(5).as_str()) {
            board.set_stone(Color::Black, p).unwrap();
        }
    }
    assert_eq!(board.legal_moves(Color::Black).count(), 2);
    assert_eq!(board.legal_moves(Color::White).count(), 0);
    for color in [Color::Black, Color::White] {
        assert_eq!(
            ev.choose_move(&board, 0.0, color).0,
            Move::Pass,
            "{color:?}"
        );
    }
    // With a two-point eye space at A5-B5, Black may play there (not a
    // one-point eye), but filling its own eye space lowers its evaluation:
    // it passes.
    board
        .clear_point(Point::from_gtp("B5", 5).unwrap())
        .unwrap();
    let legal: Vec<String> = board
        .legal_moves(Color::Black)
        .map(|p| p.to_gtp(5))
        .collect();
    assert_eq!(legal, ["A5", "B5", "E1"]);
    assert_eq!(ev.choose_move(&board, 0.0, Color::Black).0, Move::Pass);
}

#[test]
fn a_prior_adds_its_weighted_log_probability() {
    let pos = position("positions/ko-9.sgf", Some(12));
    let target = keisei_evaluate::board::Point::from_gtp("A1", 9).unwrap();
    // A prior that likes A1 far more than any other point.
    let prior = Prior::from_fn(9, |p| if p == target { 0.0 } else { -50.0 });
    let mut config = Config::default();
    config.ranking.prior = 0.0;
    let plain = Evaluator::new(config);
    let without = plain.rank(&pos.board, pos.komi, Method::One, Factor::All, None, None);
    // Weight 0: the prior changes nothing.
    let zero = plain.rank(
        &pos.board,
        pos.komi,
        Method::One,
        Factor::All,
        None,
        Some(&prior),
    );
    assert_eq!(
        without
            .iter()
            .map(|m| (m.point, m.value))
            .collect::<Vec<_>>(),
        zero.iter().map(|m| (m.point, m.value)).collect::<Vec<_>>()
    );
    let mut config = Config::default();
    config.ranking.prior = 1.0;
    let weighted = Evaluator::new(config);
    let with = weighted.rank(
        &pos.board,
        pos.komi,
        Method::One,
        Factor::All,
        None,
        Some(&prior),
    );
    assert_eq!(with[0].point, target);
    for m in &with {
        assert!((m.value - (m.total + m.prior)).abs() < 1e-9);
        assert_eq!(m.prior, prior.at(m.point));
    }
    // The prior alone ranks by the prior.
    let alone = weighted.rank(
        &pos.board,
        pos.komi,
        Method::Two,
        Factor::Prior,
        None,
        Some(&prior),
    );
    assert_eq!(alone[0].point, target);
    assert!(alone[1..].iter().all(|m| m.value == -50.0));
}

#[test]
fn per_factor_rankings_use_their_term() {
    let pos = position("positions/ko-9.sgf", Some(12));
    let ev = Evaluator::new(Config::default());
    for factor in [Factor::Territory, Factor::Influence, Factor::Danger] {
        for m in ev.rank(&pos.board, pos.komi, Method::One, factor, None, None) {
            let expected = match factor {
                Factor::Territory => m.deltas.territory,
                Factor::Influence => m.deltas.influence,
                _ => m.deltas.danger,
            };
            assert!((m.value - expected).abs() < 1e-9);
        }
    }
}

/// Move ranking's child values (only what the total needs, cut readings of
/// the parent reused off their footprints) are the full evaluations of the
/// children with the parent's weights, after every legal move of either
/// colour, under both territory models, and under seed 001's composition
/// with the other influence and danger models. Readers without a cache, so
/// that only the shortcut could make the two differ.
#[test]
fn child_values_are_full_evaluations_of_the_children() {
    use keisei_evaluate::board::reading::Reader;
    use keisei_evaluate::board::{Color, Point};
    use keisei_evaluate::config::{Composition, DangerModel, InfluenceModel, TerritoryModel};
    let default = (
        Composition::Seed000,
        InfluenceModel::Ellipse,
        DangerModel::Seed000,
    );
    for (rel, model, (composition, influence, danger)) in [
        (
            "positions/opening-13.sgf",
            TerritoryModel::Enclosed,
            default,
        ),
        ("positions/ko-9.sgf", TerritoryModel::Enclosed, default),
        ("positions/ko-9.sgf", TerritoryModel::AttackEase, default),
        ("groups/five-groups.sgf", TerritoryModel::Enclosed, default),
        (
            "positions/ko-9.sgf",
            TerritoryModel::AttackEase,
            (
                Composition::Seed001,
                InfluenceModel::Projection,
                DangerModel::Seed003,
            ),
        ),
        (
            "positions/ko-9.sgf",
            TerritoryModel::Enclosed,
            (
                Composition::Seed001,
                InfluenceModel::Dots,
                DangerModel::Seed000,
            ),
        ),
    ] {
        let pos = position(rel, None);
        let mut config = Config::default();
        config.models.territory = model;
        config.composition = composition;
        config.models.influence = influence;
        config.models.danger = danger;
        let ev = Evaluator::new(config);
        let mut reader = Reader::with_cache_bits(0);
        let (base, shared) = ev.evaluate_shared(&pos.board, pos.komi, &mut reader);
        let plain = ev.evaluate_with(&pos.board, pos.komi, &mut reader, None);
        assert_eq!(base.total.to_bits(), plain.total.to_bits(), "{rel}");
        assert_eq!(shared.weights(), base.weights);
        let mut n = 0;
        for color in Color::BOTH {
            for m in pos.board.legal_moves(color).collect::<Vec<Point>>() {
                let mut child = pos.board.clone();
                child.play(color, m).unwrap();
                let value = ev.child_value(&shared, &child, &mut reader);
                let full = ev.evaluate_with(&child, pos.komi, &mut reader, Some(base.weights));
                let at = format!("{rel} {model:?}: {color:?} {}", m.to_gtp(child.size()));
                assert_eq!(value.terms, full.terms, "{at}");
                assert_eq!(value.weighted, full.weighted, "{at}");
                assert_eq!(value.total.to_bits(), full.total.to_bits(), "{at}");
                n += 1;
            }
        }
        assert!(n > 100, "{rel}: {n} children");
    }
}

/// The threshold for enclosed groups follows the game phase: the lone
/// White stone of `lone-invader.sgf` (danger 0.58, inside Black's walled
/// corner; the position reads as the opening) is dead when the opening's
/// threshold is 0.5, and not when only the late phase's is.
#[test]
fn the_enclosed_threshold_is_that_of_the_phase() {
    use keisei_evaluate::config::GamePhase;
    use keisei_groups::DeadBySize;
    let pos = crate::position("groups/lone-invader.sgf", None);
    let c11 = crate::point(&pos, "C11");
    let evaluate = |thresholds: [f64; 3]| {
        crate::evaluate_with(&pos, |config| {
            config.groups.enclosed_dead_above = thresholds;
            // Without the thresholds by size, which would take the lone
            // stone dead in every phase.
            config.groups.dead_above_by_size = DeadBySize::NONE;
        })
    };
    // Read with the middle game's threshold the position is an opening;
    // settled with the opening's, it counts as a middle game (the corner
    // became territory): the phase that picks the threshold is the first.
    let opening = evaluate([0.5, 0.7, 0.7]);
    assert!(opening.dead.contains(c11));
    assert_eq!(evaluate([0.7, 0.7, 0.7]).weights.phase, GamePhase::Opening);
    let late = evaluate([0.7, 0.7, 0.5]);
    assert!(!late.dead.contains(c11));
    assert_eq!(late.total, evaluate([0.7, 0.7, 0.7]).total);
    // Settled with 0.5, the Black wall around the corner lives: its
    // territory is counted.
    assert!(
        opening.score > late.score + 20.0,
        "{} {}",
        opening.score,
        late.score
    );
}

/// The capturing-race guard (`groups.race-min-stones`, default 6): in
/// `race-won.sgf` White's six corner stones (danger 0.75, dead by it) win
/// the race with the Black stone F9 next to them, White to move. By
/// default they live, in the terms and the score alike; with the guard
/// off they are dead and their stones and corner count for Black.
#[test]
fn a_dead_group_that_wins_a_capturing_race_lives() {
    let pos = crate::position("groups/race-won.sgf", None);
    let g9 = crate::point(&pos, "G9");
    let on = crate::evaluate_with(&pos, |_| {});
    assert_eq!(keisei_evaluate::Config::default().groups.race_min_stones, 6);
    assert!(!on.dead.contains(g9), "{:?}", on.dead);
    let off = crate::evaluate_with(&pos, |config| config.groups.race_min_stones = 0);
    assert!(off.dead.contains(g9));
    // Six stones taken and the corner's two points: at least 14 points.
    assert!(off.score > on.score + 14.0, "{} {}", off.score, on.score);
}

/// The ownership map and the score settle with their own late threshold:
/// in `late-invader.sgf` (a finished game) the lone White stone at C11
/// (danger 0.58) lies in Black's walled corner. The terms, with the late
/// threshold 0.7, leave it alive and count the wall around it dead (its
/// only eye space is spoiled); the ownership, with 0.1, takes the stone
/// dead, and the wall lives. The total is the same either way.
#[test]
fn the_ownership_settles_with_its_own_threshold() {
    use keisei_evaluate::Config;
    use keisei_evaluate::config::GamePhase;
    use keisei_groups::DeadBySize;
    let pos = crate::position("evaluate/late-invader.sgf", None);
    let at = |v: &str| crate::point(&pos, v);
    let evaluate = |ownership: f64| {
        crate::evaluate_with(&pos, |config| {
            config.ownership.enclosed_dead_above = ownership;
            // Without the thresholds by size, which would take the lone
            // stone dead for the terms as well (they have a test of their
            // own).
            config.groups.dead_above_by_size = DeadBySize::NONE;
        })
    };
    let own = evaluate(Config::default().ownership.enclosed_dead_above);
    let same = evaluate(0.7);
    assert_eq!(own.weights.phase, GamePhase::Late);
    // The terms' judgment, in both.
    for e in [&own, &same] {
        assert!(e.dead.contains(at("F13")) && e.dead.contains(at("A8")));
        assert!(!e.dead.contains(at("C11")));
    }
    assert_eq!(own.total.to_bits(), same.total.to_bits());
    assert_eq!(own.terms, same.terms);
    // The ownership's: only the invader is dead.
    assert_eq!(own.ownership_dead.iter().collect::<Vec<_>>(), [at("C11")]);
    assert_eq!(same.ownership_dead, same.dead);
    assert!((own.ownership[at("C11")] - 1.0).abs() < 1e-12);
    assert!((own.ownership[at("A13")] - 1.0).abs() < 1e-12);
    assert!((own.ownership[at("F13")] - 1.0).abs() < 1e-12);
    // Black: the corner (24 points and the stone taken, 2) and the two
    // bottom territories (30 each); White: the top right (36); komi 6.5.
    assert!((own.score - 43.5).abs() < 1e-9, "{}", own.score);
    // With the wall dead, White gets the corner and the wall.
    assert!(same.score < 0.0, "{}", same.score);
}

/// Dead thresholds by group size: in the last position of `ko-9.sgf`
/// Black's two stones G4 and G3 (danger 0.48), cut off inside White's
/// side, are dead (two-stone groups from 0.4) for the terms, the ownership
/// and the score alike, which then give White the right side. Without the
/// table they live (dead from `groups.dead-above`, 0.7).
#[test]
fn dead_stones_are_judged_by_group_size() {
    use keisei_groups::DeadBySize;
    let pos = crate::position("positions/ko-9.sgf", None);
    let at = |v: &str| crate::point(&pos, v);
    let evaluate = |tables: bool| {
        crate::evaluate_with(&pos, |config| {
            if !tables {
                config.groups.dead_above_by_size = DeadBySize::NONE;
                config.ownership.enclosed_dead_above_by_size = DeadBySize::NONE;
            }
        })
    };
    let (own, plain) = (evaluate(true), evaluate(false));
    let danger = own.groups.at(at("G4")).unwrap().danger;
    assert!((0.4..0.7).contains(&danger), "{danger}");
    assert_eq!(own.dead.iter().collect::<Vec<_>>(), [at("G4"), at("G3")]);
    assert_eq!(own.ownership_dead, own.dead);
    assert!(plain.dead.is_empty());
    assert_eq!(plain.ownership_dead, plain.dead);
    // The dead stones neither wall nor spoil territory: the terms see it.
    assert!(
        own.terms.territory < plain.terms.territory,
        "{} {}",
        own.terms.territory,
        plain.terms.territory
    );
    assert!((own.ownership[at("G4")] + 1.0).abs() < 1e-12);
    assert!((plain.ownership[at("G4")] - 1.0).abs() < 1e-12);
    // White takes the two stones (two points each), and the empty points
    // of the right side come under White's influence alone (15 points in
    // all).
    assert!(
        own.score < plain.score - 10.0,
        "{} {}",
        own.score,
        plain.score
    );
}

/// Area counting (`ownership.counting = "area"`) is the ownership map's
/// sum less komi, and differs from territory counting by exactly Black's
/// stones on the board less White's, less Black's prisoners plus White's
/// (a stone on the board is a point under area rules; a prisoner is one
/// under territory rules), on every fixture position.
#[test]
fn area_counting_differs_from_territory_by_stones_less_prisoners() {
    use keisei_board::Color;
    use keisei_evaluate::config::Counting;
    use keisei_evaluate::{Config, Evaluator, area_score};
    let evaluator = |counting| {
        let mut config = Config::default();
        config.ownership.counting = counting;
        Evaluator::new(config)
    };
    let (territory, area) = (evaluator(Counting::Territory), evaluator(Counting::Area));
    let mut differed = 0;
    for rel in [
        "positions/midgame-19.sgf",
        "positions/opening-13.sgf",
        "positions/ko-9.sgf",
        "positions/handicap-9.sgf",
        "evaluate/late-invader.sgf",
        "evaluate/counted/corner.sgf",
    ] {
        let pos = crate::position(rel, None);
        let b = &pos.board;
        let (t, a) = (territory.evaluate(b, pos.komi), area.evaluate(b, pos.komi));
        assert!(
            (a.score - (area_score(&a.ownership) - pos.komi)).abs() < 1e-9,
            "{rel}"
        );
        let stones = |c: Color| b.points().filter(|&p| b.color(p) == Some(c)).count() as f64;
        let prisoners = |c: Color| f64::from(b.captures(c));
        let expected = stones(Color::Black) - stones(Color::White) - prisoners(Color::Black)
            + prisoners(Color::White);
        assert!(
            (a.score - t.score - expected).abs() < 1e-9,
            "{rel}: area {} territory {} expected difference {expected}",
            a.score,
            t.score
        );
        // Nothing but the score depends on the counting.
        assert_eq!(a.total.to_bits(), t.total.to_bits(), "{rel}");
        differed += usize::from(expected != 0.0);
    }
    assert!(
        differed >= 3,
        "{differed} positions where the countings differ"
    );
}

/// A finished position (more than `ownership.finished-above` of its points
/// settled) has its own dead thresholds by size for the ownership and the
/// score, and only for them: in `late-invader.sgf`, a finished game, a
/// table that takes every group as dead changes the ownership's dead
/// stones when the gate lets it (0), and nothing when it does not (1) or
/// when the table is empty; the terms and the total never change.
#[test]
fn a_finished_position_judges_with_its_own_table() {
    use keisei_evaluate::{Config, Evaluator};
    use keisei_groups::DeadBySize;
    let pos = crate::position("evaluate/late-invader.sgf", None);
    let evaluate = |finished_above: f64, table: &[(u16, f64)]| {
        crate::evaluate_with(&pos, |config| {
            config.ownership.finished_above = finished_above;
            config.ownership.finished_dead_above_by_size = DeadBySize::new(table).unwrap();
        })
    };
    let plain = Evaluator::new(Config::default()).evaluate(&pos.board, pos.komi);
    let every = [(1, 0.0)];
    let gated = evaluate(0.0, &every);
    assert!(
        gated.ownership_dead.len() > plain.ownership_dead.len() + 10,
        "{} {}",
        gated.ownership_dead.len(),
        plain.ownership_dead.len()
    );
    assert!(gated.score < plain.score - 100.0);
    for e in [&gated, &evaluate(1.0, &every), &evaluate(0.0, &[])] {
        assert_eq!(e.dead, plain.dead);
        assert_eq!(e.total.to_bits(), plain.total.to_bits());
        assert_eq!(e.terms, plain.terms);
    }
    assert_eq!(evaluate(1.0, &every).ownership_dead, plain.ownership_dead);
    assert_eq!(evaluate(0.0, &[]).ownership_dead, plain.ownership_dead);
}
