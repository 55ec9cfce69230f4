//! `keisei eval`, `keisei rank`, `keisei maps`, single and batch.

use crate::keisei;

#[test]
fn eval_json_has_the_documented_keys() {
    let (code, out, err) = keisei(&["eval", "fixtures/groups/five-groups.sgf", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for key in ["total", "score", "ownership", "terms", "groups", "maps"] {
        assert!(!v[key].is_null(), "{key}");
    }
    let own = v["ownership"].as_array().unwrap();
    assert_eq!(own.len(), 19);
    assert!(
        own.iter()
            .flat_map(|r| r.as_array().unwrap())
            .all(|x| (-1.0..=1.0).contains(&x.as_f64().unwrap()))
    );
    // Row 0 is the top row: A19 holds a living Black stone.
    assert_eq!(own[0][0], 1.0);
    for map in [
        "territory",
        "influence",
        "control_blocks",
        "attack_ease",
        "strength",
        "danger",
        "importance",
    ] {
        assert!(!v["maps"][map].is_null(), "{map}");
    }
}

/// `dead` lists the stones the ownership and the score count dead, and
/// GTP's `final_status_list dead` names the same (the ownership's late
/// threshold takes the lone invader of `late-invader.sgf`, not the wall).
#[test]
fn eval_json_and_gtp_name_the_ownership_dead() {
    let f = "fixtures/evaluate/late-invader.sgf";
    let (code, out, err) = keisei(&["eval", f, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["dead"], serde_json::json!(["C11"]));
    assert_eq!(v["score"], 43.5);
    let input = format!("loadsgf {f}\nfinal_status_list dead\nfinal_score\n");
    let (code, out, err) = crate::keisei_with_input(&["gtp"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("= C11\n"), "{out}");
    assert!(out.contains("= B+43.5"), "{out}");
}

/// The text's score line names what the score adds up: empty points, dead
/// stones at two points each to the taker, prisoners and komi. Checked on
/// positions with dead stones of both kinds, captures and komi.
#[test]
fn eval_text_score_line_adds_up() {
    for (f, n) in [
        ("fixtures/evaluate/late-invader.sgf", None),
        ("fixtures/positions/ko-9.sgf", Some("12")),
        ("fixtures/positions/midgame-19.sgf", None),
        ("fixtures/evaluate/counted/invader.sgf", None),
        ("fixtures/evaluate/counted/corner.sgf", None),
    ] {
        let mut args = vec!["eval", f];
        args.extend(n.iter().flat_map(|n| ["--move", n]));
        let (code, out, err) = keisei(&args);
        assert_eq!(code, 0, "{f}: {err}");
        let line = out
            .lines()
            .find(|l| l.starts_with("score estimate:"))
            .unwrap_or_else(|| panic!("{f}: {out}"));
        // "score estimate: White by 87.5 (empty points 52.0 B / 91.0 W; dead
        // stones 22 B / 1 W, two points each to the taker; prisoners 1 B /
        // 0 W; komi 7.5)"
        let numbers: Vec<f64> = line
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .filter(|s| !s.is_empty() && *s != ".")
            .map(|s| s.parse().unwrap())
            .collect();
        let [by, eb, ew, db, dw, pb, pw, komi] = numbers[..] else {
            panic!("{f}: {line}");
        };
        let sign = if line.contains("White by") { -1.0 } else { 1.0 };
        let sum = eb - ew + 2.0 * (dw - db) + pb - pw - komi;
        assert!((sign * by - sum).abs() < 0.051, "{f}: {line}");
        let (code, json, err) = keisei(&[args.as_slice(), &["--json"]].concat());
        assert_eq!(code, 0, "{f}: {err}");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let score = v["score"].as_f64().unwrap();
        assert!((score - sign * by).abs() < 0.051, "{f}: {score} {line}");
    }
}

#[test]
fn eval_text_and_maps() {
    let (code, out, err) = keisei(&["eval", "fixtures/positions/ko-9.sgf", "--move", "12"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("eval_ko_9", out);
    let (code, out, err) = keisei(&["maps", "fixtures/positions/ko-9.sgf", "--move", "12"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("maps_ko_9", out);
}

#[test]
fn rank_json_lists_every_legal_move_best_first() {
    for method in ["1", "2"] {
        let (code, out, err) = keisei(&[
            "rank",
            "fixtures/positions/ko-9.sgf",
            "--move",
            "9",
            "--method",
            method,
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let moves = v["moves"].as_array().unwrap();
        assert!(moves.len() > 50);
        let values: Vec<f64> = moves.iter().map(|m| m["value"].as_f64().unwrap()).collect();
        assert!(values.windows(2).all(|w| w[0] >= w[1]));
        assert!(moves.iter().all(|m| m["move"].as_str().unwrap().len() >= 2));
        assert!(!moves[0]["deltas"]["territory"].is_null());
    }
}

/// The JSON lines of a successful `keisei` run.
fn json_lines(args: &[&str]) -> Vec<serde_json::Value> {
    let (code, out, err) = keisei(args);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn batch_forms_stream_json_lines() {
    let lines = json_lines(&["eval", "fixtures/evaluate/batch.tsv"]);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["move"], 9);
    assert!(lines[0]["result"]["total"].is_number());
    assert!(lines[3]["error"].as_str().unwrap().contains("illegal move"));
    // The summary leaves the maps out.
    assert!(lines[0]["result"]["ownership"].is_null());
    let ranked = json_lines(&["rank", "fixtures/positions", "--move", "3"]);
    assert!(!ranked.is_empty());
    for v in ranked {
        assert!(
            v["result"]["moves"].is_array() || v["error"].is_string(),
            "{v}"
        );
    }
}

/// With `--json`, a batch line's result is the single form's `--json`
/// object, value for value; a failing record is still an error line.
#[test]
fn batch_json_lines_hold_what_the_single_form_gives() {
    let lines = json_lines(&["eval", "fixtures/evaluate/batch.tsv", "--json"]);
    assert_eq!(lines.len(), 4);
    for (line, (file, n)) in lines[..3].iter().zip([
        ("fixtures/positions/ko-9.sgf", "9"),
        ("fixtures/positions/ko-9.sgf", "12"),
        ("fixtures/positions/handicap-9.sgf", "4"),
    ]) {
        let (code, single, err) = keisei(&["eval", file, "--move", n, "--json"]);
        assert_eq!(code, 0, "{err}");
        let single: serde_json::Value = serde_json::from_str(&single).unwrap();
        assert_eq!(line["result"], single, "{file} move {n}");
        assert!(line["result"]["maps"]["danger"].is_array());
    }
    assert!(lines[3]["error"].as_str().unwrap().contains("illegal move"));
}

#[test]
fn a_bad_line_of_a_list_is_a_located_error() {
    let (code, out, err) = keisei(&["eval", "fixtures/evaluate/bad-list.tsv"]);
    assert_eq!(code, 1);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(
            "bad-list.tsv:3:24: expected `file<TAB>move`, the move a number; found \" nine\""
        ),
        "{err}"
    );
}

#[test]
fn a_bad_config_is_a_located_error() {
    let (code, _, err) = keisei(&[
        "eval",
        "fixtures/positions/ko-9.sgf",
        "--config",
        "fixtures/evaluate/broken/negative-weight.toml",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("negative-weight.toml:2:1"), "{err}");
}

/// `keisei bench speed` times every measure on the positions chosen and
/// reports their distribution (no figure is checked: times depend on the
/// machine; the structure and what the times are of are).
#[test]
fn bench_speed_reports_every_measure_of_each_position() {
    let args = [
        "bench",
        "speed",
        "fixtures/positions/ko-9.sgf",
        "--split",
        "all",
        "--moves",
        "10..10",
        "--per-game",
        "1",
        "--repeat",
        "1",
        "--json",
    ];
    let (code, out, err) = keisei(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["positions"], 1);
    let timed = &v["timed"][0];
    assert_eq!(timed["move_number"], 10);
    assert_eq!(timed["size"], 9);
    // Black to move after ten moves of the ko fixture.
    let (_, show, _) = keisei(&[
        "rank",
        "fixtures/positions/ko-9.sgf",
        "--move",
        "10",
        "--method",
        "1",
        "--json",
    ]);
    let ranked: serde_json::Value = serde_json::from_str(&show).unwrap();
    assert_eq!(
        timed["legal_moves"],
        ranked["moves"].as_array().unwrap().len()
    );
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 8);
    for r in rows {
        let (median, max) = (
            r["median_ms"].as_f64().unwrap(),
            r["max_ms"].as_f64().unwrap(),
        );
        assert!(median > 0.0 && median <= max, "{r}");
    }
    // The ranking target applies to 19×19 boards only: none here.
    assert_eq!(rows[5]["of"], 0);
    assert_eq!(rows[6]["of"], 0);
    // The evaluation target applies to the new position and to runs in a
    // row.
    assert_eq!(rows[0]["of"], 1);
    assert_eq!(rows[1]["of"], 1);
    assert!(
        rows[0]["measure"]
            .as_str()
            .unwrap()
            .contains("new position")
    );
    // A move number past the record's end is no position.
    let mut short = args;
    short[6] = "500..500";
    let (code, _, err) = keisei(&short);
    assert_ne!(code, 0);
    assert!(err.contains("longer than 500 moves"), "{err}");
}
