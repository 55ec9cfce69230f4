//! `keisei bench score`.

use crate::keisei;

/// The JSON report of `bench score` over the counted fixtures, with `more`
/// arguments.
fn counted_report(more: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "bench",
        "score",
        "fixtures/evaluate/counted",
        "--split",
        "all",
        "--json",
    ];
    args.extend_from_slice(more);
    let (code, out, err) = keisei(&args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn scores_the_final_positions_of_counted_records_only() {
    let v = counted_report(&[]);
    // The resignation is passed over; the two counted records are scored.
    assert_eq!(v["passed"], serde_json::json!([0, 0, 1, 0]));
    assert_eq!(v["before"], 0);
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let mut errors = Vec::new();
    for g in games {
        let (estimate, result) = (
            g["estimate"].as_f64().unwrap(),
            g["result"].as_f64().unwrap(),
        );
        assert!(estimate.is_finite() && estimate.abs() < 200.0, "{g}");
        assert!(
            g["file"]
                .as_str()
                .unwrap()
                .contains("fixtures/evaluate/counted/")
        );
        errors.push((estimate - result).abs());
    }
    // The results were written as W+10.5 and B+0.5.
    let results: Vec<f64> = games
        .iter()
        .map(|g| g["result"].as_f64().unwrap())
        .collect();
    assert!(
        results.contains(&-10.5) && results.contains(&0.5),
        "{results:?}"
    );
    let keisei = &v["summaries"][0];
    assert_eq!(keisei["judge"], "keisei");
    assert_eq!(keisei["games"], 2);
    let mean = keisei["mean_abs_error"].as_f64().unwrap();
    assert!((mean - f64::midpoint(errors[0], errors[1])).abs() < 1e-9);
    // The last row is the baseline: a tie every game, so its error is the
    // results' size, (10.5 + 0.5) / 2, and it names no winner.
    let summaries = v["summaries"].as_array().unwrap();
    let tie = &summaries[summaries.len() - 1];
    assert_eq!(tie["judge"], "baseline: a tie (0) every game");
    assert_eq!(tie["games"], 2);
    assert_eq!(tie["mean_abs_error"], 5.5);
    assert_eq!(tie["mean_error"], 5.0);
    assert_eq!(tie["winner"], 0.0);
}

/// `--counting`: `auto` counts the fixtures (`RU[Japanese]`, komi 6.5)
/// by territory, as `territory` does; `area` counts every point to its
/// owner, which changes the estimate of a position with more stones of
/// one colour on the board than prisoners explain.
#[test]
fn counting_follows_the_records_rules_or_the_flag() {
    let of = |v: &serde_json::Value, key: &str| -> Vec<serde_json::Value> {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g[key].clone())
            .collect()
    };
    let auto = counted_report(&[]);
    let territory = counted_report(&["--counting", "territory"]);
    let area = counted_report(&["--counting", "area"]);
    assert_eq!(of(&auto, "counting"), ["territory", "territory"]);
    assert_eq!(of(&area, "counting"), ["area", "area"]);
    assert_eq!(of(&auto, "estimate"), of(&territory, "estimate"));
    assert_ne!(of(&area, "estimate"), of(&territory, "estimate"));
    assert_eq!(of(&area, "result"), of(&territory, "result"));
}

/// `--before N` judges the position N moves before the end against the
/// same result, and passes over records of N moves or fewer.
#[test]
fn before_judges_an_earlier_position() {
    let run = |before: &str| counted_report(&["--before", before]);
    let v = run("10");
    assert_eq!(v["before"], 10);
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    for g in games {
        let (moves, position) = (
            g["moves"].as_u64().unwrap(),
            g["position"].as_u64().unwrap(),
        );
        assert_eq!(position + 10, moves, "{g}");
    }
    // Another position, another estimate; the same results.
    let end = run("0");
    let estimates = |v: &serde_json::Value| -> Vec<f64> {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["estimate"].as_f64().unwrap())
            .collect()
    };
    assert_ne!(estimates(&v), estimates(&end));
    // The records have 26 and 28 moves: 27 passes over one of them.
    let v = run("27");
    assert_eq!(v["passed"], serde_json::json!([0, 0, 1, 1]));
    assert_eq!(v["games"].as_array().unwrap().len(), 1);
}

#[test]
fn records_without_a_counted_result_are_an_error() {
    let (code, _, err) = keisei(&["bench", "score", "fixtures/positions", "--split", "all"]);
    assert_eq!(code, 1);
    assert!(err.contains("counted result"), "{err}");
}

#[test]
fn an_unknown_peer_is_an_error_naming_it() {
    let (code, _, err) = keisei(&[
        "bench",
        "score",
        "fixtures/evaluate/counted",
        "--split",
        "all",
        "--peer",
        "katago",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("katago"), "{err}");
}
