//! Evaluations of fixture positions: the terms, the weights, the ownership
//! map; and the rankings.

use crate::position;
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
