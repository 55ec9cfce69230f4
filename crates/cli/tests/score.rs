//! `keisei bench score`.

use crate::keisei;

#[test]
fn scores_the_final_positions_of_counted_records_only() {
    let (code, out, err) = keisei(&[
        "bench",
        "score",
        "fixtures/evaluate/counted",
        "--split",
        "all",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // The resignation is passed over; the two counted records are scored.
    assert_eq!(v["passed"], serde_json::json!([0, 0, 1]));
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
