//! The candidate benchmark and its chart, on the fixture records.

use crate::{fixture_files, symmetric};
use keisei_candidates::bench::{self, BenchOptions};
use keisei_candidates::{Method, Model, Reading, SkipReason, Weights, plot};

fn options() -> BenchOptions {
    let mut settings = bench::table1();
    settings.extend(bench::table2());
    settings.push(bench::Setting {
        label: "combined 10".to_string(),
        method: Method::Combined { count: 10 },
        paper: None,
    });
    BenchOptions {
        settings,
        max_move: None,
        efficiency: None,
    }
}

fn report() -> bench::BenchReport {
    let model = Model::new(&symmetric().0, Reading::Forward, Weights::default());
    bench::run(&model, &fixture_files(), &options(), &|| {})
}

#[test]
fn every_move_on_a_point_of_every_usable_record_is_a_position() {
    let r = report();
    assert_eq!(r.games, 4);
    assert_eq!(r.positions, 152);
    assert_eq!(r.skipped.len(), 5);
    assert!(r.skipped.iter().any(|s| s.skip.reason == SkipReason::Setup));
    assert!(
        r.skipped
            .iter()
            .any(|s| s.skip.reason == SkipReason::Handicap)
    );
    assert_eq!(r.combined.positions(), 152);
    assert_eq!(r.legal.iter().sum::<u64>(), 152);
    for c in &r.single {
        assert_eq!(c.positions(), 152);
    }
}

#[test]
fn curves_reach_every_position_and_never_fall() {
    let r = report();
    for c in std::iter::once(&r.combined).chain(&r.single) {
        let acc: Vec<f64> = (0..=361).map(|k| c.accuracy(k)).collect();
        assert!(acc.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(acc[0], 0.0);
        assert_eq!(acc[361], 1.0);
    }
    assert_eq!(r.random_accuracy(0), 0.0);
    assert_eq!(r.random_accuracy(361), 1.0);
    assert!(r.mean_legal() > 250.0);
}

#[test]
fn row_results_are_consistent() {
    let r = report();
    let n = r.positions;
    for row in &r.rows {
        assert!(row.hits <= n && row.combined_hits <= n);
        assert!(row.random_hits <= n as f64);
        assert!(row.candidates <= 361 * n);
    }
    // A combined setting agrees with the combined curve.
    let last = r.rows.last().unwrap();
    assert_eq!(last.hits, r.combined.hits_within(10));
    assert_eq!(last.candidates, 10 * n);
    // X = Y = Z = 180 proposes at least as many moves as X = Y = Z = 100.
    assert!(r.rows[7].candidates >= r.rows[0].candidates);
    assert!(r.rows[7].hits >= r.rows[0].hits);
}

#[test]
fn the_benchmark_is_deterministic() {
    assert_eq!(report(), report());
}

#[test]
fn efficiency_changes_the_combined_ranking_only() {
    let model = Model::new(&symmetric().0, Reading::Forward, Weights::default());
    let mut o = options();
    o.efficiency = Some(keisei_candidates::Efficiency::builtin().clone());
    let with = bench::run(&model, &fixture_files(), &o, &|| {});
    let without = report();
    assert_eq!(with.positions, without.positions);
    assert_eq!(with.single, without.single);
    assert_ne!(with.combined, without.combined);
    // The seed's sets do not depend on the combined score.
    for (a, b) in with.rows.iter().zip(&without.rows).take(12) {
        assert_eq!((a.candidates, a.hits), (b.candidates, b.hits));
    }
}

#[test]
fn max_move_limits_the_positions() {
    let model = Model::new(&symmetric().0, Reading::Forward, Weights::default());
    let mut o = options();
    o.max_move = Some(10);
    let r = bench::run(&model, &fixture_files(), &o, &|| {});
    assert_eq!(r.positions, 40);
}

#[test]
fn tuning_scores_every_setting_on_the_same_positions() {
    let model = Model::new(&symmetric().0, Reading::Forward, Weights::default());
    let grid = [
        Weights::default(),
        Weights {
            pp: 1.0,
            ..Weights::default()
        },
    ];
    let results = bench::tune(&model, &fixture_files(), &grid, None, &|| {});
    assert_eq!(results.len(), 2);
    // The default weights give the same curve as the benchmark.
    assert_eq!(results[0].curve, report().combined);
    assert!(results.iter().all(|r| r.curve.positions() == 152));
}

#[test]
fn the_chart_is_one_svg_with_every_curve_and_point() {
    let r = report();
    let svg = plot::accuracy_svg(&r, "fixtures <test> & more");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<polyline").count(), 5);
    // One measured and one seed point per row of tables 1 and 2, plus the
    // measured point of the extra combined row.
    assert_eq!(svg.matches("<title>").count(), 2 * 12 + 1);
    assert!(svg.contains("fixtures &lt;test&gt; &amp; more"));
}
