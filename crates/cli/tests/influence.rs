//! `keisei influence`.

use crate::keisei;

/// With the stand-in inputs (stable whatever the groups crate decides).
#[test]
fn influence_prints_the_map_and_the_score() {
    let (code, out, err) = keisei(&[
        "influence",
        "fixtures/influence/seed001-fig28.sgf",
        "--inputs",
        "stand-in",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Influence, ellipse model (seed 000 §3.2); stand-in inputs"));
    insta::assert_snapshot!(out);
}

/// By default the inputs come from the groups crate, as in `keisei eval`.
#[test]
fn influence_with_the_groups_crate_inputs() {
    let (code, out, err) = keisei(&["influence", "fixtures/influence/dots-fight.sgf", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["model"], "ellipse");
    assert!(
        v["inputs"]
            .as_str()
            .unwrap()
            .starts_with("inputs from the groups crate")
    );
    assert!(v["unattackable"].as_array().is_some());
    assert!(v["dead"].as_array().is_some());
    let (code, text, err) = keisei(&["influence", "fixtures/influence/dots-fight.sgf"]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("inputs from the groups crate"));
}

#[test]
fn influence_of_every_model_as_json() {
    for (model, source) in [
        ("ellipse", "seed 000 §3.2"),
        ("projection", "seed 001 §3.2"),
        ("dots", "seed 003"),
    ] {
        let (code, out, err) = keisei(&[
            "influence",
            "fixtures/influence/dots-fight.sgf",
            "--model",
            model,
            "--inputs",
            "stand-in",
            "--json",
        ]);
        assert_eq!(code, 0, "{model}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["model"], model);
        assert_eq!(v["source"], source);
        assert_eq!(v["size"], 9);
        let value = v["value"].as_array().unwrap();
        assert_eq!(value.len(), 9);
        assert!(value.iter().all(|r| r.as_array().unwrap().len() == 9));
        let under = v["under"].as_array().unwrap();
        assert_eq!(under.len(), 9);
        assert!(
            under
                .iter()
                .all(|r| r.as_str().unwrap().chars().all(|c| ".xo*".contains(c)))
        );
        let (black, white) = (v["black"].as_f64().unwrap(), v["white"].as_f64().unwrap());
        assert!(black > 0.0 && white > 0.0, "{model}");
        assert!((v["net"].as_f64().unwrap() - (black - white)).abs() < 1e-9);
        // Outside both territories, the value's sign and the under map
        // agree: G7 (the 3rd row from the top, 7th column) is under Black,
        // H3 (7th row, 8th column) under White, in every model.
        for (row, col, sign, letter) in [(2, 6, 1.0, 'x'), (6, 7, -1.0, 'o')] {
            assert!(value[row][col].as_f64().unwrap() * sign > 0.0, "{model}");
            assert_eq!(
                under[row].as_str().unwrap().chars().nth(col),
                Some(letter),
                "{model}"
            );
        }
    }
}

#[test]
fn influence_after_some_moves() {
    let (code, out, err) = keisei(&[
        "influence",
        "fixtures/positions/midgame-19.sgf",
        "--move",
        "20",
        "--model",
        "projection",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["move_number"], 20);
    assert_eq!(v["value"].as_array().unwrap().len(), 19);
}

#[test]
fn influence_errors() {
    let (code, _, err) = keisei(&["influence", "fixtures/sgf-errors/not-square.sgf"]);
    assert_eq!(code, 1);
    assert!(err.contains("unsupported board size 19x13"), "{err}");
    let (code, _, err) = keisei(&[
        "influence",
        "fixtures/influence/seed001-fig28.sgf",
        "--model",
        "voronoi",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("ellipse, projection, dots"), "{err}");
}
