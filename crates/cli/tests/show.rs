//! `keisei show`.

use crate::keisei;

#[test]
fn show_prints_the_position_with_coordinates() {
    let (code, out, err) = keisei(&["show", "fixtures/positions/ko-9.sgf", "--move", "9"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn show_json_has_the_position() {
    let (code, out, err) = keisei(&[
        "show",
        "fixtures/positions/handicap-9.sgf",
        "--move",
        "0",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["size"], 9);
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["handicap"], 2);
    assert_eq!(v["next_move"]["move"], "E5");
    assert_eq!(v["board"][2], "......X..");
    assert_eq!(v["board"].as_array().unwrap().len(), 9);
}

#[test]
fn show_defaults_to_the_last_position() {
    let (_, out, _) = keisei(&["show", "fixtures/positions/ko-9.sgf"]);
    assert!(
        out.starts_with("fixtures/positions/ko-9.sgf: move 18 of 18"),
        "{out}"
    );
}

#[test]
fn bad_input_is_a_clear_error_with_exit_code_1() {
    for (args, expected) in [
        (
            vec!["show", "no-such-file.sgf"],
            "error: no-such-file.sgf: cannot read",
        ),
        (
            vec!["show", "fixtures/sgf-errors/occupied.sgf"],
            "error: fixtures/sgf-errors/occupied.sgf:1:37: node 4: illegal move W E5",
        ),
        (
            vec!["show", "fixtures/positions/ko-9.sgf", "--move", "40"],
            "error: fixtures/positions/ko-9.sgf: move 40 requested but the main line has 18 move(s)",
        ),
    ] {
        let (code, out, err) = keisei(&args);
        assert_eq!(code, 1, "{args:?}");
        assert!(out.is_empty());
        assert!(err.starts_with(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn usage_errors_exit_with_code_2() {
    let (code, _, err) = keisei(&["show", "fixtures/positions/ko-9.sgf", "--move", "seven"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'seven'"), "{err}");
}
