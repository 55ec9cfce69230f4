//! `keisei stats build`, `keisei candidates` and `keisei bench candidates`
//! on the repository's own fixtures.

use crate::keisei;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The records of the fixture table (named, so that positions other crates
/// add to `fixtures/positions` change nothing here).
const RECORDS: [&str; 5] = [
    "fixtures/candidates",
    "fixtures/positions/midgame-19.sgf",
    "fixtures/positions/handicap-9.sgf",
    "fixtures/positions/ko-9.sgf",
    "fixtures/positions/opening-13.sgf",
];

fn tmp(name: &str) -> String {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(name)
        .display()
        .to_string()
}

/// Builds the fixture table once; returns its path and the build's output.
fn table() -> &'static (String, String) {
    static T: OnceLock<(String, String)> = OnceLock::new();
    T.get_or_init(|| {
        let path = tmp("cli-fixtures.kct");
        let mut args = vec!["stats", "build"];
        args.extend(RECORDS);
        args.extend(["-o", &path, "--split", "all"]);
        let (code, out, err) = keisei(&args);
        assert_eq!(code, 0, "{err}");
        (path, out)
    })
}

#[test]
fn stats_build_counts_the_usable_records_and_names_the_others() {
    let (_, out) = table();
    assert!(
        out.starts_with("counted 4 game(s), 152 move(s), from 9 record(s) of the all split"),
        "{out}"
    );
    assert!(out.contains("skipped 5 record(s):"), "{out}");
    assert!(out.contains("     3  board is not 19x19"), "{out}");
    assert!(
        out.contains("     1  handicap declared (HA) without its stones"),
        "{out}"
    );
    assert!(
        out.contains("e.g. fixtures/candidates/handicap-e.sgf: the record declares a handicap of 2 (HA) but places no stones"),
        "{out}"
    );
    assert!(
        out.contains("e.g. fixtures/candidates/setup-d.sgf: the record places setup stones"),
        "{out}"
    );
}

#[test]
fn candidates_prints_a_ranked_list_and_a_rank_map() {
    let (table, _) = table();
    let (code, out, err) = keisei(&[
        "candidates",
        "fixtures/positions/midgame-19.sgf",
        "--move",
        "60",
        "--table",
        table,
        "--count",
        "12",
    ]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!(out);
}

#[test]
fn candidates_json_lists_moves_scores_and_ranks() {
    let (table, _) = table();
    let (code, out, err) = keisei(&[
        "candidates",
        "fixtures/positions/midgame-19.sgf",
        "--move",
        "60",
        "--table",
        table,
        "--method",
        "topxyz",
        "--top",
        "100,150,60",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["move_number"], 60);
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["method"], "topxyz, X=100 Y=150 Z=60");
    let list = v["candidates"].as_array().unwrap();
    assert!(!list.is_empty() && list.len() <= 60);
    for (i, c) in list.iter().enumerate() {
        assert_eq!(c["rank"], i + 1);
        assert!(c["move"].as_str().unwrap().len() >= 2);
        assert!(c["score"].is_number() && c["pm"].is_number());
    }
}

#[test]
fn efficiency_adds_a_column_and_bad_pattern_files_are_located_errors() {
    let (table, _) = table();
    let base = [
        "candidates",
        "fixtures/positions/midgame-19.sgf",
        "--table",
        table.as_str(),
        "--json",
    ];
    let mut args = base.to_vec();
    args.push("--efficiency");
    let (code, out, err) = keisei(&args);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["method"], "combined, 20 best, with efficiency");
    assert!(v["candidates"][0]["efficiency"].is_number());

    let bad = tmp("bad-efficiency.pat");
    std::fs::write(&bad, "pattern a\n  eff: lots\n  X *\n").unwrap();
    let mut args = base.to_vec();
    args.extend(["--efficiency-file", &bad]);
    let (code, out, err) = keisei(&args);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(
        err.starts_with("error: `eff` must be a positive number"),
        "{err}"
    );
    assert!(err.contains("bad-efficiency.pat:2:8"), "{err}");
    assert!(err.contains("^^^^ expected a number"), "{err}");
}

#[test]
fn every_method_runs() {
    let (table, _) = table();
    for method in ["combined", "topxyz", "threshold"] {
        let (code, _, err) = keisei(&[
            "candidates",
            "fixtures/candidates/even-a.sgf",
            "--table",
            table,
            "--method",
            method,
            "--reading",
            "likelihood",
        ]);
        assert_eq!(code, 0, "{method}: {err}");
    }
}

#[test]
fn bench_candidates_reports_tables_1_and_2_and_writes_the_chart() {
    let (table, _) = table();
    let svg = tmp("cli-bench.svg");
    let mut args = vec!["bench", "candidates"];
    args.extend(RECORDS);
    args.extend(["--table", table, "--split", "all", "--plot", &svg]);
    let (code, out, err) = keisei(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("4 game(s), 152 position(s) of the all split"),
        "{out}"
    );
    assert!(
        out.contains("| all 180 (X=180 Y=180 Z=180) | 112.9 | 80.7 |"),
        "{out}"
    );
    assert!(
        out.contains("| only Pb low (Pm≥601 Pp≥2001 Pb≥1) | 231.5 | 94.4 |"),
        "{out}"
    );
    assert!(out.contains("| K | combined |"), "{out}");
    let chart = std::fs::read_to_string(&svg).unwrap();
    assert!(chart.starts_with("<svg") && chart.ends_with("</svg>\n"));

    args.push("--json");
    let (code, out, _) = keisei(&args);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["positions"], 152);
    assert_eq!(v["table1"].as_array().unwrap().len(), 8);
    assert_eq!(v["table2"].as_array().unwrap().len(), 4);
}

#[test]
fn bad_input_is_a_clear_error() {
    let (table, _) = table();
    for (args, expected) in [
        (
            vec![
                "candidates",
                "fixtures/positions/ko-9.sgf",
                "--table",
                table,
            ],
            "error: fixtures/positions/ko-9.sgf: the position is 9x9, but candidate tables are for 19x19 boards",
        ),
        (
            vec![
                "candidates",
                "fixtures/positions/midgame-19.sgf",
                "--table",
                "fixtures/positions/midgame-19.sgf",
            ],
            "error: fixtures/positions/midgame-19.sgf: not a keisei candidate table",
        ),
        (
            vec![
                "candidates",
                "fixtures/positions/midgame-19.sgf",
                "--table",
                "no-such.kct",
            ],
            "error: no-such.kct: cannot read",
        ),
        (
            vec![
                "stats",
                "build",
                "fixtures/positions/ko-9.sgf",
                "-o",
                "/dev/null",
            ],
            "error: no usable 19x19 game record was found",
        ),
        (
            vec!["stats", "build", "no-such-dir", "-o", "/dev/null"],
            "error: no-such-dir: cannot read",
        ),
    ] {
        let (code, out, err) = keisei(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.starts_with(expected), "{args:?}: {err}");
    }
}

#[test]
fn a_missing_table_says_how_to_make_one() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_keisei"))
        .args(["candidates", "fixtures/positions/midgame-19.sgf"])
        .current_dir(crate::root())
        .env_remove("KEISEI_TABLE")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: no candidate table: build one with `keisei stats build"),
        "{err}"
    );
}

#[test]
fn usage_errors_exit_with_code_2() {
    for args in [
        vec![
            "candidates",
            "fixtures/positions/midgame-19.sgf",
            "--method",
            "best",
        ],
        vec![
            "candidates",
            "fixtures/positions/midgame-19.sgf",
            "--top",
            "1,2",
        ],
        vec![
            "candidates",
            "fixtures/positions/midgame-19.sgf",
            "--reading",
            "both",
        ],
        vec![
            "stats", "build", "fixtures", "-o", "x.kct", "--split", "half",
        ],
        vec![
            "candidates",
            "fixtures/positions/midgame-19.sgf",
            "--decay",
            "2",
        ],
    ] {
        let (code, _, err) = keisei(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
    }
}
