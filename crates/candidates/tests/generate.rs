//! Candidate generators on the fixture table.

use crate::{fixture, symmetric};
use keisei_board::{BoardMap, Game};
use keisei_candidates::{
    Context, Method, Model, Reading, Thresholds, Weights, best_moves, candidates, dense,
    legal_moves, places,
};
use std::sync::OnceLock;

fn model() -> &'static Model {
    static M: OnceLock<Model> = OnceLock::new();
    M.get_or_init(|| Model::new(&symmetric().0, Reading::Forward, Weights::default()))
}

fn midgame(moves: usize) -> keisei_board::Position {
    Game::load(fixture("fixtures/positions/midgame-19.sgf"))
        .unwrap()
        .position(moves)
        .unwrap()
}

const METHODS: [Method; 4] = [
    Method::Combined { count: 20 },
    Method::TopXyz {
        x: 120,
        y: 150,
        z: 100,
    },
    Method::TopXyz {
        x: 400,
        y: 400,
        z: 400,
    },
    Method::Threshold(Thresholds {
        pm: 1.0,
        pp: 2001.0,
        pb: 1.0,
    }),
];

#[test]
fn candidates_are_legal_distinct_ranked_and_deterministic() {
    for moves in [0, 1, 25, 60, 80] {
        let pos = midgame(moves);
        let ctx = Context::from_position(&pos);
        let legal = legal_moves(&ctx);
        for method in &METHODS {
            let list = candidates(model(), &ctx, method);
            assert_eq!(list, candidates(model(), &ctx, method));
            let mut seen = std::collections::HashSet::new();
            for (i, c) in list.iter().enumerate() {
                assert_eq!(c.rank, i + 1);
                assert!(pos.board.is_legal(ctx.player(), c.point), "{method:?}");
                assert!(legal.contains(&dense(c.point)));
                assert!(seen.insert(c.point));
            }
            assert!(list.windows(2).all(|w| w[0].score >= w[1].score));
        }
    }
}

#[test]
fn the_combined_generator_gives_the_count_asked_for() {
    let pos = midgame(60);
    let ctx = Context::from_position(&pos);
    let legal = legal_moves(&ctx).len();
    for count in [0, 1, 7, 50, 1000] {
        let list = candidates(model(), &ctx, &Method::Combined { count });
        assert_eq!(list.len(), count.min(legal));
        let fast = best_moves(model(), &ctx, count);
        let slow: Vec<_> = list.iter().map(|c| (c.point, c.score)).collect();
        assert_eq!(fast, slow);
    }
}

#[test]
fn top_xyz_keeps_exactly_the_moves_in_all_three_tops() {
    let pos = midgame(60);
    let ctx = Context::from_position(&pos);
    let legal = legal_moves(&ctx);
    let scores = model().scores(&ctx);
    let (pm, pp, pb) = (
        places(&scores.pm, &legal),
        places(&scores.pp, &legal),
        places(&scores.pb, &legal),
    );
    for (x, y, z) in [
        (100, 100, 100),
        (180, 180, 180),
        (10, 300, 300),
        (300, 300, 5),
    ] {
        let list = candidates(model(), &ctx, &Method::TopXyz { x, y, z });
        assert!(list.len() <= x.min(y).min(z));
        let chosen: Vec<usize> = list.iter().map(|c| dense(c.point)).collect();
        for &p in &legal {
            let inside = usize::from(pm[p]) < x && usize::from(pp[p]) < y && usize::from(pb[p]) < z;
            assert_eq!(chosen.contains(&p), inside, "{x} {y} {z}");
        }
    }
    // With X = Y = Z at least the number of legal moves, every legal move.
    let all = candidates(
        model(),
        &ctx,
        &Method::TopXyz {
            x: 361,
            y: 361,
            z: 361,
        },
    );
    assert_eq!(all.len(), legal.len());
}

#[test]
fn thresholds_keep_exactly_the_moves_reaching_all_three() {
    let pos = midgame(60);
    let ctx = Context::from_position(&pos);
    let legal = legal_moves(&ctx);
    let scores = model().scores(&ctx);
    for th in [
        Thresholds {
            pm: 1.0,
            pp: 1.0,
            pb: 1.0,
        },
        Thresholds {
            pm: 100.0,
            pp: 5000.0,
            pb: 2.0,
        },
        Thresholds {
            pm: 0.0,
            pp: 0.0,
            pb: 0.0,
        },
    ] {
        let list = candidates(model(), &ctx, &Method::Threshold(th));
        let chosen: Vec<usize> = list.iter().map(|c| dense(c.point)).collect();
        let [a, b, c] = th.to_scores();
        for &p in &legal {
            let reaches = scores.pm[p] >= a && scores.pp[p] >= b && scores.pb[p] >= c;
            assert_eq!(chosen.contains(&p), reaches, "{th:?}");
        }
        if th.pm == 0.0 {
            assert_eq!(list.len(), legal.len());
        }
    }
}

#[test]
fn forward_scores_are_distributions_over_the_points() {
    // Pm is a distribution; Pp sums 361 of them; Pb sums one per earlier move.
    let pos = midgame(60);
    let ctx = Context::from_position(&pos);
    let s = model().scores(&ctx);
    let sum = |v: &[f32]| v.iter().map(|&x| f64::from(x)).sum::<f64>();
    assert!((sum(&s.pm) - 1.0).abs() < 1e-4, "{}", sum(&s.pm));
    let [pm, pp, pb] = model().experts(&ctx, 0.8);
    for e in [&pm, &pp, &pb] {
        assert!((sum(e) - 1.0).abs() < 1e-3, "{}", sum(e));
    }
    assert!(s.pb.iter().all(|&x| x >= 0.0));
    assert!(sum(&s.pb) <= 20.0 + 1e-3);
}

#[test]
fn the_likelihood_reading_changes_pp_and_pb_but_not_pm() {
    let likelihood = Model::new(&symmetric().0, Reading::Likelihood, Weights::default());
    let pos = midgame(60);
    let ctx = Context::from_position(&pos);
    let (f, l) = (model().scores(&ctx), likelihood.scores(&ctx));
    assert_eq!(f.pm, l.pm);
    assert_eq!(f.combined, l.combined);
    assert_ne!(f.pp, l.pp);
    assert_ne!(f.pb, l.pb);
}

#[test]
fn rank_map_of_the_combined_generator_at_move_60() {
    let pos = midgame(60);
    let ctx = Context::from_position(&pos);
    let list = candidates(model(), &ctx, &Method::Combined { count: 20 });
    let mut ranks = BoardMap::new(19, 0usize);
    for c in &list {
        ranks[c.point] = c.rank;
    }
    insta::assert_snapshot!(ranks.render_with_stones(&pos.board));
}

/// The seed's three scores computed the slow way, straight from the counts.
fn slow_scores(pos: &keisei_board::Position, reading: Reading) -> [Vec<f64>; 3] {
    use keisei_candidates::{AREA, Relation};
    let t = &symmetric().0;
    let (pm, pp, pb) = (t.pm(), t.pp(), t.pb());
    let ctx = Context::from_position(pos);
    let player = ctx.player();
    let m = (pos.move_number + 1).min(pm.nrows()) - 1;
    let pm_total: f64 = pm.row(m).iter().map(|&c| f64::from(c)).sum();
    let targets = t.target_counts();
    let ratio = |c: u32, total: f64| {
        if total > 0.0 {
            f64::from(c) / total
        } else {
            0.0
        }
    };
    let mut out = [vec![0.0; AREA], vec![0.0; AREA], vec![0.0; AREA]];
    for tt in 0..AREA {
        out[0][tt] = ratio(pm[[m, tt]], pm_total);
        for p in keisei_board::Point::all(19) {
            let n = dense(p);
            let r = Relation::of(pos.board.color(p), player) as usize;
            let total = match reading {
                Reading::Forward => (0..AREA).map(|u| f64::from(pp[[r, n, u]])).sum(),
                Reading::Likelihood => targets[tt] as f64,
            };
            out[1][tt] += ratio(pp[[r, n, tt]], total);
        }
        for k in 1..=20 {
            let Some(b) = ctx.before(k) else { continue };
            let total = match reading {
                Reading::Forward => (0..AREA).map(|u| f64::from(pb[[k - 1, b, u]])).sum(),
                Reading::Likelihood => (0..AREA).map(|u| f64::from(pb[[k - 1, u, tt]])).sum(),
            };
            out[2][tt] += ratio(pb[[k - 1, b, tt]], total);
        }
    }
    out
}

#[test]
fn fast_scores_equal_the_sums_of_the_seed_computed_slowly() {
    let pass_b = Game::load(fixture("fixtures/candidates/pass-b.sgf")).unwrap();
    // Move 24 of pass-b follows a pass: Pb skips N = 1.
    let positions = vec![
        midgame(0),
        midgame(33),
        midgame(60),
        pass_b.position(23).unwrap(),
    ];
    for reading in [Reading::Forward, Reading::Likelihood] {
        let model = Model::new(&symmetric().0, reading, Weights::default());
        for pos in &positions {
            let fast = model.scores(&Context::from_position(pos));
            let slow = slow_scores(pos, reading);
            for (i, (f, s)) in [&fast.pm, &fast.pp, &fast.pb]
                .into_iter()
                .zip(&slow)
                .enumerate()
            {
                for t in 0..f.len() {
                    let tolerance = 1e-4 * s[t].abs().max(1.0);
                    assert!(
                        (f64::from(f[t]) - s[t]).abs() <= tolerance,
                        "{reading:?} move {} score {i} point {t}: fast {} slow {}",
                        pos.move_number,
                        f[t],
                        s[t]
                    );
                }
            }
        }
    }
}

#[test]
fn efficiency_multiplies_the_combined_probability() {
    let pos = midgame(80);
    let ctx = Context::from_position(&pos);
    let eff = keisei_candidates::Efficiency::builtin();
    let count = Method::Combined { count: 400 };
    let plain = candidates(model(), &ctx, &count);
    let with = keisei_candidates::candidates_with(model(), &ctx, &count, Some(eff));
    assert_eq!(plain.len(), with.len());
    let mut changed = 0;
    for c in &with {
        let p = plain.iter().find(|q| q.point == c.point).unwrap();
        let expected = eff.efficiency(&pos.board, c.point, ctx.player());
        assert!((c.efficiency - expected).abs() < 1e-12);
        assert!((c.score - (p.score + expected.ln() as f32)).abs() < 1e-4);
        assert!((p.efficiency - 1.0).abs() < 1e-12);
        changed += usize::from((expected - 1.0).abs() > 1e-9);
    }
    assert!(changed > 10, "{changed}");
}
